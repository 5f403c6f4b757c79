import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachedStatements } from './sqliteStatements';

describe('kept prepared statements', () => {
  const sqlite = new SqliteDatabase(':memory:');
  const db = cachedStatements(sqlite);

  it('hands out the kept statement for the same SQL, a new one while it is being iterated', () => {
    const a = db.prepare('select 1 as one');
    expect(db.prepare('select 1 as one')).toBe(a);
    const rows = db.prepare('select value from json_each(?)') as unknown as SqliteDatabase.Statement;
    const it = rows.iterate('[1,2,3]');
    it.next(); // busy now
    expect(db.prepare('select value from json_each(?)')).not.toBe(rows);
    it.return?.();
    expect(db.prepare('select value from json_each(?)')).toBe(rows);
  });

  it('keeps a statement used since the last pass when the cache is full, and lets an unused one go', () => {
    const first = db.prepare('select 2 as kept');
    const idle = db.prepare('select 3 as idle');
    expect(db.prepare('select 2 as kept')).toBe(first); // used
    for (let i = 0; i < 300; i++) db.prepare(`select ${i + 10} as filler`);
    expect(db.prepare('select 2 as kept')).toBe(first);
    expect(db.prepare('select 3 as idle')).not.toBe(idle);
  });
});
