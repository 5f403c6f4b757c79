import { RUNLOG_ONLY_ACTIONS } from '@netloom/domain';
import { type Insertable, PostgresAdapter, type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db';
import type {
  AuditLogTable,
  ConfigDocumentsTable,
  ConfigRevisionsTable,
  Database,
  DeviceConfigsTable,
} from '../../db/schema';

export type ConfigDocumentRow = Selectable<ConfigDocumentsTable>;
export type ConfigRevisionRow = Selectable<ConfigRevisionsTable>;
export type DeviceConfigRow = Selectable<DeviceConfigsTable>;
export type AuditRow = Selectable<AuditLogTable>;
/** The database or an open transaction. */
export type Exec = Db | Transaction<Database>;

/** The unique key of a settings document within its project. */
export function scopeKey(deviceId: number | null): string {
  return deviceId === null ? 'project' : `device:${deviceId}`;
}

/** A document's identity within its project: its kind at its scope. */
function documentKey(kind: string, scope: string): string {
  return `${kind}@${scope}`;
}

/** Whether a document row is the document of `kind` at `deviceId` (null: the project's). */
export function isDocumentOf(row: ConfigDocumentRow, kind: string, deviceId: number | null): boolean {
  return documentKey(row.kind, row.scope_key) === documentKey(kind, scopeKey(deviceId));
}

/** Rows per multi-row statement (well below SQLite's and PostgreSQL's parameter limits). */
const CHUNK = 400;

/** The first key of the PostgreSQL advisory lock that serialises a project's staging ("NLCS"). */
const STAGING_LOCK = 0x4e4c4353;

function isPostgres(db: Exec): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A page of history or audit: one device's own entries, with `withProject` also the project-wide
 * ones (no device), which reach every device of their kind.
 */
export interface HistoryQuery {
  deviceId?: number | undefined;
  withProject?: boolean | undefined;
  page: number;
  pageSize: number;
}

/**
 * SQL of the configuration engine: documents, revisions, per-device delivery state, audit log — its
 * own tables. Display names only (docs/architecture.md "Data ownership"): history and audit show who
 * saved (`accounts.nick`) and which device (`devices.name`), joined read-only in the page's query.
 */
export class ConfigStore {
  constructor(readonly db: Db) {}

  document(db: Exec, projectId: number, deviceId: number | null, kind: string) {
    return db
      .selectFrom('config_documents')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('scope_key', '=', scopeKey(deviceId))
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  /** Every settings document of a project (project-level and per device). */
  documentsOfProject(db: Exec, projectId: number): Promise<ConfigDocumentRow[]> {
    return db.selectFrom('config_documents').selectAll().where('project_id', '=', projectId).execute();
  }

  /** Documents of several projects at once (first `hello` of devices of a project with saved documents). */
  async documentsOfProjects(db: Exec, projectIds: readonly number[]): Promise<ConfigDocumentRow[]> {
    if (projectIds.length === 0) return [];
    return db.selectFrom('config_documents').selectAll().where('project_id', 'in', projectIds).execute();
  }

  /** Every project's document of a project-level kind (e.g. the RF schedules the automatic runs follow). */
  projectDocumentsOf(kind: string): Promise<Pick<ConfigDocumentRow, 'project_id' | 'body'>[]> {
    return this.db
      .selectFrom('config_documents')
      .select(['project_id', 'body'])
      .where('kind', '=', kind)
      .where('device_id', 'is', null)
      .execute();
  }

  /** Creates version 1; throws a unique violation when another save created it first. */
  async insertDocument(db: Exec, row: Insertable<ConfigDocumentsTable>): Promise<number> {
    const r = await db.insertInto('config_documents').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  /** Moves a document from `base` to `base + 1`: false when another save got in first. */
  async advanceDocument(
    db: Exec,
    id: number,
    base: number,
    set: { body: string; updated_at: number; updated_by: number | null },
  ): Promise<boolean> {
    const r = await db
      .updateTable('config_documents')
      .set({ ...set, version: base + 1 })
      .where('id', '=', id)
      .where('version', '=', base)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async insertRevision(db: Exec, row: Insertable<ConfigRevisionsTable>): Promise<number> {
    const r = await db.insertInto('config_revisions').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  revision(db: Exec, projectId: number, id: number) {
    return db
      .selectFrom('config_revisions')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  revisionOf(db: Exec, documentId: number, version: number) {
    return db
      .selectFrom('config_revisions')
      .selectAll()
      .where('document_id', '=', documentId)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  async revisions(projectId: number, q: HistoryQuery & { kind?: string | undefined }) {
    let base = this.db.selectFrom('config_revisions as r').where('r.project_id', '=', projectId);
    if (q.kind) base = base.where('r.kind', '=', q.kind);
    const deviceId = q.deviceId;
    if (deviceId)
      base = q.withProject
        ? base.where((eb) => eb.or([eb('r.device_id', '=', deviceId), eb('r.device_id', 'is', null)]))
        : base.where('r.device_id', '=', deviceId);
    const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const items = await base
      .leftJoin('accounts as a', 'a.id', 'r.account_id')
      .leftJoin('devices as d', 'd.id', 'r.device_id')
      .selectAll('r')
      .select(['a.nick as account_nick', 'd.name as device_name'])
      .orderBy('r.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute();
    return { total: Number(total?.n ?? 0), items };
  }

  async accountNick(id: number | null): Promise<string | null> {
    if (id === null) return null;
    const r = await this.db.selectFrom('accounts').select('nick').where('id', '=', id).executeTakeFirst();
    return r?.nick ?? null;
  }

  async deviceName(id: number | null): Promise<string | null> {
    if (id === null) return null;
    const r = await this.db.selectFrom('devices').select('name').where('id', '=', id).executeTakeFirst();
    return r?.name ?? null;
  }

  async insertAudit(db: Exec, row: Insertable<AuditLogTable>): Promise<void> {
    await db.insertInto('audit_log').values(row).execute();
  }

  /** Several audit rows, in chunked multi-row statements. */
  async insertAudits(db: Exec, rows: readonly Insertable<AuditLogTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await db
        .insertInto('audit_log')
        .values(rows.slice(i, i + CHUNK))
        .execute();
    }
  }

  /** The change log ("who changed what"): the system log's own rows (device status, results, sign-ins) left out. */
  async audit(projectId: number, q: HistoryQuery) {
    let base = this.db
      .selectFrom('audit_log as l')
      .where('l.project_id', '=', projectId)
      .where('l.action', 'not in', RUNLOG_ONLY_ACTIONS);
    const deviceId = q.deviceId;
    if (deviceId)
      base = q.withProject
        ? base.where((eb) => eb.or([eb('l.device_id', '=', deviceId), eb('l.device_id', 'is', null)]))
        : base.where('l.device_id', '=', deviceId);
    const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const items = await base
      .leftJoin('accounts as a', 'a.id', 'l.account_id')
      .selectAll('l')
      .select('a.nick as account_nick')
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute();
    return { total: Number(total?.n ?? 0), items };
  }

  // ── device_configs ────────────────────────────────────────────────────────────────────────────

  /**
   * Serialises, until `tx` ends, the transactions that stage new desired versions in a project
   * (saves, clock changes), across nodes: taken first, before the documents are read, so each reads
   * the documents and delivery rows the one before it committed. Without it, PostgreSQL's read
   * committed let two saves reaching the same device read the same row and both mint its next
   * version with different content; the device applied one and answered the other as a repeat, and
   * a saved change never reached it. SQLite runs one write transaction at a time already.
   */
  async lockStaging(tx: Exec, projectId: number): Promise<void> {
    if (isPostgres(tx)) await sql`select pg_advisory_xact_lock(${STAGING_LOCK}, ${projectId})`.execute(tx);
  }

  /**
   * Delivery rows of these devices. With `forUpdate` (inside a transaction) they stay locked until
   * it ends on PostgreSQL: a report or a "retry delivery" moving one waits, then finds it moved.
   */
  async deviceConfigs(db: Exec, deviceIds: readonly number[], forUpdate = false): Promise<DeviceConfigRow[]> {
    const out: DeviceConfigRow[] = [];
    const lock = forUpdate && isPostgres(db);
    // Locked in ascending device id, chunk after chunk: every writer of several rows (a save, a
    // batch of reports, a retry) takes them in that one order, so two cannot wait on each other.
    const sorted = lock ? [...deviceIds].sort((a, b) => a - b) : deviceIds;
    for (let i = 0; i < sorted.length; i += CHUNK) {
      const ids = sorted.slice(i, i + CHUNK);
      const q = db.selectFrom('device_configs').selectAll().where('device_id', 'in', ids);
      out.push(...(await (lock ? q.orderBy('device_id').forUpdate() : q).execute()));
    }
    return out;
  }

  deviceConfigsOfProject(projectId: number): Promise<DeviceConfigRow[]> {
    return this.db.selectFrom('device_configs').selectAll().where('project_id', '=', projectId).execute();
  }

  /**
   * Writes new desired versions, one statement per chunk; returns the rows as written. An existing
   * row keeps its applied_version and sent_at (a device report may have moved them since the save
   * read the row). A row the save did not see (a device's first `hello` created it after the save's
   * read) is moved past its version, never overwritten at the same number with other content.
   */
  async upsertDeviceConfigs(db: Exec, rows: readonly DeviceConfigRow[]): Promise<DeviceConfigRow[]> {
    const out: DeviceConfigRow[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const written = await db
        .insertInto('device_configs')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.column('device_id').doUpdateSet((eb) => ({
            project_id: eb.ref('excluded.project_id'),
            desired_version: sql<number>`case when ${eb.ref('device_configs.desired_version')} >= ${eb.ref(
              'excluded.desired_version',
            )} then ${eb.ref('device_configs.desired_version')} + 1 else ${eb.ref('excluded.desired_version')} end`,
            body: eb.ref('excluded.body'),
            hash: eb.ref('excluded.hash'),
            status: eb.ref('excluded.status'),
            pending_since: eb.ref('excluded.pending_since'),
            failed_code: eb.ref('excluded.failed_code'),
            failed_message: eb.ref('excluded.failed_message'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returningAll()
        .execute();
      out.push(...written);
    }
    return out;
  }

  /**
   * Records a delivery state change only if the row is still at `desired` (a save in between made a
   * newer version: the report is about an older one and changes nothing but applied_version).
   */
  async transition(
    db: Exec,
    deviceId: number,
    desired: number,
    set: Partial<Omit<DeviceConfigRow, 'device_id' | 'project_id'>>,
  ): Promise<boolean> {
    const r = await db
      .updateTable('device_configs')
      .set(set)
      .where('device_id', '=', deviceId)
      .where('desired_version', '=', desired)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async setAppliedVersion(db: Exec, deviceId: number, applied: number, at: number): Promise<void> {
    await db
      .updateTable('device_configs')
      .set({ applied_version: applied, updated_at: at })
      .where('device_id', '=', deviceId)
      .execute();
  }

  async markSent(deviceIds: readonly number[], at: number): Promise<void> {
    for (let i = 0; i < deviceIds.length; i += CHUNK) {
      await this.db
        .updateTable('device_configs')
        .set({ sent_at: at })
        .where('device_id', 'in', deviceIds.slice(i, i + CHUNK))
        .execute();
    }
  }

  /** Every pending row (the reconcile tick): small columns only, bodies are read for those resent. */
  pending() {
    return this.db
      .selectFrom('device_configs')
      .select(['device_id', 'desired_version', 'sent_at'])
      .where('status', '=', 'pending')
      .execute();
  }
}
