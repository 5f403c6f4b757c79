import { MANAGEMENT_MODES } from '@netloom/domain';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type ManagementModeDeps, ManagementModeService } from './service';

const PROJECT = 7;

/** The service with only what a state report touches: the stored local devices and the redelivery. */
function service(storedLocal: number[]) {
  const redelivered: number[] = [];
  const deps = {
    devices: { locallyManaged: async () => storedLocal, snapshotsOf: async () => [] },
    config: {
      redeliver: async (_projectId: number, deviceId: number) => {
        redelivered.push(deviceId);
      },
    },
    logger: pino({ level: 'silent' }),
  } as unknown as ManagementModeDeps; // the switch itself (commands, registry, change log) is not used here
  return { svc: new ManagementModeService(deps), redelivered };
}

describe('management mode: back in cloud management, the configuration again', () => {
  it('a device this console saw go local gets its configuration once its state says cloud, once', async () => {
    const { svc, redelivered } = service([]);
    await svc.load();
    svc.onState(PROJECT, 1, MANAGEMENT_MODES.CLOUD);
    expect(redelivered).toEqual([]);
    svc.onState(PROJECT, 1, MANAGEMENT_MODES.LOCAL);
    svc.onState(PROJECT, 1, MANAGEMENT_MODES.LOCAL);
    expect(redelivered).toEqual([]);
    svc.onState(PROJECT, 1, MANAGEMENT_MODES.CLOUD);
    svc.onState(PROJECT, 1, MANAGEMENT_MODES.CLOUD);
    // A state without the field is cloud management (the protocol's default).
    svc.onState(PROJECT, 1, undefined);
    expect(redelivered).toEqual([1]);
  });

  it('after a restart: a device stored as local that now says cloud gets it, the others do not', async () => {
    const { svc, redelivered } = service([4, 5]);
    await svc.load();
    svc.onState(PROJECT, 4, MANAGEMENT_MODES.CLOUD);
    svc.onState(PROJECT, 5, MANAGEMENT_MODES.LOCAL);
    svc.onState(PROJECT, 6, MANAGEMENT_MODES.CLOUD);
    expect(redelivered).toEqual([4]);
  });
});
