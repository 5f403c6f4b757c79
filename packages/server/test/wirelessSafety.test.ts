/**
 * Issue 10 points 3, 4 and 12 through the real server and a real simulated site (@netloom/sim over
 * MQTT): the wireless view carries what each AP broadcasts now (its factory networks, then the
 * policy's) and where it is plugged in; a policy VLAN the project does not have is refused (1108);
 * a policy on 6 GHz with WPA2 is refused (420) and one with WPA3-SAE is saved, delivered to the
 * tri-band AP and reported back as broadcast on its 6 GHz radio.
 */
import {
  ERR,
  type NetworkConfigView,
  type SaveConfigResult,
  type WirelessConfigView,
  type WirelessPolicy,
} from '@netloom/domain';
import { buildWirelessPolicy } from '@netloom/domain/testing';
import { createFleet, type Fleet, planFleet } from '@netloom/sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestClient } from './client';
import { buildProject, signedInUser } from './factories';
import { mqttTcpUrl, TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

/** Seed 38, 14 devices, office: a gateway, switches and APs, three of them tri-band (6 GHz). */
const FLEET = { seed: 38, devices: 14, mix: 'office' } as const;
const SLOW = { timeoutMs: 20_000 };

describeEachDb('Wi-Fi safety with simulated APs', (db) => {
  const get = useTestApp(db, { env: { PROVISIONING_KEY: TEST_KEY } });
  let owner: TestClient;
  let projectId = 0;
  let fleet: Fleet;
  const url = () => `/api/projects/${projectId}/config/wireless`;

  beforeAll(async () => {
    const t = get();
    t.clock.now = () => Date.now();
    owner = (await signedInUser(t)).client;
    projectId = (await owner.post<{ id: number }>('/api/projects', buildProject({ netMode: 0 }))).body.data
      ?.id as number;
    for (const d of planFleet(FLEET).devices) {
      const res = await owner.post(`/api/projects/${projectId}/devices`, {
        sn: d.sn,
        name: `${d.kind}-${d.sn.slice(-4)}`,
      });
      expect(res.body.code).toBe(0);
    }
    fleet = createFleet({
      ...FLEET,
      url: mqttTcpUrl(t.app),
      provisioningKey: TEST_KEY,
      timeFactor: 60,
      utcOffsetHours: 0,
      churnPerHour: 0,
      eventsPerHour: 0,
      rampMs: 200,
      backoff: { firstMinMs: 100, firstMaxMs: 300, capMs: 1000 },
    });
    fleet.start();
    await waitFor(
      () => (fleet.devices.every((d) => t.app.features.devices.get(d.sn)?.stateText) ? true : undefined),
      { ...SLOW, what: 'every simulated device online with its state' },
    );
  }, 60_000);

  afterAll(async () => {
    await fleet?.stop();
  });

  const view = async () => (await owner.get<WirelessConfigView>(url())).body.data as WirelessConfigView;
  const save = async (policies: WirelessPolicy[]) =>
    owner.call<SaveConfigResult>('PUT', url(), {
      baseVersion: (await view()).version,
      settings: { policies },
    });
  const triBand = () =>
    fleet.devices.filter((d) => d.model.kind === 'ap' && d.model.radios.some((r) => r.band === '6G'));

  it('the view carries what each AP broadcasts now, its uplink and the switch ports', async () => {
    const ap = fleet.devices.find((d) => d.model.kind === 'ap');
    if (!ap) throw new Error('no AP');
    const factory = (fleet.population(ap.plan.site)?.factorySsids ?? []).map((s) => s.ssid);
    const v = await waitFor(
      async () => {
        const w = await view();
        const dev = w.devices.find((d) => d.sn === ap.sn);
        return dev?.radios?.[0]?.ssids?.length ? { w, dev } : undefined;
      },
      { ...SLOW, what: 'the AP radios with their networks in the view' },
    );
    const r24 = v.dev.radios?.find((r) => r.band === '2.4G');
    expect(r24?.ssids?.map((s) => s.ssid)).toEqual(factory);
    expect(r24?.ssids?.every((s) => s.clients !== undefined)).toBe(true);
    const wired = v.w.devices.filter(
      (d) => d.uplink?.port !== null && d.uplink !== undefined && d.uplink !== null,
    );
    expect(wired.length).toBeGreaterThan(0);
    const switchSns = new Set(fleet.devices.filter((d) => d.model.kind === 'switch').map((d) => d.sn));
    expect(new Set(v.w.switches?.map((s) => s.sn))).toEqual(switchSns);
    expect(v.w.switches?.[0]?.ports[0]).toMatchObject({ untagged: 1, tagged: [] });
  });

  it("refuses a VLAN the project does not have (1108) and takes one of the network settings' VLANs", async () => {
    const refused = await save([
      buildWirelessPolicy({ key: 'guest', name: 'Guest', ssid: 'Guest', vlanId: 30 }),
    ]);
    expect(refused.body.code).toBe(ERR.VLAN_NOT_FOUND);
    expect(refused.body.issues?.[0]?.path).toBe('policies.0.vlanId');

    const netUrl = `/api/projects/${projectId}/config/network`;
    const net = (await owner.get<NetworkConfigView>(netUrl)).body.data as NetworkConfigView;
    const vlans = [{ id: 30, name: 'Guest', ip: '192.168.30.1', mask: '255.255.255.0', dhcp: false }];
    const saved = await owner.call('PUT', netUrl, {
      baseVersion: net.version,
      settings: { ...net.settings, vlans },
    });
    expect(saved.body.code).toBe(0);
    expect((await view()).vlans).toEqual([{ id: 30, name: 'Guest' }]);
    const ok = await save([buildWirelessPolicy({ key: 'guest', name: 'Guest', ssid: 'Guest', vlanId: 30 })]);
    expect(ok.body.code).toBe(0);
  });

  it('refuses WPA2 on 6 GHz (420); WPA3-SAE on 6 GHz reaches the tri-band APs and is reported broadcast', async () => {
    expect(triBand().length).toBeGreaterThan(0);
    const six = {
      bands: ['2.4G', '5G', '6G'] as WirelessPolicy['bands'],
      maxClients: { '2.4G': 64, '5G': 64, '6G': 32 },
    };
    const wpa2 = await save([buildWirelessPolicy({ key: 'lab6e', name: 'Lab', ssid: 'Lab-6E', ...six })]);
    expect(wpa2.body.code).toBe(ERR.SIX_GHZ_NEEDS_WPA3);
    expect(wpa2.body.issues?.[0]?.path).toBe('policies.0.security');

    const sae = buildWirelessPolicy({
      key: 'lab6e',
      name: 'Lab',
      ssid: 'Lab-6E',
      security: 'WPA3-SAE',
      ...six,
    });
    const ok = await save([sae]);
    expect(ok.body.code).toBe(0);
    await waitFor(
      () =>
        triBand().every((d) =>
          d.appliedDocument?.wireless?.ssids.some((s) => s.band === '6G' && s.ssid === 'Lab-6E'),
        ) || undefined,
      { ...SLOW, what: 'the tri-band APs to apply the 6 GHz network' },
    );
    const tri = new Set(triBand().map((d) => d.sn));
    await waitFor(
      async () => {
        const w = await view();
        const reported = w.devices
          .filter((d) => tri.has(d.sn))
          .every((d) =>
            d.radios
              ?.find((r) => r.band === '6G')
              ?.ssids?.some((s) => s.ssid === 'Lab-6E' && s.security === 'WPA3-SAE'),
          );
        return reported || undefined;
      },
      { ...SLOW, what: 'the view to show Lab-6E broadcast on 6 GHz' },
    );
  });
});
