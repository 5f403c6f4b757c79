import { createHmac, timingSafeEqual } from 'node:crypto';
import { analyticsSignedBytes } from '@netloom/domain';

const HEX_SIGNATURE = /^[0-9a-f]{64}$/;

/** The upload's HMAC-SHA256 (domain `analyticsSignedBytes`), lowercase hex; the key is the key string's UTF-8. */
export function analyticsSignature(
  key: string,
  timestamp: string,
  terminalId: string,
  body: Uint8Array,
): string {
  return createHmac('sha256', key)
    .update(analyticsSignedBytes(timestamp, terminalId, body))
    .digest('hex');
}

/** Whether `given` is the body's signature (constant time). */
export function signatureMatches(
  key: string,
  timestamp: string,
  terminalId: string,
  body: Uint8Array,
  given: string,
): boolean {
  const lower = given.toLowerCase();
  if (!HEX_SIGNATURE.test(lower)) return false;
  const want = Buffer.from(analyticsSignature(key, timestamp, terminalId, body), 'hex');
  return timingSafeEqual(want, Buffer.from(lower, 'hex'));
}
