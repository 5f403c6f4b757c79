import type { Body, DecodeFailureCode, DownMessage, UpMessage, UpPayloads } from '@netloom/protocol';
import type { RegistryEntry } from './registry';

/** The decoded, validated payload of an up message (the protocol's schema output). */
export type UpData<M extends UpMessage> = UpPayloads[M];

/** Who sent an up message and when the server received it. */
export interface UpContext {
  /** The publisher's serial number (from the topic, which the broker ACL ties to the login). */
  sn: string;
  /** The claimed device, or undefined while no project has claimed it. */
  device: RegistryEntry | undefined;
  /** Server receive time, epoch ms (the protocol orders and stores by it, not by `ts`). */
  at: number;
}

export type UpHandler<M extends UpMessage> = (ctx: UpContext, data: UpData<M>) => void | Promise<void>;
export type ConnectionHandler = (sn: string, connected: boolean, at: number) => void;

/** A device message the cloud dropped (docs/protocol.md §7.3, §11), as reported to the device. */
export interface Refusal {
  sn: string;
  /** The message name the topic gave (`state`, or an unknown name). */
  message: string;
  code: DecodeFailureCode;
  /** The first refused field, null when the refusal is not about a field. */
  path: string | null;
  reason: string;
  /** Server receive time, epoch ms. */
  at: number;
  /** Refusals of the same name since the previous report that were not reported. */
  suppressed: number;
}
/** A refusal, with the claimed device (undefined while unclaimed). Must not block: queue, write later. */
export type RefusalHandler = (r: Refusal, device: RegistryEntry | undefined) => void;

/** Counters of the device plane (exposed for monitoring and tests). */
export interface GatewayStats {
  mode: 'embedded' | 'external';
  /** Device connections now (embedded: authenticated clients; external: devices seen with a live state). */
  connected: number;
  /** Valid up messages handled, per message name. */
  received: Partial<Record<UpMessage, number>>;
  /** Messages dropped as malformed (decoder refusals), per failure code. */
  malformed: Record<string, number>;
  /** Messages dropped by the per-device rate limit. */
  rateLimited: number;
  /** Devices disconnected for flooding. */
  floodDisconnects: number;
  /** CONNECTs refused (bad identity or secret). */
  authFailures: number;
  /** Publishes / subscribes refused by the ACL (embedded broker only). */
  aclDenied: number;
  /** Handler exceptions (logged; never crash the server). */
  handlerErrors: number;
  /** Down messages published. */
  published: number;
  /**
   * Device jobs (up messages, connection changes) waiting on a handler's promise or queued behind one
   * (the ingest backlog); a message whose handlers all finish synchronously is never counted.
   */
  queue: number;
  /** Highest `queue` seen since start. */
  queueHigh: number;
  /** Embedded broker: TCP port listened on (null when not listening on TCP). */
  tcpPort: number | null;
  /** Embedded broker: admission control of device connections (absent with an external broker). */
  admission?: AdmissionStats;
}

/** Admission control of the embedded broker (gateway/admission.ts; docs/operations.md). */
export interface AdmissionStats {
  /** Device connections taken at once (MQTT_MAX_CONNECTIONS, or what the open-file limit allows); null = no cap. */
  maxConnections: number | null;
  /** The process's soft open-file limit; null when unknown. */
  openFileLimit: number | null;
  /** Device connections open now, TCP and WebSocket, before and after their CONNECT. */
  open: number;
  /** Connections refused for capacity: CONNACK 3, or closed at once far over the cap. */
  refusedCapacity: number;
  /** CONNECTs refused (CONNACK 3) because their remote address connects too fast. */
  refusedAddressRate: number;
  /** CONNECTs refused (CONNACK 3) because their serial number connects too often. */
  refusedSerialRate: number;
  /** Connections closed for announcing an MQTT packet over the size limit. */
  oversizePackets: number;
  /** Failed accepts of the TCP listener (EMFILE…), each survived. */
  acceptErrors: number;
}

/**
 * The device plane as features see it: handlers per up message, connection changes, and publishing
 * down messages. Embedded (aedes in-process) and external (privileged client of e.g. Mosquitto)
 * implementations behave the same for handlers.
 */
export interface DeviceGateway {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Registers a handler for an up message; several handlers per message run in registration order. */
  onMessage<M extends UpMessage>(m: M, h: UpHandler<M>): void;
  /** A device connected (true) or its connection was lost / it went offline (false). */
  onConnectionChange(h: ConnectionHandler): void;
  /** A device's message was dropped (rate-limited per device and message name; §7.3). */
  onRefused(h: RefusalHandler): void;
  /**
   * The server's own connection to an external broker came back after a loss (the broker may have
   * restarted and forgotten retained messages). Never called for the embedded broker.
   */
  onBrokerReconnect(h: () => void): void;
  /** Publishes a down message to device `sn` with the protocol's QoS and retain. */
  publish<M extends DownMessage>(sn: string, m: M, data: Body<M>): Promise<void>;
  /**
   * Clears device `sn`'s retained down messages (its `config`): the device left its account, and
   * whoever claims it next must not receive the previous owner's configuration at SUBSCRIBE.
   */
  clearRetained(sn: string): Promise<void>;
  isConnected(sn: string): boolean;
  stats(): GatewayStats;
  /** Gives a claimed device broker credentials (external broker; a no-op on the embedded one). */
  provision(sn: string): Promise<void>;
  /** Removes a device's broker credentials (external broker; a no-op on the embedded one). */
  deprovision(sn: string): Promise<void>;
  /** Messages between console nodes sharing the external broker; null on the embedded one (one node). */
  peers(): PeerChannel | null;
}

/**
 * Node-to-node messages over the external broker (`netloom/internal/peer/<channel>`, which the
 * device ACL never lets a device read or write): at most once, to every node subscribed to the
 * channel, this one included.
 */
export interface PeerChannel {
  /** This node's random id (a channel of its own: `…/<nodeId>`). */
  readonly nodeId: string;
  publish(channel: string, payload: string): void;
  /** Handles messages of a channel (exact name); one handler per channel. */
  subscribe(channel: string, handler: (payload: Buffer) => void): void;
}
