import { isDemoProject } from '@netloom/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { DeviceGateway } from '../../gateway/types';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { Accounts } from '../account';
import type { Auth } from '../auth';
import type { Devices } from '../devices';
import type { MapsFeature } from '../maps';
import type { Projects } from '../projects';
import { installDemoGuard } from './guard';
import { DemoHistory, type HistoryReport } from './history';
import { DEMO_FLEET, DEMO_TELEMETRY_INTERVAL_MS, type DemoPlan, type DemoUnit, demoPlan } from './plan';
import { renameDemoPayload } from './rename';
import { demoRoutes } from './routes';
import { DEMO_CLOUD_CODE, DemoSetup } from './setup';

/** The simulator's options of the demo fleet (what `main.ts` hands `createFleet` besides the URL). */
export interface DemoFleetOptions {
  provisioningKey: string;
  seed: number;
  mix: (typeof DEMO_FLEET)['mix'];
  devices: number;
  telemetryIntervalMs: number;
  churnPerHour: number;
  rampMs: number;
}

/** What `main.ts` (and tests) ask of the live demo to run its simulated fleet. */
export interface Demo {
  readonly enabled: boolean;
  readonly plan: DemoPlan;
  /** The demo account, once set up (every demo session signs in as it). */
  accountId(): number | undefined;
  readonly fleetOptions: DemoFleetOptions;
  /**
   * Where the demo's devices connect, exactly like real devices: the external broker, else the
   * embedded one's TCP port, else its WebSocket at `/mqtt` of the HTTP port (when 1883 was taken).
   */
  fleetUrl(httpPort: number): string;
  /**
   * A response part about one project with the demo's names (`exper_cfg`) when it is a demo
   * project, else as it is: for routes outside a project (the global search) that the hook renaming
   * every project route does not reach.
   */
  renameFor<T>(projectId: number, payload: T): T;
  /**
   * The demo's history of the last `DEMO_BACKFILL_DAYS` days, written once the server listens (in
   * the background): resolves when written, null when there is none to write (demo off, 0 days).
   */
  historyDone(): Promise<HistoryReport | null>;
}

export interface DemoDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  enabled: boolean;
  /** The simulator's plan of `DEMO_FLEET` (made by main.ts); none: a demo without devices. */
  units: readonly DemoUnit[];
  /** The demo visitor's system account. */
  accounts: Pick<Accounts, 'findById' | 'view' | 'findByCloudCode' | 'ensureSystemAccount'>;
  auth: Pick<Auth, 'openSession' | 'sweepExpiredSessions'>;
  /** The demo's fixed projects. */
  projects: Pick<Projects, 'ensureProject'>;
  /** The claims of the demo fleet's SNs. */
  devices: Pick<Devices, 'seed' | 'claimedSns'>;
  /** The demo projects' prepared floor plans. */
  maps: Pick<MapsFeature, 'ensurePreparedMap'>;
  gateway: Pick<DeviceGateway, 'stats'>;
  /** The server's own settings the fleet needs: its broker, listening host and provisioning key. */
  server: { mqttUrl: string; host: string; provisioningKey: string };
  authRateLimit: number;
  /** Days of history written at start (`DEMO_BACKFILL_DAYS`; 0: none). */
  historyDays: number;
}

export interface DemoFeature extends Feature, Demo {}

/**
 * The live demo (issue 3 §6), the server's side: the guard (405 on every change in a demo project
 * or by the demo account) and the `exper_cfg` renaming of demo-project responses, both on every
 * route; `POST /api/auth/demo` and `GET /api/meta/server-config`; and at start — when enabled —
 * the demo account, projects and claims of the fleet's SNs. The simulated fleet itself is a device
 * client that `main.ts` starts once the server listens.
 */
export function createDemoFeature(deps: DemoDeps): DemoFeature {
  const { enabled, server } = deps;
  const plan = demoPlan(deps.units);
  let accountId: number | undefined;
  let ownedProjects: number[] = [];
  let history: Promise<HistoryReport | null> = Promise.resolve(null);
  const writeHistory = async (): Promise<HistoryReport | null> => {
    if (!enabled || accountId === undefined || deps.historyDays <= 0) return null;
    const report = await new DemoHistory({
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      days: deps.historyDays,
    }).write(
      plan.projects.filter((p) => ownedProjects.includes(p.id)),
      accountId,
    );
    deps.logger.info({ ...report, days: deps.historyDays }, 'demo history written');
    return report;
  };
  const cfgByProject = new Map(
    plan.projects.map((p) => [p.id, plan.experCfg.find((c) => c.exper_mode === p.netMode)]),
  );
  const loopback = server.host === '0.0.0.0' || server.host === '::' ? '127.0.0.1' : server.host;
  return {
    name: 'demo',
    enabled,
    plan,
    accountId: () => accountId,
    historyDone: () => history,
    renameFor(projectId, payload) {
      const cfg = isDemoProject({ id: projectId }) ? cfgByProject.get(projectId) : undefined;
      return cfg ? renameDemoPayload(payload, cfg) : payload;
    },
    everyRoute(app) {
      installDemoGuard(app, { accountId: () => accountId });
      // After the server listens, in batches: start-up stays fast however many days are written.
      app.addHook('onListen', async () => {
        history = writeHistory().catch((err) => {
          deps.logger.error({ err }, 'demo history not written');
          return null;
        });
      });
      app.addHook('preSerialization', async (request, _reply, payload) => {
        const projectId = request.projectAccess?.projectId;
        if (projectId === undefined || !isDemoProject({ id: projectId })) return payload;
        const cfg = cfgByProject.get(projectId);
        return cfg ? renameDemoPayload(payload, cfg) : payload;
      });
    },
    routes: (app) =>
      demoRoutes(app, {
        enabled,
        plan,
        accountId: () => accountId,
        accounts: deps.accounts,
        auth: deps.auth,
        now: () => deps.clock.now(),
        authRateLimit: deps.authRateLimit,
      }),
    async start() {
      if (!enabled) {
        // A demo account from an earlier run stays guarded even with the demo off.
        accountId = (await deps.accounts.findByCloudCode(DEMO_CLOUD_CODE))?.id;
        return;
      }
      const state = await new DemoSetup(deps).ensure(plan);
      accountId = state.accountId;
      ownedProjects = state.projectIds;
    },
    async stop() {
      // The history's batches end before the database closes.
      await history;
    },
    fleetOptions: {
      provisioningKey: server.provisioningKey,
      ...DEMO_FLEET,
      telemetryIntervalMs: DEMO_TELEMETRY_INTERVAL_MS,
      // A demo that drops devices on its own looks broken; keep the fleet steady.
      churnPerHour: 0,
      rampMs: 2_000,
    },
    fleetUrl(httpPort) {
      if (server.mqttUrl !== '') return deviceUrl(server.mqttUrl);
      const { tcpPort } = deps.gateway.stats();
      return tcpPort !== null ? `mqtt://${loopback}:${tcpPort}` : `ws://${loopback}:${httpPort}/mqtt`;
    },
  };
}

/** The external broker's address for devices: the server's own credentials are not theirs. */
function deviceUrl(mqttUrl: string): string {
  const u = new URL(mqttUrl);
  u.username = '';
  u.password = '';
  return u.toString();
}
