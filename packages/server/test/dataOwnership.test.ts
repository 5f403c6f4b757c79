/**
 * Data ownership (docs/architecture.md, "Data ownership"): every table has one owning feature; a
 * feature writes only its own tables and reads another feature's data through its `index.ts`. The
 * import rules cannot see a reach-in that goes through the database, so this test reads the SQL of
 * every feature — Kysely's `selectFrom`/`insertInto`/`updateTable`/`deleteFrom`/joins and the table
 * names of raw `sql` templates — and fails on a write to another feature's table, or a read of one
 * that is not among the documented exceptions. A new table must be given an owner here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');
const FEATURES = join(SRC, 'features');

/** Each table's owning feature (the table of docs/architecture.md). */
const OWNER: Record<string, string> = {
  accounts: 'account',
  avatars: 'account',
  sessions: 'auth',
  login_failures: 'auth',
  account_permissions: 'auth',
  session_policies: 'auth',
  api_keys: 'apiKeys',
  solutions: 'solutions',
  solution_shares: 'solutions',
  solution_scenarios: 'solutions',
  verification_codes: 'verification',
  sms_sends: 'verification',
  projects: 'projects',
  project_members: 'projects',
  project_creations: 'projects',
  project_invitations: 'sharing',
  devices: 'devices',
  pending_devices: 'devices',
  device_problems: 'devices',
  device_events: 'devices',
  commands: 'commands',
  telemetry_raw: 'telemetry',
  telemetry_5m: 'telemetry',
  telemetry_1h: 'telemetry',
  project_series_5m: 'telemetry',
  project_series_1h: 'telemetry',
  clients: 'clients',
  client_days: 'clients',
  client_sessions: 'clients',
  client_aliases: 'clients',
  client_day_summaries: 'monitoring',
  config_documents: 'config',
  config_revisions: 'config',
  device_configs: 'config',
  audit_log: 'config',
  rf_runs: 'rf',
  rf_neighbours: 'rf',
  account_preferences: 'preferences',
  notification_channels: 'notifications',
  notification_deliveries: 'notifications',
  maps: 'maps',
  map_walls: 'maps',
  map_placements: 'maps',
  datascreen_settings: 'datascreen',
  topology_manual_nodes: 'topology',
  config_backups: 'backup',
  backup_settings: 'backup',
  runlog_settings: 'runlog',
  reboot_schedules: 'rebootSchedules',
  firmware_files: 'firmware',
  scan_login_tickets: 'scanLogin',
  account_audit: 'accounts',
  social_identities: 'social',
  social_flows: 'social',
  social_pending: 'social',
  device_activations: 'activation',
  activation_days: 'activation',
  activation_months: 'activation',
  activation_day_totals: 'activation',
  analytics_terminals: 'analytics',
  analytics_events: 'analytics',
  experience_projects: 'experience',
  // Infrastructure, not a feature: the cross-node leases of scheduled jobs (lib/singleton.ts).
  job_leases: 'singleton',
};

/** Writes to another feature's table, each documented where it happens. */
const WRITES_ALLOWED: Record<string, readonly string[]> = {
  // The `read` flag and the clear (`cleared_at`, `cleared_text`) of alarms are the alarms feature's.
  'alarms/store.ts': ['device_events'],
  // The latest rates without the device plane (the writer tested on its own); in the app they go
  // through the plane's device writer.
  'telemetry/store.ts': ['devices'],
  // The demo's made-up past (start-up fixture, not live data), written as the owners' rows would be and
  // skipped when they exist (docs/architecture.md "Data ownership"). Its rollups, series, client days,
  // summaries and alarms go through one generic batch insert this scan cannot name; the doc lists them.
  'demo/history.ts': ['audit_log', 'rf_runs'],
};

/** Reads of another feature's tables: the read models, list joins and in-transaction reads. */
const READS_ALLOWED: Record<string, readonly string[]> = {
  // The data screen's 24-hour trend across projects reads telemetry's hourly project series (the read side).
  'monitoring/store.ts': ['devices', 'clients', 'project_series_1h'],
  'topology/store.ts': ['devices'],
  // The placed devices' name, SN, type and status in the map's statement (a list join), and whether a
  // device of the project may be placed (its type).
  'maps/store.ts': ['devices'],
  'monitoring/clientDayStore.ts': ['client_days', 'client_aliases'],
  'telemetry/sampler.ts': ['devices', 'clients'],
  // The demo's made-up past: which devices and projects to invent it for, what of it exists already.
  'demo/history.ts': ['devices', 'projects', 'audit_log', 'rf_runs'],
  'alarms/store.ts': ['devices'],
  'clients/store.ts': ['devices'],
  'clients/panelStore.ts': ['devices'],
  // A traceback names each connection's device (a list join).
  'clients/sessionStore.ts': ['devices'],
  'search/store.ts': ['devices', 'clients', 'client_aliases'],
  'devices/listQuery.ts': ['clients'],
  'config/store.ts': ['accounts', 'devices'],
  // The system log's pages name the account beside its entry (a list join).
  'config/projectLog.ts': ['accounts'],
  // Account management's audit names the administrator beside each change (a list join).
  'accounts/store.ts': ['accounts'],
  'projects/store.ts': ['accounts'],
  // The share list shows each member's nick and sign-in name (a list join).
  'projects/members.ts': ['accounts'],
  'devices/store.ts': ['projects'],
  'auth/permissions.ts': ['accounts'],
};

type Access = { table: string; write: boolean; line: number };

const KYSELY =
  /\b(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'([a-z0-9_]+)/g;
const KYSELY_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom']);
/** Table names in raw SQL (template literals only, so prose in comments does not count). */
const RAW = /\b(delete\s+from|insert\s+into|update|from|join)\s+([a-z0-9_]+)/gi;

function lineOf(source: string, index: number): number {
  return source.slice(0, index).split('\n').length;
}

/** Every table a source touches, and whether it writes it. */
export function tableAccesses(source: string): Access[] {
  const out: Access[] = [];
  for (const m of source.matchAll(KYSELY)) {
    out.push({
      table: m[2] as string,
      write: KYSELY_WRITES.has(m[1] as string),
      line: lineOf(source, m.index),
    });
  }
  for (const t of source.matchAll(/`[^`]*`/g)) {
    for (const m of (t[0] as string).matchAll(RAW)) {
      const table = m[2] as string;
      if (!(table in OWNER)) continue;
      const verb = (m[1] as string).toLowerCase();
      out.push({ table, write: verb !== 'from' && verb !== 'join', line: lineOf(source, t.index + m.index) });
    }
  }
  return out;
}

function featureSources(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(p);
    }
  };
  walk(FEATURES);
  return out;
}

describe('data ownership: a feature writes its own tables and asks others for theirs', () => {
  it('sees Kysely and raw-SQL access, reads and writes alike, and not prose in comments', () => {
    const source = [
      "db.selectFrom('devices as d').innerJoin('projects as p', 'p.id', 'd.project_id')",
      "tx.insertInto('clients').values(v); tx.deleteFrom('client_days')",
      'sql`with v(id) as (values 1) update devices set clients = 1 from v`',
      'sql`exists (select 1 from clients c where c.device_id = d.id)`',
      '// read from the devices row, then update devices',
    ].join('\n');
    expect(tableAccesses(source).map((a) => `${a.write ? 'w' : 'r'}:${a.table}:${a.line}`)).toEqual([
      'r:devices:1',
      'r:projects:1',
      'w:clients:2',
      'w:client_days:2',
      'w:devices:3',
      'r:clients:4',
    ]);
  });

  it('every table of the schema has an owner', () => {
    const schema = readFileSync(join(SRC, 'db', 'schema.ts'), 'utf8');
    const body = /export interface Database \{([^}]*)\}/.exec(schema)?.[1] ?? '';
    const tables = [...body.matchAll(/^\s*([a-z0-9_]+):/gm)].map((m) => m[1] as string);
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((t) => !(t in OWNER))).toEqual([]);
    expect(Object.keys(OWNER).filter((t) => !tables.includes(t))).toEqual([]);
  });

  it('no feature writes another feature’s table or reads one outside the documented exceptions', () => {
    const findings: string[] = [];
    const used = new Set<string>();
    for (const path of featureSources()) {
      const file = relative(FEATURES, path).split('\\').join('/');
      const feature = file.split('/')[0] as string;
      for (const a of tableAccesses(readFileSync(path, 'utf8'))) {
        const owner = OWNER[a.table];
        if (owner === undefined || owner === feature) continue;
        const allowed = (a.write ? WRITES_ALLOWED : READS_ALLOWED)[file] ?? [];
        const alsoWritable = !a.write && (WRITES_ALLOWED[file] ?? []).includes(a.table);
        if (allowed.includes(a.table) || alsoWritable) used.add(`${a.write ? 'w' : 'r'} ${file} ${a.table}`);
        else findings.push(`${file}:${a.line} ${a.write ? 'writes' : 'reads'} ${owner}'s ${a.table}`);
      }
    }
    // Ask the owner through its index.ts (add a method there), or document a read model in
    // docs/architecture.md "Data ownership" and list it above.
    expect(findings).toEqual([]);
    // An exception nobody needs any more goes from the list (and the document).
    const stale = [
      ...Object.entries(WRITES_ALLOWED).flatMap(([f, ts]) => ts.map((t) => `w ${f} ${t}`)),
      ...Object.entries(READS_ALLOWED).flatMap(([f, ts]) => ts.map((t) => `r ${f} ${t}`)),
    ].filter((e) => !used.has(e));
    expect(stale).toEqual([]);
  });
});
