/**
 * The maintenance feature (issue 13 §1): restart, locate and reset of one device or a selection,
 * over the commands feature's jobs. It owns no table: the jobs are the commands feature's, the log
 * rows the change log's (through the activity log).
 */
import type { Feature } from '../../lib/feature';
import { maintenanceRoutes } from './routes';
import { type MaintenanceDeps, MaintenanceService } from './service';

export type MaintenanceFeatureDeps = MaintenanceDeps;

export function createMaintenanceFeature(deps: MaintenanceFeatureDeps): Feature {
  const service = new MaintenanceService(deps);
  return { name: 'maintenance', routes: (app) => maintenanceRoutes(app, { service }) };
}
