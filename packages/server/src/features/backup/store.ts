// The backup feature's SQL: its own table `config_backups` (migration 0020) and nothing else.
import { BACKUP_MAX_PER_PROJECT } from '@netloom/domain';
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db';
import type { ConfigBackupsTable, Database } from '../../db/schema';

export type BackupRow = Selectable<ConfigBackupsTable>;
/** A row without the file's bytes (the list never carries them). */
export type BackupMeta = Omit<BackupRow, 'content'>;

export interface BackupInsert {
  projectId: number;
  deviceId: number;
  deviceName: string;
  sn: string;
  model: string;
  mac: string | null;
  fileName: string;
  documentsJson: string;
  at: number;
}

const META = [
  'id',
  'project_id',
  'device_id',
  'device_name',
  'sn',
  'model',
  'mac',
  'file_name',
  'type',
  'remark',
  'sync',
  'sync_code',
  'command_id',
  'size',
  'sha256',
  'config_version',
  'documents_json',
  'restore_command_id',
  'restore_device_id',
  'restore_device_name',
  'restore_status',
  'restore_code',
  'restore_at',
  'created_at',
  'updated_at',
] as const;

export class BackupStore {
  constructor(readonly db: Db) {}

  /** The project's backups, newest first, without their files. */
  list(projectId: number): Promise<BackupMeta[]> {
    return this.db
      .selectFrom('config_backups')
      .select(META)
      .where('project_id', '=', projectId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  get(projectId: number, id: number): Promise<BackupMeta | undefined> {
    return this.db
      .selectFrom('config_backups')
      .select(META)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The file of a backup (bytes and name), when it has one. */
  file(
    projectId: number,
    id: number,
  ): Promise<Pick<BackupRow, 'content' | 'file_name' | 'sync'> | undefined> {
    return this.db
      .selectFrom('config_backups')
      .select(['content', 'file_name', 'sync'])
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  byCommand(commandId: string): Promise<BackupMeta | undefined> {
    return this.db
      .selectFrom('config_backups')
      .select(META)
      .where('command_id', '=', commandId)
      .executeTakeFirst();
  }

  byRestoreCommand(commandId: string): Promise<BackupMeta | undefined> {
    return this.db
      .selectFrom('config_backups')
      .select(META)
      .where('restore_command_id', '=', commandId)
      .executeTakeFirst();
  }

  /** When each of these devices' latest backup that did not fail started (the 3-minute rule). */
  async lastStarts(deviceIds: readonly number[]): Promise<Map<number, number>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('config_backups')
      .select(['device_id', (eb) => eb.fn.max('created_at').as('at')])
      .where('device_id', 'in', deviceIds)
      .where('sync', '!=', 'fail')
      .groupBy('device_id')
      .execute();
    return new Map(rows.map((r) => [r.device_id as number, Number(r.at)]));
  }

  async insert(b: BackupInsert): Promise<number> {
    const row = await this.db
      .insertInto('config_backups')
      .values({
        project_id: b.projectId,
        device_id: b.deviceId,
        device_name: b.deviceName,
        sn: b.sn,
        model: b.model,
        mac: b.mac,
        file_name: b.fileName,
        type: 'general',
        sync: 'unsynchronised',
        sync_code: null,
        command_id: null,
        content: null,
        size: null,
        sha256: null,
        config_version: null,
        documents_json: b.documentsJson,
        restore_command_id: null,
        restore_device_id: null,
        restore_device_name: null,
        restore_status: null,
        restore_code: null,
        restore_at: null,
        created_at: b.at,
        updated_at: b.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Partial<Omit<BackupRow, 'id' | 'project_id'>>): Promise<void> {
    await this.db.updateTable('config_backups').set(values).where('id', '=', id).execute();
  }

  /** Moves the sync state only forward from an unfinished one (a late or repeated report changes nothing). */
  async syncUnfinished(
    id: number,
    values: Partial<Omit<BackupRow, 'id' | 'project_id'>>,
    exec: Db | Transaction<Database> = this.db,
  ): Promise<boolean> {
    const r = await exec
      .updateTable('config_backups')
      .set(values)
      .where('id', '=', id)
      .where('sync', 'in', ['unsynchronised', 'synchronising'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Stores a backup's file unless the backup already ended, and applies §4's cap in the same
   * transaction: nobody ever lists the new file beside the one it overwrites.
   */
  storeFile(
    projectId: number,
    id: number,
    values: Partial<Omit<BackupRow, 'id' | 'project_id'>>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      if (!(await this.syncUnfinished(id, values, tx))) return false;
      await capGeneral(tx, projectId, [id]);
      return true;
    });
  }

  /** Makes a backup general again, and applies the cap in the same transaction (never to it). */
  makeGeneral(projectId: number, id: number, at: number): Promise<void> {
    return this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('config_backups')
        .set({ type: 'general', updated_at: at })
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .execute();
      await capGeneral(tx, projectId, [id]);
    });
  }

  async remove(projectId: number, id: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('config_backups')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /**
   * Makes `id` its device's restore point (§4: one per device): the device's other restore point
   * becomes general and the cap applies (never to it), in one transaction. Returns the id demoted,
   * if any.
   */
  makeRestorePoint(projectId: number, id: number, sn: string, at: number): Promise<number | null> {
    return this.db.transaction().execute(async (tx) => {
      const old = await tx
        .selectFrom('config_backups')
        .select('id')
        .where('project_id', '=', projectId)
        .where('sn', '=', sn)
        .where('type', '=', 'restore_point')
        .where('id', '!=', id)
        .execute();
      if (old.length > 0)
        await tx
          .updateTable('config_backups')
          .set({ type: 'general', updated_at: at })
          .where(
            'id',
            'in',
            old.map((o) => o.id),
          )
          .execute();
      await tx
        .updateTable('config_backups')
        .set({ type: 'restore_point', updated_at: at })
        .where('id', '=', id)
        .execute();
      const demoted = old[0]?.id ?? null;
      if (demoted !== null) await capGeneral(tx, projectId, [demoted]);
      return demoted;
    });
  }

  /** Whether the project backs up devices after an applied configuration change. */
  async autoAfterChange(projectId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('backup_settings')
      .select('auto_after_change')
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(row?.auto_after_change ?? 0) === 1;
  }

  async setAutoAfterChange(projectId: number, on: boolean, at: number): Promise<void> {
    const value = on ? 1 : 0;
    await this.db
      .insertInto('backup_settings')
      .values({ project_id: projectId, auto_after_change: value, updated_at: at })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ auto_after_change: value, updated_at: at }))
      .execute();
  }
}

/**
 * §4: general backups beyond 128 per project overwrite the oldest — applied inside the transaction
 * that stored a new file or made a backup general (`keep`: those just changed, never overwritten).
 */
async function capGeneral(
  tx: Transaction<Database>,
  projectId: number,
  keep: readonly number[],
): Promise<void> {
  const general = await tx
    .selectFrom('config_backups')
    .select('id')
    .where('project_id', '=', projectId)
    .where('type', '=', 'general')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const excess = general.length - BACKUP_MAX_PER_PROJECT;
  if (excess <= 0) return;
  const victims = general.filter((g) => !keep.includes(g.id)).slice(0, excess);
  if (victims.length === 0) return;
  await tx
    .deleteFrom('config_backups')
    .where(
      'id',
      'in',
      victims.map((v) => v.id),
    )
    .execute();
}
