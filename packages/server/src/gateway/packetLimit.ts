import type { Duplex } from 'node:stream';

/**
 * The largest MQTT packet a device may send, fixed header included, on every transport: one
 * WebSocket frame (the `/mqtt` route's maxPayload) and one packet on TCP. The protocol's largest
 * message is 256 KiB (docs/protocol.md §9), so this leaves room for the topic and headers.
 */
export const MAX_MQTT_PACKET_BYTES = 1024 * 1024;

/** A remaining length has at most 4 bytes (MQTT 3.1.1 §2.2.3). */
const MAX_LENGTH_BYTES = 4;

type Push = Duplex['push'];
export type OversizeHandler = (stream: Duplex, announcedBytes: number) => void;

/** Per connection: a handful of numbers (no closure; the hook below is one function for all). */
interface Scan {
  push: Push;
  maxBytes: number;
  onOversize: OversizeHandler;
  /** Body bytes of the current packet still to come. */
  body: number;
  /** Reading a fixed header: 0 = its first byte is next; n = n header bytes read so far. */
  headerAt: number;
  length: number;
  multiplier: number;
  /** Refused (nothing more passes) or gave up (a malformed length: the parser refuses it itself). */
  state: 'scanning' | 'refused' | 'passing';
}

const SCAN = Symbol('mqttPacketScan');
type Scanned = Duplex & { [SCAN]?: Scan };

/**
 * Makes `stream` refuse any MQTT packet whose fixed header announces more than `maxBytes`, before
 * its body is buffered: the bytes a socket reads are scanned as they arrive (the fixed header's
 * remaining length, then the body skipped by count — no copy), and the first header over the limit
 * calls `onOversize` (which closes the connection) and is never passed on. Without it the MQTT
 * parser would buffer the whole packet (10 MB and more) before looking at it.
 *
 * It hooks the stream's own `push`, through which a `net.Socket` (and the WebSocket stream of `ws`)
 * hands what it reads to its readable side, so the broker reads the same stream as before. The hook
 * is one shared function reading its state from the stream: ~150 bytes per connection.
 */
export function limitPacketSize(stream: Duplex, maxBytes: number, onOversize: OversizeHandler): void {
  (stream as Scanned)[SCAN] = {
    push: stream.push,
    maxBytes,
    onOversize,
    body: 0,
    headerAt: 0,
    length: 0,
    multiplier: 1,
    state: 'scanning',
  };
  stream.push = scanningPush;
}

function scanningPush(this: Scanned, chunk: unknown, encoding?: BufferEncoding): boolean {
  const s = this[SCAN] as Scan;
  if (s.state === 'refused') return false;
  if (s.state === 'passing' || !Buffer.isBuffer(chunk)) return s.push.call(this, chunk, encoding);
  const n = chunk.length;
  let i = 0;
  while (i < n) {
    if (s.body > 0) {
      const skip = Math.min(s.body, n - i);
      s.body -= skip;
      i += skip;
      continue;
    }
    const byte = chunk[i++] as number;
    if (s.headerAt === 0) {
      s.headerAt = 1;
      s.length = 0;
      s.multiplier = 1;
      continue;
    }
    s.length += (byte & 0x7f) * s.multiplier;
    s.multiplier *= 128;
    if (byte & 0x80) {
      if (s.headerAt++ >= MAX_LENGTH_BYTES) {
        s.state = 'passing';
        break;
      }
      continue;
    }
    const total = 1 + s.headerAt + s.length;
    s.headerAt = 0;
    if (total > s.maxBytes) {
      s.state = 'refused';
      s.onOversize(this, total);
      return false;
    }
    s.body = s.length;
  }
  return s.push.call(this, chunk, encoding);
}
