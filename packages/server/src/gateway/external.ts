import { randomBytes } from 'node:crypto';
import { type LiveEvent, liveEventSchema } from '@netloom/domain';
import {
  type Body,
  clearRetainedPackets,
  type DownMessage,
  deriveDeviceSecret,
  packet,
  sharedUpFilter,
  type UpMessage,
} from '@netloom/protocol';
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { LiveBus } from '../live/bus';
import type { Dispatcher } from './dispatch';
import { DynsecAdmin, provisioningKeyTag } from './dynsec';
import type { DeviceRegistry, RegistryEntry } from './registry';
import type {
  ConnectionHandler,
  DeviceGateway,
  GatewayStats,
  PeerChannel,
  RefusalHandler,
  UpHandler,
} from './types';

/** Internal topic of live events between nodes; the device ACL never lets a device read it. */
export const LIVE_TOPIC_ROOT = 'netloom/internal/live';
/** How long a start waits for the claimed devices' broker clients before going on without them. */
const PROVISION_WAIT_MS = 5000;
/** Internal topic of claims, moves and deletions between nodes (each node keeps its own registry). */
export const REGISTRY_TOPIC = 'netloom/internal/registry';
/** Internal topics of node-to-node messages (`PeerChannel`), one level per channel. */
export const PEER_TOPIC_ROOT = 'netloom/internal/peer';

export interface ExternalGatewayOptions {
  /** mqtt://user:password@host:port — the user must be a dynsec admin. */
  url: string;
  provisioningKey: string;
  dispatcher: Dispatcher;
  registry: DeviceRegistry;
  bus: LiveBus;
  logger: Logger;
  /** Shared-subscription group: nodes of one group split the devices' messages. */
  shareGroup?: string;
}

/**
 * External broker mode (MQTT_URL set, e.g. Mosquitto): the server is a privileged client that
 * subscribes with a shared subscription, so several nodes split the telemetry. The broker enforces
 * device credentials and the ACL through the dynamic-security plugin, which this class administers
 * (clients are provisioned on claim and for every claimed device at start-up). Connection changes
 * come from the devices themselves: `hello` means connected, the last will (offline `state`) means
 * gone. Live events cross nodes on `netloom/internal/live/{projectId}`.
 */
export class ExternalGateway implements DeviceGateway {
  private client: MqttClient | null = null;
  private dynsec: DynsecAdmin | null = null;
  private readonly online = new Set<string>();
  private readonly nodeId = randomBytes(6).toString('hex');
  private wired = false;
  /** Provisioning of every claimed device at start (may outlast the start). */
  private provisioning: Promise<void> | null = null;
  private readonly reconnectHandlers: (() => void)[] = [];
  private readonly peerHandlers = new Map<string, (payload: Buffer) => void>();
  /** The broker connection is corked until the end of this turn of the event loop (`corkAcks`). */
  private acksCorked = false;

  constructor(private readonly opts: ExternalGatewayOptions) {}

  async start(): Promise<void> {
    const { logger, dispatcher } = this.opts;
    const url = new URL(this.opts.url);
    const username = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    url.username = '';
    url.password = '';
    // mqtt.js only in external mode, imported here: the embedded broker's start-up never loads it.
    const { connectAsync } = await import('mqtt');
    const client = await connectAsync(url.toString().replace(/^tcp:/, 'mqtt:'), {
      protocolVersion: 5,
      clientId: `netloom-server-${this.nodeId}`,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      // mqtt.js formats a debug line several times per packet even with its debugging off (2% of the
      // event loop at saturation); this gateway logs the connection's events itself (below).
      log: () => {},
      ...(username ? { username, password } : {}),
    });
    this.client = client;
    this.dynsec = new DynsecAdmin(client, logger);
    client.on('message', (topic, payload) => {
      this.corkAcks();
      this.route(topic, payload);
    });
    client.on('error', (err) => logger.warn({ err: err.message }, 'MQTT broker connection error'));
    client.on('offline', () => logger.warn('MQTT broker connection lost; reconnecting'));
    // mqtt.js emits `connect` again after every successful reconnect (and resubscribes).
    client.on('connect', () => {
      logger.info('MQTT broker connection restored');
      // Give the automatic resubscription a moment before features republish.
      setTimeout(() => {
        for (const h of this.reconnectHandlers) h();
      }, 200).unref();
    });

    await this.dynsec.ensureRoles(username);
    // Every claimed device's broker client. A claim provisions its device at once, so this repairs
    // (a changed PROVISIONING_KEY, a broker that lost its file); thousands of devices take longer
    // than a start may wait (Fastify's ready timeout): past a short wait it goes on in the background.
    this.provisioning = this.provisionClaimed();
    await Promise.race([this.provisioning, new Promise((r) => setTimeout(r, PROVISION_WAIT_MS).unref())]);

    // The subscriptions are made with clean: true, so mqtt.js resubscribes them after a reconnect.
    const granted = await client.subscribeAsync({
      [sharedUpFilter(this.opts.shareGroup)]: { qos: 1 },
      [`${LIVE_TOPIC_ROOT}/+`]: { qos: 0 },
      [REGISTRY_TOPIC]: { qos: 1 },
      [`${PEER_TOPIC_ROOT}/#`]: { qos: 0 },
    });
    const refused = granted.filter((g) => g.qos === 128 || g.qos > 2);
    if (refused.length > 0)
      throw new Error(`MQTT broker refused subscriptions: ${refused.map((g) => g.topic).join(', ')}`);

    // Live events of this node go to every node; each node delivers the others' locally.
    this.opts.bus.setForward((e) => this.forwardLive(e));
    if (!this.wired) {
      this.wired = true;
      // A claim, move or deletion on this node reaches the other nodes' registries, so a device
      // claimed here is known wherever its messages are handled (issue 11 §3).
      this.opts.registry.onChange((entry, change) => this.forwardRegistry(entry, change));
      dispatcher.onMessage('hello', (ctx) => this.markOnline(ctx.sn));
      dispatcher.onMessage('state', (ctx, d) => {
        if (d.status === 0 || d.status === 9) this.markOffline(ctx.sn);
        else this.markOnline(ctx.sn);
      });
    }
    logger.info({ url: url.toString() }, 'connected to the external MQTT broker');
  }

  private async provisionClaimed(): Promise<void> {
    const dynsec = this.dynsec;
    if (!dynsec) return;
    const sns = [...this.opts.registry.all()].map((e) => e.sn);
    const started = Date.now();
    try {
      await dynsec.provision(
        sns,
        (sn) => deriveDeviceSecret(this.opts.provisioningKey, sn),
        provisioningKeyTag(this.opts.provisioningKey),
      );
      this.opts.logger.info(
        { devices: sns.length, ms: Date.now() - started },
        'broker clients provisioned for claimed devices',
      );
    } catch (err) {
      this.opts.logger.error({ err }, 'provisioning the claimed devices in the broker failed');
    }
  }

  /**
   * mqtt.js answers each QoS 1 message with a PUBACK written on its own (one `writev` per `state`:
   * 15% of the busy loop at saturation). The broker connection stays corked from the first message
   * of a turn of the event loop to its end, so the PUBACKs (and anything else sent) of all the
   * messages one socket read carried leave in one write, a few microseconds later.
   */
  private corkAcks(): void {
    if (this.acksCorked) return;
    const stream = this.client?.stream;
    if (!stream || typeof stream.cork !== 'function') return;
    stream.cork();
    this.acksCorked = true;
    setImmediate(() => {
      this.acksCorked = false;
      stream.uncork();
    });
  }

  private route(topic: string, payload: Buffer): void {
    if (this.dynsec?.handleMessage(topic, payload)) return;
    if (topic.startsWith(`${LIVE_TOPIC_ROOT}/`)) this.receiveLive(payload);
    else if (topic === REGISTRY_TOPIC) this.receiveRegistry(payload);
    else if (topic.startsWith(`${PEER_TOPIC_ROOT}/`))
      this.peerHandlers.get(topic.slice(PEER_TOPIC_ROOT.length + 1))?.(payload);
    else this.opts.dispatcher.dispatch(topic, payload);
  }

  peers(): PeerChannel {
    return {
      nodeId: this.nodeId,
      publish: (channel, payload) => {
        if (this.client?.connected) this.client.publish(`${PEER_TOPIC_ROOT}/${channel}`, payload, { qos: 0 });
      },
      subscribe: (channel, handler) => {
        this.peerHandlers.set(channel, handler);
      },
    };
  }

  private markOnline(sn: string): void {
    if (this.online.has(sn)) return;
    this.online.add(sn);
    this.opts.dispatcher.connectionChanged(sn, true);
  }

  private markOffline(sn: string): void {
    if (!this.online.delete(sn)) return;
    this.opts.dispatcher.connectionChanged(sn, false);
  }

  private forwardLive(e: LiveEvent): void {
    const client = this.client;
    if (!client?.connected) return;
    client.publish(`${LIVE_TOPIC_ROOT}/${e.projectId}`, JSON.stringify({ node: this.nodeId, event: e }), {
      qos: 0,
    });
  }

  private receiveLive(payload: Buffer): void {
    try {
      const msg = JSON.parse(payload.toString('utf8')) as { node?: unknown; event?: unknown };
      if (msg.node === this.nodeId) return; // our own, already delivered locally
      const parsed = liveEventSchema.safeParse(msg.event);
      if (!parsed.success) return;
      if (parsed.data.type === 'device.status') this.peerStatus(parsed.data.sn, parsed.data.status);
      this.opts.bus.deliver(parsed.data);
    } catch {
      // Only servers can publish here; a broken message is ignored.
    }
  }

  private forwardRegistry(entry: RegistryEntry, change: 'upsert' | 'remove'): void {
    const client = this.client;
    if (!client?.connected) return;
    client.publish(REGISTRY_TOPIC, JSON.stringify({ node: this.nodeId, change, entry }), { qos: 1 });
  }

  private receiveRegistry(payload: Buffer): void {
    try {
      const msg = JSON.parse(payload.toString('utf8')) as {
        node?: unknown;
        change?: unknown;
        entry?: RegistryEntry;
      };
      const e = msg.entry;
      if (msg.node === this.nodeId || !e || typeof e.sn !== 'string' || typeof e.deviceId !== 'number')
        return;
      if (msg.change === 'upsert' || msg.change === 'remove')
        this.opts.registry.applyPeerChange(msg.change, e);
    } catch (err) {
      this.opts.logger.warn({ err }, 'a registry change from another node was not applied');
    }
  }

  /**
   * Another node handled a device's status change (its hello, its last will): this node's view
   * follows, so `isConnected` — what the configuration engine delivers to — and the next change this
   * node sees are right whichever node handled the device's messages (issue 11 §3).
   */
  private peerStatus(sn: string, status: number): void {
    const entry = this.opts.registry.get(sn);
    if (entry) entry.status = status;
    if (status === 0 || status === 9) this.online.delete(sn);
  }

  async stop(): Promise<void> {
    this.opts.bus.setForward(null);
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync().catch(() => {});
    await this.provisioning;
    this.online.clear();
  }

  onMessage<M extends UpMessage>(m: M, h: UpHandler<M>): void {
    this.opts.dispatcher.onMessage(m, h);
  }

  onBrokerReconnect(h: () => void): void {
    this.reconnectHandlers.push(h);
  }

  onConnectionChange(h: ConnectionHandler): void {
    this.opts.dispatcher.onConnectionChange(h);
  }

  onRefused(h: RefusalHandler): void {
    this.opts.dispatcher.onRefused(h);
  }

  async publish<M extends DownMessage>(sn: string, m: M, data: Body<M>): Promise<void> {
    const client = this.client;
    if (!client?.connected) throw new Error('not connected to the MQTT broker');
    const p = packet(sn, m, data);
    await client.publishAsync(p.topic, Buffer.from(p.payload), { qos: p.qos, retain: p.retain });
    this.opts.dispatcher.counters.published++;
  }

  async clearRetained(sn: string): Promise<void> {
    const client = this.client;
    if (!client?.connected) throw new Error('not connected to the MQTT broker');
    for (const p of clearRetainedPackets(sn))
      await client.publishAsync(p.topic, Buffer.alloc(0), { qos: p.qos, retain: true });
  }

  /**
   * Connected as far as this node knows: it saw the device's hello/state, or (messages being
   * split between nodes) the device's last stored status is an online one.
   */
  isConnected(sn: string): boolean {
    if (this.online.has(sn)) return true;
    const status = this.opts.registry.get(sn)?.status;
    return status !== undefined && status !== 0 && status !== 9;
  }

  stats(): GatewayStats {
    const c = this.opts.dispatcher.counters;
    return {
      mode: 'external',
      connected: this.online.size,
      ...c,
      received: { ...c.received },
      malformed: { ...c.malformed },
      tcpPort: null,
    };
  }

  async provision(sn: string): Promise<void> {
    if (!this.dynsec) throw new Error('the external MQTT gateway is not started');
    await this.dynsec.provision([sn], (s) => deriveDeviceSecret(this.opts.provisioningKey, s));
  }

  async deprovision(sn: string): Promise<void> {
    if (!this.dynsec) throw new Error('the external MQTT gateway is not started');
    await this.dynsec.deprovision(sn);
    this.markOffline(sn);
  }
}
