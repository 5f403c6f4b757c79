/**
 * PostgreSQL aborts one of two transactions that wait on each other's row locks (deadlock, 40P01)
 * or cannot be serialised (40001); the aborted one rolled back entirely and may simply run again.
 * Writers lock rows in one order (device id) to make this rare; this makes the rare case harmless.
 * SQLite runs one write transaction at a time and never raises these.
 */

/** Whether an error is PostgreSQL's deadlock or serialization failure. */
export function isLockConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** Runs a whole transaction again when PostgreSQL aborted it for a lock conflict (at most `attempts` times). */
export async function retryOnLockConflict<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isLockConflict(err)) throw err;
      // The other transaction holds its locks until it commits: let it go first.
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}
