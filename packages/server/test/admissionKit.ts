import net from 'node:net';
import { Writable } from 'node:stream';
import websocket from '@fastify/websocket';
import { deriveDeviceSecret } from '@netloom/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { createWebSocketStream } from 'ws';
import { loadConfig } from '../src/config';
import { type DbHandle, openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrate';
import { MAX_MQTT_PACKET_BYTES } from '../src/gateway/packetLimit';
import { createDevicePlane, type DevicePlane } from '../src/gateway/plane';
import { chooseSubprotocol } from '../src/gateway/plugin';
import { systemClock } from '../src/lib/clock';
import { TEST_KEY } from './gatewayKit';

/**
 * A device plane with the embedded broker on TCP (port 0) and `/mqtt` on a bare Fastify app (the
 * route of gateway/plugin.ts, without the browser channel and its sign-in), on an
 * in-memory SQLite database, its log lines kept for the test to count. Raw MQTT packets below: the
 * admission tests need to see exactly what a device gets (a CONNACK code, a closed socket), which a
 * full client library hides behind its own reconnect and error handling.
 */
export interface AdmissionNode {
  plane: DevicePlane;
  app: FastifyInstance;
  tcpPort: number;
  httpPort: number;
  lines: Record<string, unknown>[];
  stop(): Promise<void>;
}

export async function startNode(env: Record<string, string> = {}): Promise<AdmissionNode> {
  const lines: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString('utf8').split('\n')) if (l.trim()) lines.push(JSON.parse(l));
      done();
    },
  });
  const logger = pino({ level: 'info' }, logStream);
  const database: DbHandle = openDatabase('sqlite::memory:');
  await migrateToLatest(database.db);
  const config = loadConfig({ MQTT_PORT: '0', HOST: '127.0.0.1', PROVISIONING_KEY: TEST_KEY, ...env });
  const plane = createDevicePlane(config, { db: database.db, logger, clock: systemClock });
  const app = Fastify({ logger: false });
  await app.register(websocket, {
    options: { maxPayload: MAX_MQTT_PACKET_BYTES, handleProtocols: chooseSubprotocol },
  });
  app.get('/mqtt', { websocket: true }, (socket, request) => {
    plane.embedded?.handle(createWebSocketStream(socket), request.raw);
  });
  await plane.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const httpPort = typeof address === 'object' && address ? address.port : 0;
  return {
    plane,
    app,
    tcpPort: plane.gateway.stats().tcpPort ?? 0,
    httpPort,
    lines,
    async stop() {
      await plane.stop();
      await app.close();
      await database.db.destroy();
    },
  };
}

/** Lines of the log whose message contains `text`. */
export function linesWith(lines: Record<string, unknown>[], text: string): Record<string, unknown>[] {
  return lines.filter((l) => typeof l.msg === 'string' && l.msg.includes(text));
}

// --- raw MQTT 3.1.1 -------------------------------------------------------------------------------

/** The remaining-length field (MQTT 3.1.1 §2.2.3). */
export function remainingLength(n: number): Buffer {
  const bytes: number[] = [];
  let x = n;
  do {
    let b = x % 128;
    x = Math.floor(x / 128);
    if (x > 0) b |= 0x80;
    bytes.push(b);
  } while (x > 0);
  return Buffer.from(bytes);
}

function utf8(s: string): Buffer {
  const b = Buffer.from(s, 'utf8');
  const len = Buffer.alloc(2);
  len.writeUInt16BE(b.length);
  return Buffer.concat([len, b]);
}

/** CONNECT as a device sends it (client id = user = SN, clean session, keep-alive 60 s). */
export function connectPacket(sn: string, password = deriveDeviceSecret(TEST_KEY, sn)): Buffer {
  const body = Buffer.concat([
    utf8('MQTT'),
    Buffer.from([4, 0xc2, 0, 60]), // level 4; user name, password, clean session; keep-alive 60
    utf8(sn),
    utf8(sn),
    utf8(password),
  ]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
}

/** The fixed header and topic of a QoS 1 PUBLISH whose payload (`payloadBytes` long) follows. */
export function publishHead(topic: string, payloadBytes: number, packetId = 1): Buffer {
  const variable = Buffer.concat([utf8(topic), Buffer.from([packetId >> 8, packetId & 0xff])]);
  return Buffer.concat([Buffer.from([0x32]), remainingLength(variable.length + payloadBytes), variable]);
}

/** SUBSCRIBE of one filter at QoS 1. */
export function subscribePacket(filter: string, packetId: number): Buffer {
  const body = Buffer.concat([Buffer.from([packetId >> 8, packetId & 0xff]), utf8(filter), Buffer.from([1])]);
  return Buffer.concat([Buffer.from([0x82]), remainingLength(body.length), body]);
}

/** SUBACK is 5 bytes for one filter: 0x90, 3, the packet id, the granted QoS (0x80 = refused). */
export const SUBACK_BYTES = 5;

export const DISCONNECT = Buffer.from([0xe0, 0]);

/** A raw TCP device connection: every byte it received, and whether it is closed. */
export interface RawDevice {
  socket: net.Socket;
  received(): Buffer;
  closed: Promise<void>;
  /** The CONNACK return code, or null when the connection closed without one. */
  connack: Promise<number | null>;
}

export function rawDevice(port: number, connect: Buffer): RawDevice {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  let resolveConnack: (code: number | null) => void = () => {};
  const connack = new Promise<number | null>((r) => {
    resolveConnack = r;
  });
  socket.on('data', (d: Buffer) => {
    chunks.push(d);
    const all = Buffer.concat(chunks);
    if (all.length >= 4 && all[0] === 0x20) resolveConnack(all[3] ?? null);
  });
  socket.on('error', () => {}); // a reset is an expected outcome here; `closed` reports it
  const closed = new Promise<void>((r) =>
    socket.on('close', () => {
      resolveConnack(null);
      r();
    }),
  );
  socket.write(connect);
  return { socket, received: () => Buffer.concat(chunks), closed, connack };
}

/** One connect → CONNACK → disconnect cycle: the CONNACK code (null = closed without one). */
export async function connectCycle(port: number, sn: string, password?: string): Promise<number | null> {
  const d = rawDevice(port, connectPacket(sn, password));
  const code = await d.connack;
  if (code === 0) d.socket.end(DISCONNECT);
  else d.socket.destroy();
  await d.closed;
  return code;
}
