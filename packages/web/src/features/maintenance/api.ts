/**
 * The maintenance calls (domain `maintenanceEndpoints`): one device, or a selection answered per
 * device. What follows — status 8 rebooting, then online — arrives over the live channel as
 * `device.status`, which the device list and drawer already follow.
 */
import {
  type CommandJob,
  maintenanceEndpoints as E,
  type MaintenanceAction,
  type MaintenanceBatchResult,
} from '@netloom/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';

export interface MaintenanceRun {
  action: MaintenanceAction;
  deviceIds: number[];
  /** Locate: how long the LED blinks. */
  minutes?: number | undefined;
}

/** One device: its job (or an ApiError with the refusal's code); several: a result per device. */
export type MaintenanceAnswer =
  | { kind: 'one'; job: CommandJob }
  | { kind: 'batch'; result: MaintenanceBatchResult };

export function useRunMaintenance(projectId: number) {
  return useMutation({
    mutationFn: async ({ action, deviceIds, minutes }: MaintenanceRun): Promise<MaintenanceAnswer> => {
      const body = minutes !== undefined && action === 'locate' ? { action, minutes } : { action };
      const [only] = deviceIds;
      if (deviceIds.length === 1 && only !== undefined) {
        const job = await call(E.device, { params: { id: projectId, deviceId: only }, body });
        return { kind: 'one', job };
      }
      const result = await call(E.batch, { params: { id: projectId }, body: { ...body, deviceIds } });
      return { kind: 'batch', result };
    },
  });
}
