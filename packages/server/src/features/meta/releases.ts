import type { VersionInfo } from '@netloom/domain';
import rootPackage from '../../../../../package.json' with { type: 'json' };

/**
 * Release notes shown under "Version info" in the account menu. Add an entry per release; the
 * version itself comes from the root package.json so it cannot drift from what is shipped.
 */
const RELEASES: Record<string, { releasedAt: string; majorUpdates: string[] }> = {
  '0.1.0': {
    releasedAt: '2026-11-22T00:00:00.000Z',
    majorUpdates: [
      'Accounts: register and sign in by e-mail or mobile, password reset and change.',
      'Projects: list, overview, create, edit and delete traditional WLAN and mesh projects.',
      'Profile with company details and avatar.',
      'Devices live: add devices by serial number or Excel import, devices to be verified, live device list and details.',
      'Monitoring: network status over 12 hours to 30 days, device and client data, client list with force offline.',
      'Live demo with a simulated network of every device type.',
      'Network configuration: internet, VLAN, DHCP, static routes, route table and port mapping; switch ports and PoE.',
      'Configuration that is never lost: versions, delivery state per device, history with diffs, restore, change log.',
      'Wireless: Wi-Fi policies, RF optimisation with channel and power planning, roaming tuner, CPE bridges.',
    ],
  },
};

export function versionInfo(): VersionInfo {
  const version = rootPackage.version;
  const release = RELEASES[version];
  return { version, releasedAt: release?.releasedAt ?? '', majorUpdates: release?.majorUpdates ?? [] };
}
