import type { NetMode, ProjectPlace, ProjectRight, Scenario } from '@netloom/domain';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db';
import { chunks, toCount } from '../../db';
import type { ProjectsTable } from '../../db/schema';

/** A project as seen by one member (its device counts are the devices feature's). */
export interface MemberProjectRow {
  id: number;
  name: string;
  netMode: NetMode;
  scenario: Scenario;
  location: string;
  address: string;
  /** IANA zone (Europe/Lisbon). */
  timeZone: string;
  typeFlag: number;
  /** Its place on the data screen's map (0016); null until set. */
  place: ProjectPlace | null;
  /** The owner's configuration lock (code 173 while on). */
  locked: boolean;
  right: ProjectRight;
  /** When the caller's share ends (ISO), null: never or the owner. */
  expiresAt: string | null;
  ownerNick: string;
  createdAt: string;
  updatedAt: string;
}

/** What other features ask of a project: its time zone, network mode and owner's lock. */
export interface ProjectSettings {
  /** The project's name (notification messages name it). */
  name: string;
  /** IANA zone (Europe/Lisbon): local times of schedules, calendar days of reports. */
  timeZone: string;
  netMode: NetMode;
  /** The owner's configuration lock (every change 173, automatic ones included). */
  locked: boolean;
}

/** What a new project is made of (the creation form's fields, as stored). */
export interface NewProjectFields {
  name: string;
  netMode: number;
  scenario: string;
  location: string;
  address: string;
  /** IANA zone, already checked. */
  timeZone: string;
  /** Its place on the data screen's map (the location picker), if given. */
  place?: ProjectPlace | null;
  /** §3 type_flag; 0 (an ordinary project) unless given (an experience project's). */
  typeFlag?: number;
}

/** A project created by the system with a fixed id (the live demo's). */
export interface FixedProject extends NewProjectFields {
  id: number;
  typeFlag: number;
  ownerId: number;
}

export interface ProjectFilter {
  q?: string | undefined;
  netMode?: NetMode | undefined;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * SQL of projects, their members and creations — this feature's tables. Display names only
 * (docs/architecture.md "Data ownership"): a project row shows its owner's nick (`accounts`), joined
 * read-only in the same query.
 */
export class ProjectStore {
  constructor(private readonly db: Db) {}

  /** The account's projects whose membership has not expired at `now` (ISO). */
  private memberQuery(accountId: number, now: string) {
    return this.db
      .selectFrom('projects as p')
      .innerJoin('project_members as m', 'm.project_id', 'p.id')
      .innerJoin('accounts as o', 'o.id', 'p.owner_id')
      .where('m.account_id', '=', accountId)
      .where((eb) => eb.or([eb('m.expires_at', 'is', null), eb('m.expires_at', '>', now)]))
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
        'p.place_lat',
        'p.place_lng',
        'p.place_country',
        'p.place_city',
        'p.created_at',
        'p.updated_at',
        'm.right',
        'm.expires_at',
        'o.nick as owner_nick',
      ]);
  }

  async listForMember(
    accountId: number,
    now: string,
    filter: ProjectFilter = {},
  ): Promise<MemberProjectRow[]> {
    let q = this.memberQuery(accountId, now);
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

  async findForMember(
    projectId: number,
    accountId: number,
    now: string,
  ): Promise<MemberProjectRow | undefined> {
    const row = await this.memberQuery(accountId, now).where('p.id', '=', projectId).executeTakeFirst();
    return row && toMemberProject(row);
  }

  /**
   * What the access guard needs in one query: the member's right, the project's network mode and
   * lock, and whether the share expired at `now` (ISO; from that very instant). Undefined when the
   * account is not a member.
   */
  async memberAccess(
    projectId: number,
    accountId: number,
    now: string,
  ): Promise<{ right: ProjectRight; netMode: NetMode; locked: boolean; expired: boolean } | undefined> {
    const row = await this.db
      .selectFrom('project_members as m')
      .innerJoin('projects as p', 'p.id', 'm.project_id')
      .select(['m.right', 'm.expires_at', 'p.net_mode', 'p.locked'])
      .where('m.project_id', '=', projectId)
      .where('m.account_id', '=', accountId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      right: row.right as ProjectRight,
      netMode: row.net_mode as NetMode,
      locked: Number(row.locked) === 1,
      expired: row.expires_at !== null && row.expires_at <= now,
    };
  }

  async setLocked(projectId: number, locked: boolean, now: string): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({ locked: locked ? 1 : 0, updated_at: now })
      .where('id', '=', projectId)
      .execute();
  }

  /** The account's right on the project, or undefined when it is not a member or its share expired at `now`. */
  async rightOf(projectId: number, accountId: number, now: string): Promise<ProjectRight | undefined> {
    const row = await this.db
      .selectFrom('project_members')
      .select('right')
      .where('project_id', '=', projectId)
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    return row?.right as ProjectRight | undefined;
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

  /** Every project's time zone, by id (scheduled jobs that visit each project's local day). */
  async zones(): Promise<Map<number, string>> {
    const rows = await this.db.selectFrom('projects').select(['id', 'time_zone']).execute();
    return new Map(rows.map((r) => [r.id, r.time_zone]));
  }

  /** Time zone, network mode and lock of each of these projects (absent: no such project). */
  async settingsOf(projectIds: readonly number[]): Promise<Map<number, ProjectSettings>> {
    const out = new Map<number, ProjectSettings>();
    for (const part of chunks([...new Set(projectIds)])) {
      const rows = await this.db
        .selectFrom('projects')
        .select(['id', 'name', 'time_zone', 'net_mode', 'locked'])
        .where('id', 'in', part)
        .execute();
      for (const r of rows)
        out.set(r.id, {
          name: r.name,
          timeZone: r.time_zone,
          netMode: r.net_mode as NetMode,
          locked: Number(r.locked) === 1,
        });
    }
    return out;
  }

  /** The ISO country of each of these projects' place (null: no place picked; absent: no such project). */
  async countriesOf(projectIds: readonly number[]): Promise<Map<number, string | null>> {
    const out = new Map<number, string | null>();
    for (const part of chunks([...new Set(projectIds)])) {
      const rows = await this.db
        .selectFrom('projects')
        .select(['id', 'place_country'])
        .where('id', 'in', part)
        .execute();
      for (const r of rows) out.set(r.id, r.place_country);
    }
    return out;
  }

  /** Inserts the project, its owner membership and the creation record in one transaction. */
  async create(ownerId: number, p: NewProjectFields, now: string): Promise<number> {
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
          ...placeColumns(p.place ?? null),
          type_flag: p.typeFlag ?? 0,
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

  /**
   * Inserts the project with this fixed id unless it exists (conflicts ignored, so several nodes may
   * do it at once), and its owner's membership when it is `ownerId`'s. False when the id is taken by
   * another owner's project (it is never taken over).
   */
  async ensureProject(p: FixedProject, now: string): Promise<boolean> {
    await this.db
      .insertInto('projects')
      .values({
        id: p.id,
        name: p.name,
        net_mode: p.netMode,
        scenario: p.scenario,
        location: p.location,
        address: p.address,
        time_zone: p.timeZone,
        ...placeColumns(p.place ?? null),
        type_flag: p.typeFlag,
        owner_id: p.ownerId,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('projects')
      .select('owner_id')
      .where('id', '=', p.id)
      .executeTakeFirst();
    if (row?.owner_id !== p.ownerId) return false;
    await this.db
      .insertInto('project_members')
      .values({ project_id: p.id, account_id: p.ownerId, right: 'own', created_at: now })
      .onConflict((oc) => oc.columns(['project_id', 'account_id']).doNothing())
      .execute();
    return true;
  }

  /** The ids of the projects the account owns (a transfer's receiver: its project and device budget). */
  async ownedIds(accountId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('projects')
      .select('id')
      .where('owner_id', '=', accountId)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Hands the project from `fromId` to `toId` in one transaction (issue 14 §2): the owner column, the
   * receiver's membership becomes `own` (replacing any share it held), and the old owner's becomes a
   * manage share (`rw`, the membership rows sharing uses) or goes. False when `fromId` no longer owns
   * it (a concurrent transfer won).
   */
  async transferOwnership(
    projectId: number,
    fromId: number,
    toId: number,
    keepManage: boolean,
    now: string,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const moved = await tx
        .updateTable('projects')
        .set({ owner_id: toId, updated_at: now })
        .where('id', '=', projectId)
        .where('owner_id', '=', fromId)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await tx
        .insertInto('project_members')
        .values({ project_id: projectId, account_id: toId, right: 'own', created_at: now })
        .onConflict((oc) => oc.columns(['project_id', 'account_id']).doUpdateSet({ right: 'own' }))
        .execute();
      const old = tx
        .updateTable('project_members')
        .where('project_id', '=', projectId)
        .where('account_id', '=', fromId);
      if (keepManage) await old.set({ right: 'rw' }).execute();
      else
        await tx
          .deleteFrom('project_members')
          .where('project_id', '=', projectId)
          .where('account_id', '=', fromId)
          .execute();
      return true;
    });
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
  time_zone: string;
  type_flag: number;
  locked: number;
  place_lat: number | null;
  place_lng: number | null;
  place_country: string | null;
  place_city: string | null;
  right: string;
  expires_at: string | null;
  owner_nick: string;
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
    timeZone: r.time_zone,
    typeFlag: r.type_flag,
    place:
      r.place_lat === null || r.place_lng === null || r.place_country === null
        ? null
        : {
            lat: Number(r.place_lat),
            lng: Number(r.place_lng),
            country: r.place_country,
            city: r.place_city ?? '',
          },
    locked: Number(r.locked) === 1,
    right: r.right as ProjectRight,
    expiresAt: r.expires_at,
    ownerNick: r.owner_nick,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The place columns of a project row (all null: not on the map). */
export function placeColumns(place: ProjectPlace | null) {
  return {
    place_lat: place?.lat ?? null,
    place_lng: place?.lng ?? null,
    place_country: place?.country ?? null,
    place_city: place?.city ?? null,
  };
}
