import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { Accounts } from '../account';
import type { Demo } from '../demo';
import type { Devices } from '../devices';
import type { Projects } from '../projects';
import { ExperienceFleets } from './fleets';
import { experienceRoutes } from './routes';
import { ExperienceService } from './service';
import type { ExperienceSimulator } from './simulator';
import { ExperienceStore } from './store';

/** How often fleets of experience projects deleted another way (the project list) are stopped. */
const RECONCILE_MS = 15_000;

export interface ExperienceDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The embedded simulator (main.ts); none: experience projects are off (530). */
  simulator: ExperienceSimulator | undefined;
  accounts: Pick<Accounts, 'findById'>;
  projects: Pick<Projects, 'createOwned' | 'deleteProject' | 'ofMember'>;
  devices: Pick<Devices, 'claimForSystem' | 'countsByProject'>;
  /** Where the live demo's fleet connects, and how it runs: experience fleets run the same way. */
  demo: Pick<Demo, 'fleetUrl' | 'fleetOptions'>;
  devicesPerProject: number;
  maxDevices: number;
}

export interface ExperienceFeature extends Feature {
  /** Simulated experience devices running on this node now. */
  runningDevices(): number;
  /** Whether this experience project's fleet runs on this node. */
  isRunning(projectId: number): boolean;
}

/**
 * Experience projects (issue 15 §5): a user's own project of simulated devices, run by the embedded
 * simulator exactly as the live demo's fleet is (through the broker, the demo's `fleetUrl` and
 * options). Fleets start when the server listens (and at creation), stop at deletion and when the
 * app closes; the number of simulated devices is bounded per project and per server.
 */
export function createExperienceFeature(deps: ExperienceDeps): ExperienceFeature {
  let httpPort: number | null = null;
  const fleets = new ExperienceFleets(
    deps.simulator,
    {
      url: () => (httpPort === null ? null : deps.demo.fleetUrl(httpPort)),
      provisioningKey: deps.demo.fleetOptions.provisioningKey,
      telemetryIntervalMs: deps.demo.fleetOptions.telemetryIntervalMs,
      rampMs: deps.demo.fleetOptions.rampMs,
    },
    deps.maxDevices,
    deps.logger.child({ component: 'experience' }),
  );
  const service = new ExperienceService({
    clock: deps.clock,
    logger: deps.logger,
    store: new ExperienceStore(deps.db),
    fleets,
    simulator: deps.simulator,
    accounts: deps.accounts,
    projects: deps.projects,
    devices: deps.devices,
    devicesPerProject: deps.devicesPerProject,
  });
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'experience',
    everyRoute(app) {
      // Fleets connect like real devices, so they start once the broker and `/mqtt` listen.
      app.addHook('onListen', async () => {
        const address = app.server.address();
        httpPort = typeof address === 'object' && address ? address.port : null;
        await service.resume().catch((err) => deps.logger.error({ err }, 'experience fleets not resumed'));
      });
    },
    routes: (app) => experienceRoutes(app, service),
    start() {
      timer = setInterval(() => {
        service.reconcile().catch((err) => deps.logger.warn({ err }, 'experience reconcile failed'));
      }, RECONCILE_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await fleets.stopAll();
    },
    runningDevices: () => fleets.total(),
    isRunning: (projectId) => fleets.isRunning(projectId),
  };
}
