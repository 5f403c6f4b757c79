import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { FirmwareFilesTable } from '../../db/schema';

export type FirmwareRow = Selectable<FirmwareFilesTable>;

/** SQL of firmware files (few per project: one statement each is fine). */
export class FirmwareStore {
  constructor(private readonly db: Db) {}

  listOf(projectId: number): Promise<FirmwareRow[]> {
    return this.db
      .selectFrom('firmware_files')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  get(id: number): Promise<FirmwareRow | undefined> {
    return this.db.selectFrom('firmware_files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async countOf(projectId: number): Promise<number> {
    const r = await this.db
      .selectFrom('firmware_files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async exists(projectId: number, model: string, version: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('firmware_files')
      .select('id')
      .where('project_id', '=', projectId)
      .where('model', '=', model)
      .where('version', '=', version)
      .executeTakeFirst();
    return r !== undefined;
  }

  async insert(row: Omit<FirmwareRow, 'id'>): Promise<number> {
    const r = await this.db
      .insertInto('firmware_files')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('firmware_files').where('id', '=', id).execute();
  }

  /** The newest upload of each model, any project (model ids lower-cased: the catalogue ignores case). */
  async newestPerModel(): Promise<Map<string, { version: string; uploadedAt: number }>> {
    const rows = await this.db
      .selectFrom('firmware_files')
      .select(['model', 'version', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const out = new Map<string, { version: string; uploadedAt: number }>();
    for (const r of rows) {
      const key = r.model.toLowerCase();
      if (!out.has(key)) out.set(key, { version: r.version, uploadedAt: Number(r.created_at) });
    }
    return out;
  }

  /** Every stored key (the sweep of files whose project was deleted). */
  async allKeys(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('firmware_files').select('file_key').execute();
    return new Set(rows.map((r) => r.file_key));
  }
}
