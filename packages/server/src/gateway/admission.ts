import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { ConnectRate } from './connectRate';
import { connectionCapacity, openFileLimit } from './openFiles';
import { limitPacketSize, MAX_MQTT_PACKET_BYTES } from './packetLimit';
import { ThrottledLog } from './throttledLog';
import type { AdmissionStats } from './types';

/** CONNACK return code 3 of MQTT 3.1.1, "server unavailable": the device retries with its back-off. */
export const SERVER_UNAVAILABLE = 3;

/**
 * Connection attempts one serial number may make: bursts of 20, then 20 a minute. A device following
 * the back-off of docs/protocol.md §1 (1–10 s, doubling to 60 s) makes at most ~8 attempts in its
 * first minute and one a minute after, so it never meets this; a device (or a copy of its
 * identity) cycling 200 connections a second does. Counted only once the secret is right, so nobody
 * can lock a device out by connecting in its name with a wrong one.
 */
export const SERIAL_CONNECT_LIMIT = { burst: 20, perMinute: 20 } as const;
/** A remote address may burst this many seconds' worth of its rate (one NAT address, a whole fleet). */
const ADDRESS_BURST_SECONDS = 20;
/** Refusal and oversize lines: at most one per key (address, device, "capacity") per minute. */
const LOG_INTERVAL_MS = 60_000;
/** Buckets full again are forgotten this often. */
const SWEEP_MS = 60_000;
/** Connections beyond the cap still get their CONNACK 3, up to this share of the reserve… */
const REFUSING_SHARE_OF_RESERVE = 0.25;
/** …but never fewer than this many; beyond, a connection is closed as soon as it is accepted. */
const REFUSING_MIN = 16;

export interface AdmissionOptions {
  /** MQTT_MAX_CONNECTIONS: device connections taken at once; 0 = what the open-file limit allows. */
  maxConnections: number;
  /** MQTT_CONNECTS_PER_ADDRESS: sustained CONNECTs per second per remote address; 0 = no limit. */
  connectsPerAddress: number;
  logger: Logger;
  /** The soft open-file limit (tests give one); default: read from /proc/self/limits. */
  openFileLimit?: () => number | null;
}

/** What admission needs of an aedes client: its stream, and the WebSocket upgrade request if any. */
export interface AdmittedClient {
  conn: unknown;
  req?: IncomingMessage;
}

/**
 * Admission control of the embedded broker, in front of aedes:
 * - every device connection (TCP or WebSocket) gets the packet-size limit (packetLimit.ts);
 * - CONNECTs are refused with CONNACK 3 when the broker holds its cap of connections (derived from the
 *   open-file limit, so an EMFILE never happens on a device socket), when their address connects
 *   faster than MQTT_CONNECTS_PER_ADDRESS, or when their serial number cycles faster than
 *   SERIAL_CONNECT_LIMIT; far over the cap a connection is closed at once, before it costs more;
 * - each refusal is counted (`stats`) and logged at most once a minute per address / device.
 */
export class Admission {
  readonly stats: AdmissionStats;
  /** The sockets counted against the cap (authenticated); a socket leaves it when it closes. */
  private readonly admittedSockets = new WeakSet<Socket>();
  private readonly byAddress: ConnectRate | null;
  private readonly bySerial = new ConnectRate(
    SERIAL_CONNECT_LIMIT.perMinute / 60,
    SERIAL_CONNECT_LIMIT.burst,
  );
  private readonly log: ThrottledLog;
  /** Connections past the cap that still get a CONNACK 3 before any is closed unanswered. */
  private readonly hardMax: number | null;
  private readonly reserve: number;
  private readonly explicitMax: number;
  private admitted = 0;
  private sweeper: NodeJS.Timeout | null = null;
  /** One listener for every socket's 'close' (no closure per connection: 18,000 of them add up). */
  private readonly socketClosed: (this: Socket) => void;
  private readonly oversize: (stream: Duplex, bytes: number) => void;

  constructor(private readonly opts: AdmissionOptions) {
    const capacity = connectionCapacity((opts.openFileLimit ?? openFileLimit)());
    this.reserve = capacity.reserve;
    this.explicitMax = opts.maxConnections;
    const wanted = opts.maxConnections > 0 ? opts.maxConnections : null;
    const max =
      wanted === null
        ? capacity.allowed
        : capacity.allowed === null
          ? wanted
          : Math.min(wanted, capacity.allowed);
    this.hardMax =
      max === null
        ? null
        : max + Math.max(REFUSING_MIN, Math.floor(capacity.reserve * REFUSING_SHARE_OF_RESERVE));
    this.byAddress =
      opts.connectsPerAddress > 0
        ? new ConnectRate(opts.connectsPerAddress, opts.connectsPerAddress * ADDRESS_BURST_SECONDS)
        : null;
    this.log = new ThrottledLog(opts.logger, LOG_INTERVAL_MS);
    const admission = this;
    this.socketClosed = function (this: Socket) {
      admission.stats.open--;
      if (admission.admittedSockets.delete(this)) admission.admitted--;
    };
    this.oversize = (stream, bytes) => this.onOversize(stream, bytes);
    this.stats = {
      maxConnections: max,
      openFileLimit: capacity.openFileLimit,
      open: 0,
      refusedCapacity: 0,
      refusedAddressRate: 0,
      refusedSerialRate: 0,
      oversizePackets: 0,
      acceptErrors: 0,
    };
  }

  /** Says what the limits allow (one line at start) and starts forgetting idle buckets. */
  start(): void {
    const { maxConnections: max, openFileLimit: limit } = this.stats;
    const fields = {
      maxConnections: max,
      openFileLimit: limit,
      reserved: this.reserve,
      connectsPerAddress: this.opts.connectsPerAddress || 'unlimited',
      maxPacketBytes: MAX_MQTT_PACKET_BYTES,
    };
    if (max === null) {
      this.opts.logger.info(
        fields,
        'device connections: no open-file limit known and MQTT_MAX_CONNECTIONS not set',
      );
    } else {
      this.opts.logger.info(
        fields,
        `device connections: at most ${max}${limit === null ? '' : ` (open-file limit ${limit}, ${this.reserve} kept for the database, HTTP and browsers)`}; beyond, CONNACK 3`,
      );
    }
    if (this.explicitMax > 0 && max !== null && this.explicitMax > max) {
      this.opts.logger.warn(
        { wanted: this.explicitMax, maxConnections: max, openFileLimit: limit },
        `MQTT_MAX_CONNECTIONS=${this.explicitMax} is more than the open-file limit allows: ${max} it is (raise the limit: ulimit -n / LimitNOFILE)`,
      );
    }
    this.sweeper = setInterval(() => {
      this.byAddress?.sweep();
      this.bySerial.sweep();
    }, SWEEP_MS);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /**
   * A new device connection: `stream` is what the broker reads, `request` the WebSocket upgrade
   * (absent on TCP, where `stream` is the socket). False when it was closed at once (far over the cap).
   */
  accept(stream: Duplex, request?: IncomingMessage): boolean {
    const socket = socketOf(stream, request);
    if (this.hardMax !== null && this.stats.open >= this.hardMax) {
      this.stats.refusedCapacity++;
      this.refusedLog('capacity', { address: socket.remoteAddress, open: this.stats.open });
      stream.destroy();
      return false;
    }
    this.stats.open++;
    // The socket, not `stream`: the WebSocket stream of `ws` emits no 'close'.
    socket.on('close', this.socketClosed);
    limitPacketSize(stream, MAX_MQTT_PACKET_BYTES, this.oversize);
    return true;
  }

  /** A CONNECT, before its secret is checked: a CONNACK code refusing it, or 0. */
  beforeAuth(client: AdmittedClient): number {
    const max = this.stats.maxConnections;
    if (max !== null && this.admitted >= max) {
      this.stats.refusedCapacity++;
      this.refusedLog('capacity', { address: addressOf(client), connected: this.admitted });
      return SERVER_UNAVAILABLE;
    }
    if (this.byAddress) {
      const address = addressOf(client);
      if (!this.byAddress.take(address)) {
        this.stats.refusedAddressRate++;
        this.refusedLog(`address:${address}`, { address });
        return SERVER_UNAVAILABLE;
      }
    }
    return 0;
  }

  /** A CONNECT whose secret is right: a CONNACK code refusing it, or 0 (it now counts against the cap). */
  afterAuth(client: AdmittedClient, sn: string): number {
    if (!this.bySerial.take(sn)) {
      this.stats.refusedSerialRate++;
      this.refusedLog(`sn:${sn}`, { sn, address: addressOf(client) });
      return SERVER_UNAVAILABLE;
    }
    const socket = socketOf(client.conn as Duplex, client.req);
    if (!this.admittedSockets.has(socket)) {
      this.admittedSockets.add(socket);
      this.admitted++;
    }
    return 0;
  }

  /** The TCP listener failed to accept (EMFILE, ENFILE…): counted and logged once a minute, never thrown. */
  acceptError(err: NodeJS.ErrnoException): void {
    this.stats.acceptErrors++;
    this.log.warn(
      `accept:${err.code ?? err.message}`,
      { code: err.code, err: err.message },
      'MQTT TCP listener could not accept a connection',
    );
  }

  private onOversize(stream: Duplex, bytes: number): void {
    this.stats.oversizePackets++;
    // aedes puts its client on the stream (absent when the very first packet is the oversize one).
    const client = (stream as { client?: AdmittedClient & { id?: string | null } }).client;
    const sn = client?.id ?? undefined;
    const address = client ? addressOf(client) : socketOf(stream).remoteAddress;
    this.log.warn(
      `oversize:${sn ?? address}`,
      { sn, address, bytes, maxBytes: MAX_MQTT_PACKET_BYTES },
      'device connection closed: MQTT packet larger than the limit',
    );
    stream.destroy();
  }

  private refusedLog(key: string, fields: Record<string, unknown>): void {
    const why = key === 'capacity' ? 'the broker holds its maximum of connections' : 'connecting too often';
    this.log.warn(key, fields, `device connection refused (CONNACK 3): ${why}`);
  }
}

/** The TCP socket under a device stream: the stream itself on TCP, the upgraded socket on WebSocket. */
function socketOf(stream: Duplex, request?: IncomingMessage): Socket {
  return request?.socket ?? (stream as Socket);
}

function addressOf(client: AdmittedClient): string {
  return socketOf(client.conn as Duplex, client.req).remoteAddress ?? '?';
}
