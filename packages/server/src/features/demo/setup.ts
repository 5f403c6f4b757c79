import { DEFAULT_TIME_ZONE, DEMO_TYPE_FLAG } from '@netloom/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Accounts } from '../account';
import type { Devices } from '../devices';
import type { MapsFeature } from '../maps';
import type { Projects } from '../projects';
import { demoFloorPlan } from './floorPlans';
import type { DemoPlan, DemoProjectPlan } from './plan';
import { storedName } from './plan';

/** The demo account's cloud code: fixed, so every node and every start finds the same account. */
export const DEMO_CLOUD_CODE = 'NETLOOMDEMO';

export interface DemoState {
  accountId: number;
  /** The demo projects this start owns (a project id taken by someone else is skipped). */
  projectIds: number[];
}

/** What the demo sets up through the features that own it. */
export interface DemoSetupDeps {
  accounts: Pick<Accounts, 'ensureSystemAccount'>;
  projects: Pick<Projects, 'ensureProject'>;
  devices: Pick<Devices, 'seed' | 'claimedSns'>;
  /** Each demo project's prepared floor plan. */
  maps: Pick<MapsFeature, 'ensurePreparedMap'>;
  logger: FastifyBaseLogger;
}

/**
 * Makes sure the demo account, its two projects (type_flag 9), the claims of the demo fleet's
 * SNs and each project's prepared floor plan exist. Idempotent and safe on several nodes at once — each step is the owning feature's:
 * the account's system account (no password, no e-mail or mobile: the only way in is
 * `POST /api/auth/demo`), the projects' fixed-id projects, and claims through the devices feature's
 * onboarding rules and registry (`seed`) for the SNs not claimed yet.
 */
export class DemoSetup {
  constructor(private readonly deps: DemoSetupDeps) {}

  async ensure(plan: DemoPlan): Promise<DemoState> {
    const accountId = await this.deps.accounts.ensureSystemAccount({
      cloudCode: DEMO_CLOUD_CODE,
      nick: 'Demo visitor',
      companyName: 'Netloom live demo',
    });
    const projectIds: number[] = [];
    for (const p of plan.projects) {
      if (!(await this.ensureProject(p, accountId))) continue;
      projectIds.push(p.id);
      await this.ensureDevices(p);
      await this.ensureMap(p);
    }
    return { accountId, projectIds };
  }

  /** False when the id belongs to someone else's project (it is never taken over). */
  private async ensureProject(p: DemoProjectPlan, accountId: number): Promise<boolean> {
    const owned = await this.deps.projects.ensureProject({
      id: p.id,
      name: p.name,
      netMode: p.netMode,
      scenario: p.scenario,
      location: p.location,
      address: p.address,
      place: p.place,
      timeZone: DEFAULT_TIME_ZONE,
      typeFlag: DEMO_TYPE_FLAG,
      ownerId: accountId,
    });
    if (!owned)
      this.deps.logger.warn(
        { projectId: p.id },
        'a demo project id is taken by another project; that demo is off',
      );
    return owned;
  }

  /** The project's prepared floor plan, once (a project with a map keeps it). */
  private async ensureMap(p: DemoProjectPlan): Promise<void> {
    try {
      if (await this.deps.maps.ensurePreparedMap(p.id, () => demoFloorPlan(p.scenario, p.devices)))
        this.deps.logger.info({ projectId: p.id }, 'demo floor plan prepared');
    } catch (err) {
      // The demo runs without its map rather than not at all.
      this.deps.logger.warn({ projectId: p.id, err: String(err) }, 'demo floor plan not prepared');
    }
  }

  private async ensureDevices(p: DemoProjectPlan): Promise<void> {
    const { devices, logger } = this.deps;
    const present = await devices.claimedSns(p.devices.map((d) => d.sn));
    const missing = p.devices.filter((d) => !present.has(d.sn));
    if (missing.length === 0) return;
    const outcomes = await devices.seed(
      p.id,
      missing.map((d) => ({ sn: d.sn, name: storedName(d), location: null })),
    );
    const refused = outcomes.flatMap((o, i) => (o.ok ? [] : [{ sn: missing[i]?.sn, code: o.code }]));
    if (refused.length > 0) logger.warn({ projectId: p.id, refused }, 'demo devices refused at claim');
    logger.info({ projectId: p.id, added: missing.length - refused.length }, 'demo devices claimed');
  }
}
