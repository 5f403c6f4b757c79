import type { Db } from '../../db';
import type { SolutionRow, SolutionScenarioRow } from '../../db/schema';

/** What a solution row holds, JSON fields as text. */
export interface SolutionValues {
  name: string;
  scenarioName: string;
  inputs: string;
  devices: string;
  advice: string;
  advantages: string;
}

/** SQL of `solutions`, `solution_shares` and `solution_scenarios` (migration 0034). */
export class SolutionStore {
  constructor(private readonly db: Db) {}

  async ofAccount(accountId: number): Promise<SolutionRow[]> {
    return this.db
      .selectFrom('solutions')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async find(accountId: number, id: number): Promise<SolutionRow | undefined> {
    return this.db
      .selectFrom('solutions')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async insert(
    accountId: number,
    v: SolutionValues,
    sharedBy: string | null,
    now: string,
  ): Promise<SolutionRow> {
    return this.db
      .insertInto('solutions')
      .values({
        account_id: accountId,
        name: v.name,
        scenario_name: v.scenarioName,
        inputs: v.inputs,
        devices: v.devices,
        advice: v.advice,
        advantages: v.advantages,
        version: 1,
        shared_by: sharedBy,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Saves over `version`; undefined when the row moved on (or is gone) meanwhile. */
  async update(accountId: number, id: number, version: number, v: SolutionValues, now: string) {
    return this.db
      .updateTable('solutions')
      .set({
        name: v.name,
        scenario_name: v.scenarioName,
        inputs: v.inputs,
        devices: v.devices,
        advice: v.advice,
        advantages: v.advantages,
        version: version + 1,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('version', '=', version)
      .returningAll()
      .executeTakeFirst();
  }

  async remove(accountId: number, id: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('solutions')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async shared(solutionId: number, accountId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('solution_shares')
      .select('id')
      .where('solution_id', '=', solutionId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The recipient's copy and the share row, together. */
  async shareCopy(solutionId: number, to: number, v: SolutionValues, sharedBy: string, now: string) {
    await this.db.transaction().execute(async (tx) => {
      await new SolutionStore(tx).insert(to, v, sharedBy, now);
      await tx
        .insertInto('solution_shares')
        .values({ solution_id: solutionId, account_id: to, created_at: now })
        .execute();
    });
  }

  async scenarios(accountId: number): Promise<SolutionScenarioRow[]> {
    return this.db
      .selectFrom('solution_scenarios')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
  }

  async scenario(accountId: number, id: number): Promise<SolutionScenarioRow | undefined> {
    return this.db
      .selectFrom('solution_scenarios')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async insertScenario(
    accountId: number,
    name: string,
    base: string,
    now: string,
  ): Promise<SolutionScenarioRow> {
    return this.db
      .insertInto('solution_scenarios')
      .values({ account_id: accountId, name, name_key: name.toLowerCase(), base, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async removeScenario(accountId: number, id: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('solution_scenarios')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
