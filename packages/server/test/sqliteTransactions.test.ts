import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db';
import { ImmediateSqliteDialect } from '../src/db/sqliteDialect';

// The console's SQLite transactions take the write lock when they begin (db/sqliteDialect.ts): a
// write by another connection (an operator's sqlite3 session) can no longer slip in between a
// transaction's first read and its first write and fail it with SQLITE_BUSY_SNAPSHOT.

describe('SQLite transactions beside another connection', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function files() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-sqlite-trx-'));
    dirs.push(dir);
    return path.join(dir, 'netloom.db');
  }

  it('a read-then-write transaction commits although another connection tried to write in between', async () => {
    const file = files();
    const { db } = openDatabase(`sqlite:${file}`);
    await sql`create table t (x integer)`.execute(db);
    await sql`insert into t (x) values (1)`.execute(db);
    const operator = new SqliteDatabase(file);
    // The operator does not wait: its write either lands before the transaction's snapshot or is refused.
    operator.pragma('busy_timeout = 0');
    let operatorWrote: boolean | undefined;
    try {
      await db.transaction().execute(async (trx) => {
        const before = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
        expect(before.rows[0]?.n).toBe(1);
        try {
          operator.prepare('insert into t (x) values (2)').run();
          operatorWrote = true;
        } catch (err) {
          expect((err as { code?: string }).code).toBe('SQLITE_BUSY');
          operatorWrote = false;
        }
        await sql`insert into t (x) values (3)`.execute(trx);
      });
      const rows = await sql<{ x: number }>`select x from t order by x`.execute(db);
      // The transaction held the lock from its start: the operator was refused, the transaction committed.
      expect(operatorWrote).toBe(false);
      expect(rows.rows.map((r) => r.x)).toEqual([1, 3]);
      // Once it committed, the operator's write goes through.
      operator.prepare('insert into t (x) values (2)').run();
      const after = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
      expect(after.rows[0]?.n).toBe(3);
    } finally {
      operator.close();
      await db.destroy();
    }
  });
});

describe('a checkpoint that holds the writers', () => {
  it('queries wait for it without blocking the event loop, then run', async () => {
    let release: () => void = () => {};
    let holding: Promise<void> | null = new Promise<void>((resolve) => {
      release = () => {
        holding = null;
        resolve();
      };
    });
    const sqlite = new SqliteDatabase(':memory:');
    const db = new Kysely<{ t: { x: number } }>({
      dialect: new ImmediateSqliteDialect({ database: sqlite }, () => holding),
    });
    try {
      const order: string[] = [];
      const query = sql`select 1 as one`.execute(db).then(() => order.push('query'));
      const tx = db
        .transaction()
        .execute(async (trx) => sql`select 2 as two`.execute(trx))
        .then(() => order.push('transaction'));
      // The loop turns while they wait (a blocked loop would run this only after them)…
      await new Promise<void>((resolve) => setImmediate(resolve));
      order.push('loop');
      release();
      await Promise.all([query, tx]);
      // …and they ran once the checkpoint let go.
      expect(order).toEqual(['loop', 'query', 'transaction']);
    } finally {
      await db.destroy();
    }
  });
});
