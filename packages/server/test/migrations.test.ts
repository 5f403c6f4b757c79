import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../src/db';
import { MIGRATION_NAMES, migrateDownAll, migrateToLatest } from '../src/db/migrate';
import { createSuiteDatabase, describeEachDb, postgresAvailable, type SuiteDatabase } from './harness';

const TABLES = [
  'account_audit',
  'account_permissions',
  'account_preferences',
  'accounts',
  'activation_day_totals',
  'activation_days',
  'activation_months',
  'analytics_events',
  'analytics_terminals',
  'api_keys',
  'audit_log',
  'avatars',
  'backup_settings',
  'client_aliases',
  'client_day_summaries',
  'client_days',
  'client_sessions',
  'clients',
  'commands',
  'config_backups',
  'config_documents',
  'config_revisions',
  'datascreen_settings',
  'device_activations',
  'device_configs',
  'device_events',
  'device_problems',
  'devices',
  'experience_projects',
  'firmware_files',
  'job_leases',
  'login_failures',
  'map_placements',
  'map_walls',
  'maps',
  'notification_channels',
  'notification_deliveries',
  'pending_devices',
  'project_creations',
  'project_invitations',
  'project_members',
  'project_series_1h',
  'project_series_5m',
  'projects',
  'reboot_schedules',
  'rf_neighbours',
  'rf_runs',
  'runlog_settings',
  'scan_login_tickets',
  'session_policies',
  'sessions',
  'sms_sends',
  'social_flows',
  'social_identities',
  'social_pending',
  'solution_scenarios',
  'solution_shares',
  'solutions',
  'telemetry_1h',
  'telemetry_5m',
  'telemetry_raw',
  'topology_manual_nodes',
  'verification_codes',
];
const MIGRATIONS = MIGRATION_NAMES;
it('registers every migration in order', () => {
  expect(MIGRATIONS[0]).toBe('0001_foundation');
  expect(MIGRATIONS).toContain('0002_devices_live');
  expect([...MIGRATIONS].sort()).toEqual(MIGRATIONS);
});

async function tables(h: DbHandle): Promise<string[]> {
  const rows =
    h.kind === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(h.db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
          h.db,
        );
  return rows.rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_') && !n.startsWith('sqlite_'));
}

describeEachDb('migrations', (kind) => {
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

  it('go up, are idempotent, go down and up again', async () => {
    expect(await migrateToLatest(h.db)).toEqual(MIGRATIONS);
    expect((await tables(h)).sort()).toEqual(TABLES);
    expect(await migrateToLatest(h.db)).toEqual([]);
    expect(await migrateDownAll(h.db)).toEqual([...MIGRATIONS].reverse());
    expect(await tables(h)).toEqual([]);
    expect(await migrateToLatest(h.db)).toEqual(MIGRATIONS);
  });

  it('enforces foreign keys and cascades project deletion to members and devices', async () => {
    const now = new Date().toISOString();
    const { id: accountId } = await h.db
      .insertInto('accounts')
      .values({
        cloud_code: 'ABCDEFGHJK',
        email: 'fk@example.com',
        country_code: null,
        mobile: null,
        password_hash: 'x',
        nick: 'fk',
        role: 0,
        company_name: '',
        company_location: '',
        company_name_changed_at: null,
        company_location_changed_at: null,
        avatar_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: projectId } = await h.db
      .insertInto('projects')
      .values({
        name: 'P',
        net_mode: 0,
        scenario: 'home',
        location: '',
        address: '',
        time_zone: 'Asia/Kathmandu',
        type_flag: 0,
        owner_id: accountId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('project_members')
      .values({ project_id: projectId, account_id: accountId, right: 'own', created_at: now })
      .execute();
    await h.db
      .insertInto('devices')
      .values({
        project_id: projectId,
        sn: 'SN0000000000000001',
        type: 'ap',
        name: '',
        status: 1,
        created_at: now,
      })
      .execute();
    const tz = await h.db
      .selectFrom('projects')
      .select('time_zone')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(tz.time_zone).toBe('Asia/Kathmandu');

    await expect(
      h.db
        .insertInto('devices')
        .values({
          project_id: 987654,
          sn: 'SN0000000000000002',
          type: 'ap',
          name: '',
          status: 0,
          created_at: now,
        })
        .execute(),
    ).rejects.toThrow();
    await h.db.deleteFrom('projects').where('id', '=', projectId).execute();
    expect(await h.db.selectFrom('devices').selectAll().execute()).toEqual([]);
    expect(await h.db.selectFrom('project_members').selectAll().execute()).toEqual([]);
  });
});

// PostgreSQL only: SQLite has one database per file and nothing else in it.
describe.skipIf(!postgresAvailable)('migrations beside other schemas of the server [postgres]', () => {
  const kind = 'postgres' as const;
  it('run while other schemas are created and dropped (one schema per suite, tenants removed)', async () => {
    const mine = await createSuiteDatabase(kind);
    const h = openDatabase(mine.url);
    // Other schemas come and go, each with a table, until the migrations are done.
    let migrating = true;
    let churned = 0;
    const churn = (async () => {
      while (migrating) {
        const other = await createSuiteDatabase(kind);
        const o = openDatabase(other.url);
        await sql`create table t (id serial primary key, v text)`.execute(o.db);
        await o.db.destroy();
        await other.drop();
        churned++;
      }
    })();
    try {
      for (let round = 0; round < 3; round++) {
        expect(await migrateToLatest(h.db)).toEqual(MIGRATIONS);
        expect(await migrateDownAll(h.db)).toEqual([...MIGRATIONS].reverse());
      }
    } finally {
      migrating = false;
      await churn;
      await h.db.destroy();
      await mine.drop();
    }
    expect(churned).toBeGreaterThan(0);
  });
});
