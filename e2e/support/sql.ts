import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ACCOUNT_ROLES } from '@netloom/domain';

/**
 * The one operator step that has no screen: making the first administrator (docs/operations.md,
 * "Account management") is an SQL update of `accounts.role`. The shared console's SQLite file lives
 * in the harness's data directory (`NETLOOM_E2E_DATA_DIR`); better-sqlite3 is the server's own
 * driver, loaded from the workspace (WAL mode: the running server sees the row at its next read).
 */
interface Statement {
  run(...params: unknown[]): { changes: number };
}
interface SqliteDb {
  prepare(sql: string): Statement;
  pragma(s: string): unknown;
  close(): void;
}
type SqliteCtor = new (file: string) => SqliteDb;

function withConsoleDb<T>(fn: (db: SqliteDb) => T): T {
  const dir = process.env.NETLOOM_E2E_DATA_DIR;
  if (!dir)
    throw new Error('NETLOOM_E2E_DATA_DIR is not set: run the suite through e2e/playwright.config.ts.');
  const Database = createRequire(import.meta.url)('better-sqlite3') as SqliteCtor;
  const db = new Database(join(dir, 'netloom.db'));
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}

export function makeManufacturer(email: string): void {
  withConsoleDb((db) => {
    const { changes } = db
      .prepare('UPDATE accounts SET role = ? WHERE email = ?')
      .run(ACCOUNT_ROLES.MANUFACTURER, email);
    if (changes !== 1) throw new Error(`no account ${email} to make a manufacturer`);
  });
}

/**
 * Time passing for one address's codes: the codes sent to `email` (its registration code) are dated
 * two minutes back, so the one-code-a-minute rule (2010, tested by the server's own tests) lets the
 * next code go at once instead of the test waiting a minute of real time.
 */
export function ageCodesOf(email: string): void {
  withConsoleDb((db) => {
    db.prepare('UPDATE verification_codes SET created_at = ? WHERE target = ?').run(
      new Date(Date.now() - 120_000).toISOString(),
      email,
    );
  });
}
