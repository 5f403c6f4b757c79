import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { CommandsTable } from '../../db/schema';

/** A command job row (status: pending | sent | done | failed | expired). */
export type CommandRow = Selectable<CommandsTable>;
export const OPEN_STATUSES = ['pending', 'sent'] as const;

/** SQL of command jobs. Jobs are few (user actions), so one statement per change is fine here. */
export class CommandStore {
  constructor(private readonly db: Db) {}

  async insert(row: CommandRow): Promise<void> {
    await this.db.insertInto('commands').values(row).execute();
  }

  async get(id: string): Promise<CommandRow | undefined> {
    return this.db.selectFrom('commands').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Open (pending/sent) jobs of a device, oldest first. */
  async openOfDevice(deviceId: number): Promise<CommandRow[]> {
    return this.db
      .selectFrom('commands')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('status', 'in', OPEN_STATUSES)
      .orderBy('created_at')
      .execute();
  }

  /** Open jobs of these devices with one of these names (one statement; the maintenance busy rule). */
  async openOf(deviceIds: readonly number[], names: readonly string[]): Promise<CommandRow[]> {
    if (deviceIds.length === 0 || names.length === 0) return [];
    return this.db
      .selectFrom('commands')
      .selectAll()
      .where('device_id', 'in', deviceIds)
      .where('name', 'in', names)
      .where('status', 'in', OPEN_STATUSES)
      .execute();
  }

  /** A project's jobs of one name created since `since`, oldest first (e.g. the recent upgrades). */
  async recentOf(projectId: number, name: string, since: number): Promise<CommandRow[]> {
    return this.db
      .selectFrom('commands')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .where('created_at', '>=', since)
      .orderBy('created_at')
      .execute();
  }

  /** Every open job (loaded at start-up to arm the expiry timer). */
  async allOpen(): Promise<{ id: string; device_id: number; expires_at: number }[]> {
    return this.db
      .selectFrom('commands')
      .select(['id', 'device_id', 'expires_at'])
      .where('status', 'in', OPEN_STATUSES)
      .execute();
  }

  /**
   * Moves a job to a new state only while it is still open, so a late or repeated reply cannot
   * rewrite a finished job. Returns the updated row, or undefined when it was not open.
   */
  async transition(
    id: string,
    patch: Partial<Pick<CommandRow, 'status' | 'stage' | 'percent' | 'result_code' | 'result_message'>> & {
      updated_at: number;
    },
  ): Promise<CommandRow | undefined> {
    const res = await this.db
      .updateTable('commands')
      .set(patch)
      .where('id', '=', id)
      .where('status', 'in', OPEN_STATUSES)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return undefined;
    return this.get(id);
  }
}
