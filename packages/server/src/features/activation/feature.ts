/**
 * Activation statistics (issue 15 §2) — `/api/activations…` (domain `activationEndpoints`): the
 * manufacturer's dashboard of device activations and its .xlsx export. Owns `device_activations`
 * and its rollup `activation_days` (migration 0032). No device handlers: it follows the devices
 * feature's `onOnline` and asks the projects feature for a project's country.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { Auth } from '../auth';
import type { Devices } from '../devices';
import type { Projects } from '../projects';
import { ActivationRecorder } from './recorder';
import { activationRoutes } from './routes';
import { ActivationService } from './service';
import { ActivationStore } from './store';

export interface ActivationDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  auth: Pick<Auth, 'permissionsOf'>;
  devices: Pick<Devices, 'onOnline' | 'snapshotsOf'>;
  projects: Pick<Projects, 'countriesOf'>;
}

export interface ActivationFeature extends Feature {
  /** Writes the activations collected so far (a timer does it every second). */
  flush(): Promise<void>;
}

export function createActivationFeature(deps: ActivationDeps): ActivationFeature {
  const store = new ActivationStore(deps.db);
  const activation = new ActivationService({ store, auth: deps.auth });
  const recorder = new ActivationRecorder({
    store,
    devices: deps.devices,
    projects: deps.projects,
    logger: deps.logger.child({ component: 'activation' }),
  });
  return {
    name: 'activation',
    routes: (app) => activationRoutes(app, { activation, clock: deps.clock }),
    start: () => recorder.start(),
    stop: () => recorder.stop(),
    flush: () => recorder.flush(),
  };
}
