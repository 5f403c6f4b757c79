import {
  type DataScreenSettings,
  type DataScreenSummary,
  DEFAULT_DATA_SCREEN_SETTINGS,
  ERR,
  errorMessage,
  LIVE_ALL_PROJECTS,
  type PlaceSearch,
  type Project,
} from '@netloom/domain';
import type { Body } from '@netloom/protocol';
import { expect, it } from 'vitest';
import { TestClient } from './client';
import { createProject, DEVICE_ENV } from './devices.fixtures';
import { signedInUser } from './factories';
import {
  bootDevice,
  claimDevice,
  connectDevice,
  devicePublish,
  HELLO,
  mqttTcpUrl,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, type TestApp, useTestApp } from './harness';

type DeviceEvent = Body<'events'>['events'][number];

const SETTINGS = '/api/datascreen/settings';

function put(client: TestClient, body: unknown) {
  return client.call<DataScreenSettings>('PUT', SETTINGS, body);
}

async function summary(client: TestClient): Promise<DataScreenSummary> {
  const r = await client.get<DataScreenSummary>('/api/datascreen');
  expect(r.body.code).toBe(0);
  return r.body.data as DataScreenSummary;
}

/** A gateway that boots over MQTT, reports Internet rates and one wired client, and raises alarms. */
async function liveGateway(t: TestApp, projectId: number, events: DeviceEvent[]) {
  const sn = uniqueSn('DSG');
  await claimDevice(t, projectId, sn, 'v7');
  const dev = await connectDevice(mqttTcpUrl(t.app), sn);
  await bootDevice(dev, sn);
  await devicePublish(dev, sn, 'hello', { ...HELLO, capabilities: [...HELLO.capabilities], type: 'v7' });
  await devicePublish(dev, sn, 'telemetry', {
    txBytes: 1000,
    rxBytes: 2000,
    txRate: 700,
    rxRate: 900,
    clients: 1,
  });
  await devicePublish(dev, sn, 'clients', {
    clients: [
      {
        mac: '30:00:00:00:00:0a',
        name: 'pc',
        connection: 'wired',
        type: 'computer',
        txBytes: 1,
        rxBytes: 2,
        txRate: 0,
        rxRate: 0,
        uptime: 1,
        port: 2,
      },
    ],
  });
  await devicePublish(dev, sn, 'events', { events });
  return dev;
}

describeEachDb('data screen', (kind) => {
  const get = useTestApp(kind, { env: DEVICE_ENV });

  it('keeps each account its settings: range, title ≤ 30, at most 5 countries (475 for a 6th)', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const other = await signedInUser(t);

    // Never saved: the defaults.
    expect((await client.get(SETTINGS)).body.data).toEqual(DEFAULT_DATA_SCREEN_SETTINGS);

    const five = { range: 'china', title: 'Hangzhou operations', countries: ['CN', 'DE', 'US', 'FR', 'JP'] };
    const saved = await put(client, five);
    expect(saved.body.code).toBe(0);
    expect(saved.body.data).toEqual(five);
    expect((await client.get(SETTINGS)).body.data).toEqual(five);
    // Per account: another account still has the defaults.
    expect((await other.client.get(SETTINGS)).body.data).toEqual(DEFAULT_DATA_SCREEN_SETTINGS);

    // A 6th country: the catalogue's code and message, on the field; nothing stored.
    const six = await put(client, { ...five, countries: [...five.countries, 'GB'] });
    expect(six.status).toBe(400);
    expect(six.body.code).toBe(ERR.DATA_SCREEN_TOO_MANY_COUNTRIES);
    expect(six.body.issues).toEqual([
      { path: 'countries', message: errorMessage(ERR.DATA_SCREEN_TOO_MANY_COUNTRIES) },
    ]);
    expect(errorMessage(ERR.DATA_SCREEN_TOO_MANY_COUNTRIES)).toBe('Choose at most 5 countries.');

    // A 31-character title, a repeated country, none, an unknown range or a bad code: refused.
    const long = await put(client, { ...five, title: 'x'.repeat(31) });
    expect(long.status).toBe(400);
    expect(long.body.issues?.[0]?.message).toBe('Title must be 1–30 characters.');
    expect((await put(client, { ...five, title: 'x'.repeat(30) })).body.code).toBe(0);
    const twice = await put(client, { ...five, countries: ['CN', 'CN'] });
    expect(twice.body.issues).toEqual([{ path: 'countries', message: 'Each country can be chosen once.' }]);
    expect((await put(client, { ...five, countries: [] })).status).toBe(400);
    expect((await put(client, { ...five, range: 'moon' })).status).toBe(400);
    expect((await put(client, { ...five, countries: ['cn'] })).status).toBe(400);
    expect((await client.get(SETTINGS)).body.data).toEqual({ ...five, title: 'x'.repeat(30) });

    // Signed out: no settings.
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(SETTINGS)).status).toBe(401);
  });

  it('saves a project location from the gazetteer and shows it (or "not on the map") on the screen', async () => {
    const t = get();
    const { client } = await signedInUser(t);

    const found = await client.get<PlaceSearch>('/api/datascreen/places?q=hangzhou');
    expect(found.body.code).toBe(0);
    const hangzhou = found.body.data?.items[0];
    expect(hangzhou).toMatchObject({ city: 'Hangzhou', country: 'CN', countryName: 'China' });
    expect(hangzhou?.lat).toBeCloseTo(30.25, 0);
    expect(hangzhou?.lng).toBeCloseTo(120.17, 0);
    // Accents and case do not matter; nothing for an empty query.
    expect(
      (await client.get<PlaceSearch>('/api/datascreen/places?q=ZURICH')).body.data?.items[0],
    ).toMatchObject({ country: 'CH' });
    expect((await client.get<PlaceSearch>('/api/datascreen/places?q=')).body.data?.items).toEqual([]);

    // The pin moved a little from the city's centre, as the picker lets the user do.
    const place = { lat: 30.2741, lng: 120.1551, country: 'CN', city: 'Hangzhou, Zhejiang' };
    const placed = await createProject(client, { name: 'West Lake Hotel', place });
    const unplaced = await createProject(client, { name: 'Old Warehouse' });
    const read = await client.get<Project>(`/api/projects/${placed}`);
    expect(read.body.data?.place).toEqual(place);
    expect((await client.get<Project>(`/api/projects/${unplaced}`)).body.data?.place).toBeNull();

    // Edit: set, move, clear; bad coordinates refused.
    const moved = { ...place, lat: 30.3, city: 'Hangzhou' };
    expect(
      (await client.patch<Project>(`/api/projects/${unplaced}`, { place: moved })).body.data?.place,
    ).toEqual(moved);
    expect((await client.patch(`/api/projects/${unplaced}`, { place: { ...moved, lat: 91 } })).status).toBe(
      400,
    );
    expect(
      (await client.patch<Project>(`/api/projects/${unplaced}`, { place: null })).body.data?.place,
    ).toBeNull();

    const s = await summary(client);
    expect(s.projects.map((p) => [p.name, p.place])).toEqual(
      expect.arrayContaining([
        ['West Lake Hotel', place],
        ['Old Warehouse', null],
      ]),
    );
  });

  it('computes the KPIs, top projects and recent alarms from real devices and alarms across my projects', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const stranger = await signedInUser(t);
    const a = await createProject(client, { name: 'Mall' });
    const b = await createProject(client, { name: 'Campus' });
    const theirs = await createProject(stranger.client, { name: 'Not mine' });
    // An offline AP in project b (claimed, never connected).
    await claimDevice(t, b, uniqueSn('DSA'), 'ap');

    const now = Date.now();
    const dev = await liveGateway(t, a, [
      {
        id: 'b1-1',
        kind: 'alarm',
        severity: 'warning',
        code: 'cpu_high',
        text: 'CPU above 90%',
        at: now - 60_000,
      },
      {
        id: 'b1-2',
        kind: 'alarm',
        severity: 'critical',
        code: 'loop_detected',
        text: 'Loop detected',
        at: now,
      },
    ]);
    const theirDev = await liveGateway(t, theirs, [
      { id: 'b2-1', kind: 'alarm', severity: 'critical', code: 'loop_detected', text: 'Not for me', at: now },
    ]);
    try {
      const { telemetry, clients } = t.app.features;
      await waitFor(
        async () => {
          await telemetry.flush();
          await clients.flush();
          await t.app.devicePlane.writer.flush();
          const s = await summary(client);
          return s.kpis.clients === 1 && s.kpis.alarmsUnread === 2 && s.kpis.txRate === 700 ? s : undefined;
        },
        { what: 'the data screen sees the gateway, its client and its alarms' },
      );
      const s = await summary(client);
      expect(s.kpis).toEqual({
        projects: 2,
        devices: 2,
        onlineDevices: 1,
        offlineDevices: 1,
        clients: 1,
        txRate: 700,
        rxRate: 900,
        alarmsUnread: 2,
      });
      expect(s.trend).toHaveLength(24);
      const mall = s.projects.find((p) => p.id === a);
      expect(mall).toMatchObject({ devices: 1, onlineDevices: 1, clients: 1, txRate: 700, alarmsUnread: 2 });
      expect(s.projects.find((p) => p.id === b)).toMatchObject({ devices: 1, onlineDevices: 0, clients: 0 });
      expect(s.projects.some((p) => p.id === theirs)).toBe(false);
      // Newest first, named by project and device; another account's alarm never shows.
      expect(s.recentAlarms.map((x) => [x.text, x.projectName, x.severity])).toEqual([
        ['Loop detected', 'Mall', 'critical'],
        ['CPU above 90%', 'Mall', 'warning'],
      ]);
      expect(s.recentAlarms[0]?.deviceName).toMatch(/^DSG/);
      expect(LIVE_ALL_PROJECTS).toBe(0);
    } finally {
      await dev.endAsync();
      await theirDev.endAsync();
    }
  });
});
