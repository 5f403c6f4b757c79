import type {
  RadioConfigView,
  RfConfigView,
  SaveConfigResult,
  WirelessConfigView,
  WirelessPolicy,
} from '@netloom/domain';
import { buildWirelessPolicy } from '@netloom/domain/testing';
import { expect, it } from 'vitest';
import { DUAL_BAND_AP, type FakeIdentity, POE_SWITCH, useFakeDeviceProjects } from './configFakeDevice';
import { TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

/** A dual-band ceiling AP reporting its radios. */
export const AP: FakeIdentity = {
  ...DUAL_BAND_AP,
  state: {
    radios: [
      { band: '2.4G', channel: 1, width: 20, txPower: 20, clients: 3 },
      { band: '5G', channel: 36, width: 80, txPower: 23, clients: 5 },
    ],
  },
};

/** The staff network these cases start from (the domain factory: a policy the schema accepts). */
export function policy(over: Partial<WirelessPolicy> = {}): WirelessPolicy {
  return buildWirelessPolicy({
    key: 'staff01',
    name: 'Staff',
    ssid: 'Staff-WiFi',
    password: 'correct-horse-9',
    ...over,
  });
}

describeEachDb('wireless settings (policies, radios, RF/roaming) through the engine', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLW');
  const { newProject, addDevice } = kit;

  function put(path: string, baseVersion: number, settings: unknown) {
    return kit.owner.call<SaveConfigResult>('PUT', path, { baseVersion, settings });
  }

  it('a policy for all devices reaches every AP (one SSID per band); the switch is not a target', async () => {
    const projectId = await newProject();
    const a = await addDevice(projectId, AP);
    const b = await addDevice(projectId, AP);
    await addDevice(projectId, POE_SWITCH);

    const view = (await kit.owner.get<WirelessConfigView>(`/api/projects/${projectId}/config/wireless`)).body
      .data as WirelessConfigView;
    expect(view.version).toBe(0);
    expect(view.settings.policies).toEqual([]);
    expect(view.devices.map((d) => d.id).sort()).toEqual([a.id, b.id].sort());
    expect(view.devices[0]).toMatchObject({
      kind: 'ap',
      bands: ['2.4G', '5G'],
      online: true,
      model: 'NL-A1200C',
    });

    const res = await put(`/api/projects/${projectId}/config/wireless`, 0, { policies: [policy()] });
    expect(res.body.code).toBe(0);
    expect(res.body.data?.summary).toMatch(/staff/i);
    expect(res.body.data?.delivery).toMatchObject({ targets: 2, online: 2, queued: 0, skipped: [] });
    for (const d of [a, b]) {
      const msg = await d.dev.waitConfig(1);
      expect(msg.document.wireless?.ssids.map((s) => [s.band, s.ssid, s.security, s.cipher])).toEqual([
        ['2.4G', 'Staff-WiFi', 'WPA2-PSK', 'AES'],
        ['5G', 'Staff-WiFi', 'WPA2-PSK', 'AES'],
      ]);
      expect(msg.document.network).toBeUndefined();
    }
    await waitFor(
      async () => {
        const v = (await kit.owner.get<WirelessConfigView>(`/api/projects/${projectId}/config/wireless`)).body
          .data;
        return v?.targets.length === 2 && v.targets.every((x) => x.status === 'applied') ? v : undefined;
      },
      { what: 'both APs applied' },
    );
  });

  it('a policy for specified devices reaches only them; a 5 GHz name of its own is rendered on 5 GHz', async () => {
    const projectId = await newProject();
    const a = await addDevice(projectId, AP);
    const b = await addDevice(projectId, AP);
    const settings = {
      policies: [
        policy(),
        policy({
          key: 'lobby01',
          name: 'Lobby',
          ssid: 'Lobby',
          ssid5: 'Lobby-5G',
          scope: 'devices',
          deviceIds: [a.id],
        }),
      ],
    };
    const res = await put(`/api/projects/${projectId}/config/wireless`, 0, settings);
    expect(res.body.code).toBe(0);
    const atA = await a.dev.waitConfig(1);
    const atB = await b.dev.waitConfig(1);
    expect(atA.document.wireless?.ssids.map((s) => s.ssid)).toEqual([
      'Staff-WiFi',
      'Staff-WiFi',
      'Lobby',
      'Lobby-5G',
    ]);
    expect(atB.document.wireless?.ssids.map((s) => s.ssid)).toEqual(['Staff-WiFi', 'Staff-WiFi']);
    // The change summary names the policy, and the revision is the user's.
    const revisions = await kit.owner.get<{ items: { kind: string; summary: string; account: unknown }[] }>(
      `/api/projects/${projectId}/config/revisions?kind=wireless`,
    );
    expect(revisions.body.data?.items[0]?.account).not.toBeNull();
  });

  it('radio view: factory radios (on, auto channel, 20/80 MHz, auto power), the live radios; a save reaches the AP', async () => {
    const projectId = await newProject();
    const a = await addDevice(projectId, AP);
    const sw = await addDevice(projectId, POE_SWITCH);
    const path = `/api/projects/${projectId}/devices/${a.id}/config/radio`;
    const view = (await kit.owner.get<RadioConfigView>(path)).body.data as RadioConfigView;
    expect(view.settings.radios).toEqual([
      { band: '2.4G', enabled: true, channel: 0, width: 20, txPower: 0 },
      { band: '5G', enabled: true, channel: 0, width: 80, txPower: 0 },
    ]);
    expect(view.radios.map((r) => [r.band, r.maxTxPowerDbm])).toEqual([
      ['2.4G', 20],
      ['5G', 23],
    ]);
    expect(view.live).toEqual([
      { band: '2.4G', channel: 1, width: 20, txPower: 20, clients: 3 },
      { band: '5G', channel: 36, width: 80, txPower: 23, clients: 5 },
    ]);
    expect(view.rfRunning).toBe(false);

    const settings = structuredClone(view.settings);
    (settings.radios[1] as { channel: number }).channel = 149;
    (settings.radios[1] as { txPower: number }).txPower = 18;
    const res = await put(path, 0, settings);
    expect(res.body.code).toBe(0);
    expect(res.body.data?.delivery.targets).toBe(1);
    const msg = await a.dev.waitConfig(1);
    expect(msg.document.radio?.radios[1]).toEqual({
      band: '5G',
      enabled: true,
      channel: 149,
      width: 80,
      txPower: 18,
    });

    // A switch has no radios: 913 on reading and on saving.
    const onSwitch = `/api/projects/${projectId}/devices/${sw.id}/config/radio`;
    expect((await kit.owner.get(onSwitch)).body.code).toBe(913);
    expect((await put(onSwitch, 0, settings)).body.code).toBe(913);
  });

  it('§5 rules answer with their codes and issues: duplicate SSID in one request 2008, radio power over the model 400', async () => {
    const projectId = await newProject();
    const a = await addDevice(projectId, AP);
    const dup = await put(`/api/projects/${projectId}/config/wireless`, 0, {
      policies: [policy(), policy({ key: 'guest01', name: 'Guest' })],
    });
    expect(dup.body.code).toBe(2008);
    expect(dup.body.issues?.[0]?.path).toBe('policies.1.ssid');
    const radio = await put(`/api/projects/${projectId}/devices/${a.id}/config/radio`, 0, {
      radios: [{ band: '5G', enabled: true, channel: 36, width: 80, txPower: 28 }],
    });
    expect(radio.body.code).toBe(400);
    expect(radio.body.issues?.[0]?.path).toBe('radios.0.txPower');
    // Nothing was saved or sent.
    expect(a.dev.configs).toEqual([]);
  });

  it('rf settings: defaults at version 0; a save sends the roaming section to every AP', async () => {
    const projectId = await newProject();
    const a = await addDevice(projectId, AP);
    const path = `/api/projects/${projectId}/config/rf`;
    const view = (await kit.owner.get<RfConfigView>(path)).body.data as RfConfigView;
    expect(view).toMatchObject({ version: 0, running: false });
    expect(view.settings.accessThreshold).toBe(-90);
    const settings = structuredClone(view.settings);
    settings.accessThreshold = -75;
    settings.roaming.enabled = true;
    const res = await put(path, 0, settings);
    expect(res.body.code).toBe(0);
    const msg = await a.dev.waitConfig(1);
    expect(msg.document.roaming).toMatchObject({ accessThreshold: -75, enabled: true, roamThreshold: 8 });
  });

  it('mesh project: the secondary node is skipped with 912, the primary takes the policies', async () => {
    const projectId = await newProject(1);
    const mesh = (role: number): FakeIdentity => ({
      model: 'NL-M1800',
      type: 'mesh',
      firmwareVersion: 'V1.1.0',
      state: { meshRole: role, radios: [] },
    });
    const primary = await addDevice(projectId, mesh(0));
    const secondary = await addDevice(projectId, mesh(1));
    const res = await put(`/api/projects/${projectId}/config/wireless`, 0, { policies: [policy()] });
    expect(res.body.code).toBe(0);
    expect(res.body.data?.delivery.skipped).toEqual([
      expect.objectContaining({ deviceId: secondary.id, code: 912 }),
    ]);
    const msg = await primary.dev.waitConfig(1);
    expect(msg.document.wireless?.ssids.length).toBeGreaterThan(0);
    // Its own radio settings are refused too.
    const r = await put(`/api/projects/${projectId}/devices/${secondary.id}/config/radio`, 0, { radios: [] });
    expect(r.body.code).toBe(912);
    // The policy form's device picker offers the primary only; naming the secondary anyway is 912.
    const view = (await kit.owner.get<WirelessConfigView>(`/api/projects/${projectId}/config/wireless`)).body
      .data as WirelessConfigView;
    expect(view.devices.map((d) => d.id)).toEqual([primary.id]);
    const named = await put(`/api/projects/${projectId}/config/wireless`, 1, {
      policies: [
        policy(),
        policy({ key: 'hall01', name: 'Hall', ssid: 'Hall', scope: 'devices', deviceIds: [secondary.id] }),
      ],
    });
    expect(named.body.code).toBe(912);
    expect(named.body.issues?.[0]).toMatchObject({ path: 'policies.1.deviceIds' });
    expect(named.body.issues?.[0]?.message).toMatch(/secondary mesh node/);
    // A primary node's own radios are set like an AP's.
    const radios = await kit.owner.get<RadioConfigView>(
      `/api/projects/${projectId}/devices/${primary.id}/config/radio`,
    );
    expect(radios.body.code).toBe(0);
  });
});
