import type { ConfigTargetStatus } from '../config/api';

/** A device's delivery state as the server reports it; tests override what they look at. */
export function buildConfigTarget(overrides: Partial<ConfigTargetStatus> = {}): ConfigTargetStatus {
  return {
    deviceId: 1,
    sn: 'NL00000001',
    name: 'Gateway-1',
    type: 'gateway',
    online: true,
    status: 'applied',
    desiredVersion: 3,
    appliedVersion: 3,
    pendingSince: null,
    failedCode: null,
    failedMessage: null,
    updatedAt: 0,
    ...overrides,
  };
}
