import {
  type CodedIssue,
  defaultNetworkSettings,
  findModel,
  type GatewayInfo,
  networkSettingsIssues,
  type VlanSettings,
} from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { fieldFor, namePath, placeIssues } from '../../components/form';
import { formatLease, interfaceLabel } from './format';
import { fromInternetForm, internetFields, toInternetForm } from './internetForm';
import { batchVlan } from './VlanBatchModal';
import { defaultVlanPool, poolEffect, putVlan, removeVlan } from './vlanPools';

const vlan = (over: Partial<VlanSettings> = {}): VlanSettings => ({
  id: 20,
  name: 'office',
  ip: '192.168.20.1',
  mask: '255.255.255.0',
  dhcp: true,
  ...over,
});

const issue = (path: string, message = `bad ${path}`): CodedIssue => ({ path, code: 400, message });

describe('issue placement', () => {
  const fields = ['name', 'ip', 'dns.0', 'dns.1', 'lease'];

  it('puts an issue on its field, a parent field, or the first child', () => {
    expect(fieldFor('ip', fields)).toBe('ip');
    expect(fieldFor('dns.1', fields)).toBe('dns.1');
    expect(fieldFor('dns', fields)).toBe('dns.0');
    expect(fieldFor('lease.minutes', fields)).toBe('lease');
    expect(fieldFor('gateway', fields)).toBeUndefined();
  });

  it('keeps issues of other items and unknown fields as general ones', () => {
    const placed = placeIssues(
      [
        issue('vlans.2.ip'),
        issue('vlans.2.ip', 'second'),
        issue('vlans.3.ip'),
        issue('vlans.2.gateway'),
        issue('vlans'),
      ],
      'vlans.2',
      fields,
    );
    expect([...placed.byField]).toEqual([['ip', 'bad vlans.2.ip']]);
    expect(placed.general.map((i) => i.path)).toEqual(['vlans.3.ip', 'vlans.2.gateway', 'vlans']);
  });

  it('places document paths as they are for the root form', () => {
    const placed = placeIssues([issue('wan.0.gateway'), issue('lan.ip')], '', internetFields(2));
    expect([...placed.byField.keys()]).toEqual(['wan.0.gateway', 'lan.ip']);
    expect(namePath('wan.0.dns.1')).toEqual(['wan', 0, 'dns', 1]);
  });
});

describe('words', () => {
  it('names lease presets and other lease times', () => {
    expect(formatLease(30)).toBe('30 min');
    expect(formatLease(1440)).toBe('1 day');
    expect(formatLease(2880)).toBe('2 days');
    expect(formatLease(90)).toBe('1 h 30 min');
    expect(formatLease(45)).toBe('45 min');
  });

  it('names the LAN and VLAN interfaces', () => {
    const s = { ...defaultNetworkSettings(), vlans: [vlan()] };
    expect(interfaceLabel('lan', s)).toBe('LAN');
    expect(interfaceLabel(20, s)).toBe('VLAN 20 (office)');
    expect(interfaceLabel(30, s)).toBe('VLAN 30');
  });
});

describe('a VLAN and its DHCP pool', () => {
  it('creates a pool .100–.250 for a /24 VLAN with DHCP on, outside the gateway address', () => {
    expect(defaultVlanPool(vlan())).toMatchObject({
      name: 'vlan20_pool',
      interface: 20,
      start: '192.168.20.100',
      end: '192.168.20.250',
      gateway: '192.168.20.1',
      mask: '255.255.255.0',
    });
    expect(defaultVlanPool(vlan({ ip: '10.1.1.14', mask: '255.255.255.240' }))).toMatchObject({
      start: '10.1.1.8',
      end: '10.1.1.13',
    });
    expect(defaultVlanPool(vlan({ ip: 'nope' }))).toBeNull();
  });

  it('adds the VLAN with its pool, and the document passes the rules', () => {
    const base = defaultNetworkSettings([1]);
    const next = putVlan(base, null, vlan());
    expect(next.vlans).toHaveLength(1);
    expect(next.dhcpPools.map((p) => p.name)).toEqual(['lan_pool', 'vlan20_pool']);
    const model = findModel('NL-G500') ?? null;
    expect(networkSettingsIssues(next, { model, previous: base })).toEqual([]);
  });

  it('moves the pool with the VLAN id and address, removes it with DHCP off or the VLAN', () => {
    const withVlan = putVlan(defaultNetworkSettings(), null, vlan());
    const moved = putVlan(withVlan, 0, vlan({ id: 21, ip: '192.168.21.1' }));
    expect(moved.dhcpPools[1]).toMatchObject({
      interface: 21,
      start: '192.168.21.100',
      end: '192.168.21.250',
      gateway: '192.168.21.1',
    });
    expect(putVlan(withVlan, 0, vlan({ dhcp: false })).dhcpPools.map((p) => p.name)).toEqual(['lan_pool']);
    expect(removeVlan(withVlan, 0)).toMatchObject({ vlans: [], dhcpPools: [{ name: 'lan_pool' }] });
    expect(poolEffect(withVlan, 0, vlan({ dhcp: false }))).toBe('Its DHCP pool “vlan20_pool” is deleted.');
    expect(poolEffect(withVlan, 0, vlan())).toBeNull();
  });

  it('gives batch VLANs their own /24 each', () => {
    expect(batchVlan(30, true)).toEqual({
      id: 30,
      name: 'VLAN30',
      ip: '10.0.30.1',
      mask: '255.255.255.0',
      dhcp: true,
    });
    expect(batchVlan(4094, false).ip).toBe('10.15.254.1');
  });
});

describe('the Internet form', () => {
  const gateway = {
    wanPorts: [
      { id: 1, label: 'WAN1' },
      { id: 2, label: 'WAN2' },
    ],
  } as GatewayInfo;

  it('round-trips the document, one entry per physical WAN port', () => {
    const s = defaultNetworkSettings([1]);
    const form = toInternetForm(s, gateway);
    expect(form.wan.map((w) => [w.port, w.enabled])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(form.segments.guest.on).toBe(false);
    const back = fromInternetForm(s, form);
    expect(back.wan[0]).toEqual(s.wan[0]);
    expect(back.segments).toEqual(s.segments);
    expect(back.lan).toEqual(s.lan);
  });

  it('turns blank DNS into none and switched-off segments into null', () => {
    const s = defaultNetworkSettings([1]);
    const form = toInternetForm(s, gateway);
    const w0 = form.wan[0];
    if (!w0) throw new Error('no WAN');
    form.wan[0] = { ...w0, dns: [' 1.1.1.1 ', ''] };
    form.segments.guest = { on: true, ip: '10.9.0.1', mask: '255.255.255.0' };
    form.segments.pptp = { on: false, ip: '10.8.0.1', mask: '255.255.255.0' };
    const back = fromInternetForm(s, form);
    expect(back.wan[0]?.dns).toEqual(['1.1.1.1']);
    expect(back.segments.guest).toEqual({ ip: '10.9.0.1', mask: '255.255.255.0' });
    expect(back.segments.pptp).toBeNull();
  });
});
