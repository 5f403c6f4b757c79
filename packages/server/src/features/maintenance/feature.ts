/**
 * The maintenance feature (issue 13 §1): restart, locate and reset of one device or a selection,
 * over the commands feature's jobs. It owns no table: the jobs are the commands feature's, the log
 * rows the change log's (through the activity log).
 */
import type { Feature } from '../../lib/feature';
import { maintenanceRoutes } from './routes';
import { type MaintenanceDeps, MaintenanceService } from './service';

export type MaintenanceFeatureDeps = MaintenanceDeps;

/** What other features may ask of maintenance: a restart on the system's behalf (reboot schedules). */
export type Maintenance = Pick<MaintenanceService, 'systemRestart'>;

export interface MaintenanceFeature extends Feature, Maintenance {}

export function createMaintenanceFeature(deps: MaintenanceFeatureDeps): MaintenanceFeature {
  const service = new MaintenanceService(deps);
  return {
    name: 'maintenance',
    routes: (app) => maintenanceRoutes(app, { service }),
    systemRestart: (projectId, deviceIds, opts) => service.systemRestart(projectId, deviceIds, opts),
  };
}
