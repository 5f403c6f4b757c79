import {
  DEFAULT_TIME_ZONE,
  defaultDeviceName,
  ERR,
  EXPERIENCE_TYPE_FLAG,
  type ExperienceState,
  type ExperienceView,
  experienceProjectName,
  isFreeRegistrationMode,
  isMemberLevel,
  NET_MODES,
} from '@netloom/domain';
import type { Logger } from 'pino';
import { retryOnLockConflict } from '../../db/lockRetry';
import { type Clock, isoAt } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Accounts } from '../account';
import type { Devices } from '../devices';
import type { Projects } from '../projects';
import type { ExperienceFleets } from './fleets';
import type { ExperienceSimulator } from './simulator';
import type { ExperienceRow, ExperienceStore } from './store';

/** Seeds of experience fleets: apart from the demo's (500000) and the simulator CLI's (1). */
export const EXPERIENCE_SEED_BASE = 700_000;

export interface ExperienceServiceDeps {
  clock: Clock;
  logger: Logger;
  store: ExperienceStore;
  fleets: ExperienceFleets;
  simulator: ExperienceSimulator | undefined;
  accounts: Pick<Accounts, 'findById'>;
  projects: Pick<Projects, 'createOwned' | 'deleteProject' | 'ofMember'>;
  devices: Pick<Devices, 'claimForSystem' | 'countsByProject'>;
  devicesPerProject: number;
}

/** An account's experience project: create (1161, 914, 530), read, delete (its fleet stopped first). */
export class ExperienceService {
  constructor(private readonly deps: ExperienceServiceDeps) {}

  async state(accountId: number): Promise<ExperienceState> {
    const row = await this.deps.store.ofAccount(accountId);
    return {
      experience: row ? await this.view(row) : null,
      allowed: !(await this.isFreeRegistration(accountId)),
      devicesPerProject: this.deps.devicesPerProject,
    };
  }

  async create(accountId: number, name: string): Promise<ExperienceView> {
    const { store, fleets, devicesPerProject } = this.deps;
    if (await this.isFreeRegistration(accountId)) throw new AppError(ERR.FREE_REGISTRATION_MODE, 403);
    if (await store.ofAccount(accountId)) throw new AppError(ERR.DEMO_PROJECT_EXISTS, 409);
    // 409: the server's state (its simulated devices) refuses it, not a failure of the server.
    if (!fleets.fits(devicesPerProject)) throw new AppError(ERR.EXPERIENCE_CAPACITY, 409);
    const experienceNum = await store.nextNumber();
    const project = await this.deps.projects.createOwned(
      accountId,
      {
        name: experienceProjectName(name, experienceNum),
        netMode: NET_MODES.WLAN,
        scenario: 'enterprise',
        location: '',
        address: '',
        timeZone: DEFAULT_TIME_ZONE,
        place: null,
      },
      EXPERIENCE_TYPE_FLAG,
    );
    const row: ExperienceRow = {
      project_id: project.id,
      account_id: accountId,
      experience_num: experienceNum,
      seed: EXPERIENCE_SEED_BASE + experienceNum,
      devices: devicesPerProject,
      created_at: isoAt(this.deps.clock.now()),
    };
    if (!(await store.insert(row))) {
      // Another request of the same account (or for the same number) won: undo this project.
      await this.deps.projects.deleteProject(project.id);
      if (await store.ofAccount(accountId)) throw new AppError(ERR.DEMO_PROJECT_EXISTS, 409);
      throw new AppError(ERR.SERVER_ERROR, 500);
    }
    await this.claim(row);
    fleets.start({ projectId: row.project_id, seed: row.seed, devices: row.devices });
    return this.view(row);
  }

  async remove(accountId: number): Promise<void> {
    const row = await this.deps.store.ofAccount(accountId);
    if (!row) throw new AppError(ERR.EXPERIENCE_NOT_FOUND, 404);
    // The devices leave first (like devices losing their cloud), then the project and its rows.
    await this.deps.fleets.stop(row.project_id);
    // The devices' last flush (their going offline) may hold their rows while the cascade deletes
    // them: PostgreSQL then aborts one of the two, and the delete runs again.
    await retryOnLockConflict(() => this.deps.projects.deleteProject(row.project_id));
  }

  /** Every experience project's fleet (at listen), within the bound; the rest wait for room. */
  async resume(): Promise<void> {
    for (const row of await this.deps.store.all()) {
      if (this.deps.fleets.isRunning(row.project_id)) continue;
      if (!this.deps.fleets.start({ projectId: row.project_id, seed: row.seed, devices: row.devices }))
        this.deps.logger.warn({ projectId: row.project_id }, 'experience fleet not started (bound reached)');
    }
  }

  /** Stops the fleets of experience projects deleted any other way (the project list's delete). */
  async reconcile(): Promise<void> {
    const live = new Set((await this.deps.store.all()).map((r) => r.project_id));
    for (const id of this.deps.fleets.runningIds()) if (!live.has(id)) await this.deps.fleets.stop(id);
  }

  private async claim(row: ExperienceRow): Promise<void> {
    const units = this.deps.simulator?.plan(row.seed, row.devices) ?? [];
    const outcomes = await this.deps.devices.claimForSystem(
      row.project_id,
      units.map((u) => ({ sn: u.sn, name: defaultDeviceName(u.sn, u.model.model), location: null })),
    );
    const refused = outcomes.filter((o) => !o.ok);
    if (refused.length > 0)
      this.deps.logger.warn({ projectId: row.project_id, refused }, 'experience devices refused at claim');
  }

  private async view(row: ExperienceRow): Promise<ExperienceView> {
    const counts = (await this.deps.devices.countsByProject([row.project_id])).get(row.project_id);
    return {
      projectId: row.project_id,
      projectName: await this.projectName(row),
      experienceNum: row.experience_num,
      devices: counts?.devices ?? 0,
      online: counts?.online ?? 0,
      createdAt: row.created_at,
    };
  }

  /** The project's name now (its owner may rename it like any project). */
  private async projectName(row: ExperienceRow): Promise<string> {
    const mine = await this.deps.projects.ofMember(row.account_id);
    return mine.find((p) => p.id === row.project_id)?.name ?? '';
  }

  private async isFreeRegistration(accountId: number): Promise<boolean> {
    const account = await this.deps.accounts.findById(accountId);
    return (
      account !== undefined &&
      isMemberLevel(account.member_level) &&
      isFreeRegistrationMode(account.member_level)
    );
  }
}
