/**
 * Every §5 rule of the network and switch-port settings through the HTTP API: a document breaking
 * one rule is refused with that rule's §8 code (and the issue's path listed), a valid one is saved
 * with code 0. The project has a real gateway (NL-G300) and a PoE switch (NL-S108P) that said hello
 * over MQTT, so the model-dependent rules (WAN ports, VLAN range, rule counts, PoE) apply.
 */
import {
  defaultSwitchSettings,
  ERR,
  errorMessage,
  findModel,
  type NetworkConfigView,
  type NetworkSettings,
  PORT_TYPES,
  type PortSettings,
  type SaveConfigResult,
  type SwitchConfigView,
  type SwitchSettings,
} from '@netloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { FakeDevice, type FakeIdentity, GATEWAY, PLAIN_SWITCH, POE_SWITCH } from './configFakeDevice';
import { buildProject, signedInUser } from './factories';
import { claimDevice, mqttTcpUrl, TEST_KEY, uniqueSn, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

const INVALID = ERR.INVALID_PARAMETERS;
/** The address WAN port 1 (DHCP) got from the ISP, as the gateway reports it in `state.wan`. */
const LIVE_WAN = { port: 1, up: true, ip: '100.64.0.10', mask: '255.255.255.0', gateway: '100.64.0.1' };
const LIVE_GATEWAY: FakeIdentity = { ...GATEWAY, state: { wan: [LIVE_WAN] } };
/** The PoE switch, reporting that its uplink leaves from port 8 (`state.uplink.localPort`). */
const UPLINK_SWITCH: FakeIdentity = {
  ...POE_SWITCH,
  state: { ...POE_SWITCH.state, uplink: { kind: 'wired', localPort: 8 } },
};
type Pool = NetworkSettings['dhcpPools'][number];
type Mapping = NetworkSettings['portMappings'][number];

function at<T>(list: T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no item ${i}`);
  return item;
}

/** A valid network: LAN, two WAN ports, VLANs 20 (DHCP, with its pool) and 30, a route, a mapping. */
function network(): NetworkSettings {
  return {
    lan: { ip: '192.168.10.1', mask: '255.255.255.0' },
    wan: [1, 2].map((port) => ({
      port,
      enabled: port === 1,
      mode: 'dhcp' as const,
      ip: '',
      mask: '',
      gateway: '',
      dns: [],
      pppoeUsername: '',
      pppoePassword: '',
      dialCount: 1,
      vlanId: 0,
    })),
    segments: { guest: null, pppoeServer: null, pptp: null, l2tp: null },
    vlans: [
      { id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: true },
      { id: 30, name: 'Cameras', ip: '192.168.30.1', mask: '255.255.255.0', dhcp: false },
    ],
    dhcpPools: [
      {
        name: 'lan_pool',
        interface: 'lan',
        start: '192.168.10.100',
        end: '192.168.10.250',
        mask: '255.255.255.0',
        gateway: '192.168.10.1',
        dns: [],
        leaseMinutes: 1440,
      },
      {
        name: 'guest_pool',
        interface: 20,
        start: '192.168.20.100',
        end: '192.168.20.200',
        mask: '255.255.255.0',
        gateway: '192.168.20.1',
        dns: ['8.8.8.8'],
        leaseMinutes: 720,
      },
    ],
    staticRoutes: [
      { name: 'branch', destination: '10.20.0.0', mask: '255.255.0.0', nextHop: '192.168.10.254' },
    ],
    portMappings: [
      {
        name: 'web',
        internalIp: '192.168.30.10',
        internalPorts: '80;443',
        externalPorts: '8080;8443',
        protocol: 'tcp',
        wanPort: 1,
        enabled: true,
      },
    ],
  };
}

function staticWan(s: NetworkSettings, ip: string, gateway: string, mask = '255.255.255.0') {
  Object.assign(at(s.wan, 0), { mode: 'static', ip, mask, gateway, dns: ['8.8.8.8'] });
}
const vlan = (s: NetworkSettings, i: number) => at(s.vlans, i);
const pool = (s: NetworkSettings, i: number): Pool => at(s.dhcpPools, i);
const mapping = (s: NetworkSettings, i: number): Mapping => at(s.portMappings, i);

type NetCase = [name: string, mutate: (s: NetworkSettings) => void, code: number, path: string];

const NETWORK_CASES: NetCase[] = [
  ['LAN IP invalid', (s) => Object.assign(s.lan, { ip: '192.168.10' }), INVALID, 'lan.ip'],
  [
    'LAN IP is the broadcast address',
    (s) => Object.assign(s.lan, { ip: '192.168.10.255' }),
    INVALID,
    'lan.ip',
  ],
  ['LAN mask not contiguous', (s) => Object.assign(s.lan, { mask: '255.0.255.0' }), INVALID, 'lan.mask'],
  ['WAN on a LAN-only port', (s) => Object.assign(at(s.wan, 1), { port: 4 }), INVALID, 'wan.1.port'],
  ['static WAN without gateway', (s) => staticWan(s, '203.0.113.10', ''), INVALID, 'wan.0.gateway'],
  ['static WAN gateway = IP', (s) => staticWan(s, '203.0.113.10', '203.0.113.10'), 120, 'wan.0.gateway'],
  [
    'static WAN gateway off segment',
    (s) => staticWan(s, '203.0.113.10', '198.51.100.1'),
    119,
    'wan.0.gateway',
  ],
  [
    'WAN DNS twice the same',
    (s) => Object.assign(at(s.wan, 0), { dns: ['1.1.1.1', '1.1.1.1'] }),
    INVALID,
    'wan.0.dns',
  ],
  [
    'PPPoE without password',
    (s) => Object.assign(at(s.wan, 0), { mode: 'pppoe', pppoeUsername: 'u' }),
    INVALID,
    'wan.0.pppoePassword',
  ],
  [
    'multi-dial with one session',
    (s) =>
      Object.assign(at(s.wan, 0), {
        mode: 'multi_pppoe',
        pppoeUsername: 'u',
        pppoePassword: 'p',
        dialCount: 1,
      }),
    INVALID,
    'wan.0.dialCount',
  ],
  ['static WAN in the LAN', (s) => staticWan(s, '192.168.10.20', '192.168.10.254'), 115, 'wan.0.ip'],
  ['static WAN in a VLAN', (s) => staticWan(s, '192.168.30.20', '192.168.30.254'), 116, 'wan.0.ip'],
  [
    'static WAN in the guest network',
    (s) => {
      s.segments.guest = { ip: '203.0.113.1', mask: '255.255.255.0' };
      staticWan(s, '203.0.113.10', '203.0.113.254');
    },
    117,
    'wan.0.ip',
  ],
  [
    'two static WANs in one segment',
    (s) => {
      staticWan(s, '203.0.113.10', '203.0.113.1');
      Object.assign(at(s.wan, 1), {
        enabled: true,
        mode: 'static',
        ip: '203.0.113.11',
        mask: '255.255.255.0',
        gateway: '203.0.113.1',
        dns: ['8.8.8.8'],
      });
    },
    118,
    'wan.1.ip',
  ],
  ['LAN widened over the VLANs', (s) => Object.assign(s.lan, { mask: '255.255.0.0' }), 112, 'lan.ip'],
  [
    'LAN moved onto the address the live WAN got',
    (s) => Object.assign(s.lan, { ip: '100.64.0.2' }),
    ERR.LAN_IP_OVERLAPS_WAN,
    'lan.ip',
  ],
  ...(
    [
      ['guest', ERR.LAN_IP_OVERLAPS_GUEST],
      ['pppoeServer', ERR.LAN_IP_OVERLAPS_PPPOE],
      ['pptp', ERR.LAN_IP_OVERLAPS_VPN],
      ['l2tp', ERR.LAN_IP_OVERLAPS_VPN],
    ] as const
  ).map(
    ([segment, code]): NetCase => [
      // Both change in one save: the LAN is the more specific interface, so it is blamed.
      `LAN moved onto a new ${segment} segment`,
      (s) => {
        s.segments[segment] = { ip: '10.50.0.1', mask: '255.255.255.0' };
        Object.assign(s.lan, { ip: '10.50.0.2' });
      },
      code,
      'lan.ip',
    ],
  ),
  [
    'guest network over the address the live WAN got',
    (s) => void Object.assign(s.segments, { guest: { ip: '100.64.0.1', mask: '255.255.255.0' } }),
    ERR.SEGMENT_IN_USE,
    'segments.guest',
  ],
  [
    'PPPoE server pool over a static WAN',
    (s) => {
      staticWan(s, '203.0.113.10', '203.0.113.1');
      s.segments.pppoeServer = { ip: '203.0.113.100', mask: '255.255.255.0' };
    },
    ERR.SEGMENT_IN_USE,
    'wan.0.ip',
  ],
  [
    'new guest network over the LAN',
    (s) => void Object.assign(s.segments, { guest: { ip: '192.168.10.1', mask: '255.255.255.0' } }),
    121,
    'segments.guest',
  ],
  [
    'new guest network over a VLAN',
    (s) => void Object.assign(s.segments, { guest: { ip: '192.168.30.1', mask: '255.255.255.0' } }),
    122,
    'segments.guest',
  ],
  [
    'new PPPoE pool over the LAN',
    (s) => void Object.assign(s.segments, { pppoeServer: { ip: '192.168.10.1', mask: '255.255.255.0' } }),
    123,
    'segments.pppoeServer',
  ],
  [
    'new PPTP pool over the LAN',
    (s) => void Object.assign(s.segments, { pptp: { ip: '192.168.10.1', mask: '255.255.255.0' } }),
    124,
    'segments.pptp',
  ],
  ['VLAN id below the gateway range', (s) => Object.assign(vlan(s, 1), { id: 5 }), 1101, 'vlans.1.id'],
  ['VLAN id repeated', (s) => Object.assign(vlan(s, 1), { id: 20 }), 1102, 'vlans.1.id'],
  ['VLAN name repeated', (s) => Object.assign(vlan(s, 1), { name: 'guest' }), 1103, 'vlans.1.name'],
  ['VLAN name IPTV', (s) => Object.assign(vlan(s, 1), { name: 'IPTV' }), 1104, 'vlans.1.name'],
  [
    'VLAN name with a trailing space',
    (s) => Object.assign(vlan(s, 1), { name: 'Cams ' }),
    1105,
    'vlans.1.name',
  ],
  ['VLAN IP invalid', (s) => Object.assign(vlan(s, 1), { ip: '192.168.30.x' }), 1112, 'vlans.1.ip'],
  ['VLAN mask invalid', (s) => Object.assign(vlan(s, 1), { mask: '255.255.0.255' }), 1113, 'vlans.1.mask'],
  ['VLAN IP network address', (s) => Object.assign(vlan(s, 1), { ip: '192.168.30.0' }), 1114, 'vlans.1.ip'],
  ['VLAN IP loopback', (s) => Object.assign(vlan(s, 1), { ip: '127.0.30.1' }), 1116, 'vlans.1.ip'],
  ['VLAN IP multicast', (s) => Object.assign(vlan(s, 1), { ip: '239.0.30.1' }), 1117, 'vlans.1.ip'],
  [
    'layer-2 VLAN with DHCP',
    (s) => void s.vlans.push({ id: 40, name: 'L2', ip: '', mask: '', dhcp: true }),
    1121,
    'vlans.2.dhcp',
  ],
  [
    'VLAN over the LAN',
    (s) => void s.vlans.push({ id: 40, name: 'Bad', ip: '192.168.10.2', mask: '255.255.255.0', dhcp: false }),
    103,
    'vlans.2.ip',
  ],
  [
    'VLAN over a static WAN',
    (s) => {
      staticWan(s, '203.0.113.10', '203.0.113.1');
      s.vlans.push({ id: 40, name: 'Bad', ip: '203.0.113.2', mask: '255.255.255.0', dhcp: false });
    },
    104,
    'vlans.2.ip',
  ],
  ...(
    [
      ['guest', 105],
      ['pppoeServer', 106],
      ['pptp', 107],
      ['l2tp', 108],
    ] as const
  ).map(
    ([segment, code]): NetCase => [
      `VLAN over the ${segment} segment`,
      (s) => {
        s.segments[segment] = { ip: '10.50.0.1', mask: '255.255.255.0' };
        s.vlans.push({ id: 40, name: 'Bad', ip: '10.50.0.2', mask: '255.255.255.0', dhcp: false });
      },
      code,
      'vlans.2.ip',
    ],
  ),
  [
    'VLAN over another VLAN',
    (s) => void s.vlans.push({ id: 40, name: 'Bad', ip: '192.168.30.2', mask: '255.255.255.0', dhcp: false }),
    109,
    'vlans.2.ip',
  ],
  ['VLAN id is the WAN VLAN', (s) => Object.assign(at(s.wan, 0), { vlanId: 30 }), 1139, 'vlans.1.id'],
  [
    'more VLANs than the gateway holds',
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
  ],
  ['deleting a VLAN a pool serves', (s) => void s.vlans.splice(0, 1), 131, 'vlans'],
  ['deleting a VLAN a port mapping uses', (s) => void s.vlans.splice(1, 1), 131, 'vlans'],
  [
    'moving a VLAN away from a port mapping',
    (s) => Object.assign(vlan(s, 1), { ip: '192.168.31.1' }),
    1144,
    'vlans.1.ip',
  ],
  ['pool name repeated', (s) => Object.assign(pool(s, 1), { name: 'LAN_pool' }), 713, 'dhcpPools.1.name'],
  [
    'pool name with a dash',
    (s) => Object.assign(pool(s, 1), { name: 'guest-pool' }),
    714,
    'dhcpPools.1.name',
  ],
  [
    'pool start invalid',
    (s) => Object.assign(pool(s, 0), { start: '192.168.10.' }),
    715,
    'dhcpPools.0.start',
  ],
  ['pool end invalid', (s) => Object.assign(pool(s, 0), { end: '192.168.10.256' }), 716, 'dhcpPools.0.end'],
  [
    'pool end before start',
    (s) => Object.assign(pool(s, 0), { end: '192.168.10.99' }),
    717,
    'dhcpPools.0.end',
  ],
  [
    'pool outside its interface',
    (s) => Object.assign(pool(s, 0), { end: '192.168.11.10' }),
    719,
    'dhcpPools.0.end',
  ],
  [
    'pool ends on the broadcast address',
    (s) => Object.assign(pool(s, 0), { end: '192.168.10.255' }),
    ERR.DHCP_POOL_CONTAINS_NETWORK_OR_BROADCAST,
    'dhcpPools.0.end',
  ],
  [
    'pool contains the gateway',
    (s) => Object.assign(pool(s, 0), { start: '192.168.10.1' }),
    721,
    'dhcpPools.0.start',
  ],
  [
    'pool gateway invalid',
    (s) => Object.assign(pool(s, 0), { gateway: '0.0.0.1' }),
    722,
    'dhcpPools.0.gateway',
  ],
  [
    'pool gateway outside the segment',
    (s) => Object.assign(pool(s, 0), { gateway: '192.168.11.1' }),
    723,
    'dhcpPools.0.gateway',
  ],
  [
    'pool mask other than the interface',
    (s) => Object.assign(pool(s, 0), { mask: '255.255.0.0' }),
    724,
    'dhcpPools.0.mask',
  ],
  ['pool DNS invalid', (s) => Object.assign(pool(s, 0), { dns: ['8.8.8'] }), 725, 'dhcpPools.0.dns'],
  [
    'pool DNS equal',
    (s) => Object.assign(pool(s, 0), { dns: ['8.8.8.8', '8.8.8.8'] }),
    726,
    'dhcpPools.0.dns',
  ],
  [
    'pool with three DNS',
    (s) => Object.assign(pool(s, 0), { dns: ['8.8.8.8', '1.1.1.1', '9.9.9.9'] }),
    727,
    'dhcpPools.0.dns',
  ],
  [
    'lease below 30 minutes',
    (s) => Object.assign(pool(s, 0), { leaseMinutes: 20 }),
    728,
    'dhcpPools.0.leaseMinutes',
  ],
  [
    'more pools than the gateway holds',
    (s) => {
      // 32 VLANs (the NL-G300 limit), each with its pool, plus the LAN pool: 33 pools > 32.
      Object.assign(vlan(s, 1), { dhcp: true });
      s.dhcpPools.push({
        ...pool(s, 1),
        name: 'cam_pool',
        interface: 30,
        start: '192.168.30.100',
        end: '192.168.30.200',
        gateway: '192.168.30.1',
      });
      for (let id = 100; id < 130; id++) {
        const third = id - 100;
        s.vlans.push({ id, name: `v${id}`, ip: `10.1.${third}.1`, mask: '255.255.255.0', dhcp: true });
        s.dhcpPools.push({
          ...pool(s, 0),
          name: `p${id}`,
          interface: id,
          start: `10.1.${third}.10`,
          end: `10.1.${third}.20`,
          gateway: `10.1.${third}.1`,
        });
      }
    },
    729,
    'dhcpPools',
  ],
  [
    'pool on a VLAN that never existed',
    (s) => Object.assign(pool(s, 1), { interface: 99 }),
    732,
    'dhcpPools.1.interface',
  ],
  [
    'two pools on one interface',
    (s) =>
      Object.assign(pool(s, 1), {
        interface: 'lan',
        start: '192.168.10.20',
        end: '192.168.10.30',
        gateway: '192.168.10.1',
      }),
    733,
    'dhcpPools.1.interface',
  ],
  [
    'pool where the VLAN has DHCP off',
    (s) => Object.assign(vlan(s, 0), { dhcp: false }),
    740,
    'dhcpPools.1.interface',
  ],
  ['VLAN with DHCP on and no pool', (s) => Object.assign(vlan(s, 1), { dhcp: true }), 731, 'vlans.1.dhcp'],
  [
    'route name with a space',
    (s) => Object.assign(at(s.staticRoutes, 0), { name: 'to branch' }),
    INVALID,
    'staticRoutes.0.name',
  ],
  [
    'route to 127.0.0.0',
    (s) => Object.assign(at(s.staticRoutes, 0), { destination: '127.0.0.0', mask: '255.0.0.0' }),
    INVALID,
    'staticRoutes.0.destination',
  ],
  [
    'route next hop not {ip}-{ip}',
    (s) => Object.assign(at(s.staticRoutes, 0), { nextHop: '10.0.0.1-10.0.0.2-10.0.0.3' }),
    INVALID,
    'staticRoutes.0.nextHop',
  ],
  [
    'route name repeated',
    (s) =>
      void s.staticRoutes.push({
        name: 'Branch',
        destination: '10.30.0.0',
        mask: '255.255.0.0',
        nextHop: '192.168.10.254',
      }),
    ERR.DATA_EXISTS,
    'staticRoutes.1.name',
  ],
  [
    'route onto a VLAN',
    (s) =>
      void s.staticRoutes.push({
        name: 'cams',
        destination: '192.168.30.0',
        mask: '255.255.255.0',
        nextHop: '192.168.10.254',
      }),
    1143,
    'staticRoutes.1.destination',
  ],
  [
    'mapping name repeated',
    (s) => void s.portMappings.push({ ...mapping(s, 0), name: 'WEB', externalPorts: '9080;9443' }),
    ERR.DATA_EXISTS,
    'portMappings.1.name',
  ],
  [
    'mapping server outside the network',
    (s) => Object.assign(mapping(s, 0), { internalIp: '172.31.0.10' }),
    INVALID,
    'portMappings.0.internalIp',
  ],
  [
    'mapping ports mixed',
    (s) => Object.assign(mapping(s, 0), { externalPorts: '8080;9000-9001' }),
    INVALID,
    'portMappings.0.externalPorts',
  ],
  [
    'mapping port counts differ',
    (s) => Object.assign(mapping(s, 0), { externalPorts: '8000~8009' }),
    INVALID,
    'portMappings.0.internalPorts',
  ],
  [
    'mapping external ports overlap',
    (s) =>
      void s.portMappings.push({
        ...mapping(s, 0),
        name: 'cam',
        internalIp: '192.168.30.11',
        internalPorts: '554',
        externalPorts: '8443',
      }),
    INVALID,
    'portMappings.1.externalPorts',
  ],
  [
    'mapping on a disabled WAN',
    (s) => Object.assign(mapping(s, 0), { wanPort: 2 }),
    INVALID,
    'portMappings.0.wanPort',
  ],
];

/** A valid switch: port 8 a trunk (VLAN 20 tagged), port 2 an access port in VLAN 20. */
function switching(): SwitchSettings {
  const model = findModel(POE_SWITCH.model);
  if (!model) throw new Error('no switch model');
  const s = defaultSwitchSettings(model);
  Object.assign(at(s.ports, 7), { type: PORT_TYPES.TRUNK, tagged: [20] });
  at(s.ports, 1).untagged = 20;
  return s;
}
const port = (s: SwitchSettings, i: number): PortSettings => at(s.ports, i);
type SwitchCase = [name: string, mutate: (s: SwitchSettings) => void, code: number, path: string];

const SWITCH_CASES: SwitchCase[] = [
  ['port the model does not have', (s) => Object.assign(port(s, 0), { id: 40 }), INVALID, 'ports.0.id'],
  [
    'SFP port fixed below 1 Gbit/s',
    (s) => Object.assign(port(s, 8), { speed: 100 }),
    INVALID,
    'ports.8.speed',
  ],
  [
    'PoE on the SFP port',
    (s) => Object.assign(port(s, 8), { poe: true }),
    ERR.DEVICE_OPERATION_UNSUPPORTED,
    'ports.8.poe',
  ],
  [
    'speed above the port maximum',
    (s) => Object.assign(port(s, 0), { speed: 10000 }),
    INVALID,
    'ports.0.speed',
  ],
  [
    'half duplex at 1 Gbit/s',
    (s) => Object.assign(port(s, 0), { speed: 1000, duplex: 'half' }),
    INVALID,
    'ports.0.duplex',
  ],
  [
    'access port with tagged VLANs',
    (s) => Object.assign(port(s, 2), { tagged: [30] }),
    1137,
    'ports.2.tagged',
  ],
  ['tagged VLAN = untagged', (s) => Object.assign(port(s, 7), { tagged: [20, 1] }), 1123, 'ports.7.tagged'],
  ['tagged VLAN twice', (s) => Object.assign(port(s, 7), { tagged: [20, 20] }), 1130, 'ports.7.tagged'],
  [
    'VLAN the project does not have',
    (s) => Object.assign(port(s, 3), { untagged: 99 }),
    1108,
    'ports.3.untagged',
  ],
  [
    'VLAN left off the uplink port',
    (s) => {
      Object.assign(port(s, 6), { type: PORT_TYPES.TRUNK, tagged: [20] });
      port(s, 7).tagged = [];
    },
    ERR.VLAN_NOT_ON_UPLINK,
    'ports.7.tagged',
  ],
  [
    'VLAN without a trunk port',
    (s) => Object.assign(port(s, 7), { type: PORT_TYPES.ACCESS, tagged: [] }),
    1125,
    'ports',
  ],
  [
    'PoE limit above the port class',
    (s) => Object.assign(port(s, 0), { poeLimitWatts: 45 }),
    INVALID,
    'ports.0.poeLimitWatts',
  ],
  [
    'remark not printable ASCII',
    (s) => Object.assign(port(s, 0), { remark: 'Café printer' }),
    INVALID,
    'ports.0.remark',
  ],
  [
    'remark with an outer space',
    (s) => Object.assign(port(s, 0), { remark: ' AP' }),
    INVALID,
    'ports.0.remark',
  ],
  [
    'EEE on a port in use',
    (s) => Object.assign(port(s, 0), { eee: true }),
    ERR.EEE_PORT_IN_USE,
    'ports.0.eee',
  ],
  [
    'trust port without DHCP snooping',
    (s) => Object.assign(port(s, 4), { dhcpTrust: true }),
    ERR.DHCP_SNOOPING_REQUIRED,
    'ports.4.dhcpTrust',
  ],
];

describeEachDb('config rules over HTTP', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  let owner: TestClient;
  let projectId = 0;
  let switchId = 0;
  let plainSwitchId = 0;
  const devices: FakeDevice[] = [];
  let networkVersion = 0;
  let switchVersion = 0;

  const networkUrl = () => `/api/projects/${projectId}/config/network`;
  const switchUrl = () => `/api/projects/${projectId}/devices/${switchId}/config/switching`;

  beforeAll(async () => {
    const t = get();
    owner = (await signedInUser(t)).client;
    const res = await owner.post<{ id: number }>('/api/projects', buildProject());
    projectId = res.body.data?.id ?? 0;
    const url = mqttTcpUrl(t.app);
    const gatewaySn = uniqueSn('NLR');
    const switchSn = uniqueSn('NLW');
    await claimDevice(t, projectId, gatewaySn, GATEWAY.type);
    switchId = await claimDevice(t, projectId, switchSn, POE_SWITCH.type);
    const plainSn = uniqueSn('NLW');
    plainSwitchId = await claimDevice(t, projectId, plainSn, PLAIN_SWITCH.type);
    devices.push(await new FakeDevice(url, plainSn, PLAIN_SWITCH).boot());
    devices.push(await new FakeDevice(url, gatewaySn, LIVE_GATEWAY).boot());
    devices.push(await new FakeDevice(url, switchSn, UPLINK_SWITCH).boot());
    await waitFor(
      async () => {
        const view = await owner.get<NetworkConfigView>(networkUrl());
        const gateway = view.body.data?.gateway;
        return gateway?.model === GATEWAY.model && gateway.liveWan.some((w) => w.ip === LIVE_WAN.ip)
          ? true
          : undefined;
      },
      { what: 'the gateway model' },
    );
    await waitFor(
      async () => {
        const view = await owner.get<SwitchConfigView>(switchUrl());
        const live = view.body.data?.live ?? [];
        const device = view.body.data?.device;
        return device?.model === POE_SWITCH.model &&
          device.uplinkPort === 8 &&
          live.some((p) => p.link === 'up')
          ? true
          : undefined;
      },
      { what: 'the switch model and its live ports' },
    );
  });

  afterAll(async () => {
    for (const d of devices) await d.close();
  });

  it('saves the valid network document (code 0)', async () => {
    const res = await owner.call<SaveConfigResult>('PUT', networkUrl(), {
      baseVersion: 0,
      settings: network(),
    });
    expect(res.body.code).toBe(0);
    networkVersion = res.body.data?.version ?? 0;
    expect(networkVersion).toBe(1);
  });

  it.each(NETWORK_CASES)('network: %s', async (_name, mutate, code, path) => {
    const settings = network();
    mutate(settings);
    const res = await owner.call('PUT', networkUrl(), { baseVersion: networkVersion, settings });
    expect({ code: res.body.code, paths: res.body.issues?.map((i) => i.path) }).toEqual({
      code,
      paths: expect.arrayContaining([path]),
    });
    expect(res.status).toBe(400);
  });

  it('saves the valid switch document (code 0) and refuses nothing it should accept', async () => {
    const res = await owner.call<SaveConfigResult>('PUT', switchUrl(), {
      baseVersion: 0,
      settings: switching(),
    });
    expect(res.body.code).toBe(0);
    switchVersion = res.body.data?.version ?? 0;
    expect(switchVersion).toBe(1);
  });

  it.each(SWITCH_CASES)('switch: %s', async (_name, mutate, code, path) => {
    const settings = switching();
    mutate(settings);
    const res = await owner.call('PUT', switchUrl(), { baseVersion: switchVersion, settings });
    expect({ code: res.body.code, paths: res.body.issues?.map((i) => i.path) }).toEqual({
      code,
      paths: expect.arrayContaining([path]),
    });
  });

  it('switch: PoE on a switch without PoE → 913', async () => {
    const model = findModel(PLAIN_SWITCH.model);
    if (!model) throw new Error('no plain switch model');
    const settings = defaultSwitchSettings(model);
    at(settings.ports, 2).poe = true;
    const url = `/api/projects/${projectId}/devices/${plainSwitchId}/config/switching`;
    const res = await owner.call('PUT', url, { baseVersion: 0, settings });
    expect(res.body.code).toBe(ERR.DEVICE_OPERATION_UNSUPPORTED);
    expect(res.body.issues?.map((i) => i.path)).toContain('ports.2.poe');
    at(settings.ports, 2).poe = false;
    expect((await owner.call('PUT', url, { baseVersion: 0, settings })).body.code).toBe(0);
  });

  it('saves a valid change after the refusals, with a readable summary', async () => {
    const settings = network();
    settings.vlans.push({ id: 40, name: 'Office', ip: '192.168.40.1', mask: '255.255.255.0', dhcp: false });
    const res = await owner.call<SaveConfigResult>('PUT', networkUrl(), {
      baseVersion: networkVersion,
      settings,
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data?.version).toBe(networkVersion + 1);
    expect(res.body.data?.summary).toBe('Added VLAN 40 "Office"');
    networkVersion = res.body.data?.version ?? 0;
  });

  it('lists 720 (pool overlaps pool) with the issue that answers first (733, same interface)', async () => {
    // Pools are confined to their interface and interfaces may not overlap (103–124), so two pools
    // overlap only on one interface, which 733 refuses first; 720 is listed with it.
    const settings = network();
    settings.dhcpPools.push({ ...pool(settings, 0), name: 'lan_extra', start: '192.168.10.200' });
    const res = await owner.call('PUT', networkUrl(), { baseVersion: networkVersion, settings });
    expect(res.body.code).toBe(ERR.DHCP_INTERFACE_HAS_POOL);
    expect(res.body.issues).toContainEqual({
      path: 'dhcpPools.2.start',
      message:
        'The range 192.168.10.200–192.168.10.250 overlaps pool "lan_pool" (192.168.10.100–192.168.10.250).',
    });
  });

  it('refuses non-integer VLAN ids by the document shape (400) before the rules (1100, 1126)', async () => {
    const net = network();
    vlan(net, 1).id = 30.5;
    const a = await owner.call('PUT', networkUrl(), { baseVersion: networkVersion, settings: net });
    expect({ code: a.body.code, paths: a.body.issues?.map((i) => i.path) }).toEqual({
      code: INVALID,
      paths: ['vlans.1.id'],
    });
    const sw = switching();
    port(sw, 7).tagged = [5000];
    const b = await owner.call('PUT', switchUrl(), { baseVersion: switchVersion, settings: sw });
    expect({ code: b.body.code, paths: b.body.issues?.map((i) => i.path) }).toEqual({
      code: INVALID,
      paths: ['ports.7.tagged.0'],
    });
  });

  describe('VLANs that switch ports carry (1110)', () => {
    /** The saved network (with VLAN 40 from the test above) and a change to it. */
    const saved = () => {
      const s = network();
      s.vlans.push({ id: 40, name: 'Office', ip: '192.168.40.1', mask: '255.255.255.0', dhcp: false });
      return s;
    };

    it('lists the switch ports per VLAN in the network view', async () => {
      const view = (await owner.get<NetworkConfigView>(networkUrl())).body.data;
      const sw = view?.switchPorts.find((x) => x.deviceId === switchId);
      expect(sw?.ports.find((p) => p.id === 2)).toEqual({ id: 2, untagged: 20, tagged: [] });
      expect(sw?.ports.find((p) => p.id === 8)).toEqual({ id: 8, untagged: 1, tagged: [20] });
    });

    it('refuses deleting a VLAN switch ports carry, naming the switch and its ports', async () => {
      const settings = saved();
      settings.vlans.splice(0, 1);
      settings.dhcpPools.splice(1, 1);
      const res = await owner.call('PUT', networkUrl(), { baseVersion: networkVersion, settings });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ERR.VLAN_USED_BY_PORT);
      expect(res.body.message).toBe(errorMessage(ERR.VLAN_USED_BY_PORT));
      const view = (await owner.get<SwitchConfigView>(switchUrl())).body.data;
      expect(res.body.issues).toEqual([
        {
          path: 'vlans',
          message: `VLAN 20 is set on switch "${view?.device.name}" port 2 (untagged) and port 8 (tagged): move those ports to another VLAN before deleting it.`,
        },
      ]);
    });

    it('refuses renumbering a VLAN switch ports carry, on its id', async () => {
      const settings = saved();
      vlan(settings, 0).id = 21;
      Object.assign(pool(settings, 1), { interface: 21 });
      const res = await owner.call('PUT', networkUrl(), { baseVersion: networkVersion, settings });
      expect(res.body.code).toBe(ERR.VLAN_USED_BY_PORT);
      expect(res.body.issues?.map((i) => i.path)).toEqual(['vlans.0.id']);
      expect(res.body.issues?.[0]?.message).toContain('before changing its ID');
    });

    it('deletes a VLAN no port carries', async () => {
      const settings = saved();
      settings.vlans.pop();
      const res = await owner.call<SaveConfigResult>('PUT', networkUrl(), {
        baseVersion: networkVersion,
        settings,
      });
      expect(res.body.code).toBe(0);
      networkVersion = res.body.data?.version ?? 0;
    });
  });
});
