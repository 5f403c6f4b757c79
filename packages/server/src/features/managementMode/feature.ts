/**
 * The management-mode feature (issue 15): a device handed to local management and back, through the
 * `setManagementMode` command. It owns no table: the jobs are the commands feature's, the mode is
 * the device's own report (stored by the devices feature), the log rows the change log's.
 */
import { isFullState } from '@netloom/protocol';
import type { Feature } from '../../lib/feature';
import { managementModeRoutes } from './routes';
import { type ManagementModeDeps, ManagementModeService } from './service';

export type ManagementModeFeatureDeps = ManagementModeDeps;

export function createManagementModeFeature(deps: ManagementModeFeatureDeps): Feature {
  const service = new ManagementModeService(deps);
  return {
    name: 'managementMode',
    start: () => service.load(),
    routes: (app) => managementModeRoutes(app, { service }),
    device: {
      state: (ctx, data) => {
        if (ctx.device && isFullState(data))
          service.onState(ctx.device.projectId, ctx.device.deviceId, data.managementMode);
      },
    },
  };
}
