import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import {
  type Body,
  clearRetainedPackets,
  type DownMessage,
  deviceIdentityIssue,
  deviceMayPublish,
  deviceMaySubscribe,
  packet,
  SERVER_UP_FILTER,
  verifyDeviceSecret,
} from '@netloom/protocol';
import { Aedes, type AedesPublishPacket, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from 'pino';
import { Admission } from './admission';
import type { Dispatcher } from './dispatch';
import { ThrottledLog } from './throttledLog';
import type { ConnectionHandler, DeviceGateway, GatewayStats, RefusalHandler, UpHandler } from './types';

export interface EmbeddedGatewayOptions {
  /** TCP port; 0 = a free port; null = no TCP listener (WebSocket only). */
  port: number | null;
  host: string;
  provisioningKey: string;
  dispatcher: Dispatcher;
  logger: Logger;
  /** MQTT_MAX_CONNECTIONS (0 = what the open-file limit allows). */
  maxConnections?: number;
  /** MQTT_CONNECTS_PER_ADDRESS (0 = no limit). */
  connectsPerAddress?: number;
  /** The soft open-file limit (tests); default: this process's. */
  openFileLimit?: () => number | null;
}

/** Pending TCP connections the MQTT listener lets the kernel queue. */
const LISTEN_BACKLOG = 4096;

// CONNACK return codes of MQTT 3.1.1 (aedes' AuthErrorCode is a const enum, not importable at runtime).
const BAD_USERNAME_OR_PASSWORD = 4;
/** ACL refusal lines: at most one per device per this many ms, with the count of those left out. */
const ACL_LOG_INTERVAL_MS = 60_000;

/**
 * The default broker: aedes in this process, on TCP (MQTT_PORT) and on WebSocket at `/mqtt`
 * (attached by the plugin through `handle`). Devices authenticate with their derived secret; the
 * ACL of docs/protocol.md §3 is enforced here; the server consumes up messages through the broker's
 * own subscribe API (no network client) and sees connections come and go directly.
 */
export class EmbeddedGateway implements DeviceGateway {
  private broker: Aedes | null = null;
  private tcp: net.Server | null = null;
  private tcpPort: number | null = null;
  /** sn → the live client of that device (a takeover replaces it; only its own close counts). */
  private readonly clients = new Map<string, Client>();
  private readonly admission: Admission;
  private readonly aclLog: ThrottledLog;

  constructor(private readonly opts: EmbeddedGatewayOptions) {
    this.admission = new Admission({
      maxConnections: opts.maxConnections ?? 0,
      connectsPerAddress: opts.connectsPerAddress ?? 0,
      logger: opts.logger,
      openFileLimit: opts.openFileLimit,
    });
    this.aclLog = new ThrottledLog(opts.logger, ACL_LOG_INTERVAL_MS);
  }

  async start(): Promise<void> {
    const { dispatcher, logger, provisioningKey } = this.opts;
    const counters = dispatcher.counters;
    const admission = this.admission;
    const refuse = (done: (err: AuthenticateError, ok: null) => void, code: number, why: string) => {
      const err = new Error(why) as AuthenticateError;
      err.returnCode = code;
      done(err, null);
    };
    const broker = await Aedes.createBroker({
      // A frozen device socket must not stall delivery to everyone else.
      drainTimeout: 30_000,
      // MQTT 3.1.0 caps client ids at 23 characters; serial numbers may have 32.
      maxClientsIdLength: 32,
      authenticate: (client, username, password, done) => {
        const busy = admission.beforeAuth(client);
        if (busy !== 0) return refuse(done, busy, 'server busy');
        const issue = deviceIdentityIssue(client.id, username);
        const ok =
          issue === null &&
          password !== undefined &&
          verifyDeviceSecret(provisioningKey, client.id, password.toString('utf8'));
        if (ok) {
          const cycling = admission.afterAuth(client, client.id);
          return cycling === 0 ? done(null, true) : refuse(done, cycling, 'connecting too often');
        }
        counters.authFailures++;
        refuse(done, BAD_USERNAME_OR_PASSWORD, issue ?? 'wrong device secret');
      },
      authorizePublish: (client, pkt, done) => {
        // client is null only for a will published after its client is gone: check its topic too.
        const sn = client?.id ?? pkt.topic.split('/')[2] ?? '';
        if (deviceMayPublish(sn, pkt.topic)) {
          // Up messages (the retained `state`, the will) are consumed in-process above; a retained
          // copy serves no one here (devices may not subscribe to up topics, §3) but aedes' memory
          // store scans every retained message at EVERY subscribe: O(devices) per connect, quadratic
          // in a reconnect storm (npm run bench). The external broker keeps the protocol's retain.
          pkt.retain = false;
          return done(null);
        }
        counters.aclDenied++;
        this.aclLog.warn(sn, { sn, topic: pkt.topic.slice(0, 200) }, 'device publish refused by ACL');
        // An error closes the connection (protocol §3 allows it for a violation).
        done(new Error('not authorised'));
      },
      authorizeSubscribe: (client, sub, done) => {
        if (deviceMaySubscribe(client.id, sub.topic)) return done(null, sub);
        counters.aclDenied++;
        this.aclLog.warn(
          client.id,
          { sn: client.id, filter: sub.topic.slice(0, 200) },
          'device subscribe refused by ACL',
        );
        done(null, null); // SUBACK 0x80 for this filter, connection kept
      },
    });
    broker.on('clientReady', (client) => {
      this.clients.set(client.id, client);
      dispatcher.connectionChanged(client.id, true);
    });
    broker.on('clientDisconnect', (client) => {
      this.aclLog.flush(client.id, { sn: client.id }, 'device ACL refusals not logged before it left');
      if (this.clients.get(client.id) !== client) return;
      this.clients.delete(client.id);
      dispatcher.connectionChanged(client.id, false);
    });
    broker.on('clientError', (client, err) => {
      logger.debug({ sn: client.id, err: err.message }, 'device connection error');
    });
    broker.on('connectionError', (_client, err) => {
      logger.debug({ err: err.message }, 'MQTT connection refused');
    });
    await new Promise<void>((resolve) =>
      broker.subscribe(SERVER_UP_FILTER, (pkt, cb) => this.deliver(pkt, cb), resolve),
    );
    this.broker = broker;
    admission.start();
    if (this.opts.port !== null) await this.listenTcp(broker, this.opts.port);
  }

  private deliver(pkt: AedesPublishPacket, cb: () => void): void {
    const payload = typeof pkt.payload === 'string' ? Buffer.from(pkt.payload) : pkt.payload;
    const verdict = this.opts.dispatcher.dispatch(pkt.topic, payload);
    if (verdict === 'flood') {
      const sn = pkt.topic.split('/')[2] ?? '';
      this.opts.logger.warn({ sn }, 'device disconnected for flooding');
      this.clients.get(sn)?.close();
    }
    cb();
  }

  private async listenTcp(broker: Aedes, port: number): Promise<void> {
    const server = net.createServer((socket) => {
      if (this.admission.accept(socket)) broker.handle(socket);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        // A deep accept queue (the kernel caps it at net.core.somaxconn): when a whole fleet
        // reconnects at once, Node's default of 511 overflowed during event-loop pauses and the
        // dropped SYNs came back only after TCP's 1 s, 3 s, 7 s… retransmits (the reconnect storm).
        server.listen({ port, host: this.opts.host, backlog: LISTEN_BACKLOG }, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // Devices still reach us over WebSocket at /mqtt on the HTTP port (protocol §1).
      this.opts.logger.warn(
        { port, code },
        `MQTT TCP port ${port} is not available (${code ?? String(err)}): the embedded broker serves devices over WebSocket at /mqtt only`,
      );
      return;
    }
    // EMFILE on accept lands here: counted and logged once a minute; the listener keeps listening.
    server.on('error', (err) => this.admission.acceptError(err));
    this.tcp = server;
    const address = server.address();
    this.tcpPort = typeof address === 'object' && address ? address.port : port;
    this.opts.logger.info({ port: this.tcpPort }, 'embedded MQTT broker listening on TCP');
  }

  /** Serves one MQTT connection over any stream (the WebSocket route calls this). */
  handle(stream: Duplex, request?: IncomingMessage): void {
    if (!this.broker) {
      stream.destroy();
      return;
    }
    if (this.admission.accept(stream, request)) this.broker.handle(stream, request);
  }

  async stop(): Promise<void> {
    // Stop accepting first, then close the broker (which ends every client connection), and only
    // then wait for the listener: net.Server#close waits for its open connections.
    const tcp = this.tcp;
    this.tcp = null;
    const tcpClosed = tcp ? new Promise<void>((resolve) => tcp.close(() => resolve())) : Promise.resolve();
    const broker = this.broker;
    this.broker = null;
    this.admission.stop();
    if (broker) await new Promise<void>((resolve) => broker.close(() => resolve()));
    await tcpClosed;
    this.clients.clear();
  }

  onMessage<M extends Parameters<Dispatcher['onMessage']>[0]>(m: M, h: UpHandler<M>): void {
    this.opts.dispatcher.onMessage(m, h);
  }

  onBrokerReconnect(_h: () => void): void {
    // The broker lives in this process: it cannot come back without the server.
  }

  onConnectionChange(h: ConnectionHandler): void {
    this.opts.dispatcher.onConnectionChange(h);
  }

  onRefused(h: RefusalHandler): void {
    this.opts.dispatcher.onRefused(h);
  }

  async publish<M extends DownMessage>(sn: string, m: M, data: Body<M>): Promise<void> {
    const broker = this.broker;
    if (!broker) throw new Error('the MQTT broker is not running');
    const p = packet(sn, m, data);
    await new Promise<void>((resolve, reject) =>
      broker.publish(
        {
          cmd: 'publish',
          topic: p.topic,
          payload: Buffer.from(p.payload),
          qos: p.qos,
          retain: p.retain,
          dup: false,
        },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    this.opts.dispatcher.counters.published++;
  }

  async clearRetained(sn: string): Promise<void> {
    const broker = this.broker;
    if (!broker) throw new Error('the MQTT broker is not running');
    for (const p of clearRetainedPackets(sn))
      await new Promise<void>((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic: p.topic, payload: Buffer.alloc(0), qos: p.qos, retain: true, dup: false },
          (err) => (err ? reject(err) : resolve()),
        ),
      );
  }

  peers(): null {
    return null;
  }

  isConnected(sn: string): boolean {
    return this.clients.has(sn);
  }

  stats(): GatewayStats {
    // aedes' types omit `mq`; its length is the broker's own delivery backlog.
    const mq = (this.broker as unknown as { mq?: { length?: number } } | null)?.mq;
    const mqLength = mq?.length ?? 0;
    const c = this.opts.dispatcher.counters;
    return {
      mode: 'embedded',
      connected: this.clients.size,
      ...c,
      received: { ...c.received },
      malformed: { ...c.malformed },
      queue: c.queue + mqLength,
      tcpPort: this.tcpPort,
      admission: { ...this.admission.stats },
    };
  }

  async provision(): Promise<void> {
    // Embedded: any device with a valid derived secret may connect; nothing to create.
  }

  async deprovision(): Promise<void> {}
}
