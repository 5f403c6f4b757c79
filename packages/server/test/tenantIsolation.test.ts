/**
 * Tenant isolation of every project route (issue 16 §4), from the declared HTTP contract rather than
 * a hand-picked list: each project-scoped endpoint domain declares is called as a signed-in account
 * that is not a member of the project (refused with 73, no data) and each change as a read-only
 * member (refused with 916, or with the owner-only answer), with a body the route would otherwise
 * take or refuse — the guards answer before validation. Nothing in the database changes. A new
 * route whose guard is missing or wrong fails here.
 */
import { ERR } from '@netloom/domain';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../src/db';
import { createProject, DEVICE_ENV, seedDevices } from './devices.fixtures';
import { projectEndpoints, urlOf } from './endpointWalk';
import { addMember, signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

/** Written in the background whoever calls (jobs' leases, the series sampler, sessions). */
const BACKGROUND_TABLES = new Set([
  'job_leases',
  'project_series_5m',
  'project_series_1h',
  'sessions',
  'client_day_summaries',
  'kysely_migration',
  'kysely_migration_lock',
]);

/** Rows per table (but the background ones): what a refused call must leave as it was. */
async function rowCounts(db: Db, postgres: boolean): Promise<Record<string, number>> {
  const tables = postgres
    ? await sql<{
        name: string;
      }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const out: Record<string, number> = {};
  for (const { name } of tables.rows) {
    if (BACKGROUND_TABLES.has(name)) continue;
    const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    out[name] = Number(r.rows[0]?.n ?? 0);
  }
  return out;
}

describeEachDb('tenant isolation: every project route', (kind) => {
  const t = useTestApp(kind, { env: DEVICE_ENV });

  async function setUp() {
    const owner = await signedInUser(t());
    const projectId = await createProject(owner.client);
    const db = t().database.db;
    await seedDevices(db, projectId, 1, 'ap');
    const device = await db
      .selectFrom('devices')
      .select('id')
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return { owner, projectId, deviceId: device.id, db };
  }

  it('a non-member is refused with 73 on every project-scoped route, gets no data and changes nothing', async () => {
    const { projectId, deviceId, db } = await setUp();
    const stranger = await signedInUser(t());
    const endpoints = projectEndpoints();
    expect(endpoints.length).toBeGreaterThan(50);
    const before = await rowCounts(db, kind === 'postgres');
    const wrong: string[] = [];
    for (const e of endpoints) {
      const r = await stranger.client.call(
        e.method,
        urlOf(e, projectId, deviceId),
        e.method === 'GET' ? undefined : {},
      );
      if (r.body.code !== ERR.PROJECT_INVALID || r.body.data !== undefined)
        wrong.push(`${e.method} ${e.path}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await rowCounts(db, kind === 'postgres')).toEqual(before);
  });

  it('a read-only member is refused on every change and changes nothing', async () => {
    const { projectId, deviceId, db } = await setUp();
    const reader = await signedInUser(t());
    await addMember(t(), projectId, reader.accountId, 'r');
    const changes = projectEndpoints().filter((e) => e.method !== 'GET');
    expect(changes.length).toBeGreaterThan(25);
    const before = await rowCounts(db, kind === 'postgres');
    const wrong: string[] = [];
    for (const e of changes) {
      const need = typeof e.auth === 'object' ? e.auth.project : null;
      const expected = need === 'own' ? ERR.NO_PERMISSION : ERR.READ_ONLY_SHARE;
      const r = await reader.client.call(e.method, urlOf(e, projectId, deviceId), {});
      if (r.body.code !== expected)
        wrong.push(`${e.method} ${e.path} (${need}): ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await rowCounts(db, kind === 'postgres')).toEqual(before);
  });
});
