import {
  ERR,
  errorMessage,
  type Project,
  type ProjectList,
  type projectInputSchema,
  type projectUpdateSchema,
  requestedTimeZone,
} from '@netloom/domain';
import type { z } from 'zod';
import { type Clock, isoAt, startOfUtcDay } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { Devices } from '../devices';
import { type MemberProjectRow, type ProjectFilter, type ProjectStore, placeColumns } from './store';

type ProjectInput = z.output<typeof projectInputSchema>;
type ProjectUpdate = z.output<typeof projectUpdateSchema>;

export interface ProjectLimits {
  /** Projects an account may own (140). */
  projectLimit: number;
  /** Projects an account may create per UTC calendar day (1160). */
  dailyProjectLimit: number;
}

function toProject(row: MemberProjectRow, counts: { devices: number; online: number } | undefined): Project {
  return {
    ...row,
    deviceCount: counts?.devices ?? 0,
    onlineCount: counts?.online ?? 0,
    isShare: row.right !== 'own',
    property: row.right === 'own' ? 'created' : 'invited',
  };
}

/** The IANA zone a request names (an old offset becomes its zone), else 436 on the field. */
function checkedZone(value: string | number): string {
  const zone = requestedTimeZone(value);
  if (zone === null)
    throw new AppError(ERR.UNKNOWN_TIME_ZONE, 400, [
      { path: 'timeZone', message: errorMessage(ERR.UNKNOWN_TIME_ZONE) },
    ]);
  return zone;
}

/** Project list and CRUD. Access (membership and right) is checked before, in access.ts. */
export class ProjectService {
  constructor(
    private readonly store: ProjectStore,
    private readonly clock: Clock,
    private readonly limits: ProjectLimits,
    /** Each project's device and online counts (the devices feature counts its rows). */
    private readonly devices: Pick<Devices, 'countsByProject'>,
    /** After a committed change of a project's time zone (its devices' clocks follow). */
    private readonly zoneChanged: (projectId: number) => void = () => {},
  ) {}

  async list(accountId: number, filter: ProjectFilter = {}): Promise<ProjectList> {
    const items = await this.withCounts(
      await this.store.listForMember(accountId, isoAt(this.clock.now()), filter),
    );
    return { items, total: items.length };
  }

  async get(access: ProjectAccess): Promise<Project> {
    const row = await this.store.findForMember(access.projectId, access.accountId, isoAt(this.clock.now()));
    if (!row) throw new AppError(ERR.PROJECT_INVALID);
    return (await this.withCounts([row]))[0] as Project;
  }

  private async withCounts(rows: readonly MemberProjectRow[]): Promise<Project[]> {
    if (rows.length === 0) return [];
    const counts = await this.devices.countsByProject(rows.map((r) => r.id));
    return rows.map((r) => toProject(r, counts.get(r.id)));
  }

  /** A new project of the account, within PROJECT_LIMIT (140) and the daily limit (1160). */
  async create(accountId: number, input: ProjectInput, typeFlag = 0): Promise<Project> {
    const now = this.clock.now();
    if ((await this.store.countOwned(accountId)) >= this.limits.projectLimit) {
      throw new AppError(ERR.PROJECT_LIMIT);
    }
    if (
      (await this.store.countCreatedSince(accountId, startOfUtcDay(now))) >= this.limits.dailyProjectLimit
    ) {
      throw new AppError(ERR.DAILY_PROJECT_LIMIT);
    }
    const id = await this.store.create(
      accountId,
      { ...input, timeZone: checkedZone(input.timeZone), typeFlag },
      isoAt(now),
    );
    return this.get({ projectId: id, accountId, right: 'own' });
  }

  async update(access: ProjectAccess, input: ProjectUpdate): Promise<Project> {
    const current = await this.get(access);
    if (input.netMode !== undefined && input.netMode !== current.netMode) {
      const counts = await this.devices.countsByProject([access.projectId]);
      if ((counts.get(access.projectId)?.devices ?? 0) > 0)
        throw new AppError(ERR.NET_MODE_LOCKED_BY_DEVICES, 409, [
          { path: 'netMode', message: errorMessage(ERR.NET_MODE_LOCKED_BY_DEVICES) },
        ]);
    }
    const zone = input.timeZone === undefined ? undefined : checkedZone(input.timeZone);
    await this.store.update(access.projectId, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.netMode !== undefined && { net_mode: input.netMode }),
      ...(input.scenario !== undefined && { scenario: input.scenario }),
      ...(input.location !== undefined && { location: input.location }),
      ...(input.address !== undefined && { address: input.address }),
      ...(zone !== undefined && { time_zone: zone }),
      ...(input.place !== undefined && placeColumns(input.place)),
      updated_at: isoAt(this.clock.now()),
    });
    if (zone !== undefined && zone !== current.timeZone) this.zoneChanged(access.projectId);
    return this.get(access);
  }

  /** The owner's configuration lock (§3 "read-only" project): while on, every change is 173. */
  async setLocked(access: ProjectAccess, locked: boolean): Promise<Project> {
    await this.store.setLocked(access.projectId, locked, isoAt(this.clock.now()));
    return this.get(access);
  }

  async delete(access: ProjectAccess): Promise<void> {
    await this.store.delete(access.projectId);
  }
}
