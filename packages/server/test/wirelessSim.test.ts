/**
 * Wireless end to end (issue 5): the REAL server (its API, desired-state engine, command jobs and
 * embedded broker) driving a REAL simulated site (@netloom/sim: APs with client populations, a CPE
 * bridge pair) — no canned replies. Roaming thresholds and the access threshold saved through the
 * API change where the simulator's clients associate, observed through the client list API; a
 * CPE's mode switch, Wi-Fi search and uplink go through the API to the simulated units and back.
 *
 * One database kind only: what is tested is the loop server ↔ devices; both databases are covered
 * by the wireless/CPE suites with fake devices.
 */
import {
  type BridgeConfigView,
  type BridgeSettings,
  type ClientList,
  type CpeSearchResult,
  defaultRfSettings,
  type RadioConfigView,
  type RfSettings,
  type SaveConfigResult,
} from '@netloom/domain';
import { createFleet, type Fleet, planFleet } from '@netloom/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { buildProject, signedInUser } from './factories';
import { mqttTcpUrl, TEST_KEY, waitFor } from './gatewayKit';
import { useTestApp } from './harness';

/** Seed 1, 16 devices, office: a gateway, switches, 9 APs with their clients, one CPE bridge pair. */
const FLEET = { seed: 1, devices: 16, mix: 'office' } as const;
/** A simulated minute per real second: a CPE restart (about 2 minutes) takes about 2 s. */
const TIME_FACTOR = 60;
const SLOW = { timeoutMs: 20_000 };

describe('wireless with the real server and simulated devices', () => {
  const get = useTestApp('sqlite', { env: { PROVISIONING_KEY: TEST_KEY } });
  let owner: TestClient;
  let projectId = 0;
  let fleet: Fleet;
  /** SN → the device id the server gave it. */
  const ids = new Map<string, number>();

  beforeAll(async () => {
    const t = get();
    // Real time here: command jobs expire by the server's clock and the simulated devices check
    // that against their own wall clock.
    t.clock.now = () => Date.now();
    owner = (await signedInUser(t)).client;
    projectId = (await owner.post<{ id: number }>('/api/projects', buildProject({ netMode: 0 }))).body.data
      ?.id as number;
    const plan = planFleet(FLEET);
    for (const d of plan.devices) {
      const res = await owner.post<{ id: number }>(`/api/projects/${projectId}/devices`, {
        sn: d.sn,
        name: `${d.model.model}-${d.sn.slice(-4)}`,
      });
      expect(res.body.code).toBe(0);
      ids.set(d.sn, res.body.data?.id as number);
    }
    fleet = createFleet({
      ...FLEET,
      url: mqttTcpUrl(t.app),
      provisioningKey: TEST_KEY,
      timeFactor: TIME_FACTOR,
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

  const aps = () => fleet.devices.filter((d) => d.model.kind === 'ap');

  async function wirelessClients() {
    const res = await owner.get<ClientList>(
      `/api/projects/${projectId}/clients?connection=wireless&pageSize=100`,
    );
    expect(res.body.code).toBe(0);
    return (res.body.data as ClientList).items;
  }

  async function saveRf(settings: RfSettings): Promise<void> {
    const url = `/api/projects/${projectId}/config/rf`;
    const view = (await owner.get<{ version: number }>(url)).body.data;
    const res = await owner.call<SaveConfigResult>('PUT', url, { baseVersion: view?.version ?? 0, settings });
    expect(res.body.code).toBe(0);
    // Applied by the simulated APs themselves (their firmware's roaming section).
    await waitFor(
      () =>
        aps().every(
          (d) =>
            d.appliedDocument?.roaming?.accessThreshold === settings.accessThreshold &&
            d.appliedDocument.roaming.signalThreshold5 === settings.roaming.signalThreshold5,
        ) || undefined,
      { ...SLOW, what: 'the APs to apply the RF settings' },
    );
  }

  it('roaming thresholds saved through the API make weak clients roam to a stronger AP; a stricter access threshold disconnects the ones under it', async () => {
    // Clients join the APs' factory networks.
    await waitFor(
      async () => {
        const rows = await wirelessClients();
        return rows.length >= 10 ? rows : undefined;
      },
      { ...SLOW, what: 'wireless clients in the client list' },
    );
    // The APs turned down to 8 dBm through the API: their clients hear them 12–15 dB weaker, many
    // under −60 dBm (radio settings are applied by the simulated radios).
    for (const ap of aps()) {
      const url = `/api/projects/${projectId}/devices/${ids.get(ap.sn)}/config/radio`;
      const view = (await owner.get<RadioConfigView>(url)).body.data as RadioConfigView;
      const settings = { radios: view.settings.radios.map((r) => ({ ...r, txPower: 8 })) };
      const res = await owner.call('PUT', url, { baseVersion: view.version, settings });
      expect(res.body.code).toBe(0);
    }
    await waitFor(
      () => (aps().every((d) => d.hardware.radios.every((r) => r.txPower === 8)) ? true : undefined),
      { ...SLOW, what: 'the APs at 8 dBm' },
    );
    await waitFor(
      async () => {
        const rows = await wirelessClients();
        return rows.filter((c) => c.rssi !== null && c.rssi < -60).length >= 5 ? rows : undefined;
      },
      { ...SLOW, what: 'clients under −60 dBm' },
    );
    // Where each client is and how well it hears its AP just before roaming is turned on, from the
    // simulated site itself: the list may still show some clients' figures from before the power
    // change (its rows are as fresh as each AP's last client table), and a roam compared with such
    // a stale, stronger figure would not count.
    const seen = new Map<string, { deviceId: number | undefined; rssi: number }>();
    for (const site of new Set(fleet.plan.devices.map((d) => d.site))) {
      for (const c of fleet.population(site)?.clients ?? []) {
        const sn = fleet.plan.devices.find((d) => d.index === c.at)?.sn;
        if (c.wireless && sn && c.rssi !== undefined)
          seen.set(c.mac.toUpperCase(), { deviceId: ids.get(sn), rssi: c.rssi });
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(10);

    // Roaming on, as eager as the rules allow: under −60 dBm a client moves to an AP it hears at
    // least 3 dB stronger (left alone, clients roam only under −75 dBm, to an AP 8 dB stronger).
    const roaming = { enabled: true, signalThreshold24: -60, signalThreshold5: -60, roamThreshold: 3 };
    const roamsBefore = fleet.stats().roams;
    await saveRf({ ...defaultRfSettings(), roaming });
    // Through the API: a client listed at −75 dBm or better — it would not have moved on its own —
    // shows up on another AP with a stronger signal, and the simulated site counted a roam. Both are
    // waited for: a client may also show up on another AP by leaving and rejoining (its day's
    // schedule), which is not a roam, and may be the first such row the list shows.
    const moved = await waitFor(
      async () => {
        if (fleet.stats().roams <= roamsBefore) return undefined;
        for (const c of await wirelessClients()) {
          const was = seen.get(c.mac.toUpperCase());
          if (!was || c.rssi === null || c.device.id === was.deviceId) continue;
          if (was.rssi >= -75 && c.rssi > was.rssi) return { c, was };
        }
        return undefined;
      },
      { ...SLOW, what: 'a client to roam to a stronger AP' },
    );
    expect(moved.c.device.type).toBe('ap');
    expect(fleet.stats().roams).toBeGreaterThan(roamsBefore);

    // A stricter access threshold, −60 dBm: clients under it are disconnected (and refused when no
    // AP hears them that well), so every client the list shows is at −60 dBm or better.
    const kicksBefore = fleet.stats().floorKicks;
    await saveRf({ ...defaultRfSettings(), accessThreshold: -60, roaming });
    await waitFor(
      async () => {
        const rows = await wirelessClients();
        return rows.length > 0 && rows.every((c) => c.rssi !== null && c.rssi >= -60) ? rows : undefined;
      },
      { ...SLOW, what: 'every listed wireless client at −60 dBm or better' },
    );
    expect(fleet.stats().floorKicks).toBeGreaterThan(kicksBefore);
    // Back to the default floor: the list again has clients under −60 dBm (the floor did that).
    await saveRf({ ...defaultRfSettings(), roaming: { ...roaming, enabled: false } });
    await waitFor(
      async () => ((await wirelessClients()).some((c) => c.rssi !== null && c.rssi < -60) ? true : undefined),
      { ...SLOW, what: 'weaker clients back after lowering the floor' },
    );
  }, 90_000);

  it('a CPE bridge: mode switch through the API restarts the unit in the new mode; a Wi-Fi search lists its peer; saving the uplink links the bridge', async () => {
    const far = fleet.devices.find((d) => d.model.kind === 'cpe' && d.plan.uplink?.kind === 'wireless');
    const near = far?.plan.uplink ? fleet.device(far.plan.uplink.parentSn) : undefined;
    if (!far || !near) throw new Error('the plan has no CPE bridge pair');
    const farBase = `/api/projects/${projectId}/devices/${ids.get(far.sn)}`;
    const nearBase = `/api/projects/${projectId}/devices/${ids.get(near.sn)}`;
    const bridgeView = async (base: string) => {
      const res = await owner.get<BridgeConfigView>(`${base}/config/bridge`);
      expect(res.body.code).toBe(0);
      return res.body.data as BridgeConfigView;
    };
    await waitFor(
      async () => ((await bridgeView(farBase)).status.bridge === 'connected' ? true : undefined),
      {
        ...SLOW,
        what: 'the factory bridge linked',
      },
    );

    /** A mode switch through the API: the unit restarts (about two simulated minutes), then reports it. */
    const switchMode = async (mode: 'ap' | 'client') => {
      const bootsBefore = fleet.stats().reboots;
      const job = await owner.post(`${nearBase}/cpe/mode`, { mode });
      expect(job.body.code).toBe(0);
      await waitFor(() => (fleet.stats().reboots > bootsBefore ? true : undefined), {
        ...SLOW,
        what: 'the near end to restart',
      });
      return waitFor(
        async () => {
          const v = await bridgeView(nearBase);
          return near.phase === 'online' && v.device.online && v.status.mode === mode ? v : undefined;
        },
        { ...SLOW, what: `the near end back online in ${mode} mode` },
      );
    };

    // 1. The near end AP → client: a job to the unit, which clears its bridge group and restarts.
    const nearView = await switchMode('client');
    expect(near.cpeMode).toBe('client');
    expect(nearView.status.bridge).toBe('none');
    // Two client-mode ends: no bridge.
    await waitFor(async () => ((await bridgeView(farBase)).status.bridge === 'none' ? true : undefined), {
      ...SLOW,
      what: 'the far end without a bridge',
    });
    // …and back to AP mode: the far end links again on its factory uplink. Waited for, so that no
    // later wait for a bridge state can be met by this relink instead of by the save it checks.
    await switchMode('ap');
    await waitFor(
      async () => ((await bridgeView(farBase)).status.bridge === 'connected' ? true : undefined),
      {
        ...SLOW,
        what: 'the factory bridge linked again',
      },
    );

    // 2. The far end searches the air: its peer's bridge network and management Wi-Fi, heard for real.
    const search = await owner.post<CpeSearchResult>(`${farBase}/cpe/search`, { durationMs: 1000 });
    expect(search.body.code).toBe(0);
    const networks = (search.body.data as CpeSearchResult).networks;
    const bridgeNet = networks.find((n) => n.sn === near.sn && n.ssid.startsWith('NL-Bridge-'));
    const mgmtNet = networks.find((n) => n.sn === near.sn && n.ssid.startsWith('NL-CPE-'));
    if (!bridgeNet || !mgmtNet) throw new Error(`peer not heard: ${JSON.stringify(networks)}`);
    expect(networks.some((n) => n.sn === far.sn)).toBe(false);
    expect(bridgeNet.rssi).toBeLessThan(0);

    // 3. An uplink to the peer's management Wi-Fi is no bridge; its bridge network is.
    const save = async (uplink: { ssid: string; bssid: string; channel: number }) => {
      const view = await bridgeView(farBase);
      const settings: BridgeSettings = {
        ...view.settings,
        mgmtSsid: 'far-end-mgmt',
        mgmtPassword: 'mgmt-pass-123',
        uplink: {
          ssid: uplink.ssid,
          bssid: uplink.bssid,
          channel: uplink.channel,
          password: 'bridge-pass-1',
        },
      };
      const res = await owner.call<SaveConfigResult>('PUT', `${farBase}/config/bridge`, {
        baseVersion: view.version,
        settings,
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      // Applied by the far end itself before its reported state is read.
      await waitFor(() => (far.appliedDocument?.bridge?.uplink?.bssid === uplink.bssid ? true : undefined), {
        ...SLOW,
        what: `the far end to apply the uplink ${uplink.ssid}`,
      });
    };
    await save(mgmtNet);
    await waitFor(async () => ((await bridgeView(farBase)).status.bridge === 'none' ? true : undefined), {
      ...SLOW,
      what: 'no bridge on the management network',
    });
    await save(bridgeNet);
    const linked = await waitFor(
      async () => {
        const v = await bridgeView(farBase);
        return v.status.bridge === 'connected' ? v : undefined;
      },
      { ...SLOW, what: 'the bridge connected on the saved uplink' },
    );
    expect(linked.status).toMatchObject({ mode: 'client', peerSn: near.sn, ssid: bridgeNet.ssid });
    expect(far.appliedDocument?.bridge?.uplink?.bssid).toBe(bridgeNet.bssid);
  }, 60_000);
});
