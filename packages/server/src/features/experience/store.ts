import type { Db } from '../../db';
import type { ExperienceProjectsTable } from '../../db/schema';

export type ExperienceRow = ExperienceProjectsTable;

/** The `experience_projects` rows (migration 0035), written only here. */
export class ExperienceStore {
  constructor(private readonly db: Db) {}

  ofAccount(accountId: number): Promise<ExperienceRow | undefined> {
    return this.db
      .selectFrom('experience_projects')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  all(): Promise<ExperienceRow[]> {
    return this.db.selectFrom('experience_projects').selectAll().orderBy('project_id').execute();
  }

  async nextNumber(): Promise<number> {
    const r = await this.db
      .selectFrom('experience_projects')
      .select((eb) => eb.fn.max('experience_num').as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0) + 1;
  }

  /** False when the account already has one, or the number was just taken (UNIQUE). */
  async insert(row: ExperienceRow): Promise<boolean> {
    try {
      await this.db.insertInto('experience_projects').values(row).execute();
      return true;
    } catch {
      return false;
    }
  }
}
