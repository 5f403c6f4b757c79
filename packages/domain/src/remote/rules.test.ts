import { describe, expect, it } from 'vitest';
import { ERR, errorMessage } from '../errors/catalogue';
import type { MaintenanceTarget } from '../maintenance/rules';
import { REMOTE_SESSION_ID_PATTERN, remoteRefusal, remoteRefusalReason, remoteSessionPath } from './rules';

const AP: MaintenanceTarget = {
  type: 'ap',
  model: 'NL-A1200C',
  status: 1,
  managementMode: 1,
  meshRole: null,
};

describe('remoteRefusal', () => {
  it.each([
    ['an online AP may open', AP, {}, null],
    ['an NVR may open its page too', { ...AP, type: 'nvr', model: 'NL-N4' }, {}, null],
    ['local management mode', { ...AP, managementMode: 2 }, {}, ERR.LOCAL_MODE_UNSUPPORTED],
    ['a secondary mesh node', { ...AP, type: 'mesh', model: null, meshRole: 1 }, {}, ERR.SECONDARY_MESH_NODE],
    ['upgrading', { ...AP, status: 3 }, {}, ERR.DEVICE_UPGRADING],
    ['rebooting', { ...AP, status: 8 }, {}, ERR.DEVICE_REBOOTING_OR_UPGRADING],
    ['offline: remote management’s own code', { ...AP, status: 0 }, {}, ERR.REMOTE_MGMT_DEVICE_OFFLINE],
    ['online by status but not connected', AP, { connected: false }, ERR.REMOTE_MGMT_DEVICE_OFFLINE],
  ] as const)('%s', (_name, device, ctx, code) => {
    expect(remoteRefusal(device, ctx)).toBe(code);
  });

  it('gives the reason in the catalogue’s words', () => {
    expect(remoteRefusalReason({ ...AP, status: 0 })).toBe(errorMessage(ERR.REMOTE_MGMT_DEVICE_OFFLINE));
    expect(remoteRefusalReason(AP)).toBeNull();
  });

  it('names a session’s path from a 128-bit id', () => {
    expect(REMOTE_SESSION_ID_PATTERN.test('3PqL0b9xYt2mN7kVw4sZaQ')).toBe(true);
    expect(REMOTE_SESSION_ID_PATTERN.test('../../api/projects')).toBe(false);
    expect(remoteSessionPath('3PqL0b9xYt2mN7kVw4sZaQ')).toBe('/remote/3PqL0b9xYt2mN7kVw4sZaQ/');
  });
});
