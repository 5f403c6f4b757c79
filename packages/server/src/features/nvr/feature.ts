/**
 * The NVR feature (issue 13 §4): disk formatting over the commands feature's jobs. It owns no
 * table: the jobs are the commands feature's, the log rows the change log's (through the activity
 * log). The disks and camera channels themselves are the devices feature's detail (`state`).
 */
import type { Feature } from '../../lib/feature';
import { nvrRoutes } from './routes';
import { type NvrDeps, NvrService } from './service';

export type NvrFeatureDeps = NvrDeps;

export function createNvrFeature(deps: NvrFeatureDeps): Feature {
  const service = new NvrService(deps);
  service.follow();
  return { name: 'nvr', routes: (app) => nvrRoutes(app, { service }) };
}
