import { describe, expect, it } from 'vitest';
import { ERR } from '../errors/catalogue';
import { findModel } from '../models/catalogue';
import type { DeviceModel } from '../models/types';
import { networkSettingsIssues } from './issues';
import type { NetworkRuleContext } from './ruleContext';
import { defaultNetworkSettings, type NetworkSettings } from './settings';

const G300 = findModel('NL-G300') as DeviceModel;

/** A valid document: LAN, two WAN ports, VLAN 20 with its pool, a route and a port mapping. */
function base(): NetworkSettings {
  const s = defaultNetworkSettings([1, 2]);
  s.vlans.push({ id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: true });
  s.vlans.push({ id: 30, name: 'Cameras', ip: '192.168.30.1', mask: '255.255.255.0', dhcp: false });
  s.dhcpPools.push({
    name: 'guest_pool',
    interface: 20,
    start: '192.168.20.100',
    end: '192.168.20.200',
    mask: '255.255.255.0',
    gateway: '192.168.20.1',
    dns: ['8.8.8.8', '1.1.1.1'],
    leaseMinutes: 720,
  });
  s.staticRoutes.push({
    name: 'branch',
    destination: '10.20.0.0',
    mask: '255.255.0.0',
    nextHop: '192.168.10.254',
  });
  s.portMappings.push({
    name: 'web',
    internalIp: '192.168.30.10',
    internalPorts: '80;443',
    externalPorts: '8080;8443',
    protocol: 'tcp',
    wanPort: 1,
    enabled: true,
  });
  return s;
}

function at<T>(list: T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no item ${i}`);
  return item;
}

function ctx(over: Partial<NetworkRuleContext> = {}): NetworkRuleContext {
  return { model: G300, previous: base(), ...over };
}

type Case = [
  name: string,
  mutate: (s: NetworkSettings) => void,
  code: number,
  path: string,
  over?: Partial<NetworkRuleContext>,
];

function wan0(s: NetworkSettings) {
  const w = s.wan[0];
  if (!w) throw new Error('no WAN');
  return w;
}
function staticWan(s: NetworkSettings, ip = '203.0.113.10', mask = '255.255.255.0', gateway = '203.0.113.1') {
  Object.assign(wan0(s), { mode: 'static', ip, mask, gateway, dns: ['8.8.8.8'] });
}
const INVALID = ERR.INVALID_PARAMETERS;

const CASES: Case[] = [
  // LAN
  [
    'LAN IP not an address',
    (s) => {
      s.lan.ip = '192.168.10';
    },
    INVALID,
    'lan.ip',
  ],
  [
    'LAN IP loopback',
    (s) => {
      s.lan.ip = '127.0.0.1';
    },
    INVALID,
    'lan.ip',
  ],
  [
    'LAN IP host id all 0s',
    (s) => {
      s.lan.ip = '192.168.10.0';
    },
    INVALID,
    'lan.ip',
  ],
  [
    'LAN IP host id all 1s',
    (s) => {
      s.lan.ip = '192.168.10.255';
    },
    INVALID,
    'lan.ip',
  ],
  [
    'LAN mask not contiguous',
    (s) => {
      s.lan.mask = '255.0.255.0';
    },
    INVALID,
    'lan.mask',
  ],
  [
    'LAN mask /31',
    (s) => {
      s.lan.mask = '255.255.255.254';
    },
    INVALID,
    'lan.mask',
  ],
  // WAN
  [
    'WAN port not WAN-capable',
    (s) => {
      wan0(s).port = 4;
    },
    INVALID,
    'wan.0.port',
  ],
  [
    'WAN port listed twice',
    (s) => {
      at(s.wan, 1).port = 1;
    },
    INVALID,
    'wan.1.port',
  ],
  [
    'all WAN ports disabled',
    (s) => {
      for (const w of s.wan) w.enabled = false;
    },
    INVALID,
    'wan',
  ],
  ['static WAN without IP', (s) => staticWan(s, ''), INVALID, 'wan.0.ip'],
  ['static WAN bad mask', (s) => staticWan(s, '203.0.113.10', '255.255.0.255'), INVALID, 'wan.0.mask'],
  [
    'static WAN without gateway',
    (s) => staticWan(s, '203.0.113.10', '255.255.255.0', ''),
    INVALID,
    'wan.0.gateway',
  ],
  [
    'static WAN IP = gateway',
    (s) => staticWan(s, '203.0.113.10', '255.255.255.0', '203.0.113.10'),
    120,
    'wan.0.gateway',
  ],
  [
    'static WAN gateway off segment',
    (s) => staticWan(s, '203.0.113.10', '255.255.255.0', '203.0.114.1'),
    119,
    'wan.0.gateway',
  ],
  [
    'static WAN without DNS',
    (s) => {
      staticWan(s);
      wan0(s).dns = [];
    },
    INVALID,
    'wan.0.dns',
  ],
  [
    'WAN DNS equal',
    (s) => {
      wan0(s).dns = ['8.8.8.8', '8.8.8.8'];
    },
    INVALID,
    'wan.0.dns',
  ],
  [
    'WAN DNS invalid',
    (s) => {
      wan0(s).dns = ['300.1.1.1'];
    },
    INVALID,
    'wan.0.dns',
  ],
  [
    'PPPoE without username',
    (s) => Object.assign(wan0(s), { mode: 'pppoe', pppoePassword: 'pw' }),
    INVALID,
    'wan.0.pppoeUsername',
  ],
  [
    'PPPoE without password',
    (s) => Object.assign(wan0(s), { mode: 'pppoe', pppoeUsername: 'u' }),
    INVALID,
    'wan.0.pppoePassword',
  ],
  [
    'PPPoE password not printable',
    (s) => Object.assign(wan0(s), { mode: 'pppoe', pppoeUsername: 'u', pppoePassword: 'pä' }),
    INVALID,
    'wan.0.pppoePassword',
  ],
  [
    'multi-dial with 1 session',
    (s) =>
      Object.assign(wan0(s), { mode: 'multi_pppoe', pppoeUsername: 'u', pppoePassword: 'p', dialCount: 1 }),
    INVALID,
    'wan.0.dialCount',
  ],
  [
    'static WAN in the LAN',
    (s) => staticWan(s, '192.168.10.50', '255.255.255.0', '192.168.10.254'),
    115,
    'wan.0.ip',
  ],
  [
    'static WAN in a VLAN',
    (s) => staticWan(s, '192.168.30.50', '255.255.255.0', '192.168.30.254'),
    116,
    'wan.0.ip',
  ],
  [
    'static WAN in the guest network',
    (s) => {
      s.segments.guest = { ip: '203.0.113.1', mask: '255.255.255.0' };
      staticWan(s, '203.0.113.10', '255.255.255.0', '203.0.113.254');
    },
    117,
    'wan.0.ip',
  ],
  [
    'static WAN overlaps another WAN',
    (s) => {
      staticWan(s);
      Object.assign(s.wan[1] ?? {}, {
        enabled: true,
        mode: 'static',
        ip: '203.0.113.20',
        mask: '255.255.255.0',
        gateway: '203.0.113.1',
        dns: ['8.8.8.8'],
      });
    },
    118,
    'wan.1.ip',
  ],
  [
    'LAN moved onto a static WAN',
    (s) => {
      staticWan(s);
      s.lan.ip = '203.0.113.1';
    },
    110,
    'lan.ip',
    {
      previous: (() => {
        const p = base();
        staticWan(p);
        return p;
      })(),
    },
  ],
  [
    'LAN overlaps a live WAN address',
    (s) => {
      s.lan.ip = '100.64.0.1';
    },
    110,
    'lan.ip',
    {
      liveWan: [{ port: 1, ip: '100.64.0.20', mask: '255.255.255.0' }],
    },
  ],
  // Service segments
  [
    'LAN overlaps the guest network',
    (s) => {
      s.segments.guest = { ip: '10.9.0.1', mask: '255.255.255.0' };
      s.lan.ip = '10.9.0.2';
    },
    111,
    'lan.ip',
    {
      previous: (() => {
        const p = base();
        p.segments.guest = { ip: '10.9.0.1', mask: '255.255.255.0' };
        return p;
      })(),
    },
  ],
  [
    'LAN overlaps the PPPoE server pool',
    (s) => {
      s.segments.pppoeServer = { ip: '192.168.10.1', mask: '255.255.255.0' };
    },
    113,
    'lan.ip',
    {
      previous: (() => {
        const p = base();
        p.segments.pppoeServer = { ip: '192.168.10.1', mask: '255.255.255.0' };
        return p;
      })(),
    },
  ],
  [
    'LAN overlaps the PPTP pool',
    (s) => {
      s.segments.pptp = { ip: '192.168.10.1', mask: '255.255.255.0' };
    },
    114,
    'lan.ip',
    { previous: null },
  ],
  [
    'new guest network over the LAN',
    (s) => {
      s.segments.guest = { ip: '192.168.10.1', mask: '255.255.255.0' };
    },
    121,
    'segments.guest',
  ],
  [
    'new guest network over a VLAN',
    (s) => {
      s.segments.guest = { ip: '192.168.30.1', mask: '255.255.255.0' };
    },
    122,
    'segments.guest',
  ],
  [
    'new PPPoE pool over the LAN',
    (s) => {
      s.segments.pppoeServer = { ip: '192.168.10.1', mask: '255.255.0.0' };
    },
    123,
    'segments.pppoeServer',
  ],
  [
    'new L2TP pool over the LAN',
    (s) => {
      s.segments.l2tp = { ip: '192.168.10.1', mask: '255.255.255.0' };
    },
    124,
    'segments.l2tp',
  ],
  [
    'guest segment invalid',
    (s) => {
      s.segments.guest = { ip: '10.0.0', mask: '255.255.255.0' };
    },
    INVALID,
    'segments.guest.ip',
  ],
  // VLANs
  [
    'VLAN id below the model range',
    (s) => {
      at(s.vlans, 0).id = 5;
    },
    1101,
    'vlans.0.id',
  ],
  [
    'VLAN id not an integer',
    (s) => {
      at(s.vlans, 0).id = 20.5;
    },
    1100,
    'vlans.0.id',
  ],
  [
    'VLAN id repeated',
    (s) => {
      at(s.vlans, 1).id = 20;
    },
    1102,
    'vlans.1.id',
  ],
  [
    'VLAN name repeated (any case)',
    (s) => {
      at(s.vlans, 1).name = 'GUEST';
    },
    1103,
    'vlans.1.name',
  ],
  [
    'VLAN name br0',
    (s) => {
      at(s.vlans, 1).name = 'BR0';
    },
    1104,
    'vlans.1.name',
  ],
  [
    'VLAN name iptv',
    (s) => {
      at(s.vlans, 1).name = 'iptv';
    },
    1104,
    'vlans.1.name',
  ],
  [
    'VLAN name empty',
    (s) => {
      at(s.vlans, 1).name = '';
    },
    1105,
    'vlans.1.name',
  ],
  [
    'VLAN name with outer space',
    (s) => {
      at(s.vlans, 1).name = ' Cams';
    },
    1105,
    'vlans.1.name',
  ],
  [
    'VLAN name too long',
    (s) => {
      at(s.vlans, 1).name = 'x'.repeat(33);
    },
    1105,
    'vlans.1.name',
  ],
  [
    'VLAN IP invalid',
    (s) => {
      at(s.vlans, 1).ip = '192.168.300.1';
    },
    1112,
    'vlans.1.ip',
  ],
  [
    'VLAN IP loopback',
    (s) => {
      at(s.vlans, 1).ip = '127.0.30.1';
    },
    1116,
    'vlans.1.ip',
  ],
  [
    'VLAN IP multicast',
    (s) => {
      at(s.vlans, 1).ip = '224.0.30.1';
    },
    1117,
    'vlans.1.ip',
  ],
  [
    'VLAN IP broadcast',
    (s) => {
      at(s.vlans, 1).ip = '192.168.30.255';
    },
    1114,
    'vlans.1.ip',
  ],
  [
    'VLAN mask invalid',
    (s) => {
      at(s.vlans, 1).mask = '255.255.0.255';
    },
    1113,
    'vlans.1.mask',
  ],
  [
    'layer-2 VLAN with DHCP on',
    (s) => void s.vlans.push({ id: 40, name: 'L2', ip: '', mask: '', dhcp: true }),
    1121,
    'vlans.2.dhcp',
  ],
  [
    'VLAN over the LAN',
    (s) => {
      at(s.vlans, 1).ip = '192.168.10.2';
    },
    103,
    'vlans.1.ip',
  ],
  [
    'VLAN over a static WAN',
    (s) => {
      staticWan(s);
      if (s.vlans[1]) s.vlans[1].ip = '203.0.113.2';
    },
    104,
    'vlans.1.ip',
  ],
  [
    'VLAN over a live WAN address',
    (s) => {
      at(s.vlans, 1).ip = '100.64.0.2';
    },
    104,
    'vlans.1.ip',
    {
      liveWan: [{ port: 1, ip: '100.64.0.20', mask: '255.255.255.0' }],
    },
  ],
  [
    'VLAN over the guest network',
    (s) => {
      s.segments.guest = { ip: '10.50.0.1', mask: '255.255.255.0' };
      if (s.vlans[1]) s.vlans[1].ip = '10.50.0.2';
    },
    105,
    'vlans.1.ip',
  ],
  [
    'VLAN over the PPPoE server pool',
    (s) => {
      s.segments.pppoeServer = { ip: '10.50.0.1', mask: '255.255.255.0' };
      if (s.vlans[1]) s.vlans[1].ip = '10.50.0.2';
    },
    106,
    'vlans.1.ip',
  ],
  [
    'VLAN over the PPTP pool',
    (s) => {
      s.segments.pptp = { ip: '10.50.0.1', mask: '255.255.255.0' };
      if (s.vlans[1]) s.vlans[1].ip = '10.50.0.2';
    },
    107,
    'vlans.1.ip',
  ],
  [
    'VLAN over the L2TP pool',
    (s) => {
      s.segments.l2tp = { ip: '10.50.0.1', mask: '255.255.255.0' };
      if (s.vlans[1]) s.vlans[1].ip = '10.50.0.2';
    },
    108,
    'vlans.1.ip',
  ],
  [
    'VLAN over another VLAN',
    (s) => {
      at(s.vlans, 1).mask = '255.255.0.0';
    },
    109,
    'vlans.1.ip',
  ],
  [
    'LAN widened over a VLAN',
    (s) => {
      s.lan.mask = '255.255.0.0';
    },
    112,
    'lan.ip',
  ],
  [
    'VLAN id used as WAN VLAN',
    (s) => {
      wan0(s).vlanId = 30;
    },
    1139,
    'vlans.1.id',
  ],
  [
    'more VLANs than the model holds',
    (s) => {
      for (let id = 100; id < 131; id++) s.vlans.push({ id, name: `v${id}`, ip: '', mask: '', dhcp: false });
    },
    1106,
    'vlans',
  ],
  [
    'more than 100 VLANs added at once',
    (s) => {
      for (let id = 100; id < 201; id++) s.vlans.push({ id, name: `v${id}`, ip: '', mask: '', dhcp: false });
    },
    1107,
    'vlans',
    { model: { ...G300, rules: { ...G300.rules, vlans: 500 } } },
  ],
  ['deleting a VLAN a DHCP pool serves', (s) => void s.vlans.splice(0, 1), 131, 'vlans'],
  ['deleting a VLAN a port mapping forwards into', (s) => void s.vlans.splice(1, 1), 131, 'vlans'],
  [
    'VLAN segment moved away from a port mapping',
    (s) => {
      at(s.vlans, 1).ip = '192.168.31.1';
    },
    1144,
    'vlans.1.ip',
  ],
  // DHCP
  [
    'pool name with a dash',
    (s) => {
      at(s.dhcpPools, 1).name = 'guest-pool';
    },
    714,
    'dhcpPools.1.name',
  ],
  [
    'pool name repeated',
    (s) => {
      at(s.dhcpPools, 1).name = 'LAN_POOL';
    },
    713,
    'dhcpPools.1.name',
  ],
  [
    'pool on a VLAN that never existed',
    (s) => {
      at(s.dhcpPools, 1).interface = 99;
    },
    732,
    'dhcpPools.1.interface',
  ],
  [
    'two pools on one interface',
    (s) => {
      at(s.dhcpPools, 1).interface = 'lan';
    },
    733,
    'dhcpPools.1.interface',
  ],
  [
    'pool on a VLAN whose DHCP is off',
    (s) => {
      at(s.vlans, 0).dhcp = false;
    },
    740,
    'dhcpPools.1.interface',
  ],
  [
    'VLAN with DHCP on but no pool',
    (s) => {
      at(s.vlans, 1).dhcp = true;
    },
    731,
    'vlans.1.dhcp',
  ],
  [
    'pool start invalid',
    (s) => {
      at(s.dhcpPools, 0).start = '192.168.10';
    },
    715,
    'dhcpPools.0.start',
  ],
  [
    'pool end invalid',
    (s) => {
      at(s.dhcpPools, 0).end = 'x';
    },
    716,
    'dhcpPools.0.end',
  ],
  [
    'pool end before start',
    (s) => {
      at(s.dhcpPools, 0).end = '192.168.10.50';
    },
    717,
    'dhcpPools.0.end',
  ],
  [
    'pool outside its interface',
    (s) => {
      at(s.dhcpPools, 0).end = '192.168.11.20';
    },
    719,
    'dhcpPools.0.end',
  ],
  [
    'pool reaches the broadcast address',
    (s) => {
      at(s.dhcpPools, 0).end = '192.168.10.255';
    },
    735,
    'dhcpPools.0.end',
  ],
  [
    'pool contains the gateway',
    (s) => {
      at(s.dhcpPools, 0).start = '192.168.10.1';
    },
    721,
    'dhcpPools.0.start',
  ],
  [
    'pool contains the interface address',
    (s) => {
      const p = s.dhcpPools[0];
      if (p) Object.assign(p, { start: '192.168.10.1', gateway: '192.168.10.254', end: '192.168.10.200' });
    },
    721,
    'dhcpPools.0.start',
  ],
  [
    'pool gateway invalid',
    (s) => {
      at(s.dhcpPools, 0).gateway = '0.1.2.3';
    },
    722,
    'dhcpPools.0.gateway',
  ],
  [
    'pool gateway outside the segment',
    (s) => {
      at(s.dhcpPools, 0).gateway = '192.168.11.1';
    },
    723,
    'dhcpPools.0.gateway',
  ],
  [
    'pool mask invalid',
    (s) => {
      at(s.dhcpPools, 0).mask = '255.0.255.0';
    },
    724,
    'dhcpPools.0.mask',
  ],
  [
    'pool mask differs from the interface',
    (s) => {
      at(s.dhcpPools, 0).mask = '255.255.0.0';
    },
    724,
    'dhcpPools.0.mask',
  ],
  [
    'pool DNS invalid',
    (s) => {
      at(s.dhcpPools, 0).dns = ['8.8.8'];
    },
    725,
    'dhcpPools.0.dns',
  ],
  [
    'pool DNS equal',
    (s) => {
      at(s.dhcpPools, 0).dns = ['8.8.8.8', '8.8.8.8'];
    },
    726,
    'dhcpPools.0.dns',
  ],
  [
    'pool DNS more than two',
    (s) => {
      at(s.dhcpPools, 0).dns = ['8.8.8.8', '1.1.1.1', '9.9.9.9'];
    },
    727,
    'dhcpPools.0.dns',
  ],
  [
    'lease below 30 minutes',
    (s) => {
      at(s.dhcpPools, 0).leaseMinutes = 29;
    },
    728,
    'dhcpPools.0.leaseMinutes',
  ],
  [
    'lease above 7 days',
    (s) => {
      at(s.dhcpPools, 0).leaseMinutes = 10081;
    },
    728,
    'dhcpPools.0.leaseMinutes',
  ],
  [
    'more pools than the model holds',
    (s) => void s.dhcpPools.push(...s.dhcpPools),
    729,
    'dhcpPools',
    {
      model: { ...G300, rules: { ...G300.rules, dhcpPools: 3 } },
    },
  ],
  // Static routes
  [
    'route name with a space',
    (s) => {
      at(s.staticRoutes, 0).name = 'my route';
    },
    INVALID,
    'staticRoutes.0.name',
  ],
  [
    'route destination loopback',
    (s) => {
      at(s.staticRoutes, 0).destination = '127.0.0.0';
    },
    INVALID,
    'staticRoutes.0.destination',
  ],
  [
    'route destination multicast',
    (s) => {
      at(s.staticRoutes, 0).destination = '224.0.0.0';
    },
    INVALID,
    'staticRoutes.0.destination',
  ],
  [
    'route destination with host bits',
    (s) => {
      at(s.staticRoutes, 0).destination = '10.20.1.0';
    },
    INVALID,
    'staticRoutes.0.destination',
  ],
  [
    'route mask invalid',
    (s) => {
      at(s.staticRoutes, 0).mask = '255.0.255.0';
    },
    INVALID,
    'staticRoutes.0.mask',
  ],
  [
    'route next hop malformed',
    (s) => {
      at(s.staticRoutes, 0).nextHop = '10.0.0.1-';
    },
    INVALID,
    'staticRoutes.0.nextHop',
  ],
  [
    'route next hops equal',
    (s) => {
      at(s.staticRoutes, 0).nextHop = '10.0.0.1-10.0.0.1';
    },
    INVALID,
    'staticRoutes.0.nextHop',
  ],
  [
    'route name repeated',
    (s) =>
      void s.staticRoutes.push({
        name: 'BRANCH',
        destination: '10.30.0.0',
        mask: '255.255.0.0',
        nextHop: '192.168.10.254',
      }),
    ERR.DATA_EXISTS,
    'staticRoutes.1.name',
  ],
  [
    'route destination repeated',
    (s) =>
      void s.staticRoutes.push({
        name: 'other',
        destination: '10.20.0.0',
        mask: '255.255.0.0',
        nextHop: '192.168.10.253',
      }),
    ERR.DATA_EXISTS,
    'staticRoutes.1.destination',
  ],
  [
    'route onto a VLAN segment',
    (s) =>
      void s.staticRoutes.push({
        name: 'bad',
        destination: '192.168.30.0',
        mask: '255.255.255.0',
        nextHop: '192.168.10.254',
      }),
    1143,
    'staticRoutes.1.destination',
  ],
  [
    'more routes than the model holds',
    (s) =>
      void s.staticRoutes.push({
        name: 'r2',
        destination: '10.30.0.0',
        mask: '255.255.0.0',
        nextHop: '192.168.10.254',
      }),
    INVALID,
    'staticRoutes',
    {
      model: { ...G300, rules: { ...G300.rules, staticRoutes: 1 } },
    },
  ],
  // Port mappings
  [
    'mapping name repeated',
    (s) =>
      void s.portMappings.push({
        ...(s.portMappings[0] as NetworkSettings['portMappings'][number]),
        name: 'WEB',
        externalPorts: '9080;9443',
      }),
    ERR.DATA_EXISTS,
    'portMappings.1.name',
  ],
  [
    'mapping internal IP outside every segment',
    (s) => {
      at(s.portMappings, 0).internalIp = '172.16.0.10';
    },
    INVALID,
    'portMappings.0.internalIp',
  ],
  [
    'mapping internal IP is the interface',
    (s) => {
      at(s.portMappings, 0).internalIp = '192.168.30.1';
    },
    INVALID,
    'portMappings.0.internalIp',
  ],
  [
    'mapping ports mixed',
    (s) => {
      at(s.portMappings, 0).internalPorts = '80;8000-8010';
    },
    INVALID,
    'portMappings.0.internalPorts',
  ],
  [
    'mapping port 0',
    (s) => {
      at(s.portMappings, 0).externalPorts = '0;443';
    },
    INVALID,
    'portMappings.0.externalPorts',
  ],
  [
    'mapping port above 65535',
    (s) => {
      at(s.portMappings, 0).externalPorts = '65536';
    },
    INVALID,
    'portMappings.0.externalPorts',
  ],
  [
    'mapping range reversed',
    (s) => {
      at(s.portMappings, 0).externalPorts = '9000~8000';
    },
    INVALID,
    'portMappings.0.externalPorts',
  ],
  [
    'mapping port counts differ',
    (s) => {
      at(s.portMappings, 0).externalPorts = '8080';
    },
    INVALID,
    'portMappings.0.internalPorts',
  ],
  [
    'mapping external ports overlap on one WAN',
    (s) =>
      void s.portMappings.push({
        name: 'cam',
        internalIp: '192.168.30.11',
        internalPorts: '554',
        externalPorts: '8443',
        protocol: 'udp',
        wanPort: 1,
        enabled: true,
      }),
    INVALID,
    'portMappings.1.externalPorts',
  ],
  [
    'mapping on a disabled WAN',
    (s) => {
      at(s.portMappings, 0).wanPort = 2;
    },
    INVALID,
    'portMappings.0.wanPort',
  ],
  [
    'mapping on an unknown WAN',
    (s) => {
      at(s.portMappings, 0).wanPort = 7;
    },
    INVALID,
    'portMappings.0.wanPort',
  ],
  [
    'more mappings than the model holds',
    (s) =>
      void s.portMappings.push({
        name: 'cam',
        internalIp: '192.168.30.11',
        internalPorts: '554',
        externalPorts: '554',
        protocol: 'udp',
        wanPort: 1,
        enabled: true,
      }),
    INVALID,
    'portMappings',
    {
      model: { ...G300, rules: { ...G300.rules, portMappings: 1 } },
    },
  ],
];

describe('networkSettingsIssues', () => {
  it('accepts the factory settings and a full valid document', () => {
    expect(networkSettingsIssues(defaultNetworkSettings([1, 2]), { model: G300, previous: null })).toEqual(
      [],
    );
    expect(networkSettingsIssues(base(), ctx())).toEqual([]);
    expect(networkSettingsIssues(base(), ctx({ previous: null }))).toEqual([]);
    expect(networkSettingsIssues(base(), ctx({ model: null }))).toEqual([]);
  });

  it.each(CASES)('%s', (_name, mutate, code, path, over) => {
    const s = base();
    mutate(s);
    const issues = networkSettingsIssues(s, ctx(over));
    expect(issues.map((i) => `${i.code} ${i.path}`)).toContain(`${code} ${path}`);
    const hit = issues.find((i) => i.code === code && i.path === path);
    expect(hit?.message.length).toBeGreaterThan(10);
  });

  it('reports an overlap once, on the side that changed', () => {
    const s = base();
    if (s.vlans[1]) s.vlans[1].ip = '192.168.10.2';
    const issues = networkSettingsIssues(s, ctx());
    expect(issues.filter((i) => [103, 112].includes(i.code))).toHaveLength(1);
  });

  it('reports overlapping pools with 720', () => {
    const s = base();
    s.lan.mask = '255.255.0.0';
    s.vlans = [];
    s.portMappings = [];
    s.dhcpPools = [
      {
        name: 'a',
        interface: 'lan',
        start: '192.168.10.100',
        end: '192.168.10.200',
        mask: '255.255.0.0',
        gateway: '192.168.10.1',
        dns: [],
        leaseMinutes: 60,
      },
      {
        name: 'b',
        interface: 'lan',
        start: '192.168.10.150',
        end: '192.168.10.250',
        mask: '255.255.0.0',
        gateway: '192.168.10.1',
        dns: [],
        leaseMinutes: 60,
      },
    ];
    const codes = networkSettingsIssues(s, ctx({ previous: null })).map((i) => `${i.code} ${i.path}`);
    expect(codes).toContain('720 dhcpPools.1.start');
  });

  it('does not check WAN-capable ports without a gateway model', () => {
    const s = base();
    wan0(s).port = 4;
    if (s.portMappings[0]) s.portMappings[0].wanPort = 4;
    expect(networkSettingsIssues(s, ctx({ model: null }))).toEqual([]);
  });

  it('ignores the fields of a disabled WAN port', () => {
    const s = base();
    Object.assign(s.wan[1] ?? {}, { mode: 'static', ip: 'nonsense' });
    expect(networkSettingsIssues(s, ctx())).toEqual([]);
  });
});
