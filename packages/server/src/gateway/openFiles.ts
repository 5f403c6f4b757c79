import fs from 'node:fs';

/** Descriptors kept for everything but device connections: at least this many… */
const RESERVE_MIN = 100;
/** …5 % of the limit… */
const RESERVE_SHARE = 0.05;
/** …and at most this many (the database pool, HTTP and browser WebSockets, files, Node itself). */
const RESERVE_MAX = 1000;

/**
 * The soft open-file limit of this process (RLIMIT_NOFILE, which Node raises to the hard limit at
 * start), from /proc/self/limits; null where that file does not exist (not Linux) or says unlimited.
 */
export function openFileLimit(
  read: () => string = () => fs.readFileSync('/proc/self/limits', 'utf8'),
): number | null {
  let text: string;
  try {
    text = read();
  } catch {
    return null;
  }
  const line = text.split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  const n = Number(soft);
  return soft !== undefined && Number.isInteger(n) && n > 0 ? n : null;
}

export interface ConnectionCapacity {
  /** The soft open-file limit, or null when unknown. */
  openFileLimit: number | null;
  /** Descriptors kept for the rest of the process. */
  reserve: number;
  /** Device connections (TCP and WebSocket together) the limit allows; null = no limit known. */
  allowed: number | null;
}

/** What an open-file limit leaves for device connections once the reserve is kept. */
export function connectionCapacity(limit: number | null): ConnectionCapacity {
  if (limit === null) return { openFileLimit: null, reserve: RESERVE_MAX, allowed: null };
  const reserve = Math.min(RESERVE_MAX, Math.max(RESERVE_MIN, Math.ceil(limit * RESERVE_SHARE)));
  return { openFileLimit: limit, reserve, allowed: Math.max(0, limit - reserve) };
}
