/**
 * Every §5 wireless rule through the HTTP API: a `wireless`, `rf`, `radio` or `bridge` document
 * breaking one rule is refused with that rule's §8 code and the issue's path; a valid one is saved
 * with code 0. The project has two APs (dual-band NL-A1200C, tri-band NL-A5400T), a switch and a CPE
 * bridge (NL-C5) that said hello over MQTT, so the per-device rules (bands, SSIDs per radio, channel,
 * width, power of the model) apply. The rules themselves are the domain kinds' `issues` (`wireless/`, `rf/`, `cpe/`).
 */
import {
  type BridgeSettings,
  type CpeSearchResult,
  type DeviceRadioSettings,
  defaultRfSettings,
  ERR,
  type NetworkConfigView,
  type RfSettings,
  type SaveConfigResult,
  type WirelessConfigView,
  type WirelessPolicy,
  type WirelessSettings,
} from '@netloom/domain';
import { buildWirelessPolicy } from '@netloom/domain/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestClient } from './client';
import {
  CPE_BRIDGE,
  DUAL_BAND_AP,
  FakeDevice,
  type FakeIdentity,
  PLAIN_SWITCH,
  TRI_BAND_AP,
} from './configFakeDevice';
import { buildProject, signedInUser } from './factories';
import { claimDevice, mqttTcpUrl, TEST_KEY, uniqueSn, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

const I = ERR.INVALID_PARAMETERS;
const UPLINK = { bssid: '02:11:22:33:44:55', ssid: 'Backhaul', channel: 149 };

/** Ids the cases refer to, filled in once the devices are claimed. */
const ids = { dual: 0, dual2: 0, tri: 0, switch: 0, cpe: 0 };

/** A valid policy of its own key, name and SSID (the domain factory). */
const policy = buildWirelessPolicy;

/** Staff (WPA2 with a schedule and its own 5 GHz name), Guest (open guest network), Lab (tri-band AP only). */
function wireless(): WirelessSettings {
  return {
    policies: [
      policy({
        key: 'staff',
        name: 'Staff',
        ssid: 'Staff',
        ssid5: 'Staff-5G',
        schedule: 'Mon-Fri 00:00-06:00',
      }),
      policy({
        key: 'guest',
        name: 'Guest',
        ssid: 'Guest',
        security: 'none',
        cipher: null,
        password: '',
        guest: true,
        vlanId: 20,
      }),
      policy({ key: 'lab1', name: 'Lab', ssid: 'Lab', scope: 'devices', deviceIds: [ids.tri], vlanId: 30 }),
    ],
  };
}
function pol(s: WirelessSettings, i: number): WirelessPolicy {
  const p = s.policies[i];
  if (!p) throw new Error(`no policy ${i}`);
  return p;
}
function more(s: WirelessSettings, n: number, over: (k: number) => Partial<WirelessPolicy>) {
  for (let k = 0; k < n; k++) s.policies.push(policy(over(k)));
}

type Case<T> = [name: string, mutate: (s: T) => void, code: number, path: string];

const WIRELESS_CASES: Case<WirelessSettings>[] = [
  [
    'a VLAN the project does not have',
    (s) => Object.assign(pol(s, 1), { vlanId: 40 }),
    ERR.VLAN_NOT_FOUND,
    'policies.1.vlanId',
  ],
  [
    'WPA2-PSK on 6 GHz',
    (s) =>
      Object.assign(pol(s, 2), {
        bands: ['2.4G', '5G', '6G'],
        maxClients: { '2.4G': 64, '5G': 64, '6G': 64 },
      }),
    ERR.SIX_GHZ_NEEDS_WPA3,
    'policies.2.security',
  ],
  ['33 policies', (s) => more(s, 30, () => ({ enabled: false })), ERR.POLICY_LIMIT, 'policies'],
  ['policy key twice', (s) => Object.assign(pol(s, 2), { key: 'staff' }), I, 'policies.2.key'],
  [
    'policy name twice',
    (s) => Object.assign(pol(s, 2), { name: 'STAFF' }),
    ERR.POLICY_NAME_EXISTS,
    'policies.2.name',
  ],
  [
    'reserved policy name',
    (s) => Object.assign(pol(s, 0), { name: 'app_default_0' }),
    ERR.POLICY_NAME_RESERVED,
    'policies.0.name',
  ],
  [
    'policy name of 33 bytes',
    (s) => Object.assign(pol(s, 0), { name: 'n'.repeat(33) }),
    I,
    'policies.0.name',
  ],
  ['SSID with an emoticon', (s) => Object.assign(pol(s, 0), { ssid: 'Staff 😀' }), I, 'policies.0.ssid'],
  ['empty SSID', (s) => Object.assign(pol(s, 0), { ssid: '' }), I, 'policies.0.ssid'],
  [
    '5 GHz name = 2.4 GHz name',
    (s) => Object.assign(pol(s, 0), { ssid5: 'Staff' }),
    ERR.SSID_SAME_ON_BOTH_BANDS,
    'policies.0.ssid5',
  ],
  [
    'a renamed policy takes a saved SSID',
    (s) => Object.assign(pol(s, 2), { ssid: 'Guest' }),
    ERR.SSID_USED_BY_POLICY,
    'policies.2.ssid',
  ],
  [
    'two new policies with one SSID',
    (s) => s.policies.push(policy({ ssid: 'Event' }), policy({ ssid: 'Event' })),
    ERR.SSID_DUPLICATE_IN_REQUEST,
    'policies.4.ssid',
  ],
  ['no band', (s) => Object.assign(pol(s, 0), { bands: [] }), I, 'policies.0.bands'],
  [
    'specified devices, none chosen',
    (s) => Object.assign(pol(s, 2), { deviceIds: [] }),
    I,
    'policies.2.deviceIds',
  ],
  [
    'a device of no project',
    (s) => Object.assign(pol(s, 2), { deviceIds: [2_000_000] }),
    ERR.DEVICE_NOT_FOUND,
    'policies.2.deviceIds',
  ],
  [
    'a switch chosen',
    (s) => Object.assign(pol(s, 2), { deviceIds: [ids.switch] }),
    ERR.DEVICE_OPERATION_UNSUPPORTED,
    'policies.2.deviceIds',
  ],
  [
    '8 all-device networks',
    (s) => {
      pol(s, 2).enabled = false;
      more(s, 6, () => ({}));
    },
    ERR.ALL_DEVICE_NETWORK_LIMIT,
    'policies.8.scope',
  ],
  [
    '31 specified-device networks',
    (s) => {
      Object.assign(pol(s, 0), { scope: 'devices', deviceIds: [ids.dual] });
      Object.assign(pol(s, 1), { scope: 'devices', deviceIds: [ids.dual2] });
      const aps = [ids.dual, ids.dual2, ids.tri];
      more(s, 29, (k) => ({
        scope: 'devices',
        deviceIds: [aps[k % 3] ?? 0],
        bands: [Math.floor(k / 3) % 2 ? '2.4G' : '5G'],
      }));
    },
    ERR.SPECIFIED_DEVICE_NETWORK_LIMIT,
    'policies.30.scope',
  ],
  [
    'two guest networks',
    (s) => Object.assign(pol(s, 2), { guest: true }),
    ERR.GUEST_NETWORK_LIMIT,
    'policies.2.guest',
  ],
  [
    '9 networks on one radio',
    (s) => more(s, 6, () => ({ scope: 'devices', deviceIds: [ids.tri], bands: ['5G'] })),
    ERR.DEVICE_NETWORK_LIMIT,
    'policies.8.deviceIds',
  ],
  ['open network with a cipher', (s) => Object.assign(pol(s, 1), { cipher: 'AES' }), I, 'policies.1.cipher'],
  [
    'WPA-PSK with TKIP+AES',
    (s) => Object.assign(pol(s, 0), { security: 'WPA-PSK', cipher: 'TKIP+AES' }),
    I,
    'policies.0.cipher',
  ],
  ['password of 7', (s) => Object.assign(pol(s, 0), { password: '1234567' }), I, 'policies.0.password'],
  [
    'RADIUS server on a loopback address',
    (s) =>
      Object.assign(pol(s, 0), { security: 'WPA2', radius: { ip: '127.0.0.1', port: 1812, secret: 's' } }),
    I,
    'policies.0.radius.ip',
  ],
  [
    'key update interval 30',
    (s) => Object.assign(pol(s, 0), { keyUpdateInterval: 30 }),
    I,
    'policies.0.keyUpdateInterval',
  ],
  [
    '129 clients on 2.4 GHz',
    (s) => Object.assign(pol(s, 0), { maxClients: { '2.4G': 129, '5G': 1 } }),
    ERR.MAX_CLIENTS_PER_BAND,
    'policies.0.maxClients.2.4G',
  ],
  [
    '129 clients on 5 GHz',
    (s) => Object.assign(pol(s, 0), { maxClients: { '2.4G': 1, '5G': 129 } }),
    ERR.MAX_CLIENTS_PER_BAND_ALT,
    'policies.0.maxClients.5G',
  ],
  [
    'overlapping schedule',
    (s) => Object.assign(pol(s, 0), { schedule: '01:00-03:00\nMon 02:00-04:00' }),
    I,
    'policies.0.schedule',
  ],
  [
    '5 schedule periods',
    (s) =>
      Object.assign(pol(s, 0), {
        schedule: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((d) => `${d} 01:00-02:00`).join('\n'),
      }),
    I,
    'policies.0.schedule',
  ],
  [
    'VLAN 4095',
    (s) => Object.assign(pol(s, 0), { vlanId: 4095 }),
    ERR.VLAN_POLICY_ID_OUT_OF_RANGE,
    'policies.0.vlanId',
  ],
  [
    'rate limit without a rate',
    (s) => Object.assign(pol(s, 0), { rateLimit: { enabled: true, downKbps: null, upKbps: null } }),
    I,
    'policies.0.rateLimit.downKbps',
  ],
];

const RF_CASES: Case<RfSettings>[] = [
  ['access threshold -95', (s) => Object.assign(s, { accessThreshold: -95 }), I, 'accessThreshold'],
  [
    '2.4 GHz signal threshold -55',
    (s) => Object.assign(s.roaming, { signalThreshold24: -55 }),
    I,
    'roaming.signalThreshold24',
  ],
  [
    '5 GHz signal threshold -91',
    (s) => Object.assign(s.roaming, { signalThreshold5: -91 }),
    I,
    'roaming.signalThreshold5',
  ],
  ['roam threshold 31', (s) => Object.assign(s.roaming, { roamThreshold: 31 }), I, 'roaming.roamThreshold'],
  ['automatic without days', (s) => Object.assign(s, { auto: true, autoDays: [] }), I, 'autoDays'],
  ['time 25:00', (s) => Object.assign(s, { autoTime: '25:00' }), I, 'autoTime'],
];

function radios(): DeviceRadioSettings {
  return {
    radios: [
      { band: '2.4G', enabled: true, channel: 6, width: 20, txPower: 18 },
      { band: '5G', enabled: true, channel: 36, width: 80, txPower: 0 },
    ],
  };
}
const radio = (s: DeviceRadioSettings, i: number) => s.radios[i] as DeviceRadioSettings['radios'][number];

const RADIO_CASES: Case<DeviceRadioSettings>[] = [
  [
    'a 6 GHz radio on a dual-band AP',
    (s) => s.radios.push({ band: '6G', enabled: true, channel: 0, width: 20, txPower: 0 }),
    I,
    'radios.2.band',
  ],
  ['2.4 GHz at 80 MHz', (s) => Object.assign(radio(s, 0), { width: 80 }), I, 'radios.0.width'],
  ['802.11ac at 160 MHz', (s) => Object.assign(radio(s, 1), { width: 160 }), I, 'radios.1.width'],
  ['channel 14', (s) => Object.assign(radio(s, 0), { channel: 14 }), I, 'radios.0.channel'],
  [
    'channel 165 at 40 MHz',
    (s) => Object.assign(radio(s, 1), { channel: 165, width: 40 }),
    I,
    'radios.1.channel',
  ],
  ['power 7 dBm', (s) => Object.assign(radio(s, 0), { txPower: 7 }), I, 'radios.0.txPower'],
  ['power above the model', (s) => Object.assign(radio(s, 0), { txPower: 21 }), I, 'radios.0.txPower'],
];

function bridge(): BridgeSettings {
  return { bridgeName: 'Roof bridge', mgmtSsid: 'roof-mgmt', mgmtPassword: 'manage-me-1', uplink: null };
}
const withUplink = (s: BridgeSettings) => {
  s.uplink = { ...UPLINK, password: 'backhaul-key' };
  return s.uplink;
};

const BRIDGE_CASES: Case<BridgeSettings>[] = [
  ['empty bridge name', (s) => Object.assign(s, { bridgeName: '' }), I, 'bridgeName'],
  ['management SSID of 33 bytes', (s) => Object.assign(s, { mgmtSsid: 'm'.repeat(33) }), I, 'mgmtSsid'],
  ['management password of 7', (s) => Object.assign(s, { mgmtPassword: 'short12' }), I, 'mgmtPassword'],
  ['uplink password of 5', (s) => Object.assign(withUplink(s), { password: 'abcde' }), I, 'uplink.password'],
  [
    'management SSID = uplink SSID',
    (s) => {
      withUplink(s);
      s.mgmtSsid = UPLINK.ssid;
    },
    ERR.SSID_EXISTS_ON_DEVICE,
    'mgmtSsid',
  ],
];

describeEachDb('wireless rules over HTTP', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  let owner: TestClient;
  let projectId = 0;
  const devices: FakeDevice[] = [];
  const versions = { wireless: 0, rf: 0, radio: 0, bridge: 0 };

  const url = {
    wireless: () => `/api/projects/${projectId}/config/wireless`,
    rf: () => `/api/projects/${projectId}/config/rf`,
    radio: () => `/api/projects/${projectId}/devices/${ids.dual}/config/radio`,
    bridge: () => `/api/projects/${projectId}/devices/${ids.cpe}/config/bridge`,
  };

  async function expectRefused(
    target: string,
    baseVersion: number,
    settings: unknown,
    code: number,
    path: string,
  ) {
    const res = await owner.call('PUT', target, { baseVersion, settings });
    expect({ status: res.status, code: res.body.code, paths: res.body.issues?.map((i) => i.path) }).toEqual({
      status: 400,
      code,
      paths: expect.arrayContaining([path]),
    });
  }
  async function expectSaved(target: string, baseVersion: number, settings: unknown): Promise<number> {
    const res = await owner.call<SaveConfigResult>('PUT', target, { baseVersion, settings });
    expect({ code: res.body.code, issues: res.body.issues }).toEqual({ code: 0, issues: undefined });
    return res.body.data?.version ?? 0;
  }

  beforeAll(async () => {
    const t = get();
    owner = (await signedInUser(t)).client;
    const res = await owner.post<{ id: number }>('/api/projects', buildProject());
    projectId = res.body.data?.id ?? 0;
    const mqtt = mqttTcpUrl(t.app);
    const boot = async (key: keyof typeof ids, identity: FakeIdentity) => {
      const sn = uniqueSn('NLA');
      ids[key] = await claimDevice(t, projectId, sn, identity.type);
      const device = new FakeDevice(mqtt, sn, identity);
      devices.push(device);
      return device.boot();
    };
    await boot('dual', DUAL_BAND_AP);
    await boot('dual2', DUAL_BAND_AP);
    await boot('tri', TRI_BAND_AP);
    await boot('switch', PLAIN_SWITCH);
    const cpe = await boot('cpe', CPE_BRIDGE);
    cpe.replies.set('scan', (cmd) => ({
      id: cmd.id,
      ok: true,
      result: { networks: [{ ...UPLINK, band: '5G', rssi: -61, security: 'WPA2-PSK' }] },
    }));
    await waitFor(
      async () => {
        const view = await owner.get<WirelessConfigView>(url.wireless());
        const models = new Set((view.body.data?.devices ?? []).map((d) => d.model));
        return models.has(DUAL_BAND_AP.model) && models.has(TRI_BAND_AP.model) ? true : undefined;
      },
      { what: 'the APs with their models' },
    );
    // The VLANs the policies tag (20, 30) are the project's (a policy VLAN must be one: 1108).
    const netUrl = `/api/projects/${projectId}/config/network`;
    const net = (await owner.get<NetworkConfigView>(netUrl)).body.data as NetworkConfigView;
    const vlans = [20, 30].map((id) => ({
      id,
      name: `V${id}`,
      ip: `192.168.${id}.1`,
      mask: '255.255.255.0',
      dhcp: false,
    }));
    await expectSaved(netUrl, net.version, { ...net.settings, vlans });
  });

  afterAll(async () => {
    for (const d of devices) await d.close();
  });

  it('saves valid wireless policies (code 0)', async () => {
    versions.wireless = await expectSaved(url.wireless(), 0, wireless());
    expect(versions.wireless).toBe(1);
  });

  it.each(WIRELESS_CASES)('wireless: %s', async (_name, mutate, code, path) => {
    const settings = wireless();
    mutate(settings);
    await expectRefused(url.wireless(), versions.wireless, settings, code, path);
  });

  it('wireless: the first save repeating an SSID is a duplicate in the request (2008), not 135', async () => {
    const res = await owner.post<{ id: number }>('/api/projects', buildProject());
    const other = `/api/projects/${res.body.data?.id ?? 0}/config/wireless`;
    const settings: WirelessSettings = { policies: [policy({ ssid: 'Same' }), policy({ ssid: 'Same' })] };
    await expectRefused(other, 0, settings, ERR.SSID_DUPLICATE_IN_REQUEST, 'policies.1.ssid');
  });

  it('wireless: accepts 8 networks on one radio and disabled networks beyond the counts', async () => {
    const settings = wireless();
    more(settings, 5, () => ({ scope: 'devices', deviceIds: [ids.tri], bands: ['5G'] }));
    more(settings, 3, () => ({ enabled: false, guest: true }));
    versions.wireless = await expectSaved(url.wireless(), versions.wireless, settings);
  });

  it('saves valid RF settings (code 0)', async () => {
    const settings = defaultRfSettings();
    Object.assign(settings, { auto: true, autoDays: [5, 6], autoTime: '02:30', accessThreshold: -80 });
    versions.rf = await expectSaved(url.rf(), 0, settings);
  });

  it.each(RF_CASES)('rf: %s', async (_name, mutate, code, path) => {
    const settings = defaultRfSettings();
    mutate(settings);
    await expectRefused(url.rf(), versions.rf, settings, code, path);
  });

  it('saves valid radios of the dual-band AP (code 0)', async () => {
    versions.radio = await expectSaved(url.radio(), 0, radios());
  });

  it.each(RADIO_CASES)('radio: %s', async (_name, mutate, code, path) => {
    const settings = radios();
    mutate(settings);
    await expectRefused(url.radio(), versions.radio, settings, code, path);
  });

  it('radio: the tri-band AP takes 6 GHz and 160 MHz', async () => {
    const settings = radios();
    Object.assign(radio(settings, 1), { channel: 100, width: 160, txPower: 26 });
    settings.radios.push({ band: '6G', enabled: true, channel: 37, width: 160, txPower: 0 });
    await expectSaved(`/api/projects/${projectId}/devices/${ids.tri}/config/radio`, 0, settings);
  });

  it('saves a valid bridge in AP mode (code 0)', async () => {
    versions.bridge = await expectSaved(url.bridge(), 0, bridge());
  });

  it('bridge: after a Wi-Fi search, the uplink it found is accepted', async () => {
    const search = await owner.post<CpeSearchResult>(
      `/api/projects/${projectId}/devices/${ids.cpe}/cpe/search`,
      { durationMs: 1000 },
    );
    expect(search.body.data?.networks.map((n) => n.ssid)).toEqual([UPLINK.ssid]);
    const settings = bridge();
    withUplink(settings);
    versions.bridge = await expectSaved(url.bridge(), versions.bridge, settings);
  });

  it.each(BRIDGE_CASES)('bridge: %s', async (_name, mutate, code, path) => {
    const settings = bridge();
    mutate(settings);
    await expectRefused(url.bridge(), versions.bridge, settings, code, path);
  });

  it('bridge: a management SSID that is a policy SSID of the project → 89', async () => {
    await expectRefused(
      url.bridge(),
      versions.bridge,
      { ...bridge(), mgmtSsid: 'Staff' },
      ERR.SSID_EXISTS,
      'mgmtSsid',
    );
  });

  it('wireless: a policy SSID that is a CPE management Wi-Fi → 89', async () => {
    const settings = wireless();
    settings.policies.push(policy({ ssid: bridge().mgmtSsid }));
    await expectRefused(url.wireless(), versions.wireless, settings, ERR.SSID_EXISTS, 'policies.3.ssid');
  });
});
