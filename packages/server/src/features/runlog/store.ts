import type { Db } from '../../db';

/** SQL of the system log's own table: each project's log retention (`runlog_settings`). */
export class RunlogStore {
  constructor(readonly db: Db) {}

  async retentionOf(projectId: number): Promise<number | undefined> {
    const r = await this.db
      .selectFrom('runlog_settings')
      .select('retention_days')
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return r?.retention_days;
  }

  async saveRetention(projectId: number, days: number, at: number): Promise<void> {
    await this.db
      .insertInto('runlog_settings')
      .values({ project_id: projectId, retention_days: days, updated_at: at })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ retention_days: days, updated_at: at }))
      .execute();
  }

  /**
   * Every project that chose a retention other than the default, by id (one row per such project:
   * the retention run reads it once per run).
   */
  async chosen(): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('runlog_settings')
      .select(['project_id', 'retention_days'])
      .execute();
    return new Map(rows.map((r) => [r.project_id, r.retention_days]));
  }
}
