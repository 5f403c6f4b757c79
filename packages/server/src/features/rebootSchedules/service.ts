/**
 * Reboot schedules (issue 13 §1): the project's schedule and the devices' own (a device's overrides
 * the project's), the rules of domain `rebootSchedules/` (§6 which kinds, the plan's fields), and the
 * scheduler: every node ticks; a slot of a schedule is run by the one node whose claim of (schedule,
 * slot) in `job_leases` wins, so each device is restarted at most once per slot however many nodes
 * run. The restart is maintenance's (the Restart button's `reboot` job and refusals), plus §9's
 * one-hour online rule; every device a slot skips is logged with the reason.
 */
import {
  type AuditAction,
  describeRebootPlan,
  dueRebootSlot,
  ERR,
  type ErrorCode,
  errorMessage,
  isDemoProject,
  nextRebootAt,
  normalisedRebootPlan,
  REBOOT_SCHEDULE_MIN_ONLINE_MS,
  REBOOT_SLOT_GRACE_MS,
  type RebootPlan,
  type RebootScheduleCreate,
  type RebootScheduleList,
  type RebootScheduleUpdate,
  type RebootScheduleView,
  rebootScheduleRefusal,
} from '@netloom/domain';
import type { Logger } from 'pino';
import type { ActivityEntry, ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { JobLeases } from '../../lib/singleton';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { DeviceSnapshot, Devices } from '../devices';
import type { Maintenance } from '../maintenance';
import type { ProjectSettings, Projects } from '../projects';
import { planOf, type RebootScheduleRow, type RebootScheduleStore } from './store';
import type { ScheduleTime } from './time';

export interface RebootScheduleDeps {
  store: RebootScheduleStore;
  devices: Pick<Devices, 'snapshots' | 'snapshotsOf'>;
  projects: Pick<Projects, 'settingsOf'>;
  maintenance: Maintenance;
  activity: Pick<ActivityLog, 'record' | 'recordMany'>;
  leases: Pick<JobLeases, 'claim'>;
  /** The app's clock: when things were saved and logged. */
  clock: Clock;
  /** The scheduler's time (the app's clock unless a development time factor is set). */
  time: ScheduleTime;
  logger: Pick<Logger, 'info' | 'error'>;
}

/** The `job_leases` job of one schedule's slots (the slot is the scheduled instant). */
export const rebootScheduleJob = (scheduleId: number) => `reboot.schedule:${scheduleId}`;

/** What one slot did on this node: devices sent a restart, devices skipped (each logged). */
export interface SlotRun {
  scheduleId: number;
  slot: number;
  restarted: number[];
  skipped: { deviceId: number; code: number }[];
}

const MINUTE_MS = 60_000;

export class RebootScheduleService {
  constructor(private readonly deps: RebootScheduleDeps) {}

  async list(projectId: number): Promise<RebootScheduleList> {
    const { store, projects, devices } = this.deps;
    const [rows, settings] = await Promise.all([store.list(projectId), projects.settingsOf([projectId])]);
    const zone = settings.get(projectId)?.timeZone ?? 'UTC';
    const ids = rows.flatMap((r) => (r.device_id === null ? [] : [r.device_id]));
    const byId = new Map((await devices.snapshotsOf(ids)).map((d) => [d.deviceId, d]));
    // The project's first, then the devices' own in the order they were made.
    const ordered = [...rows].sort((x, y) =>
      x.device_id === null ? -1 : y.device_id === null ? 1 : x.id - y.id,
    );
    return { timeZone: zone, schedules: ordered.map((r) => this.view(r, zone, byId.get(r.device_id ?? 0))) };
  }

  async create(access: ProjectAccess, body: RebootScheduleCreate): Promise<RebootScheduleView> {
    const { store, clock } = this.deps;
    const plan = normalisedRebootPlan(body);
    const device =
      body.deviceId === null ? undefined : await this.deviceOf(access.projectId, body.deviceId, plan);
    const at = clock.now();
    const row = await store.insert({
      projectId: access.projectId,
      deviceId: body.deviceId,
      enabled: body.enabled,
      plan,
      at,
      anchorAt: this.anchorNow(),
    });
    if (!row) throw new AppError(ERR.REBOOT_SCHEDULE_EXISTS);
    await this.log(access, row, device, 'rebootSchedule.save', `Reboot schedule ${this.words(row)}`);
    return this.view(row, await this.zoneOf(access.projectId), device);
  }

  async update(access: ProjectAccess, id: number, body: RebootScheduleUpdate): Promise<RebootScheduleView> {
    const { store, clock } = this.deps;
    const existing = await store.get(access.projectId, id);
    if (!existing) throw new AppError(ERR.REBOOT_SCHEDULE_NOT_FOUND);
    const plan = normalisedRebootPlan(body);
    const device =
      existing.device_id === null
        ? undefined
        : await this.deviceOf(access.projectId, existing.device_id, plan);
    const row = await store.update(access.projectId, id, {
      enabled: body.enabled,
      plan,
      at: clock.now(),
      anchorAt: this.anchorNow(),
    });
    if (!row) throw new AppError(ERR.REBOOT_SCHEDULE_NOT_FOUND);
    await this.log(access, row, device, 'rebootSchedule.save', `Reboot schedule ${this.words(row)}`);
    return this.view(row, await this.zoneOf(access.projectId), device);
  }

  async remove(access: ProjectAccess, id: number): Promise<Record<string, never>> {
    const { store, devices } = this.deps;
    const existing = await store.get(access.projectId, id);
    if (!existing || !(await store.remove(access.projectId, id)))
      throw new AppError(ERR.REBOOT_SCHEDULE_NOT_FOUND);
    const [device] = existing.device_id === null ? [] : await devices.snapshotsOf([existing.device_id]);
    await this.log(access, existing, device, 'rebootSchedule.delete', 'Reboot schedule deleted');
    return {};
  }

  /**
   * One scheduler tick: each schedule that is on runs its latest slot in (last slot run, now] — at
   * most `REBOOT_SLOT_GRACE_MS` late (a 03:00 reboot never hits the network at 09:00 after an
   * outage) — on the one node whose claim of the slot wins. What this node ran, for tests.
   */
  async tick(): Promise<SlotRun[]> {
    const { store, projects, leases, time, logger } = this.deps;
    const now = time.now();
    const runs: SlotRun[] = [];
    const rows = await store.enabled();
    if (rows.length === 0) return runs;
    const settings = await projects.settingsOf([...new Set(rows.map((r) => r.project_id))]);
    for (const row of rows) {
      const project = settings.get(row.project_id);
      if (!project) continue;
      const since = Math.max(row.last_slot ?? row.anchor_at, now - REBOOT_SLOT_GRACE_MS);
      const slot = dueRebootSlot(planOf(row), row.anchor_at, project.timeZone, since, now);
      if (slot === null) continue;
      try {
        if (!(await leases.claim(rebootScheduleJob(row.id), slot))) continue;
        await store.setLastSlot(row.id, slot);
        runs.push(await this.runSlot(row, project, slot));
      } catch (err) {
        logger.error({ err, scheduleId: row.id, slot }, 'scheduled reboot failed');
      }
    }
    return runs;
  }

  private async runSlot(row: RebootScheduleRow, project: ProjectSettings, slot: number): Promise<SlotRun> {
    const { devices, store, maintenance, activity, clock, time } = this.deps;
    const plan = planOf(row);
    const run: SlotRun = { scheduleId: row.id, slot, restarted: [], skipped: [] };
    const scope = row.device_id === null ? 'the project’s schedule' : 'its own schedule';
    // A read-only (locked) or demo project takes no change, automatic ones included.
    const blocked: ErrorCode | null = isDemoProject({ id: row.project_id })
      ? ERR.DEMO_BLOCKED
      : project.locked
        ? ERR.READ_ONLY_PROJECT
        : null;
    let targets: DeviceSnapshot[];
    if (row.device_id !== null) targets = await devices.snapshotsOf([row.device_id]);
    else {
      const own = await store.devicesWithOwn(row.project_id);
      targets = (await devices.snapshots(row.project_id)).filter(
        (d) => !own.has(d.deviceId) && rebootScheduleRefusal(d.type, plan.mode) === null,
      );
    }
    targets = targets.filter((d) => d.projectId === row.project_id);
    if (targets.length === 0) return run;
    const skip = (d: { deviceId: number; name: string | null }, code: number): ActivityEntry => {
      run.skipped.push({ deviceId: d.deviceId, code });
      return {
        projectId: row.project_id,
        accountId: null,
        device: { deviceId: d.deviceId, name: d.name ?? `#${d.deviceId}` },
        action: 'rebootSchedule.skipped',
        summary: `Scheduled reboot skipped (${scope}): ${errorMessage(code)}`,
        at: clock.now(),
      };
    };
    if (blocked !== null) {
      await activity.recordMany(targets.map((d) => skip(d, blocked)));
      return run;
    }
    const now = time.now();
    const outcomes = await maintenance.systemRestart(
      row.project_id,
      targets.map((d) => d.deviceId),
      {
        summary: `Scheduled reboot (${scope}: ${describeRebootPlan(plan)})`,
        // §9: online for less than an hour at the slot (since its status last changed to online).
        extra: (d) =>
          d.statusChangedAt === null || now - time.fromReal(d.statusChangedAt) < REBOOT_SCHEDULE_MIN_ONLINE_MS
            ? ERR.REBOOT_ONLINE_UNDER_AN_HOUR
            : null,
      },
    );
    const skipped: ActivityEntry[] = [];
    for (const o of outcomes) {
      if (o.ok) run.restarted.push(o.deviceId);
      else skipped.push(skip(o, o.code ?? ERR.DEVICE_NOT_FOUND));
    }
    await activity.recordMany(skipped);
    return run;
  }

  /** The schedule's device in the project, allowed this plan by its kind (§6); 901, 490, 491. */
  private async deviceOf(projectId: number, deviceId: number, plan: RebootPlan): Promise<DeviceSnapshot> {
    const [device] = await this.deps.devices.snapshotsOf([deviceId]);
    if (!device || device.projectId !== projectId) throw new AppError(ERR.DEVICE_NOT_FOUND);
    const code = rebootScheduleRefusal(device.type, plan.mode);
    if (code !== null) throw new AppError(code);
    return device;
  }

  /** Cyclic slots count from the whole minute the plan was saved at. */
  private anchorNow(): number {
    return Math.floor(this.deps.time.now() / MINUTE_MS) * MINUTE_MS;
  }

  private async zoneOf(projectId: number): Promise<string> {
    return (await this.deps.projects.settingsOf([projectId])).get(projectId)?.timeZone ?? 'UTC';
  }

  private words(row: RebootScheduleRow): string {
    return `${row.enabled ? 'on' : 'off'}: ${describeRebootPlan(planOf(row))}`;
  }

  private async log(
    access: ProjectAccess,
    row: RebootScheduleRow,
    device: DeviceSnapshot | undefined,
    action: AuditAction,
    summary: string,
  ): Promise<void> {
    await this.deps.activity.record({
      projectId: access.projectId,
      accountId: access.accountId,
      device: device ? { deviceId: device.deviceId, name: device.name } : null,
      action,
      summary: row.device_id === null ? `${summary} (whole project)` : summary,
      at: this.deps.clock.now(),
    });
  }

  private view(row: RebootScheduleRow, zone: string, device: DeviceSnapshot | undefined): RebootScheduleView {
    const { time } = this.deps;
    const plan = planOf(row);
    const next = row.enabled ? nextRebootAt(plan, row.anchor_at, zone, time.now()) : null;
    return {
      id: row.id,
      deviceId: row.device_id,
      deviceName: device?.name ?? null,
      deviceType: device?.type ?? null,
      enabled: row.enabled === 1,
      ...plan,
      anchorAt: time.toReal(row.anchor_at),
      nextRunAt: next === null ? null : time.toReal(next),
      lastRunAt: row.last_slot === null ? null : time.toReal(row.last_slot),
      updatedAt: row.updated_at,
    };
  }
}
