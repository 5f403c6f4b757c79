import {
  type DeviceDetail,
  type DeviceList,
  type DeviceTypeCounts,
  type deviceAddRequestSchema,
  type deviceClaimRequestSchema,
  type deviceListQuerySchema,
  type deviceUpdateSchema,
  ERR,
  type ErrorCode,
  errorMessage,
  type PendingDeviceList,
} from '@netloom/domain';
import type { z } from 'zod';
import { toCount } from '../../db';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { Onboarding } from './onboarding';
import type { DeviceStore } from './store';
import { toDevice, toDeviceDetail, toPending } from './view';

type AddInput = z.output<typeof deviceAddRequestSchema>;
type ClaimInput = z.output<typeof deviceClaimRequestSchema>;
type UpdateInput = z.output<typeof deviceUpdateSchema>;
type ListQuery = z.output<typeof deviceListQuerySchema>;

/** A rule refusal of onboarding: the request conflicts with what the project (or account) holds. */
/** A refused add: the catalogue's code, and the outcome's own words on the SN field when they say more. */
export function conflict(code: ErrorCode, message?: string): AppError {
  const issues = message && message !== errorMessage(code) ? [{ path: 'sn', message }] : undefined;
  return new AppError(code, code === ERR.INVALID_PARAMETERS ? 400 : 409, issues);
}

/** Device list, detail, edits, delete, add by SN and the devices to be verified of one project. */
export class DeviceService {
  constructor(
    private readonly store: DeviceStore,
    private readonly onboarding: Onboarding,
    private readonly clock: Clock,
    private readonly activity: ActivityLog,
  ) {}

  /** The change log's entry for an action on one device (deviceId null once it is deleted). */
  private log(
    access: ProjectAccess,
    action: 'device.add' | 'device.claim' | 'device.delete',
    device: { deviceId: number | null; name: string },
    summary: string,
  ): Promise<void> {
    return this.activity.record({
      projectId: access.projectId,
      accountId: access.accountId,
      device,
      action,
      summary,
      at: this.clock.now(),
    });
  }

  async list(access: ProjectAccess, q: ListQuery): Promise<DeviceList> {
    const { sort, order, page, pageSize, ...filter } = q;
    const { rows, total } = await this.store.page(
      { projectId: access.projectId, ...filter },
      { sort, order, page, pageSize },
    );
    const now = this.clock.now();
    return { items: rows.map((r) => toDevice(r, now)), total, page, pageSize };
  }

  async typeCounts(access: ProjectAccess): Promise<DeviceTypeCounts> {
    const rows = await this.store.typeCounts(access.projectId);
    const byType: Record<string, number> = {};
    let total = 0;
    let online = 0;
    for (const r of rows) {
      byType[r.type] = toCount(r.n);
      total += toCount(r.n);
      online += toCount(r.online);
    }
    return { total, online, byType };
  }

  async get(access: ProjectAccess, deviceId: number): Promise<DeviceDetail> {
    const row = await this.store.get(access.projectId, deviceId);
    // Ids are never reused, so an id that is not in the project names a deleted (or foreign) device.
    if (!row) throw new AppError(ERR.DEVICE_DELETED, 404);
    const [downlinks, problems] = await Promise.all([
      this.store.downlinks(access.projectId, row.sn),
      this.store.problems(row.id),
    ]);
    return toDeviceDetail(row, downlinks, problems, this.clock.now());
  }

  async add(access: ProjectAccess, input: AddInput): Promise<DeviceDetail> {
    const [outcome] = await this.onboarding.admit(access.projectId, [
      { sn: input.sn, name: input.name, location: input.location },
    ]);
    if (!outcome) throw new AppError(ERR.SERVER_ERROR);
    if (!outcome.ok) throw conflict(outcome.code, outcome.message);
    const detail = await this.get(access, outcome.deviceId);
    await this.log(
      access,
      'device.add',
      { deviceId: detail.id, name: detail.name },
      `Added ${detail.name} (SN ${detail.sn}) by serial number.`,
    );
    return detail;
  }

  async update(access: ProjectAccess, deviceId: number, input: UpdateInput): Promise<DeviceDetail> {
    const patch = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.remark !== undefined && { remark: input.remark || null }),
      ...(input.location !== undefined && { location: input.location || null }),
    };
    if (Object.keys(patch).length > 0) {
      if (!(await this.store.update(access.projectId, deviceId, patch))) {
        throw new AppError(ERR.DEVICE_DELETED, 404);
      }
    }
    return this.get(access, deviceId);
  }

  /**
   * Deletes the device and everything recorded about it (telemetry, clients, events, commands
   * cascade). The device itself is not told: it keeps its connection and shows up again as a device
   * to be verified (docs/decisions.md).
   */
  async delete(access: ProjectAccess, deviceId: number): Promise<void> {
    const row = await this.store.get(access.projectId, deviceId);
    const sn = await this.store.delete(access.projectId, deviceId);
    if (sn === undefined || !row) throw new AppError(ERR.DEVICE_DELETED, 404);
    await this.onboarding.retire(access.projectId, deviceId, sn);
    await this.log(
      access,
      'device.delete',
      { deviceId: null, name: row.name },
      `Deleted ${row.name} (SN ${sn}) and its data.`,
    );
  }

  // ── devices to be verified ──────────────────────────────────────────────────────────────────
  async pending(access: ProjectAccess): Promise<PendingDeviceList> {
    const items = (await this.store.listPending(access.projectId)).map(toPending);
    return { items, total: items.length };
  }

  pendingCount(access: ProjectAccess): Promise<number> {
    return this.store.countPending(access.projectId);
  }

  /** Claims a device offered to this project: the same rules as adding it by SN. */
  async claim(access: ProjectAccess, sn: string, input: ClaimInput): Promise<DeviceDetail> {
    const offered = await this.store.findPending(access.projectId, sn);
    if (!offered) throw new AppError(ERR.NOT_EXIST, 404);
    const [outcome] = await this.onboarding.admit(access.projectId, [
      { sn: offered.sn, name: input.name, location: input.location },
    ]);
    if (!outcome) throw new AppError(ERR.SERVER_ERROR);
    if (!outcome.ok) throw conflict(outcome.code, outcome.message);
    const detail = await this.get(access, outcome.deviceId);
    await this.log(
      access,
      'device.claim',
      { deviceId: detail.id, name: detail.name },
      `Claimed ${detail.name} (SN ${detail.sn}), which had connected on its own.`,
    );
    return detail;
  }

  async dismiss(access: ProjectAccess, sn: string): Promise<void> {
    if (!(await this.store.dismissPending(access.projectId, sn, this.clock.now()))) {
      throw new AppError(ERR.NOT_EXIST, 404);
    }
  }
}
