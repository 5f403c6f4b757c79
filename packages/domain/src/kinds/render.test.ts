/**
 * The device document each kind of device receives (docs/protocol.md §7.1), pinned: every settings
 * kind saved at once, rendered for every device kind and mesh role. The snapshot is the contract
 * with devices — a refactor of the kinds must leave it as it is.
 */
import { describe, expect, it } from 'vitest';
import {
  type BridgeSettings,
  canonicalJson,
  type DeviceModel,
  type DeviceRadioSettings,
  defaultNetworkSettings,
  defaultRfSettings,
  defaultSwitchSettings,
  findModel,
  MESH_NODE_TYPES,
  type MeshNodeType,
  type NetworkSettings,
  type RfSettings,
  renderDeviceDocument,
  type SwitchSettings,
  type WirelessSettings,
} from '../index';
import { buildWirelessPolicy } from '../testing';

const network: NetworkSettings = {
  ...defaultNetworkSettings([1, 2]),
  vlans: [
    { id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: true },
    { id: 30, name: 'Cams', ip: '192.168.30.1', mask: '255.255.255.0', dhcp: false },
  ],
};
const wireless: WirelessSettings = {
  policies: [
    buildWirelessPolicy({ key: 'staff01', name: 'Staff', ssid: 'Staff', ssid5: 'Staff-5G' }),
    buildWirelessPolicy({
      key: 'guest01',
      name: 'Guest',
      ssid: 'Guest',
      security: 'none',
      cipher: null,
      password: '',
      guest: true,
      vlanId: 20,
      schedule: 'Mon-Fri 00:00-06:00',
      scheduleUntil: '2027-01-31',
      bands: ['2.4G'],
    }),
    buildWirelessPolicy({ key: 'lab0001', name: 'Lab', ssid: 'Lab', scope: 'devices', deviceIds: [3] }),
    buildWirelessPolicy({ key: 'off0001', name: 'Off', ssid: 'Off', enabled: false }),
  ],
};
const rf: RfSettings = {
  ...defaultRfSettings(),
  accessThreshold: -80,
  roaming: { enabled: true, signalThreshold24: -74, signalThreshold5: -70, roamThreshold: 6 },
};
const radio: DeviceRadioSettings = {
  radios: [
    { band: '2.4G', enabled: true, channel: 6, width: 20, txPower: 18 },
    { band: '5G', enabled: false, channel: 0, width: 80, txPower: 0 },
  ],
};
const bridge: BridgeSettings = {
  bridgeName: 'Yard bridge',
  mgmtSsid: 'Yard-Mgmt',
  mgmtPassword: 'correct horse',
  uplink: { ssid: 'Yard-Link', bssid: '02:00:00:00:00:01', channel: 36, password: 'uplink pass' },
};
function switching(): SwitchSettings {
  const s = defaultSwitchSettings(findModel('NL-S108P') ?? { ports: [] });
  const [first] = s.ports;
  if (first) Object.assign(first, { type: 1, tagged: [20, 30], remark: 'uplink' });
  return s;
}

interface Case {
  name: string;
  model: string;
  deviceId: number;
  meshRole?: MeshNodeType | null;
  projectHasGateway: boolean;
}

const CASES: Case[] = [
  { name: 'router', model: 'NL-R200', deviceId: 1, projectHasGateway: false },
  { name: 'gateway (v7)', model: 'NL-G300', deviceId: 1, projectHasGateway: false },
  { name: 'wireless router', model: 'NL-W1200', deviceId: 3, projectHasGateway: false },
  { name: 'switch', model: 'NL-S108P', deviceId: 2, projectHasGateway: true },
  { name: 'ap (named by a policy)', model: 'NL-A1200C', deviceId: 3, projectHasGateway: true },
  { name: 'tri-band ap', model: 'NL-A5400T', deviceId: 4, projectHasGateway: true },
  {
    name: 'primary mesh, no gateway',
    model: 'NL-M1800',
    deviceId: 5,
    meshRole: MESH_NODE_TYPES.PRIMARY,
    projectHasGateway: false,
  },
  {
    name: 'primary mesh behind a gateway',
    model: 'NL-M1800',
    deviceId: 5,
    meshRole: MESH_NODE_TYPES.PRIMARY,
    projectHasGateway: true,
  },
  {
    name: 'secondary mesh',
    model: 'NL-M1800',
    deviceId: 6,
    meshRole: MESH_NODE_TYPES.SECONDARY,
    projectHasGateway: true,
  },
  { name: 'cpe', model: 'NL-C5', deviceId: 7, projectHasGateway: true },
  { name: 'camera', model: 'NL-IPC2B', deviceId: 8, projectHasGateway: true },
];

describe('renderDeviceDocument: what each device receives when every kind is saved', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const model = findModel(c.model) ?? null;
      const doc = render(c, model, {
        project: { network, wireless, rf },
        device: { switching: switching(), radio, bridge },
      });
      expect(doc).toMatchSnapshot();
    });
  }

  it('nothing saved: no document; only the network saved: the switch gets its VLAN list', () => {
    const sw = CASES.find((c) => c.name === 'switch') as Case;
    const model = findModel(sw.model) ?? null;
    expect(render(sw, model, { project: {}, device: {} })).toBeNull();
    expect(render(sw, model, { project: { network }, device: {} })).toMatchSnapshot();
  });

  it('the canonical JSON (hashed to decide delivery) of an AP document', () => {
    const ap = CASES.find((c) => c.name === 'tri-band ap') as Case;
    const doc = render(ap, findModel(ap.model) ?? null, {
      project: { network, wireless, rf },
      device: { radio },
    });
    expect(canonicalJson(doc)).toMatchSnapshot();
  });
});

interface Saved {
  project: { network?: NetworkSettings; wireless?: WirelessSettings; rf?: RfSettings };
  device: { switching?: SwitchSettings; radio?: DeviceRadioSettings; bridge?: BridgeSettings };
}

/** The render call, in one place (the only function that knows the render function's signature). */
function render(c: Case, model: DeviceModel | null, saved: Saved) {
  return renderDeviceDocument({
    device: { deviceId: c.deviceId, type: model?.kind ?? 'unknown', model, meshRole: c.meshRole ?? null },
    // A gateway elsewhere in the project (a primary mesh node then routes nothing).
    devices: c.projectHasGateway ? [{ deviceId: 99, type: 'router' }] : [],
    docs: { project: saved.project, devices: new Map([[c.deviceId, saved.device]]) },
  });
}
