import { type NetMode, ONLINE_STATUS_CODES, type ProjectRight, type Scenario } from '@netloom/domain';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db';
import { toCount } from '../../db';
import type { ProjectsTable } from '../../db/schema';

/** A project as seen by one member. */
export interface MemberProjectRow {
  id: number;
  name: string;
  netMode: NetMode;
  scenario: Scenario;
  location: string;
  address: string;
  timeZone: number;
  typeFlag: number;
  /** The owner's configuration lock (code 173 while on). */
  locked: boolean;
  right: ProjectRight;
  ownerNick: string;
  deviceCount: number;
  onlineCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectFilter {
  q?: string | undefined;
  netMode?: NetMode | undefined;
}

// "Online" is the domain's definition everywhere (device list, overview, project list).
const ONLINE_STATUSES = [...ONLINE_STATUS_CODES];

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export class ProjectStore {
  constructor(private readonly db: Db) {}

  private memberQuery(accountId: number) {
    return this.db
      .selectFrom('projects as p')
      .innerJoin('project_members as m', 'm.project_id', 'p.id')
      .innerJoin('accounts as o', 'o.id', 'p.owner_id')
      .where('m.account_id', '=', accountId)
      .select((eb) => [
        eb
          .selectFrom('devices as d')
          .select(eb.fn.countAll().as('n'))
          .whereRef('d.project_id', '=', 'p.id')
          .as('device_count'),
        eb
          .selectFrom('devices as d')
          .select(eb.fn.countAll().as('n'))
          .whereRef('d.project_id', '=', 'p.id')
          .where('d.status', 'in', ONLINE_STATUSES)
          .as('online_count'),
      ])
      .select([
        'p.id',
        'p.name',
        'p.net_mode',
        'p.scenario',
        'p.location',
        'p.address',
        'p.time_zone',
        'p.type_flag',
        'p.locked',
        'p.created_at',
        'p.updated_at',
        'm.right',
        'o.nick as owner_nick',
      ]);
  }

  async listForMember(accountId: number, filter: ProjectFilter = {}): Promise<MemberProjectRow[]> {
    let q = this.memberQuery(accountId);
    if (filter.netMode !== undefined) q = q.where('p.net_mode', '=', filter.netMode);
    const text = filter.q?.trim().toLowerCase();
    if (text) {
      const pattern = `%${escapeLike(text)}%`;
      const like = (col: string) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`;
      q = q.where((eb) => eb.or([like('p.name'), like('p.location'), like('p.address')]));
    }
    const rows = await q.orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').execute();
    return rows.map(toMemberProject);
  }

  async findForMember(projectId: number, accountId: number): Promise<MemberProjectRow | undefined> {
    const row = await this.memberQuery(accountId).where('p.id', '=', projectId).executeTakeFirst();
    return row && toMemberProject(row);
  }

  /**
   * What the access guard needs in one query: the member's right, the project's network mode and
   * lock. Undefined when the account is not a member.
   */
  async memberAccess(
    projectId: number,
    accountId: number,
  ): Promise<{ right: ProjectRight; netMode: NetMode; locked: boolean } | undefined> {
    const row = await this.db
      .selectFrom('project_members as m')
      .innerJoin('projects as p', 'p.id', 'm.project_id')
      .select(['m.right', 'p.net_mode', 'p.locked'])
      .where('m.project_id', '=', projectId)
      .where('m.account_id', '=', accountId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      right: row.right as ProjectRight,
      netMode: row.net_mode as NetMode,
      locked: Number(row.locked) === 1,
    };
  }

  async setLocked(projectId: number, locked: boolean, now: string): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({ locked: locked ? 1 : 0, updated_at: now })
      .where('id', '=', projectId)
      .execute();
  }

  /** The account's right on the project, or undefined when it is not a member. */
  async rightOf(projectId: number, accountId: number): Promise<ProjectRight | undefined> {
    const row = await this.db
      .selectFrom('project_members')
      .select('right')
      .where('project_id', '=', projectId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.right as ProjectRight | undefined;
  }

  /** Clients online now across every project the account is a member of. */
  async clientsOnlineForMember(accountId: number): Promise<number> {
    const clients = await this.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', 'in', (eb) =>
        eb.selectFrom('project_members').select('project_id').where('account_id', '=', accountId),
      )
      .executeTakeFirst();
    return toCount(clients?.n);
  }

  async countOwned(accountId: number): Promise<number> {
    const r = await this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', accountId)
      .executeTakeFirst();
    return toCount(r?.n);
  }

  async countCreatedSince(accountId: number, since: string): Promise<number> {
    const r = await this.db
      .selectFrom('project_creations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('account_id', '=', accountId)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return toCount(r?.n);
  }

  async countDevices(projectId: number): Promise<number> {
    const r = await this.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return toCount(r?.n);
  }

  /** Inserts the project, its owner membership and the creation record in one transaction. */
  async create(
    ownerId: number,
    p: {
      name: string;
      netMode: number;
      scenario: string;
      location: string;
      address: string;
      timeZone: number;
    },
    now: string,
  ): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const { id } = await tx
        .insertInto('projects')
        .values({
          name: p.name,
          net_mode: p.netMode,
          scenario: p.scenario,
          location: p.location,
          address: p.address,
          time_zone: p.timeZone,
          type_flag: 0,
          owner_id: ownerId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('project_members')
        .values({ project_id: id, account_id: ownerId, right: 'own', created_at: now })
        .execute();
      await tx.insertInto('project_creations').values({ account_id: ownerId, created_at: now }).execute();
      return id;
    });
  }

  async update(projectId: number, changes: Updateable<ProjectsTable>): Promise<void> {
    await this.db.updateTable('projects').set(changes).where('id', '=', projectId).execute();
  }

  /** Members and devices go with it (ON DELETE CASCADE). */
  async delete(projectId: number): Promise<void> {
    await this.db.deleteFrom('projects').where('id', '=', projectId).execute();
  }

  /** Adds or changes a member (sharing comes in a later issue; tests use it to set up rights). */
  async setMember(projectId: number, accountId: number, right: ProjectRight, now: string): Promise<void> {
    await this.db
      .insertInto('project_members')
      .values({ project_id: projectId, account_id: accountId, right, created_at: now })
      .onConflict((oc) => oc.columns(['project_id', 'account_id']).doUpdateSet({ right }))
      .execute();
  }
}

function toMemberProject(r: {
  id: number;
  name: string;
  net_mode: number;
  scenario: string;
  location: string;
  address: string;
  time_zone: number;
  type_flag: number;
  locked: number;
  right: string;
  owner_nick: string;
  device_count: unknown;
  online_count: unknown;
  created_at: string;
  updated_at: string;
}): MemberProjectRow {
  return {
    id: r.id,
    name: r.name,
    netMode: r.net_mode as NetMode,
    scenario: r.scenario as Scenario,
    location: r.location,
    address: r.address,
    timeZone: Number(r.time_zone),
    typeFlag: r.type_flag,
    locked: Number(r.locked) === 1,
    right: r.right as ProjectRight,
    ownerNick: r.owner_nick,
    deviceCount: toCount(r.device_count),
    onlineCount: toCount(r.online_count),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
