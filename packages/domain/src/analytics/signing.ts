/**
 * How an analytics upload is signed (issue 15 §3; docs/api.md "Analytics upload"): HMAC-SHA256 with
 * the terminal's key over the bytes `<timestamp>.<terminal id>.` followed by the body exactly as sent
 * (gzip), as lowercase hex in the `signature` header. The server refuses a timestamp (ms since the
 * epoch) further than `ANALYTICS_TIMESTAMP_WINDOW_MS` from its clock. The web signs with WebCrypto,
 * the server verifies with node:crypto; both build the signed bytes here.
 */

/** The upload's path: outside `/api`, as the spec names it. */
export const ANALYTICS_UPLOAD_PATH = '/upload/app-data/v2';

/** The request headers of an upload (lower case, as HTTP/2 and Node see them). */
export const ANALYTICS_HEADERS = {
  signature: 'signature',
  timestamp: 'timestamp',
  terminal: 'terminal-id',
} as const;

/** The body's content type: gzip-compressed JSON. */
export const ANALYTICS_CONTENT_TYPE = 'application/gzip';

/** The bytes signed before the body. */
export function analyticsSigningPrefix(timestamp: string, terminalId: string): Uint8Array {
  return new TextEncoder().encode(`${timestamp}.${terminalId}.`);
}

/** The prefix and the body as one byte array (what the HMAC runs over). */
export function analyticsSignedBytes(timestamp: string, terminalId: string, body: Uint8Array): Uint8Array {
  const prefix = analyticsSigningPrefix(timestamp, terminalId);
  const all = new Uint8Array(prefix.length + body.length);
  all.set(prefix, 0);
  all.set(body, prefix.length);
  return all;
}

/** Lowercase hex of bytes (the signature's form). */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}
