import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../src/db';
import { migrateDownAll, migrateToLatest, migrateUpTo } from '../src/db/migrate';
import { createSuiteDatabase, describeEachDb, type SuiteDatabase } from './harness';

// Migration 0008: the UTC offsets of existing projects become IANA zones (docs/decisions.md "Time zones").
describeEachDb('migration 0008: project offsets become IANA zones', (kind) => {
  let suite: SuiteDatabase;
  let h: DbHandle;
  beforeAll(async () => {
    suite = await createSuiteDatabase(kind);
    h = openDatabase(suite.url);
  });
  afterAll(async () => {
    await h.db.destroy();
    await suite.drop();
  });

  const OFFSETS: readonly (readonly [number, string])[] = [
    [8, 'Asia/Shanghai'],
    [0, 'UTC'],
    [5.5, 'Asia/Kolkata'],
    [5.75, 'Asia/Kathmandu'],
    [-5, 'Etc/GMT+5'],
    [1, 'Etc/GMT-1'],
    [-3.5, 'America/St_Johns'],
    [7.25, 'Asia/Shanghai'], // never offered: the spec's default
  ];

  it('converts every offset project and keeps the rest of the row', async () => {
    await migrateUpTo(h.db, '0007_permissions');
    const now = '2026-03-10T10:00:00.000Z';
    await sql`insert into accounts (cloud_code, password_hash, nick, role, company_name, company_location, created_at, updated_at)
      values ('TZACCOUNT1', 'x', 'tz', 0, '', '', ${now}, ${now})`.execute(h.db);
    const { rows } = await sql<{
      id: number;
    }>`select id from accounts where cloud_code = 'TZACCOUNT1'`.execute(h.db);
    const owner = rows[0]?.id;
    for (const [offset] of OFFSETS)
      await sql`insert into projects (name, net_mode, scenario, location, address, time_zone, type_flag, owner_id, created_at, updated_at)
        values (${`P ${offset}`}, 0, 'hotel', 'Lisbon', '', ${offset}, 0, ${owner}, ${now}, ${now})`.execute(
        h.db,
      );

    expect(await migrateToLatest(h.db)).toContain('0008_time_zones');
    const after = await h.db
      .selectFrom('projects')
      .select(['name', 'time_zone', 'location'])
      .orderBy('id')
      .execute();
    expect(after.map((p) => [p.name, p.time_zone])).toEqual(OFFSETS.map(([o, zone]) => [`P ${o}`, zone]));
    expect(after.every((p) => p.location === 'Lisbon')).toBe(true);

    // Start the next case from an empty database.
    await migrateDownAll(h.db);
  });

  it('goes down to offsets: named zones to theirs, a zone picked after the upgrade to +8', async () => {
    await migrateToLatest(h.db);
    const now = '2026-03-10T10:00:00.000Z';
    await sql`insert into accounts (cloud_code, password_hash, nick, role, company_name, company_location, created_at, updated_at)
      values ('TZACCOUNT2', 'x', 'tz2', 0, '', '', ${now}, ${now})`.execute(h.db);
    const { rows } = await sql<{
      id: number;
    }>`select id from accounts where cloud_code = 'TZACCOUNT2'`.execute(h.db);
    for (const zone of ['Asia/Kolkata', 'Etc/GMT+5', 'Europe/Lisbon'])
      await sql`insert into projects (name, net_mode, scenario, location, address, time_zone, type_flag, owner_id, created_at, updated_at)
        values (${zone}, 0, 'hotel', '', '', ${zone}, 0, ${rows[0]?.id}, ${now}, ${now})`.execute(h.db);
    await migrateUpTo(h.db, '0007_permissions');
    const back = await sql<{
      name: string;
      time_zone: number;
    }>`select name, time_zone from projects order by id`.execute(h.db);
    expect(back.rows.map((r) => [r.name, Number(r.time_zone)])).toEqual([
      ['Asia/Kolkata', 5.5],
      ['Etc/GMT+5', -5],
      ['Europe/Lisbon', 8],
    ]);
  });
});
