// The load generator of the saturation bench, run with tsx as its own process: N real MQTT 3.1.1
// device connections (client id = user name = SN, the derived device secret, the last will of
// docs/protocol.md §1), each doing the §4 sequence (SUBSCRIBE its down topics, hello, state), then
// publishing periodic rounds — telemetry (QoS 0), state (QoS 1, retained), clients (QoS 0, where
// the device serves clients) — at the aggregate rate the parent asks for on stdin.
//
// Payloads are the protocol encoder's own bytes (`packet()` of @netloom/protocol) of the bodies a
// simulator fleet sent (saturationCapture.ts); only `ts` is rewritten at each send (same width, so
// the bytes are otherwise identical) so the receiver can time publish → delivered/committed.
// MQTT framing is written here by hand: a generator that costs little CPU leaves more of the two
// cores to the broker under test.
//
// Usage: saturationLoad.ts <mqtt://host:port> <fleet file>. stdin: JSON lines {"rate": msgs/s}
// (0 pauses). stdout: {"connected","refused","failed"} once every device is up (or gave up), then
// {"at","published","byMessage","acked","closed","behind"} every 250 ms.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { createInterface } from 'node:readline';
import {
  type Body,
  DEV_PROVISIONING_KEY,
  deriveDeviceSecret,
  deviceDownFilter,
  lastWill,
  packet,
  type UpMessage,
} from '@netloom/protocol';

const [url = '', fleetFile = ''] = process.argv.slice(2);
if (!url || !fleetFile) throw new Error('usage: saturationLoad.ts <mqtt url> <fleet file>');
const target = new URL(url);
const key = process.env.PROVISIONING_KEY || DEV_PROVISIONING_KEY;
const fleet = JSON.parse(readFileSync(fleetFile, 'utf8')) as {
  sn: string;
  hello: Body<'hello'>;
  bodies: Partial<Record<UpMessage, Record<string, unknown>>>;
}[];
const ROUND: readonly UpMessage[] = ['telemetry', 'state', 'clients'];
/** A 13-digit placeholder for `ts`, overwritten with Date.now() (also 13 digits) at each send. */
const TS_MARK = 1_999_999_999_999;
/** Connections opened at once while connecting the fleet. */
const CONNECT_CONCURRENCY = 100;
/** A device whose socket holds more unsent bytes than this skips its round (counted as `behind`). */
const MAX_BUFFERED = 256 * 1024;
const TICK_MS = 5;

// ── MQTT 3.1.1 framing ────────────────────────────────────────────────────────────────────────────
function varint(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
}
const str = (s: string | Uint8Array) => {
  const b = typeof s === 'string' ? Buffer.from(s, 'utf8') : Buffer.from(s);
  return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
};
const frame = (first: number, body: Buffer) =>
  Buffer.concat([Buffer.from([first, ...varint(body.length)]), body]);

function connectPacket(sn: string, secret: string): Buffer {
  const will = lastWill(sn);
  // user name, password, will retain, will QoS 1, will flag, clean session
  const flags = 0x80 | 0x40 | 0x20 | 0x08 | 0x04 | 0x02;
  const head = Buffer.from([0, 4, 0x4d, 0x51, 0x54, 0x54, 4, flags, 0, 60]);
  return frame(
    0x10,
    Buffer.concat([head, str(sn), str(will.topic), str(will.payload), str(sn), str(secret)]),
  );
}
const subscribePacket = (sn: string) =>
  frame(0x82, Buffer.concat([Buffer.from([0, 1]), str(deviceDownFilter(sn)), Buffer.from([1])]));

/** A PUBLISH of one message with `ts` at TS_MARK; where its ts digits and packet id sit. */
function publishTemplate<M extends UpMessage>(sn: string, message: M, body: Body<M>) {
  const p = packet(sn, message, { ...body, ts: TS_MARK } as Body<M>);
  const first = 0x30 | (p.qos << 1) | (p.retain ? 1 : 0);
  const topic = str(p.topic);
  const id = p.qos > 0 ? Buffer.from([0, 0]) : Buffer.alloc(0);
  const varHead = Buffer.concat([topic, id]);
  const buf = frame(first, Buffer.concat([varHead, Buffer.from(p.payload)]));
  const payloadAt = buf.length - p.payload.byteLength;
  const tsAt = buf.indexOf(`"ts":${TS_MARK}`, payloadAt) + 5;
  if (tsAt < payloadAt + 5) throw new Error(`${message}: no ts in the encoded payload`);
  return { buf, tsAt, idAt: p.qos > 0 ? payloadAt - 2 : -1 };
}

// ── Devices ───────────────────────────────────────────────────────────────────────────────────────
interface Device {
  sn: string;
  hello: Buffer;
  socket: net.Socket | null;
  /** The round as one buffer (telemetry, state, clients), its ts positions and the state's id. */
  round: Buffer;
  tsAt: number[];
  idAt: number;
  messages: UpMessage[];
  nextId: number;
  inbox: Buffer;
  up: boolean;
}

const counters = {
  published: 0,
  byMessage: {} as Record<string, number>,
  acked: 0,
  closed: 0,
  behind: 0,
};

const devices: Device[] = fleet.map(({ sn, hello, bodies }) => {
  const parts = ROUND.filter((m) => bodies[m]).map((m) => ({
    m,
    t: publishTemplate(sn, m, bodies[m] as Body<typeof m>),
  }));
  let offset = 0;
  const tsAt: number[] = [];
  let idAt = -1;
  for (const { t } of parts) {
    tsAt.push(offset + t.tsAt);
    if (t.idAt >= 0) idAt = offset + t.idAt;
    offset += t.buf.length;
  }
  const h = packet(sn, 'hello', hello);
  return {
    sn,
    hello: frame(0x32, Buffer.concat([str(h.topic), Buffer.from([0, 1]), Buffer.from(h.payload)])),
    socket: null,
    round: Buffer.concat(parts.map((p) => p.t.buf)),
    tsAt,
    idAt,
    messages: parts.map((p) => p.m),
    nextId: 2,
    inbox: Buffer.alloc(0),
    up: false,
  };
});

/** Packets of one socket's byte stream; calls `on(type, flags, body)` per complete packet. */
function parse(d: Device, chunk: Buffer, on: (type: number, flags: number, body: Buffer) => void): void {
  let buf = d.inbox.length ? Buffer.concat([d.inbox, chunk]) : chunk;
  for (;;) {
    if (buf.length < 2) break;
    let len = 0;
    let mul = 1;
    let i = 1;
    for (; i < 5 && i < buf.length; i++) {
      len += (buf.readUInt8(i) & 0x7f) * mul;
      mul *= 128;
      if ((buf.readUInt8(i) & 0x80) === 0) break;
    }
    if (i >= buf.length || (buf.readUInt8(i) & 0x80) !== 0) break;
    const start = i + 1;
    if (buf.length < start + len) break;
    const first = buf.readUInt8(0);
    on(first >> 4, first & 0x0f, buf.subarray(start, start + len));
    buf = buf.subarray(start + len);
  }
  d.inbox = buf.length ? Buffer.from(buf) : Buffer.alloc(0);
}

/** Connects one device through the §4 sequence; resolves true when hello is acknowledged. */
function connect(d: Device): Promise<'up' | 'refused' | 'failed'> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: 'up' | 'refused' | 'failed') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const timer = setTimeout(() => {
      socket.destroy();
      done('failed');
    }, 30_000);
    const socket = net.connect(Number(target.port || 1883), target.hostname);
    socket.setNoDelay(true);
    d.socket = socket;
    socket.on('connect', () => socket.write(connectPacket(d.sn, deriveDeviceSecret(key, d.sn))));
    socket.on('data', (chunk) =>
      parse(d, chunk, (type, flags, body) => {
        if (type === 2) {
          if (body[1] !== 0) {
            socket.destroy();
            return done('refused');
          }
          socket.write(subscribePacket(d.sn));
        } else if (type === 9) {
          socket.write(d.hello);
        } else if (type === 4) {
          if (!d.up) {
            d.up = true;
            const state = Buffer.from(d.round);
            stamp(d, state);
            // Only the state of the round: §4 sends it right after hello.
            const at = d.messages.indexOf('state');
            if (at >= 0) socket.write(slice(state, at));
            return done('up');
          }
          counters.acked++;
        } else if (type === 3) {
          // A down message (a retained config, a command): acknowledge QoS 1, otherwise ignore.
          const qos = (flags >> 1) & 3;
          if (qos > 0) {
            const tl = body.readUInt16BE(0);
            socket.write(Buffer.concat([Buffer.from([0x40, 2]), body.subarray(2 + tl, 4 + tl)]));
          }
        }
      }),
    );
    socket.on('error', () => {});
    socket.on('close', () => {
      if (d.up) counters.closed++;
      d.up = false;
      d.socket = null;
      done('failed');
    });
  });
}

/** The bytes of message `index` of a stamped round. */
function slice(round: Buffer, index: number): Buffer {
  let start = 0;
  for (let i = 0; i < index; i++) start += packetLength(round, start);
  return round.subarray(start, start + packetLength(round, start));
}
function packetLength(buf: Buffer, at: number): number {
  let len = 0;
  let mul = 1;
  let i = at + 1;
  for (; ; i++) {
    len += (buf.readUInt8(i) & 0x7f) * mul;
    mul *= 128;
    if ((buf.readUInt8(i) & 0x80) === 0) break;
  }
  return i + 1 - at + len;
}

/** Writes the send time into every ts of the round and the next packet id into the state. */
function stamp(d: Device, buf: Buffer): void {
  const now = String(Date.now());
  for (const at of d.tsAt) buf.write(now, at, 'latin1');
  if (d.idAt >= 0) {
    buf.writeUInt16BE(d.nextId, d.idAt);
    d.nextId = d.nextId >= 65535 ? 1 : d.nextId + 1;
  }
}

// ── Connect everyone, then publish at the asked rate ─────────────────────────────────────────────
const outcome = { connected: 0, refused: 0, failed: 0 };
{
  let next = 0;
  const worker = async () => {
    while (next < devices.length) {
      const d = devices[next++];
      if (!d) break;
      const r = await connect(d);
      if (r === 'up') outcome.connected++;
      else outcome[r]++;
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
}
console.log(JSON.stringify(outcome));

let rate = 0;
let budget = 0;
let cursor = 0;
let last = performance.now();
setInterval(() => {
  const now = performance.now();
  const dt = (now - last) / 1000;
  last = now;
  if (rate <= 0) {
    budget = 0;
    return;
  }
  // At most one second of backlog: a generator that fell behind does not burst to catch up.
  budget = Math.min(budget + rate * dt, rate);
  let tries = 0;
  while (budget >= 1 && tries < devices.length) {
    const d = devices[cursor] as Device;
    cursor = (cursor + 1) % devices.length;
    tries++;
    const s = d.socket;
    if (!d.up || !s) continue;
    if (s.writableLength > MAX_BUFFERED) {
      counters.behind++;
      continue;
    }
    tries = 0;
    const buf = Buffer.from(d.round);
    stamp(d, buf);
    s.write(buf);
    budget -= d.messages.length;
    counters.published += d.messages.length;
    for (const m of d.messages) counters.byMessage[m] = (counters.byMessage[m] ?? 0) + 1;
  }
}, TICK_MS);

// Keep-alive: nothing else is sent while paused; a PINGREQ every 30 s keeps the broker patient.
setInterval(() => {
  for (const d of devices) if (d.up && d.socket) d.socket.write(Buffer.from([0xc0, 0]));
}, 30_000);

setInterval(() => console.log(JSON.stringify({ at: Date.now(), ...counters })), 250);

createInterface({ input: process.stdin }).on('line', (line) => {
  try {
    const cmd = JSON.parse(line) as { rate?: number };
    if (typeof cmd.rate === 'number') rate = cmd.rate;
  } catch {
    // not a command
  }
});
process.stdin.on('end', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
