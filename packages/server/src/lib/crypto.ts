import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** An opaque random token (session, CSRF), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function randomDigits(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(randomInt(10));
  return s;
}

// No 0/O, 1/I/L: cloud codes are read aloud and typed by hand.
const CLOUD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function randomCloudCode(length = 10): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CLOUD_ALPHABET[randomInt(CLOUD_ALPHABET.length)];
  return s;
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** scrypt cost as log2(N). 15 (N = 32768) in production; tests may pass a lower one explicitly. */
export const DEFAULT_SCRYPT_LOG_N = 15;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, logN: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N, r: 8, p: 1, maxmem: 256 * N * 8 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$<logN>$<salt b64>$<hash b64>`: the cost travels with the hash, so it can change later. */
export async function hashPassword(password: string, logN = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, logN);
  return `scrypt$${logN}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(logN));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash is a password at all (system and social-only accounts store a marker no password matches). */
export function hasUsablePassword(stored: string): boolean {
  return stored.startsWith('scrypt$');
}
