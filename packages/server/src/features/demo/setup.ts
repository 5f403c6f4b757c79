import { DEFAULT_TIME_ZONE, DEMO_TYPE_FLAG } from '@netloom/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { type Clock, isoAt } from '../../lib/clock';
import type { Devices } from '../devices';
import type { DemoPlan, DemoProjectPlan } from './plan';
import { storedName } from './plan';

/** The demo account's cloud code: fixed, so every node and every start finds the same account. */
export const DEMO_CLOUD_CODE = 'NETLOOMDEMO';
/**
 * Not a scrypt hash, so no password ever matches it; the account also has neither e-mail nor mobile,
 * so no sign-in form can name it. The only way in is `POST /api/auth/demo`.
 */
const NO_PASSWORD = '!demo-account-has-no-password';

export interface DemoState {
  accountId: number;
  /** The demo projects this start owns (a project id taken by someone else is skipped). */
  projectIds: number[];
}

/**
 * Makes sure the demo account, its two projects (type_flag 9) and the claims of the demo fleet's
 * SNs exist. Idempotent and safe on several nodes at once: inserts ignore conflicts, devices that
 * are already in the project are not added again, and claims go through the devices feature's
 * onboarding rules and registry (`seed`), never straight into the table.
 */
export class DemoSetup {
  constructor(
    private readonly db: Db,
    private readonly devices: Pick<Devices, 'seed'>,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async ensure(plan: DemoPlan): Promise<DemoState> {
    const accountId = await this.ensureAccount();
    const projectIds: number[] = [];
    for (const p of plan.projects) {
      if (!(await this.ensureProject(p, accountId))) continue;
      projectIds.push(p.id);
      await this.ensureDevices(p);
    }
    return { accountId, projectIds };
  }

  private async ensureAccount(): Promise<number> {
    const now = isoAt(this.clock.now());
    await this.db
      .insertInto('accounts')
      .values({
        cloud_code: DEMO_CLOUD_CODE,
        email: null,
        country_code: null,
        mobile: null,
        password_hash: NO_PASSWORD,
        nick: 'Demo visitor',
        role: 0,
        company_name: 'Netloom live demo',
        company_location: '',
        company_name_changed_at: now,
        company_location_changed_at: now,
        avatar_id: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('cloud_code').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('accounts')
      .select('id')
      .where('cloud_code', '=', DEMO_CLOUD_CODE)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** False when the id belongs to someone else's project (it is never taken over). */
  private async ensureProject(p: DemoProjectPlan, accountId: number): Promise<boolean> {
    const now = isoAt(this.clock.now());
    await this.db
      .insertInto('projects')
      .values({
        id: p.id,
        name: p.name,
        net_mode: p.netMode,
        scenario: p.scenario,
        location: p.location,
        address: p.address,
        time_zone: DEFAULT_TIME_ZONE,
        type_flag: DEMO_TYPE_FLAG,
        owner_id: accountId,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('projects')
      .select(['owner_id'])
      .where('id', '=', p.id)
      .executeTakeFirst();
    if (row?.owner_id !== accountId) {
      this.logger.warn(
        { projectId: p.id },
        'a demo project id is taken by another project; that demo is off',
      );
      return false;
    }
    await this.db
      .insertInto('project_members')
      .values({ project_id: p.id, account_id: accountId, right: 'own', created_at: now })
      .onConflict((oc) => oc.columns(['project_id', 'account_id']).doNothing())
      .execute();
    return true;
  }

  private async ensureDevices(p: DemoProjectPlan): Promise<void> {
    const sns = p.devices.map((d) => d.sn);
    const present = new Set(
      (await this.db.selectFrom('devices').select('sn').where('sn', 'in', sns).execute()).map((r) => r.sn),
    );
    const missing = p.devices.filter((d) => !present.has(d.sn));
    if (missing.length === 0) return;
    const outcomes = await this.devices.seed(
      p.id,
      missing.map((d) => ({ sn: d.sn, name: storedName(d), location: null })),
    );
    const refused = outcomes.flatMap((o, i) => (o.ok ? [] : [{ sn: missing[i]?.sn, code: o.code }]));
    if (refused.length > 0) this.logger.warn({ projectId: p.id, refused }, 'demo devices refused at claim');
    this.logger.info({ projectId: p.id, added: missing.length - refused.length }, 'demo devices claimed');
  }
}
