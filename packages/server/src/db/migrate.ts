import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
  PostgresAdapter,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_devices_live';
import * as m0003 from './migrations/0003_device_list_indexes';
import * as m0004 from './migrations/0004_config';
import * as m0005 from './migrations/0005_rf';
import * as m0006 from './migrations/0006_alarms';
import * as m0007 from './migrations/0007_permissions';
import * as m0008 from './migrations/0008_time_zones';
import * as m0009 from './migrations/0009_notifications';
import * as m0011 from './migrations/0011_client_alias';
import * as m0012 from './migrations/0012_job_leases';
import * as m0013 from './migrations/0013_chart_indexes';
import * as m0014 from './migrations/0014_client_day_summaries';
import * as m0015 from './migrations/0015_maps';
import * as m0016 from './migrations/0016_datascreen';
import * as m0017 from './migrations/0017_topology_manual';
import * as m0018 from './migrations/0018_rf_neighbours';
import * as m0019 from './migrations/0019_firmware';
import * as m0020 from './migrations/0020_config_backups';
import * as m0021 from './migrations/0021_runlog';
import * as m0022 from './migrations/0022_reboot_schedules';
import * as m0025 from './migrations/0025_protocol_problems';
import * as m0026 from './migrations/0026_sharing';
import * as m0027 from './migrations/0027_account_management';
import * as m0028 from './migrations/0028_scan_login';
import * as m0029 from './migrations/0029_social';
import * as m0030 from './migrations/0030_sessions_api_keys';
import * as m0031 from './migrations/0031_client_sessions';
import * as m0032 from './migrations/0032_activation';
import * as m0033 from './migrations/0033_analytics';
import * as m0034 from './migrations/0034_solutions';
import * as m0035 from './migrations/0035_experience_projects';

// Migrations are imported statically (not read from disk) so they survive bundling into dist/main.js.
// Append new ones here; never edit or rename one that has shipped.
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_devices_live': m0002,
  '0003_device_list_indexes': m0003,
  '0004_config': m0004,
  '0005_rf': m0005,
  '0006_alarms': m0006,
  '0007_permissions': m0007,
  '0008_time_zones': m0008,
  '0009_notifications': m0009,
  '0011_client_alias': m0011,
  '0012_job_leases': m0012,
  '0013_chart_indexes': m0013,
  '0014_client_day_summaries': m0014,
  '0015_maps': m0015,
  '0016_datascreen': m0016,
  '0017_topology_manual': m0017,
  '0018_rf_neighbours': m0018,
  '0019_firmware': m0019,
  '0020_config_backups': m0020,
  '0021_runlog': m0021,
  '0022_reboot_schedules': m0022,
  '0025_protocol_problems': m0025,
  '0026_sharing': m0026,
  '0027_account_management': m0027,
  '0028_scan_login': m0028,
  '0029_social': m0029,
  '0030_sessions_api_keys': m0030,
  '0031_client_sessions': m0031,
  '0032_activation': m0032,
  '0033_analytics': m0033,
  '0034_solutions': m0034,
  '0035_experience_projects': m0035,
};

/** Names of every migration, in order. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort();

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/**
 * What the migrator asks of the database's catalogue, on PostgreSQL: the schemas, and the tables of
 * the connection's current schema only. Kysely's own introspector lists the columns of every table
 * of every schema and resolves each schema by name (`has_schema_privilege(name, …)`): a schema
 * another database user drops meanwhile (one schema per test suite; a tenant removed) makes that
 * query fail with "schema … does not exist", and the migration with it.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.db,
    );
    return rows.map((r) => ({ name: r.name }));
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; name: string; type: string }>`
      select table_schema as schema, table_name as name, table_type as type
      from information_schema.tables where table_schema = current_schema()`.execute(this.db);
    return rows.map((r) => ({ schema: r.schema, name: r.name, isView: r.type === 'VIEW', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/**
 * On PostgreSQL the migrator's bookkeeping tables live in the connection's current schema, found
 * through CurrentSchemaIntrospector. Kysely would otherwise find another schema's `kysely_migration`
 * table and skip creating its own (several databases sharing one server, e.g. one schema per test
 * suite), or fail on another schema dropped while it looked.
 */
async function migrator(db: Kysely<unknown>): Promise<Migrator> {
  const provider = new StaticMigrationProvider();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  const introspection = new CurrentSchemaIntrospector(db);
  // The migrator reads `db.introspection`; everything else is the database itself (methods bound to
  // it: Kysely keeps its state in private fields).
  const scoped = new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return new Migrator({ db: scoped, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

function check(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return (result.results ?? []).map((r) => r.migrationName);
}

/** Runs every pending migration; returns the names applied. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  return check(await (await migrator(db as Kysely<unknown>)).migrateToLatest());
}

/** Runs the migrations up to and including `name` (tests of a migration's data conversion). */
export async function migrateUpTo<T>(db: Kysely<T>, name: string): Promise<string[]> {
  return check(await (await migrator(db as Kysely<unknown>)).migrateTo(name));
}

/** Reverts every migration (tests). */
export async function migrateDownAll<T>(db: Kysely<T>): Promise<string[]> {
  const m = await migrator(db as Kysely<unknown>);
  const applied: string[] = [];
  for (;;) {
    const result = await m.migrateDown();
    const names = check(result);
    if (names.length === 0) return applied;
    applied.push(...names);
  }
}
