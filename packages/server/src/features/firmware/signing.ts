/**
 * The short-lived signed download links of firmware files (docs/api.md "Firmware and upgrades"):
 * `<fileId>.<deviceId>.<expiresAt>.<signature>`, the signature an HMAC-SHA256 of the first three
 * with the file's own secret (`url_key`, in the database, so every node checks it and deleting the
 * file voids its links). A link names the device it was made for: the log says who downloaded.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LinkClaims {
  fileId: number;
  deviceId: number;
  expiresAt: number;
}

function signature(secret: string, body: string): string {
  return createHmac('sha256', Buffer.from(secret, 'base64url')).update(body).digest('base64url');
}

export function signLink(secret: string, c: LinkClaims): string {
  const body = `${c.fileId}.${c.deviceId}.${c.expiresAt}`;
  return `${body}.${signature(secret, body)}`;
}

/** The claims of a token, unchecked (the file's secret is needed to check it). */
export function readLink(token: string): (LinkClaims & { body: string; signature: string }) | null {
  const m = /^(\d{1,12})\.(\d{1,12})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, f, d, e, sig] = m;
  return {
    fileId: Number(f),
    deviceId: Number(d),
    expiresAt: Number(e),
    body: `${f}.${d}.${e}`,
    signature: sig as string,
  };
}

export function signatureValid(secret: string, body: string, sig: string): boolean {
  const want = Buffer.from(signature(secret, body));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
