import type {
  BridgeConfigView,
  CommandJob,
  CpeSearchResult,
  SaveConfigResult,
  WirelessConfigView,
} from '@netloom/domain';
import { buildWirelessPolicy } from '@netloom/domain/testing';
import { expect, it } from 'vitest';
import { CPE_BRIDGE, DUAL_BAND_AP, type FakeIdentity, useFakeDeviceProjects } from './configFakeDevice';
import { TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

const CPE: FakeIdentity = {
  ...CPE_BRIDGE,
  state: {
    radios: [{ band: '5G', channel: 149, width: 40, txPower: 24, clients: 0 }],
    cpe: { mode: 'client', bridge: 'none' },
  },
};
const AP = DUAL_BAND_AP;

const SOURCE = { bssid: '3C:52:A1:10:20:30', ssid: 'Bridge-North', band: '5G', channel: 149, rssi: -61 };

describeEachDb('CPE bridges: work mode, Wi-Fi search, uplink', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLC');
  const { newProject, addDevice } = kit;

  it('mode switch is a cpeMode job to the device; 36 offline, 913 not a CPE', async () => {
    const projectId = await newProject();
    const cpe = await addDevice(projectId, CPE);
    const res = await kit.owner.post<CommandJob>(`/api/projects/${projectId}/devices/${cpe.id}/cpe/mode`, {
      mode: 'ap',
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ name: 'cpeMode', deviceId: cpe.id });
    const cmd = await waitFor(() => cpe.dev.commands.find((c) => c.name === 'cpeMode'), { what: 'cpeMode' });
    expect(cmd.args).toEqual({ mode: 'ap' });

    const ap = await addDevice(projectId, AP);
    expect(
      (await kit.owner.post(`/api/projects/${projectId}/devices/${ap.id}/cpe/mode`, { mode: 'ap' })).body
        .code,
    ).toBe(913);
    const off = await addDevice(projectId, CPE, false);
    expect(
      (await kit.owner.post(`/api/projects/${projectId}/devices/${off.id}/cpe/mode`, { mode: 'ap' })).body
        .code,
    ).toBe(36);
    expect(
      (await kit.owner.post(`/api/projects/${projectId}/devices/${cpe.id}/cpe/mode`, { mode: 'x' })).body
        .code,
    ).toBe(400);
  });

  it('search lists the networks strongest first (without its own); no signal is 417; the uplink must be one of them (418)', async () => {
    const projectId = await newProject();
    const cpe = await addDevice(projectId, CPE);
    const base = `/api/projects/${projectId}/devices/${cpe.id}`;

    // Bridge view before anything: defaults, live status, no search yet.
    const view0 = (await kit.owner.get<BridgeConfigView>(`${base}/config/bridge`)).body
      .data as BridgeConfigView;
    expect(view0.settings).toEqual({ bridgeName: cpe.sn, mgmtSsid: '', mgmtPassword: '', uplink: null });
    expect(view0.status).toMatchObject({ mode: 'client', bridge: 'none' });
    expect(view0.lastSearch).toBeNull();

    cpe.dev.replies.set('scan', (cmd) => ({ id: cmd.id, ok: true, result: { networks: [] } }));
    const none = await kit.owner.post(`${base}/cpe/search`, { durationMs: 1000 });
    expect(none.body.code).toBe(417);

    cpe.dev.replies.set('scan', (cmd) => ({
      id: cmd.id,
      ok: true,
      result: {
        networks: [
          { bssid: '3C:52:A1:99:99:99', ssid: 'Weak', band: '5G', channel: 36, rssi: -85 },
          SOURCE,
          { bssid: '3C:52:A1:00:00:01', ssid: 'Mine', band: '5G', channel: 149, rssi: -20, sn: cpe.sn },
        ],
      },
    }));
    const found = await kit.owner.post<CpeSearchResult>(`${base}/cpe/search`, { durationMs: 1000 });
    expect(found.body.code).toBe(0);
    expect(found.body.data?.networks.map((n) => n.ssid)).toEqual(['Bridge-North', 'Weak']);
    const scan = cpe.dev.commands.filter((c) => c.name === 'scan').at(-1);
    expect(scan?.args).toEqual({ durationMs: 1000 });

    const settings = {
      bridgeName: 'North link',
      mgmtSsid: 'north-mgmt',
      mgmtPassword: 'mgmt-pass-123',
      uplink: { ssid: 'Bridge-North', bssid: '3C:52:A1:10:20:30', channel: 48, password: 'bridge-pass-1' },
    };
    const wrong = await kit.owner.call<SaveConfigResult>('PUT', `${base}/config/bridge`, {
      baseVersion: 0,
      settings,
    });
    expect(wrong.body.code).toBe(418);

    settings.uplink.channel = 149;
    const right = await kit.owner.call<SaveConfigResult>('PUT', `${base}/config/bridge`, {
      baseVersion: 0,
      settings,
    });
    expect(right.body.code).toBe(0);
    const msg = await cpe.dev.waitConfig(1);
    expect(msg.document.bridge).toEqual(settings);

    const view = (await kit.owner.get<BridgeConfigView>(`${base}/config/bridge`)).body
      .data as BridgeConfigView;
    expect(view.version).toBe(1);
    expect(view.lastSearch?.networks).toHaveLength(2);

    // The saved uplink stays valid without a new search (a rename only).
    const renamed = await kit.owner.call('PUT', `${base}/config/bridge`, {
      baseVersion: 1,
      settings: { ...settings, bridgeName: 'North link 2' },
    });
    expect(renamed.body.code).toBe(0);

    // The uplink network is a policy of the project: switching it off or deleting it is 26 (in use).
    const policy = buildWirelessPolicy({
      key: 'north1',
      name: 'North backhaul',
      ssid: 'Bridge-North',
      bands: ['5G'],
      password: 'bridge-pass-1',
    });
    const wireless = `/api/projects/${projectId}/config/wireless`;
    const saved = await kit.owner.call('PUT', wireless, { baseVersion: 0, settings: { policies: [policy] } });
    expect(saved.body.code).toBe(0);
    const deleted = await kit.owner.call('PUT', wireless, { baseVersion: 1, settings: { policies: [] } });
    expect(deleted.body.code).toBe(26);
    const off = await kit.owner.call('PUT', wireless, {
      baseVersion: 1,
      settings: { policies: [{ ...policy, enabled: false }] },
    });
    expect(off.body.code).toBe(26);
    const renamedPolicy = await kit.owner.call('PUT', wireless, {
      baseVersion: 1,
      settings: { policies: [{ ...policy, name: 'North link' }] },
    });
    expect(renamedPolicy.body.code).toBe(0);
    // Renaming the network itself would cut the bridge off: 26 on the SSID field.
    const renamedSsid = await kit.owner.call('PUT', wireless, {
      baseVersion: 2,
      settings: { policies: [{ ...policy, name: 'North link', ssid: 'Bridge-North-2' }] },
    });
    expect(renamedSsid.body.code).toBe(26);
    expect(renamedSsid.body.issues?.[0]?.path).toMatch(/policies\.0\.ssid$/);
    // The wireless view tells the form which uplinks are in use.
    const wview = await kit.owner.get<WirelessConfigView>(wireless);
    expect(wview.body.data?.bridgeUplinks).toEqual([
      { deviceId: cpe.id, name: expect.any(String), uplinkSsid: 'Bridge-North' },
    ]);

    // Offline: the bridge shows the device offline; searching is 36.
    await cpe.dev.close();
    await waitFor(() => (get().app.devicePlane.gateway.isConnected(cpe.sn) ? undefined : true), {
      what: 'offline',
    });
    const offline = (await kit.owner.get<BridgeConfigView>(`${base}/config/bridge`)).body
      .data as BridgeConfigView;
    expect(offline.status.bridge).toBe('offline');
    expect((await kit.owner.post(`${base}/cpe/search`, {})).body.code).toBe(36);
  });
});
