/**
 * What the conformance kit sees of a device under test: its CONNECT, its SUBSCRIBEs and every
 * PUBLISH exactly as the device sent it (QoS and retain flag included), and a way to send it down
 * messages as the cloud does. Two sources: the kit's own embedded broker (everything is visible), or
 * a broker given on the command line, where the kit is one more client (MQTT 5, "retain as
 * published"): it then sees only the device's own `up` topics, and not the CONNECT.
 *
 * Uses only the public API of `@netloom/protocol` and an MQTT library — never the simulator.
 */
import { createServer, type Server, type Socket } from 'node:net';
import {
  clearRetainedPackets,
  deviceIdentityIssue,
  type MessageName,
  packet,
  verifyDeviceSecret,
} from '@netloom/protocol';
import { Aedes, type AuthenticateError } from 'aedes';
import mqtt from 'mqtt';

export interface SeenConnect {
  at: number;
  clientId: string;
  username: string | undefined;
  keepalive: number;
  clean: boolean;
  will: { topic: string; qos: number; retain: boolean; payload: Uint8Array } | null;
  /** Whether the password was the SN's secret under the key (null: no key given, not checked). */
  secretOk: boolean | null;
}
export interface SeenPublish {
  at: number;
  /** The client that published it: its client id (embedded), or the SN the topic names (external). */
  from: string;
  topic: string;
  qos: number;
  retain: boolean;
  payload: Uint8Array;
}
export interface SeenSubscribe {
  at: number;
  from: string;
  topic: string;
  qos: number;
}

export interface Observer {
  /** Where a device should connect (embedded), or the broker the kit joined. */
  url: string;
  /** Whether the CONNECT, the subscriptions and foreign topics are visible (embedded broker). */
  full: boolean;
  connects: SeenConnect[];
  publishes: SeenPublish[];
  subscribes: SeenSubscribe[];
  disconnects: { at: number; from: string }[];
  /** Calls `listener` on every new observation until it returns true. */
  onChange(listener: () => void): () => void;
  /** Publishes a down message as the cloud (`body` without envelope; null = clear the retained copy). */
  send(sn: string, message: 'config' | 'command', body: object | null): Promise<void>;
  close(): Promise<void>;
}

function listeners() {
  const set = new Set<() => void>();
  return {
    fire: () => {
      for (const l of [...set]) l();
    },
    on(l: () => void) {
      set.add(l);
      return () => set.delete(l);
    },
  };
}

const bytes = (p: Buffer | string | Uint8Array): Uint8Array =>
  typeof p === 'string' ? new TextEncoder().encode(p) : new Uint8Array(p);

/**
 * The kit's own broker on `host:port` (port 0: any free port). It authenticates like the console
 * (client id = user name = SN; with a key, the derived secret), and instead of closing a device that
 * publishes outside its ACL it records the publication (the kit reports it under §3), so one run
 * shows every problem.
 */
export async function embeddedObserver(opts: {
  port?: number;
  host?: string;
  key?: string;
}): Promise<Observer> {
  const ev = listeners();
  const connects: SeenConnect[] = [];
  const publishes: SeenPublish[] = [];
  const subscribes: SeenSubscribe[] = [];
  const disconnects: { at: number; from: string }[] = [];
  const broker = await Aedes.createBroker({
    preConnect(client, p, done) {
      const password = p.password ? p.password.toString() : '';
      connects.push({
        at: Date.now(),
        clientId: p.clientId,
        username: p.username,
        keepalive: p.keepalive ?? 0,
        clean: p.clean ?? false,
        will: p.will
          ? {
              topic: p.will.topic,
              qos: p.will.qos ?? 0,
              retain: p.will.retain ?? false,
              payload: bytes(p.will.payload),
            }
          : null,
        secretOk: opts.key && p.username ? verifyDeviceSecret(opts.key, p.username, password) : null,
      });
      ev.fire();
      done(null, true);
      void client;
    },
    authenticate(client, username, password, done) {
      const refuse =
        deviceIdentityIssue(client.id, username) !== null ||
        (opts.key !== undefined &&
          (!username || !password || !verifyDeviceSecret(opts.key, username, password.toString())));
      if (refuse) {
        const e = new Error('refused') as AuthenticateError;
        e.returnCode = 4;
        done(e, false);
        return;
      }
      done(null, true);
    },
    authorizeSubscribe(client, sub, cb) {
      if (client) subscribes.push({ at: Date.now(), from: client.id, topic: sub.topic, qos: sub.qos });
      ev.fire();
      cb(null, sub);
    },
  });
  broker.on('publish', (p, client) => {
    if (!client) return;
    publishes.push({
      at: Date.now(),
      from: client.id,
      topic: p.topic,
      qos: p.qos,
      retain: p.retain,
      payload: bytes(p.payload),
    });
    ev.fire();
  });
  broker.on('clientDisconnect', (c) => {
    disconnects.push({ at: Date.now(), from: c.id });
    ev.fire();
  });
  const server: Server = createServer(broker.handle);
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `mqtt://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    full: true,
    connects,
    publishes,
    subscribes,
    disconnects,
    onChange: ev.on,
    send(sn, message, body) {
      const p = body
        ? packet(sn, message as MessageName, body as never)
        : clearRetainedPackets(sn).find((c) => c.topic.endsWith(`/down/${message}`));
      if (!p) return Promise.resolve();
      return new Promise((resolve, reject) =>
        broker.publish(
          {
            cmd: 'publish',
            topic: p.topic,
            payload: Buffer.from(p.payload),
            qos: p.qos,
            retain: p.retain,
            dup: false,
          },
          (e) => (e ? reject(e) : resolve()),
        ),
      );
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Joins a broker the device already uses, as one more client with the cloud's rights (user name and
 * password of the console's broker account). Sees the device's `up` topics only.
 */
export async function externalObserver(opts: {
  url: string;
  sn: string;
  username?: string;
  password?: string;
  timeoutMs: number;
}): Promise<Observer> {
  const ev = listeners();
  const publishes: SeenPublish[] = [];
  const client = await mqtt.connectAsync(opts.url, {
    protocolVersion: 5,
    clientId: `netloom-conformance-${Date.now().toString(36)}`,
    username: opts.username,
    password: opts.password,
    reconnectPeriod: 0,
    connectTimeout: opts.timeoutMs,
  });
  client.on('message', (topic, payload, p) => {
    publishes.push({
      at: Date.now(),
      from: opts.sn,
      topic,
      qos: p.qos,
      retain: p.retain,
      payload: bytes(payload),
    });
    ev.fire();
  });
  // Retain as published: QoS and retain seen as the device sent them; retain handling 2: no old
  // retained `state` replayed at the subscription (it would look like a message before `hello`).
  await client.subscribeAsync(`netloom/v1/${opts.sn}/up/#`, { qos: 1, rap: true, rh: 2 });
  return {
    url: opts.url,
    full: false,
    connects: [],
    publishes,
    subscribes: [],
    disconnects: [],
    onChange: ev.on,
    async send(sn, message, body) {
      const p = body
        ? packet(sn, message as MessageName, body as never)
        : clearRetainedPackets(sn).find((c) => c.topic.endsWith(`/down/${message}`));
      if (!p) return Promise.resolve();
      await client.publishAsync(p.topic, Buffer.from(p.payload), { qos: p.qos, retain: p.retain });
    },
    async close() {
      await client.endAsync();
    },
  };
}
