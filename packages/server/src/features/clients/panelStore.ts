/**
 * SQL of the client panel: a client's alias in a project (`client_aliases`, this feature's table),
 * where it is connected now, and its recent days from the daily history (`client_days`). Each
 * lookup is by primary key: the alias by (project, MAC); the history by (project, day, MAC) for a
 * short list of days, so it reads a handful of rows whatever the size of the project.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ClientDaysTable } from '../../db/schema';
import type { ClientListRow } from './store';

export class ClientPanelStore {
  constructor(private readonly db: Db) {}

  async aliasOf(projectId: number, mac: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('client_aliases')
      .select('alias')
      .where('project_id', '=', projectId)
      .where('mac', '=', mac)
      .executeTakeFirst();
    return row?.alias ?? null;
  }

  async setAlias(
    projectId: number,
    mac: string,
    alias: string,
    accountId: number,
    at: number,
  ): Promise<void> {
    await this.db
      .insertInto('client_aliases')
      .values({ project_id: projectId, mac, alias, updated_at: at, updated_by: accountId })
      .onConflict((oc) =>
        oc.columns(['project_id', 'mac']).doUpdateSet({ alias, updated_at: at, updated_by: accountId }),
      )
      .execute();
  }

  async removeAlias(projectId: number, mac: string): Promise<void> {
    await this.db
      .deleteFrom('client_aliases')
      .where('project_id', '=', projectId)
      .where('mac', '=', mac)
      .execute();
  }

  /** The client's rows now (a roaming client may briefly be listed by two devices), latest first. */
  async current(projectId: number, mac: string): Promise<ClientListRow[]> {
    const rows = await this.db
      .selectFrom('clients as c')
      // The associated device's name, SN, model and type, as the client list joins them.
      .innerJoin('devices as d', 'd.id', 'c.device_id')
      .selectAll('c')
      .select([
        sql<string | null>`null`.as('alias'),
        'd.name as device_name',
        'd.sn as device_sn',
        'd.model as device_model',
        'd.type as device_type',
      ])
      .where('c.project_id', '=', projectId)
      .where('c.mac', '=', mac)
      .orderBy('c.updated_at', 'desc')
      .execute();
    return rows as ClientListRow[];
  }

  /** The client's daily history on these days (project-local dates), newest first. */
  async days(projectId: number, mac: string, days: readonly string[]): Promise<ClientDaysTable[]> {
    if (days.length === 0) return [];
    return this.db
      .selectFrom('client_days')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('day', 'in', days)
      .where('mac', '=', mac)
      .orderBy('day', 'desc')
      .execute();
  }
}
