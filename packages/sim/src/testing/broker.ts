/**
 * A test broker: in-process aedes on a free port that authenticates devices like the cloud does
 * (derived secret, client id = user name = SN, per-device ACL) and records every up message after
 * decoding it with the protocol's `decodeUp`. Tests only (aedes is the server's dependency).
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import {
  type DecodedUp,
  type DecodeFailure,
  decodeUp,
  deviceIdentityIssue,
  deviceMayPublish,
  deviceMaySubscribe,
  type MessageName,
  packet,
  verifyDeviceSecret,
} from '@netloom/protocol';
import { Aedes, type AuthenticateError } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';

export interface Received {
  at: number;
  topic: string;
  decoded: DecodedUp | DecodeFailure;
}

export interface TestBroker {
  url: string;
  /** The same broker over WebSocket at /mqtt, as the console serves it. */
  wsUrl: string;
  port: number;
  received: Received[];
  /** Ok messages of one device and message name, oldest first. */
  messages<M extends DecodedUp['message']>(sn: string, message: M): Extract<DecodedUp, { message: M }>[];
  failures(): Received[];
  connected: Set<string>;
  /** Publishes a down message to a device (as the cloud would). */
  send(sn: string, message: 'command' | 'config', body: object): Promise<void>;
  waitFor(pred: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTestBroker(provisioningKey: string): Promise<TestBroker> {
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const issue = deviceIdentityIssue(client.id, username);
      if (
        issue ||
        !username ||
        !password ||
        !verifyDeviceSecret(provisioningKey, username, password.toString())
      ) {
        const e = new Error('refused') as AuthenticateError;
        e.returnCode = 4;
        done(e, false);
        return;
      }
      done(null, true);
    },
    authorizePublish(client, p, cb) {
      if (client && !deviceMayPublish(client.id, p.topic)) cb(new Error('not allowed'));
      else cb(null);
    },
    authorizeSubscribe(client, sub, cb) {
      cb(deviceMaySubscribe(client.id, sub.topic) ? null : new Error('not allowed'), sub);
    },
  });
  const received: Received[] = [];
  const connected = new Set<string>();
  broker.on('clientReady', (c) => connected.add(c.id));
  broker.on('clientDisconnect', (c) => connected.delete(c.id));
  broker.on('publish', (p, client) => {
    if (!client && !p.topic.includes('/up/')) return;
    if (p.topic.startsWith('$SYS')) return;
    const payload =
      typeof p.payload === 'string' ? new TextEncoder().encode(p.payload) : new Uint8Array(p.payload);
    received.push({ at: Date.now(), topic: p.topic, decoded: decodeUp(p.topic, payload) });
  });
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const http = createHttpServer();
  const wss = new WebSocketServer({ server: http, path: '/mqtt' });
  wss.on('connection', (ws, req) => broker.handle(createWebSocketStream(ws), req));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const httpAddress = http.address();
  const httpPort = typeof httpAddress === 'object' && httpAddress ? httpAddress.port : 0;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${httpPort}/mqtt`,
    port,
    received,
    connected,
    messages(sn, message) {
      return received
        .map((r) => r.decoded)
        .filter((d): d is never => d.ok && d.sn === sn && d.message === message);
    },
    failures: () => received.filter((r) => !r.decoded.ok),
    send(sn, message, body) {
      const p = packet(sn, message as MessageName, body as never);
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
    async waitFor(pred, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (!pred()) {
        if (Date.now() > until) throw new Error('timed out waiting for a condition');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
