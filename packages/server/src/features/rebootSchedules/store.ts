// The reboot schedules' SQL: their own table `reboot_schedules` (migration 0022) and nothing else.
import type { RebootPlan } from '@netloom/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { RebootSchedulesTable } from '../../db/schema';

export type RebootScheduleRow = Selectable<RebootSchedulesTable>;

/** The row's target key: one schedule per project and one per device. */
export const targetOf = (deviceId: number | null): string =>
  deviceId === null ? 'project' : `device:${deviceId}`;

/** The plan a row holds. */
export function planOf(r: RebootScheduleRow): RebootPlan {
  return {
    mode: r.mode === 'weekly' ? 'weekly' : 'cyclic',
    time: r.time,
    days: r.days === '' ? [] : r.days.split(',').map(Number),
    every: r.every,
    unit: r.unit === 'days' || r.unit === 'hours' ? r.unit : null,
  };
}

function planColumns(p: RebootPlan) {
  return { mode: p.mode, time: p.time, days: p.days.join(','), every: p.every, unit: p.unit };
}

export class RebootScheduleStore {
  constructor(readonly db: Db) {}

  list(projectId: number): Promise<RebootScheduleRow[]> {
    return this.db
      .selectFrom('reboot_schedules')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('device_id')
      .orderBy('id')
      .execute();
  }

  get(projectId: number, id: number): Promise<RebootScheduleRow | undefined> {
    return this.db
      .selectFrom('reboot_schedules')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Every schedule that is on, across projects (the scheduler's tick). */
  enabled(): Promise<RebootScheduleRow[]> {
    return this.db.selectFrom('reboot_schedules').selectAll().where('enabled', '=', 1).execute();
  }

  /** The devices of a project that have a schedule of their own, on or off (the project's skips them). */
  async devicesWithOwn(projectId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('reboot_schedules')
      .select('device_id')
      .where('project_id', '=', projectId)
      .where('device_id', 'is not', null)
      .execute();
    return new Set(rows.flatMap((r) => (r.device_id === null ? [] : [r.device_id])));
  }

  /** Inserts a schedule; undefined when its target has one already (the unique key). */
  async insert(v: {
    projectId: number;
    deviceId: number | null;
    enabled: boolean;
    plan: RebootPlan;
    at: number;
    anchorAt: number;
  }): Promise<RebootScheduleRow | undefined> {
    return this.db
      .insertInto('reboot_schedules')
      .values({
        project_id: v.projectId,
        device_id: v.deviceId,
        target: targetOf(v.deviceId),
        enabled: v.enabled ? 1 : 0,
        ...planColumns(v.plan),
        anchor_at: v.anchorAt,
        last_slot: null,
        created_at: v.at,
        updated_at: v.at,
      })
      .onConflict((oc) => oc.columns(['project_id', 'target']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async update(
    projectId: number,
    id: number,
    v: { enabled: boolean; plan: RebootPlan; at: number; anchorAt: number },
  ): Promise<RebootScheduleRow | undefined> {
    return this.db
      .updateTable('reboot_schedules')
      .set({ enabled: v.enabled ? 1 : 0, ...planColumns(v.plan), anchor_at: v.anchorAt, updated_at: v.at })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async remove(projectId: number, id: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('reboot_schedules')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The slot a node claimed and ran: the next tick (on any node, after a restart) starts after it. */
  async setLastSlot(id: number, slot: number): Promise<void> {
    await this.db
      .updateTable('reboot_schedules')
      .set({ last_slot: slot })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_slot', 'is', null), eb('last_slot', '<', slot)]))
      .execute();
  }
}
