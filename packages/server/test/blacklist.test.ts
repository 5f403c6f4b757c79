/**
 * The client blacklist (issue 15 §4) with the REAL server and a REAL simulated site (@netloom/sim):
 * blocking a connected client through the API saves the project's `blacklist` document, the
 * configuration engine delivers it to every Wi-Fi device, the simulated APs apply it — they
 * disconnect the client and refuse it when it tries again — and it leaves the client list; the
 * 101st entry is refused with 156; unblocked, it may join again; a read-only member is refused.
 */
import {
  type BlacklistView,
  type ClientList,
  ERR,
  MAX_BLACKLIST_ENTRIES,
  type OnlineClient,
  type SaveConfigResult,
} from '@netloom/domain';
import { createFleet, type Fleet, planFleet, type VirtualDevice } from '@netloom/sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestClient } from './client';
import { addMember, buildProject, signedInUser } from './factories';
import { mqttTcpUrl, TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

/** Seed 1, 16 devices, office: a gateway, switches, 9 APs with their clients, one CPE bridge pair. */
const FLEET = { seed: 1, devices: 16, mix: 'office' } as const;
/** A simulated minute per real second: a refused client retries within a few real seconds. */
const TIME_FACTOR = 60;
const SLOW = { timeoutMs: 30_000 };
/** Clients that want to be online whatever the hour (the simulator's always-on types). */
const ALWAYS_ON = ['iot', 'printer', 'camera'];

describeEachDb('client blacklist with simulated devices', (kind) => {
  const get = useTestApp(kind, { env: { PROVISIONING_KEY: TEST_KEY } });
  let owner: TestClient;
  let reader: TestClient;
  let projectId = 0;
  let fleet: Fleet;

  beforeAll(async () => {
    const t = get();
    // Real time: command jobs and the clients' connections are dated by the server's clock.
    t.clock.now = () => Date.now();
    owner = (await signedInUser(t)).client;
    projectId = (await owner.post<{ id: number }>('/api/projects', buildProject({ netMode: 0 }))).body.data
      ?.id as number;
    const member = await signedInUser(t);
    await addMember(t, projectId, member.accountId, 'r');
    reader = member.client;
    for (const d of planFleet(FLEET).devices) {
      const res = await owner.post(`/api/projects/${projectId}/devices`, {
        sn: d.sn,
        name: `${d.model.model}-${d.sn.slice(-4)}`,
      });
      expect(res.body.code).toBe(0);
    }
    const noon = new Date();
    noon.setUTCHours(11, 0, 0, 0);
    fleet = createFleet({
      ...FLEET,
      url: mqttTcpUrl(t.app),
      provisioningKey: TEST_KEY,
      timeFactor: TIME_FACTOR,
      // Office hours on the simulated clock: its people want to be online.
      startTime: noon.getTime(),
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

  /** The devices that broadcast Wi-Fi (the blacklist's reach). */
  const wifi = (): VirtualDevice[] =>
    fleet.devices.filter(
      (d) => ['ap', 'wrouter', 'mesh'].includes(d.model.kind) && d.model.radios.length > 0,
    );
  const blacklistUrl = () => `/api/projects/${projectId}/config/blacklist`;

  async function listed(mac: string): Promise<OnlineClient[]> {
    const res = await owner.get<ClientList>(
      `/api/projects/${projectId}/clients?q=${encodeURIComponent(mac)}`,
    );
    expect(res.body.code).toBe(0);
    return (res.body.data as ClientList).items.filter((c) => c.mac === mac);
  }

  async function view(client: TestClient = owner): Promise<BlacklistView> {
    const res = await client.get<BlacklistView>(blacklistUrl());
    expect(res.body.code).toBe(0);
    return res.body.data as BlacklistView;
  }

  it('blocks a connected client: delivered to every AP, disconnected and refused, gone from the client list; unblocked, it joins again', async () => {
    const rows = await waitFor(
      async () => {
        const r = await owner.get<ClientList>(
          `/api/projects/${projectId}/clients?connection=wireless&pageSize=100`,
        );
        const items = (r.body.data as ClientList).items;
        return items.length >= 3 ? items : undefined;
      },
      { ...SLOW, what: 'wireless clients in the client list' },
    );
    const target = rows.find((c) => ALWAYS_ON.includes(c.type)) ?? (rows[0] as OnlineClient);
    const { mac } = target;

    const res = await owner.post<SaveConfigResult>(`${blacklistUrl()}/entries`, {
      mac,
      name: 'Lobby tablet',
    });
    expect(res.body.code).toBe(0);
    // It reaches exactly the Wi-Fi devices of the project.
    expect(res.body.data?.delivery.targets).toBe(wifi().length);

    // Delivered: every simulated AP runs a document whose blacklist holds the client…
    await waitFor(() => (wifi().every((d) => d.blocks(mac)) ? true : undefined), {
      ...SLOW,
      what: 'every AP to apply the blacklist',
    });
    // …and the console records it as applied everywhere.
    const applied = await waitFor(
      async () => {
        const v = await view();
        return v.targets.length === wifi().length && v.targets.every((x) => x.status === 'applied')
          ? v
          : undefined;
      },
      { ...SLOW, what: 'the blacklist applied on every AP' },
    );
    expect(applied.settings.entries).toEqual([
      { mac, name: 'Lobby tablet', addedAt: applied.settings.entries[0]?.addedAt },
    ]);
    expect(Number.isInteger(applied.settings.entries[0]?.addedAt)).toBe(true);
    expect(applied.max).toBe(MAX_BLACKLIST_ENTRIES);

    // Gone from the client list (its AP disconnected it and published its table).
    await waitFor(async () => ((await listed(mac)).length === 0 ? true : undefined), {
      ...SLOW,
      what: 'the blocked client to leave the client list',
    });

    // Refused when it tries to join: made to want it now, every AP turns it away.
    const site = fleet.device(target.device.sn)?.plan.site ?? 0;
    const pop = fleet.population(site);
    const sim = pop?.clients.find((c) => c.mac === mac);
    expect(sim?.at).toBeNull();
    if (pop && sim) {
      const refusals = pop.refusals;
      const online = (i: number) => fleet.devices.some((d) => d.plan.index === i && d.powered);
      for (let k = 0; k < 20; k++) {
        sim.bannedUntil = 0;
        pop.advance(fleet.clock.now(), online, true);
        expect(sim.at).toBeNull();
      }
      expect(pop.refusals).toBeGreaterThan(refusals);
    }

    // Blocking it twice is refused (500); the list is unchanged.
    const again = await owner.post(`${blacklistUrl()}/entries`, { mac });
    expect(again.body.code).toBe(ERR.BLACKLIST_ENTRY_EXISTS);

    // Unblocked: the APs run an empty blacklist and it joins again.
    const un = await owner.call<SaveConfigResult>('DELETE', `${blacklistUrl()}/entries/${mac}`);
    expect(un.body.code).toBe(0);
    await waitFor(
      () => (wifi().every((d) => d.appliedDocument?.blacklist?.macs.length === 0) ? true : undefined),
      {
        ...SLOW,
        what: 'every AP to apply the empty blacklist',
      },
    );
    await waitFor(async () => ((await listed(mac)).length > 0 ? true : undefined), {
      ...SLOW,
      what: 'the unblocked client back in the client list',
    });
    const gone = await owner.call('DELETE', `${blacklistUrl()}/entries/${mac}`);
    expect(gone.body.code).toBe(ERR.BLACKLIST_ENTRY_NOT_FOUND);
  }, 120_000);

  it('holds 100 entries and refuses the 101st with 156 and the catalogue message', async () => {
    const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
    const entries = Array.from({ length: MAX_BLACKLIST_ENTRIES }, (_, i) => ({
      mac: `02:00:00:00:${hex(i >> 8)}:${hex(i & 255)}`,
      name: '',
      addedAt: 0,
    }));
    const before = await view();
    const tooMany = await owner.call('PUT', blacklistUrl(), {
      baseVersion: before.version,
      settings: { entries: [...entries, { mac: '02:00:00:00:FF:FF', name: '', addedAt: 0 }] },
    });
    expect(tooMany.body.code).toBe(ERR.BLACKLIST_LIMIT);
    expect(tooMany.body.message).toBe('The blacklist can hold at most 100 entries.');

    const full = await owner.call<SaveConfigResult>('PUT', blacklistUrl(), {
      baseVersion: before.version,
      settings: { entries },
    });
    expect(full.body.code).toBe(0);
    const res = await owner.post(`${blacklistUrl()}/entries`, { mac: '02:00:00:00:FF:FF' });
    expect(res.body.code).toBe(156);
    expect(res.body.message).toBe('The blacklist can hold at most 100 entries.');
    expect((await view()).settings.entries).toHaveLength(MAX_BLACKLIST_ENTRIES);

    // An invalid MAC is refused by the shared validator before anything is saved.
    const bad = await owner.post(`${blacklistUrl()}/entries`, { mac: 'AA-BB-CC-DD-EE-FF' });
    expect(bad.body.code).toBe(ERR.INVALID_PARAMETERS);

    const cleared = await owner.call('PUT', blacklistUrl(), {
      baseVersion: (await view()).version,
      settings: { entries: [] },
    });
    expect(cleared.body.code).toBe(0);
  });

  it('lets a read-only member see the blacklist but not change it', async () => {
    expect((await view(reader)).settings.entries).toEqual([]);
    const res = await reader.post(`${blacklistUrl()}/entries`, { mac: '02:00:00:00:AA:01' });
    expect(res.body.code).toBe(ERR.READ_ONLY_SHARE);
    const put = await reader.call('PUT', blacklistUrl(), { baseVersion: 0, settings: { entries: [] } });
    expect(put.body.code).toBe(ERR.READ_ONLY_SHARE);
    expect((await view()).settings.entries).toEqual([]);
  });
});
