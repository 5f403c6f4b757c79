import { describe, expect, it } from 'vitest';
import { type ConfigDiffEntry, summarizeDiff } from '../config/diff';
import { SECRET_MASK } from '../config/diffFormat';
import { PORT_TYPES } from '../enums/ports';
import { SUMMARY_MAX_LENGTH } from '../limits';
import { findModel } from '../models/catalogue';
import type { DeviceModel } from '../models/types';
import { formatLeaseMinutes, NETWORK_DIFF } from '../network/diff';
import { defaultNetworkSettings, type NetworkSettings } from '../network/settings';
import { SWITCHING_DIFF } from '../switching/diff';
import { defaultSwitchSettings, type PortSettings } from '../switching/settings';
import { diffSettings } from './registry';

/** The diff sections of the documents these entries come from (network and switch ports). */
const SECTIONS = [...NETWORK_DIFF, ...SWITCHING_DIFF];

function net(): NetworkSettings {
  const s = defaultNetworkSettings([1, 2]);
  s.vlans.push({ id: 10, name: 'Office', ip: '192.168.11.1', mask: '255.255.255.0', dhcp: false });
  return s;
}

describe('diffSettings (network)', () => {
  it('matches VLANs by id, so inserting one does not change the others', () => {
    const before = net();
    const after = net();
    after.vlans.unshift({ id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: true });
    expect(diffSettings('network', before, after)).toEqual([{ op: 'added', path: ['VLANs', 'Guest (20)'] }]);
  });

  it('labels fields for people and formats values', () => {
    const before = net();
    const after = net();
    const v = after.vlans[0];
    if (v) Object.assign(v, { ip: '192.168.12.1', dhcp: true });
    const pool = after.dhcpPools[0];
    if (pool) pool.leaseMinutes = 60;
    after.portMappings.push({
      name: 'web',
      internalIp: '192.168.10.5',
      internalPorts: '80',
      externalPorts: '80',
      protocol: 'tcp',
      wanPort: 1,
      enabled: true,
    });
    before.portMappings.push({
      ...(after.portMappings[0] as NetworkSettings['portMappings'][number]),
      protocol: 'tcp_udp',
    });
    expect(diffSettings('network', before, after)).toEqual([
      {
        op: 'changed',
        path: ['VLANs', 'Office (10)', 'IP address'],
        before: '192.168.11.1',
        after: '192.168.12.1',
      },
      { op: 'changed', path: ['VLANs', 'Office (10)', 'DHCP server'], before: 'Off', after: 'On' },
      { op: 'changed', path: ['DHCP pools', 'lan_pool', 'Lease time'], before: '1 day', after: '1 h' },
      { op: 'changed', path: ['Port mappings', 'web', 'Protocol'], before: 'TCP + UDP', after: 'TCP' },
    ]);
  });

  it('never shows a secret', () => {
    const before = net();
    const after = net();
    Object.assign(after.wan[0] ?? {}, { mode: 'pppoe', pppoeUsername: 'isp-user', pppoePassword: 'hunter2' });
    const entries = diffSettings('network', before, after);
    expect(JSON.stringify(entries)).not.toContain('hunter2');
    expect(entries).toContainEqual({
      op: 'changed',
      path: ['Internet', 'WAN port 1', 'PPPoE password'],
      before: 'None',
      after: SECRET_MASK,
    });
    expect(entries).toContainEqual({
      op: 'changed',
      path: ['Internet', 'WAN port 1', 'Connection'],
      before: 'Dynamic IP',
      after: 'PPPoE',
    });
  });

  it('reports removed items and a changed service segment', () => {
    const before = net();
    const after = net();
    after.vlans = [];
    after.segments.guest = { ip: '10.9.0.1', mask: '255.255.255.0' };
    expect(diffSettings('network', before, after)).toEqual([
      { op: 'changed', path: ['Guest network'], before: 'Off', after: '10.9.0.1 / 255.255.255.0' },
      { op: 'removed', path: ['VLANs', 'Office (10)'] },
    ]);
  });

  it('compares a first save with the factory document when given', () => {
    const after = net();
    expect(diffSettings('network', null, after, defaultNetworkSettings([1, 2]))).toEqual([
      { op: 'added', path: ['VLANs', 'Office (10)'] },
    ]);
    const all = diffSettings('network', null, after);
    expect(all).toContainEqual({ op: 'added', path: ['LAN', 'IP address'], after: '192.168.10.1' });
    expect(all).toContainEqual({ op: 'added', path: ['DHCP pools', 'lan_pool'] });
    expect(all.some((e) => e.path[0] === 'Guest network')).toBe(false);
  });

  it('is empty for equal documents', () => {
    expect(diffSettings('network', net(), net())).toEqual([]);
  });
});

describe('diffSettings (switching)', () => {
  const model = findModel('NL-S108P') as DeviceModel;
  it('labels ports and formats port values', () => {
    const before = defaultSwitchSettings(model);
    const after = defaultSwitchSettings(model);
    const p5 = after.ports[4] as PortSettings;
    Object.assign(p5, {
      poe: false,
      type: PORT_TYPES.TRUNK,
      tagged: [20, 30],
      speed: 100,
      poeLimitWatts: 15,
    });
    after.dhcpSnooping = true;
    expect(diffSettings('switching', before, after)).toEqual([
      { op: 'changed', path: ['Port 5', 'Speed'], before: 'Auto', after: '100 Mbit/s' },
      { op: 'changed', path: ['Port 5', 'Type'], before: 'Access', after: 'Trunk' },
      { op: 'changed', path: ['Port 5', 'Tagged VLANs'], before: 'None', after: '20, 30' },
      { op: 'changed', path: ['Port 5', 'PoE'], before: 'On', after: 'Off' },
      { op: 'changed', path: ['Port 5', 'PoE limit'], before: 'Class maximum', after: '15 W' },
      { op: 'changed', path: ['DHCP snooping'], before: 'Off', after: 'On' },
    ]);
  });
});

describe('summarizeDiff', () => {
  it('reads like a sentence', () => {
    const entries: ConfigDiffEntry[] = [
      { op: 'added', path: ['VLANs', 'Guest (20)'] },
      { op: 'changed', path: ['DHCP pools', 'lan_pool', 'Lease time'], before: '1 day', after: '1 h' },
      { op: 'changed', path: ['DHCP pools', 'lan_pool', 'DNS servers'], before: 'Gateway', after: '8.8.8.8' },
      { op: 'removed', path: ['Static routes', 'branch'] },
      { op: 'changed', path: ['Port 5', 'PoE'], before: 'On', after: 'Off' },
      { op: 'changed', path: ['DHCP snooping'], before: 'Off', after: 'On' },
    ];
    expect(summarizeDiff(entries, SECTIONS)).toBe(
      'Added VLAN 20 "Guest"; changed DHCP pool "lan_pool" (lease time, DNS servers); removed static route "branch"; changed port 5 (PoE); set DHCP snooping to On',
    );
    expect(summarizeDiff([], SECTIONS)).toBe('No changes');
  });

  it('stays within 240 characters and counts what it leaves out', () => {
    const entries: ConfigDiffEntry[] = Array.from({ length: 40 }, (_, i) => ({
      op: 'added',
      path: ['VLANs', `Department number ${i} (${100 + i})`],
    }));
    const text = summarizeDiff(entries, SECTIONS);
    expect(text.length).toBeLessThanOrEqual(SUMMARY_MAX_LENGTH);
    expect(text).toMatch(/^Added VLAN 100 "Department number 0"; .*; \d+ more changes$/);
  });

  it('formats lease times', () => {
    expect(formatLeaseMinutes(30)).toBe('30 min');
    expect(formatLeaseMinutes(90)).toBe('1 h 30 min');
    expect(formatLeaseMinutes(1440)).toBe('1 day');
    expect(formatLeaseMinutes(10080)).toBe('7 days');
  });
});
