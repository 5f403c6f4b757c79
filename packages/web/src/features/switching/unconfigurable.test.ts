import { ERR, errorMessage, MANAGEMENT_MODES, MESH_NODE_TYPES } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { unconfigurableReason } from './PortManagementPage';

describe('devices whose ports cannot be configured', () => {
  it('explains local management mode with the catalogue message (76)', () => {
    const d = { type: 'switch', managementMode: MANAGEMENT_MODES.LOCAL, meshRole: null };
    expect(unconfigurableReason(d)).toBe(errorMessage(ERR.LOCAL_MODE_UNSUPPORTED));
  });

  it('explains secondary mesh nodes (912)', () => {
    const d = { type: 'mesh', managementMode: MANAGEMENT_MODES.CLOUD, meshRole: MESH_NODE_TYPES.SECONDARY };
    expect(unconfigurableReason(d)).toBe(errorMessage(ERR.SECONDARY_MESH_NODE));
  });

  it('lets cloud-managed switches through', () => {
    expect(
      unconfigurableReason({ type: 'switch', managementMode: MANAGEMENT_MODES.CLOUD, meshRole: null }),
    ).toBeNull();
    expect(unconfigurableReason({ type: 'switch', managementMode: null, meshRole: null })).toBeNull();
  });
});
