import type { LiveEvent } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { keysForEvent, resyncKeys } from '../api/live';
import { alarmsLive } from '../features/alarms';
import { clientsLive } from '../features/clients';
import { configLive } from '../features/config';
import { devicesLive } from '../features/devices';
import { monitoringLive } from '../features/monitoring';
import { projectsLive } from '../features/projects';
import { rfLive } from '../features/rf';

const FEATURES = [devicesLive, monitoringLive, projectsLive, clientsLive, configLive, alarmsLive, rfLive];
const families = (keys: readonly (readonly unknown[])[]) => keys.map((k) => k.join(':')).sort();

describe('live invalidations, as the features register them', () => {
  it('a status change refreshes the device views, the status figures and both overviews', () => {
    const e: LiveEvent = { type: 'device.status', projectId: 4, deviceId: 9, sn: 'SN', status: 1, at: 0 };
    expect(families(keysForEvent(e, FEATURES))).toEqual(
      ['devices:4', 'overview:4', 'projects:overview', 'status:4'].sort(),
    );
  });

  it('telemetry refreshes the charts; a command its device; a delivery the config views and the device list', () => {
    expect(families(keysForEvent({ type: 'telemetry.tick', projectId: 4, at: 0 }, FEATURES))).toEqual(
      ['clientData:4', 'deviceData:4', 'devices:4:telemetry', 'overview:4', 'status:4'].sort(),
    );
    const command: LiveEvent = {
      type: 'command.updated',
      projectId: 4,
      deviceId: 9,
      commandId: 'c',
      name: 'reboot',
      status: 'done',
    };
    expect(families(keysForEvent(command, FEATURES))).toEqual(['devices:4:detail:9']);
    const delivery: LiveEvent = {
      type: 'config.status',
      projectId: 4,
      deviceId: null,
      status: null,
      desiredVersion: null,
      appliedVersion: null,
    };
    expect(families(keysForEvent(delivery, FEATURES))).toEqual(['config:4', 'devices:4']);
  });

  it('an RF run refreshes the RF page and the radio settings; an event no feature cares about nothing', () => {
    const run: LiveEvent = {
      type: 'rf.progress',
      projectId: 4,
      runId: 1,
      status: 'running',
      stage: 'planning',
      percent: 10,
    };
    expect(families(keysForEvent(run, FEATURES))).toEqual(['config:4', 'rf:4']);
    expect(keysForEvent({ type: 'device.pending', projectId: 4, sn: 'x' }, [rfLive])).toEqual([]);
  });

  it('a project transferred to the account or shared with it refreshes every list of projects', () => {
    const e: LiveEvent = { type: 'account.projects', projectId: 7, accountId: 3, reason: 'transferred' };
    expect(families(keysForEvent(e, FEATURES))).toEqual(['projects']);
  });

  it('a reconnect refetches every project family that live events keep fresh', () => {
    expect(families(resyncKeys(4, FEATURES))).toEqual(
      [
        'alarms:4',
        'clientData:4',
        'clients:4',
        'config:4',
        'deviceData:4',
        'devices:4',
        'overview:4',
        'pendingDevices:4',
        'status:4',
      ].sort(),
    );
  });
});
