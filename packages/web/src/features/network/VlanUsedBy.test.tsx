import {
  defaultNetworkSettings,
  ERR,
  findModel,
  type NetworkConfigView,
  networkSettingsIssues,
} from '@netloom/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VlanUsedBy, vlanUsers } from './VlanUsedBy';
import { putVlan, removeVlan } from './vlanPools';

const SWITCHES: NetworkConfigView['switchPorts'] = [
  {
    deviceId: 7,
    name: 'Core',
    ports: [
      { id: 1, untagged: 1, tagged: [] },
      { id: 3, untagged: 20, tagged: [] },
      { id: 5, untagged: 20, tagged: [] },
      { id: 8, untagged: 1, tagged: [20] },
    ],
  },
  { deviceId: 9, name: 'Edge', ports: [{ id: 2, untagged: 30, tagged: [] }] },
];

function settings() {
  const s = defaultNetworkSettings([1]);
  s.vlans.push({ id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: true });
  s.dhcpPools.push({
    name: 'guest_pool',
    interface: 20,
    start: '192.168.20.100',
    end: '192.168.20.250',
    mask: '255.255.255.0',
    gateway: '192.168.20.1',
    dns: [],
    leaseMinutes: 1440,
  });
  return s;
}

describe('VLAN "Used by"', () => {
  it('lists the DHCP pool and the switch ports (untagged and tagged) of a VLAN', () => {
    const users = vlanUsers(settings(), SWITCHES, 20);
    expect(users.map((u) => [u.label, u.blocks])).toEqual([
      ['DHCP pool guest_pool', false],
      ['Core · ports 3, 5; 8 tagged', true],
    ]);
    expect(users[1]?.title).toBe(
      'Set on switch "Core" ports 3, 5 (untagged) and port 8 (tagged). Move those ports to another VLAN before deleting it or changing its ID.',
    );
    expect(vlanUsers(settings(), SWITCHES, 30).map((u) => u.label)).toEqual(['Edge · port 2']);
  });

  it('renders a dash when nothing uses the VLAN, tags otherwise', () => {
    expect(renderToStaticMarkup(<VlanUsedBy users={vlanUsers(settings(), SWITCHES, 40)} />)).toContain('—');
    const html = renderToStaticMarkup(<VlanUsedBy users={vlanUsers(settings(), SWITCHES, 20)} />);
    expect(html).toContain('DHCP pool guest_pool');
    expect(html).toContain('Core · ports 3, 5; 8 tagged');
  });
});

describe('VLAN page candidates and the 1110 rule (shown before submit)', () => {
  // What the page's editor runs on the document a delete or an edit would save.
  const issuesOf = (candidate: ReturnType<typeof settings>) =>
    networkSettingsIssues(candidate, {
      model: findModel('NL-G300') ?? null,
      previous: settings(),
      switchPorts: SWITCHES,
    });

  it('refuses deleting a VLAN switch ports carry, naming them', () => {
    const issues = issuesOf(removeVlan(settings(), 0));
    expect(issues.map((i) => [i.path, i.code])).toEqual([['vlans', ERR.VLAN_USED_BY_PORT]]);
    expect(issues[0]?.message).toContain('switch "Core" ports 3, 5 (untagged) and port 8 (tagged)');
  });

  it('refuses a new id on the id field, accepts other edits', () => {
    const s = settings();
    const guest = s.vlans[0];
    if (!guest) throw new Error('no VLAN 20');
    const renumbered = issuesOf(putVlan(s, 0, { ...guest, id: 21 }));
    expect(renumbered.map((i) => [i.path, i.code])).toEqual([['vlans.0.id', ERR.VLAN_USED_BY_PORT]]);
    expect(issuesOf(putVlan(s, 0, { ...guest, name: 'Guests' }))).toEqual([]);
  });
});
