/**
 * The RF feature: the project's `rf` settings kind (optimisation schedule, DFS, access threshold,
 * roaming) and each device's `radio` kind, registered with the configuration engine with their
 * guard (no save of either while a run is going, 27); their views and saves; the optimisation runs
 * and the automatic schedule. Runs save `radio` documents through the engine and follow its
 * delivery states until the devices applied them.
 */
import { radioKind, rfKind } from '@netloom/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import { JobLeases } from '../../lib/singleton';
import type { LiveBus } from '../../live/bus';
import type { Clients } from '../clients';
import type { CommandService } from '../commands';
import type { ConfigApi } from '../config';
import type { Projects } from '../projects';
import type { RfOptions } from './options';
import { rfRoutes } from './routes';
import { RfService } from './service';
import { type NeighbourRow, RfStore } from './store';

export interface RfFeatureDeps {
  db: Db;
  config: ConfigApi;
  /** A run's scans (`scan` jobs whose replies carry what each AP hears). */
  commands: Pick<CommandService, 'request'>;
  /** Each radio's clients' signal, for the plan. */
  clients: Pick<Clients, 'rssiByRadio'>;
  /** Network mode, time zone and lock of the projects (runs are for unlocked WLAN projects). */
  projects: Pick<Projects, 'settingsOf'>;
  bus: Pick<LiveBus, 'publish'>;
  clock: Clock;
  logger: Logger;
  options?: Partial<RfOptions>;
}

export interface RfFeature extends Feature {
  /** The optimisation runs (tests shorten `options` and drive `autoTick()`). */
  readonly runs: RfService;
  /**
   * What each AP heard of the project's other devices in its latest neighbour scan (a run's scans):
   * the Wi-Fi map fits its path-loss exponent to these.
   */
  neighbours(projectId: number): Promise<NeighbourRow[]>;
}

export function createRfFeature(deps: RfFeatureDeps): RfFeature {
  const store = new RfStore(deps.db);
  const runs = new RfService({
    store,
    config: deps.config,
    commands: deps.commands,
    clients: deps.clients,
    projects: deps.projects,
    bus: deps.bus,
    clock: deps.clock,
    logger: deps.logger.child({ component: 'rf' }),
    leases: new JobLeases(deps.db, deps.clock),
    ...(deps.options ? { options: deps.options } : {}),
  });
  const guard = (projectId: number) => runs.refuseWhileRunning(projectId);
  deps.config.registerKind({ definition: rfKind, guard });
  deps.config.registerKind({ definition: radioKind, guard });
  return {
    name: 'rf',
    runs,
    neighbours: (projectId) => store.neighbours(projectId),
    routes: (app) => rfRoutes(app, { config: deps.config, runs }),
    start: () => runs.start(),
    stop: () => runs.stop(),
  };
}
