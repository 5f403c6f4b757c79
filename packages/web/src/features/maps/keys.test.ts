import type { LiveEvent } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { keysForEvent, resyncKeys } from '../../api/live';
import { mapKeys, mapsLive } from './keys';

const families = (keys: readonly (readonly unknown[])[]) => keys.map((k) => k.join(':')).sort();

describe('the Wi-Fi map follows the live channel', () => {
  it('a status change refreshes every map query of the project (icons, radios, heat map)', () => {
    const e: LiveEvent = { type: 'device.status', projectId: 4, deviceId: 9, sn: 'SN', status: 1, at: 0 };
    expect(families(keysForEvent(e, [mapsLive]))).toEqual(['maps:4']);
    expect(mapKeys.radios(4, 9).slice(0, 2)).toEqual(mapKeys.all(4));
  });

  it('telemetry moves only the client counts of the device list', () => {
    expect(families(keysForEvent({ type: 'telemetry.tick', projectId: 4, at: 0 }, [mapsLive]))).toEqual([
      'maps:4:devices',
    ]);
  });

  it('an RF run that ended refits the calibration; one still running changes nothing', () => {
    const run = { type: 'rf.progress', projectId: 4, runId: 2, stage: 'done', percent: 100 } as const;
    expect(families(keysForEvent({ ...run, status: 'succeeded' }, [mapsLive]))).toEqual(['maps:4']);
    expect(keysForEvent({ ...run, status: 'running', stage: 'scanning' }, [mapsLive])).toEqual([]);
  });

  it('a reconnect refetches the whole project', () => {
    expect(families(resyncKeys(4, [mapsLive]))).toEqual(['maps:4']);
  });
});
