import { describe, expect, it } from 'vitest';
import { ERR } from '../errors/catalogue';
import {
  type MaintenanceAction,
  type MaintenanceTarget,
  maintenanceRefusal,
  maintenanceRefusalReason,
} from './rules';

const AP: MaintenanceTarget = {
  type: 'ap',
  model: 'NL-A1200C',
  status: 1,
  managementMode: 1,
  meshRole: null,
};
const NVR: MaintenanceTarget = { type: 'nvr', model: 'NL-N4', status: 1, managementMode: 1, meshRole: null };

describe('maintenanceRefusal', () => {
  const vectors: [string, MaintenanceAction, MaintenanceTarget, object, number | null][] = [
    ['an online AP may restart', 'reboot', AP, {}, null],
    ['an online AP may be located', 'locate', AP, {}, null],
    ['an online AP may be reset', 'reset', AP, {}, null],
    ['an NVR restarts', 'reboot', NVR, {}, null],
    ['an NVR is never reset (§6)', 'reset', NVR, {}, ERR.DEVICE_OPERATION_UNSUPPORTED],
    ['local management mode', 'reboot', { ...AP, managementMode: 2 }, {}, ERR.LOCAL_MODE_UNSUPPORTED],
    [
      'a secondary mesh node',
      'reboot',
      { ...AP, type: 'mesh', model: null, meshRole: 1 },
      {},
      ERR.SECONDARY_MESH_NODE,
    ],
    ['a primary mesh node', 'reboot', { ...AP, type: 'mesh', model: null, meshRole: 0 }, {}, null],
    ['upgrading', 'reboot', { ...AP, status: 3 }, {}, ERR.DEVICE_UPGRADING],
    ['rebooting', 'reset', { ...AP, status: 8 }, {}, ERR.DEVICE_REBOOTING_OR_UPGRADING],
    ['a job still open (busy)', 'reboot', AP, { jobOpen: true }, ERR.DEVICE_BUSY],
    ['offline', 'reboot', { ...AP, status: 0 }, {}, ERR.DEVICE_OFFLINE],
    ['offline (9)', 'locate', { ...AP, status: 9 }, {}, ERR.DEVICE_OFFLINE],
    ['online by status but not connected', 'reboot', AP, { connected: false }, ERR.DEVICE_OFFLINE],
    ['online, configuration not saved', 'reboot', { ...AP, status: 7 }, {}, null],
  ];
  it.each(vectors)('%s', (_name, action, target, ctx, code) => {
    expect(maintenanceRefusal(action, target, ctx)).toBe(code);
  });

  it('gives the catalogue message as the reason', () => {
    expect(maintenanceRefusalReason('reboot', { ...AP, status: 0 })).toBe('The device is offline.');
    expect(maintenanceRefusalReason('reboot', AP)).toBeNull();
  });
});
