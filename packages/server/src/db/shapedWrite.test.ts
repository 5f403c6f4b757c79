import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase, ShapedWrite } from '.';

interface Row {
  id: number;
  name: string | null;
  n?: number;
}

describe('ShapedWrite', () => {
  let db: Db;
  const executed: string[] = [];
  beforeEach(async () => {
    db = openDatabase('sqlite::memory:').db;
    await sql`create table t (id integer primary key, name text, n integer not null default 7)`.execute(db);
    executed.length = 0;
  });
  afterEach(async () => {
    await db.destroy();
  });

  const write = () =>
    new ShapedWrite<Row>((trx, rows) => {
      executed.push(`build ${rows.length}`);
      return trx
        .insertInto('t' as never)
        .values(rows as never)
        .onConflict((oc) => oc.column('id' as never).doUpdateSet({ name: sql`excluded.name` } as never));
    });

  const rowsOf = async () =>
    (await sql<Row>`select id, name, n from t order by id`.execute(db)).rows.map((r) => [r.id, r.name, r.n]);

  it('builds each slice size once and writes the same rows as Kysely would', async () => {
    const w = write();
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `r${i}`, n: i }));
    await w.run(db, rows); // 64 + 32 + 4
    await w.run(
      db,
      rows.map((r) => ({ ...r, name: `s${r.id}` })),
    );
    expect(executed).toEqual(['build 64', 'build 32', 'build 4']);
    const stored = await rowsOf();
    expect(stored).toHaveLength(100);
    expect(stored[99]).toEqual([99, 's99', 99]);
    expect(stored[0]).toEqual([0, 's0', 0]);
  });

  it('builds a slice whose rows have other columns with Kysely (the column default applies)', async () => {
    const w = write();
    await w.run(db, [{ id: 1, name: null }]);
    await w.run(db, [{ id: 2, name: 'b', n: 3 }]);
    await w.run(db, [{ id: 3, name: 'c', n: 4 }]);
    await w.run(db, [{ id: 4, name: 'd' }]);
    // The first slice's shape (id, name) is learnt; the rows with n have other columns and are built
    // by Kysely; the fourth (id, name again) runs the learnt shape.
    expect(executed).toEqual(['build 1', 'build 1', 'build 1']);
    expect(await rowsOf()).toEqual([
      [1, null, 7],
      [2, 'b', 3],
      [3, 'c', 4],
      [4, 'd', 7],
    ]);
  });
});
