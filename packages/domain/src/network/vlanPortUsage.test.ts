import { describe, expect, it } from 'vitest';
import { ERR } from '../errors/catalogue';
import { findModel } from '../models/catalogue';
import type { DeviceModel } from '../models/types';
import { networkSettingsIssues } from './issues';
import { defaultNetworkSettings, type NetworkSettings } from './settings';
import { portsUsingVlan, type SwitchVlanPorts, vlanPortUseText } from './vlanPortUsage';

const G300 = findModel('NL-G300') as DeviceModel;

function base(): NetworkSettings {
  const s = defaultNetworkSettings([1, 2]);
  s.vlans.push({ id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false });
  s.vlans.push({ id: 30, name: 'Cameras', ip: '192.168.30.1', mask: '255.255.255.0', dhcp: false });
  return s;
}

const port = (id: number, untagged: number, tagged: number[] = []) => ({ id, untagged, tagged });

const SWITCHES: SwitchVlanPorts[] = [
  { deviceId: 7, name: 'Core', ports: [port(1, 1), port(3, 20), port(5, 20), port(8, 1, [20, 30])] },
  { deviceId: 9, name: 'Edge', ports: [port(2, 1, [30])] },
];

function issuesOf(mutate: (s: NetworkSettings) => void, switchPorts: SwitchVlanPorts[] | null = SWITCHES) {
  const s = base();
  mutate(s);
  return networkSettingsIssues(s, { model: G300, previous: base(), ...(switchPorts ? { switchPorts } : {}) });
}

describe('VLAN usage by switch ports', () => {
  it('lists untagged (PVID) and tagged ports per switch', () => {
    expect(portsUsingVlan(SWITCHES, 20)).toEqual([
      { deviceId: 7, name: 'Core', untagged: [3, 5], tagged: [8] },
    ]);
    expect(portsUsingVlan(SWITCHES, 30).map((u) => [u.name, u.tagged])).toEqual([
      ['Core', [8]],
      ['Edge', [2]],
    ]);
    expect(portsUsingVlan(SWITCHES, 40)).toEqual([]);
    expect(vlanPortUseText({ deviceId: 7, name: 'Core', untagged: [3, 5], tagged: [8] })).toBe(
      'switch "Core" ports 3, 5 (untagged) and port 8 (tagged)',
    );
  });

  it('refuses deleting a VLAN ports carry with 1110 naming the switch and ports', () => {
    const issues = issuesOf((s) => {
      s.vlans.splice(0, 1);
    });
    expect(issues).toEqual([
      {
        path: 'vlans',
        code: ERR.VLAN_USED_BY_PORT,
        message:
          'VLAN 20 is set on switch "Core" ports 3, 5 (untagged) and port 8 (tagged): move those ports to another VLAN before deleting it.',
      },
    ]);
  });

  it('refuses renumbering a VLAN ports carry, on the id field', () => {
    const issues = issuesOf((s) => {
      const v = s.vlans[1];
      if (v) v.id = 31;
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe('vlans.1.id');
    expect(issues[0]?.code).toBe(ERR.VLAN_USED_BY_PORT);
    expect(issues[0]?.message).toContain('switch "Core" port 8 (tagged); switch "Edge" port 2 (tagged)');
    expect(issues[0]?.message).toContain('before changing its ID');
  });

  it('accepts changes that keep the VLANs the ports use', () => {
    expect(
      issuesOf((s) => {
        const v = s.vlans[0];
        if (v) v.ip = '192.168.21.1';
        s.vlans.push({ id: 40, name: 'Office', ip: '192.168.40.1', mask: '255.255.255.0', dhcp: false });
      }),
    ).toEqual([]);
  });

  it('accepts deleting a VLAN no port carries, and skips the check without the context', () => {
    const unused: SwitchVlanPorts[] = [{ deviceId: 7, name: 'Core', ports: [port(1, 1), port(2, 30)] }];
    expect(issuesOf((s) => s.vlans.splice(0, 1), unused)).toEqual([]);
    expect(issuesOf((s) => s.vlans.splice(0, 1), null)).toEqual([]);
  });
});
