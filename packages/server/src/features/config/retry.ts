import { ERR, type RetryDeliveryResult } from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { ConfigEngine } from './engine';
import { type FactsSource, projectDevices } from './facts';
import type { ConfigStore } from './store';

/**
 * "Retry delivery" from a configuration page: an immediate action on the chosen devices' delivery
 * rows (the engine sends them again), whatever the kinds of the documents they run.
 */
export class DeliveryRetry {
  constructor(
    private readonly deps: {
      facts: FactsSource;
      store: ConfigStore;
      engine: ConfigEngine;
      clock: Clock;
    },
  ) {}

  /**
   * "Retry delivery" for chosen devices: online ones get their settings again now (failed ones as a
   * new version). Offline ones are left as they are and listed: 407 with the result as `data`, as an
   * immediate action cannot reach them (901 when a device is not in the project).
   */
  async retryDelivery(access: ProjectAccess, deviceIds: readonly number[]): Promise<RetryDeliveryResult> {
    const devices = await projectDevices(this.deps.facts, access.projectId);
    const chosen = [...new Set(deviceIds)].map((id) => devices.find((d) => d.deviceId === id));
    if (chosen.some((d) => d === undefined)) throw new AppError(ERR.DEVICE_NOT_FOUND);
    const picked = chosen.flatMap((d) => (d ? [d] : []));
    const online = picked.filter((d) => d.online);
    const rows = (
      await this.deps.store.deviceConfigs(
        this.deps.store.db,
        online.map((d) => d.deviceId),
      )
    ).filter((r) => r.project_id === access.projectId);
    const sent = await this.deps.engine.retry(rows, this.deps.clock.now());
    const version = new Map(sent.map((r) => [r.device_id, r.desired_version]));
    const ref = (d: { deviceId: number; name: string }) => ({ deviceId: d.deviceId, name: d.name });
    const result: RetryDeliveryResult = {
      retried: online.flatMap((d) => {
        const v = version.get(d.deviceId);
        return v === undefined ? [] : [{ ...ref(d), version: v }];
      }),
      unchanged: online.filter((d) => !version.has(d.deviceId)).map(ref),
      offline: picked.filter((d) => !d.online).map(ref),
    };
    if (result.offline.length > 0) {
      throw new AppError(
        ERR.SOME_DEVICES_OFFLINE,
        400,
        result.offline.map((d) => ({
          path: `deviceIds.${deviceIds.indexOf(d.deviceId)}`,
          message: `${d.name} is offline: retry once it is back online.`,
        })),
        result,
      );
    }
    return result;
  }
}
