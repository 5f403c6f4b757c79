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

/**
 * Makes `stream` refuse any MQTT packet whose fixed header announces more than `maxBytes`, before
 * its body is buffered: the bytes a socket reads are scanned as they arrive (the fixed header's
 * remaining length, then the body skipped by count — no copy, a few numbers of state per
 * connection), and the first header over the limit calls `onOversize` and is never passed on;
 * `onOversize` closes the connection. Without it the MQTT parser would buffer the whole packet
 * (10 MB and more) before looking at it.
 *
 * It hooks the stream's own `push`, through which a `net.Socket` (and the WebSocket stream of
 * `ws`) hands what it reads to its readable side, so the broker reads the same stream as before.
 */
export function limitPacketSize(
  stream: Duplex,
  maxBytes: number,
  onOversize: (announcedBytes: number) => void,
): void {
  const push: Push = stream.push.bind(stream);
  /** Body bytes of the current packet still to come. */
  let body = 0;
  /** Reading a fixed header: 0 = its first byte is next; 1.. = remaining-length bytes read. */
  let headerAt = 0;
  let length = 0;
  let multiplier = 1;
  let refused = false;
  /** A malformed remaining length: the parser refuses it; stop scanning and let it. */
  let gaveUp = false;

  stream.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (refused) return false;
    if (gaveUp || !Buffer.isBuffer(chunk)) return push(chunk, encoding);
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (body > 0) {
        const skip = Math.min(body, n - i);
        body -= skip;
        i += skip;
        continue;
      }
      const byte = chunk[i++] as number;
      if (headerAt === 0) {
        headerAt = 1;
        length = 0;
        multiplier = 1;
        continue;
      }
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      if (byte & 0x80) {
        if (headerAt++ >= MAX_LENGTH_BYTES) {
          gaveUp = true;
          break;
        }
        continue;
      }
      const total = 1 + headerAt + length;
      headerAt = 0;
      if (total > maxBytes) {
        refused = true;
        onOversize(total);
        return false;
      }
      body = length;
    }
    return push(chunk, encoding);
  };
}
