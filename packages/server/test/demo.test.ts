import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type ClientList,
  DEMO_TYPE_FLAG,
  type DeviceList,
  ERR,
  errorMessage,
  isPlaceableKind,
  type MapDetail,
  type MapList,
  ONLINE_STATUS_CODES,
  type ProjectList,
  type ServerConfig,
} from '@netloom/domain';
import { createFleet, type Fleet, planFleet } from '@netloom/sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DEMO_FLEET, DEMO_HOME_ID, DEMO_HOTEL_ID, demoPlan, storedName } from '../src/features/demo/plan';
import { DEMO_CLOUD_CODE } from '../src/features/demo/setup';
import { TestClient } from './client';
import { signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

const units = planFleet(DEMO_FLEET).devices;
const plan = demoPlan(units);
const expected = new Map(plan.projects.map((p) => [p.id, p.devices.length]));

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The demo's fleet, started as `main.ts` starts it once the server listens. */
function startDemoFleet(app: FastifyInstance): Fleet {
  const demo = app.features.demo;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const fleet = createFleet({ url: demo.fleetUrl(port), ...demo.fleetOptions });
  const wanted = new Set(demo.plan.sns);
  for (const d of fleet.devices) if (wanted.has(d.sn)) d.start(0);
  return fleet;
}

describeEachDb('live demo', (kind) => {
  // The prepared floor plans' images go under DATA_DIR/maps.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `netloom-demo-${kind}-`));
  const t = useTestApp(kind, {
    env: { DEMO_ENABLED: 'true', DATA_DIR: dataDir },
    appDeps: { demoUnits: units },
  });
  let fleet: Fleet | null = null;
  // Registered after the app's own: runs first, so the devices leave before the server stops.
  afterAll(async () => fleet?.stop());

  it('creates the demo account and both demo projects (type_flag 9) with the fleet claimed', async () => {
    const { app } = t();
    const account = await app.db
      .selectFrom('accounts')
      .selectAll()
      .where('cloud_code', '=', DEMO_CLOUD_CODE)
      .executeTakeFirstOrThrow();
    // Not loginable by any form: no e-mail, no mobile, no password hash.
    expect(account.email).toBeNull();
    expect(account.mobile).toBeNull();
    const projects = await app.db.selectFrom('projects').selectAll().orderBy('id').execute();
    expect(projects.map((p) => [p.id, p.type_flag, p.owner_id, p.net_mode])).toEqual([
      [DEMO_HOTEL_ID, DEMO_TYPE_FLAG, account.id, 0],
      [DEMO_HOME_ID, DEMO_TYPE_FLAG, account.id, 1],
    ]);
    for (const [projectId, n] of expected) {
      const rows = await app.db
        .selectFrom('devices')
        .select('sn')
        .where('project_id', '=', projectId)
        .execute();
      expect(rows).toHaveLength(n);
    }
    expect(plan.sns.length).toBeGreaterThanOrEqual(20);
  });

  it('brings the demo devices online through the broker, and they say what they are', async () => {
    const { app } = t();
    await app.listen({ port: 0, host: '127.0.0.1' });
    fleet = startDemoFleet(app);
    const online = [...ONLINE_STATUS_CODES];
    await waitFor(async () => {
      const r = await app.db
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', 'in', online)
        .executeTakeFirst();
      return Number(r?.n) === plan.sns.length;
    }, 12_000);
    // Their hello reached the DB (types were unknown at claim): every device of every kind.
    await waitFor(async () => {
      const unknown = await app.db.selectFrom('devices').select('sn').where('type', '=', 'unknown').execute();
      return unknown.length === 0;
    }, 5_000);
    const types = await app.db.selectFrom('devices').select('type').distinct().execute();
    expect(types.map((r) => r.type).sort()).toEqual(['ap', 'cpe', 'ipc', 'mesh', 'nvr', 'switch', 'v7']);
    expect(app.devicePlane.gateway.stats().connected).toBeGreaterThanOrEqual(plan.sns.length);
  });

  it('signs a visitor into the demo: both demo projects, read-only by the demo rules', async () => {
    const { app } = t();
    const visitor = new TestClient(app);
    const entered = await visitor.post<{ projectId: number }>('/api/auth/demo', { client: 'web' });
    expect(entered.status).toBe(200);
    expect(entered.body.data?.projectId).toBe(DEMO_HOTEL_ID);
    expect(visitor.cookies.has('nl_session')).toBe(true);
    const list = await visitor.get<ProjectList>('/api/projects');
    expect(list.status).toBe(200);
    expect(list.body.data?.items.map((p) => p.id).sort()).toEqual([DEMO_HOTEL_ID, DEMO_HOME_ID]);
    // A bearer session for API clients too.
    const api = await app.inject({ method: 'POST', url: '/api/auth/demo', payload: { client: 'openapi' } });
    expect(api.json().data.token).toEqual(expect.any(String));
  });

  it('blocks every change in demo projects (and by the demo account) with the demo code', async () => {
    const { app } = t();
    const visitor = new TestClient(app);
    await visitor.post('/api/auth/demo', { client: 'web' });
    const device = await app.db
      .selectFrom('devices')
      .select(['id', 'sn'])
      .where('project_id', '=', DEMO_HOTEL_ID)
      .executeTakeFirstOrThrow();
    const attempts = [
      visitor.post(`/api/projects/${DEMO_HOTEL_ID}/devices`, { sn: 'ABCDEF0123456789', name: 'x' }),
      visitor.patch(`/api/projects/${DEMO_HOTEL_ID}/devices/${device.id}`, { name: 'Renamed' }),
      visitor.del(`/api/projects/${DEMO_HOTEL_ID}/devices/${device.id}`),
      visitor.patch(`/api/projects/${DEMO_HOME_ID}`, { name: 'Mine now' }),
      visitor.del(`/api/projects/${DEMO_HOME_ID}`),
      visitor.post(`/api/projects/${DEMO_HOTEL_ID}/clients/AA:BB:CC:DD:EE:FF/kick`, {}),
      visitor.post('/api/projects', { name: 'Visitor project', netMode: 0, scenario: 'hotel' }),
      // Configuration (issues 4 and 5): settings documents, restores, actions and RF runs.
      visitor.call('PUT', `/api/projects/${DEMO_HOTEL_ID}/config/network`, { baseVersion: 0, settings: {} }),
      visitor.call('PUT', `/api/projects/${DEMO_HOTEL_ID}/config/wireless`, {
        baseVersion: 0,
        settings: { policies: [] },
      }),
      visitor.call('PUT', `/api/projects/${DEMO_HOTEL_ID}/config/rf`, { baseVersion: 0, settings: {} }),
      visitor.call('PUT', `/api/projects/${DEMO_HOTEL_ID}/devices/${device.id}/config/switching`, {
        baseVersion: 0,
        settings: {},
      }),
      visitor.post(`/api/projects/${DEMO_HOTEL_ID}/config/revisions/1/restore`, { baseVersion: 0 }),
      visitor.post(`/api/projects/${DEMO_HOTEL_ID}/devices/${device.id}/ports/1/poe-reboot`, {}),
      visitor.post(`/api/projects/${DEMO_HOTEL_ID}/rf/runs`, {}),
      // Topology manual editing (issue 12 §3).
      visitor.post(`/api/projects/${DEMO_HOTEL_ID}/topology/manual`, {
        parent: `d${device.id}`,
        port: '1',
        kind: 'unknown_dev',
        name: 'Visitor thing',
      }),
      visitor.patch(`/api/projects/${DEMO_HOTEL_ID}/topology/manual/1`, { remark: 'x' }),
      visitor.del(`/api/projects/${DEMO_HOTEL_ID}/topology/manual/1`),
    ];
    for (const r of await Promise.all(attempts)) {
      expect(r.body.code, JSON.stringify(r.body)).toBe(ERR.DEMO_BLOCKED);
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(errorMessage(ERR.DEMO_BLOCKED));
    }
    // Nothing changed, and reads stay open.
    const still = await app.db
      .selectFrom('devices')
      .select('name')
      .where('id', '=', device.id)
      .executeTakeFirst();
    expect(still?.name).not.toBe('Renamed');
    expect((await visitor.get(`/api/projects/${DEMO_HOTEL_ID}/devices`)).status).toBe(200);
    // The console's background analytics key is not a change: a demo visitor gets one (no modal).
    const terminal = await visitor.post<{ terminalId: string }>('/api/analytics/terminal');
    expect(terminal.status, JSON.stringify(terminal.body)).toBe(200);
    expect(terminal.body.data?.terminalId).toEqual(expect.any(String));
    // An ordinary account is untouched by the demo guard (its own project's changes work).
    const user = await signedInUser(t());
    const created = await user.client.post<{ id: number }>('/api/projects', {
      name: 'Real project',
      netMode: 0,
      scenario: 'hotel',
    });
    expect(created.status).toBe(200);
    // …and a demo project is not its business at all (not a member).
    const foreign = await user.client.patch(`/api/projects/${DEMO_HOTEL_ID}`, { name: 'x' });
    expect(foreign.body.code).toBe(ERR.PROJECT_INVALID);
  });

  it('shows each demo project a prepared floor plan: image, scale, walls, its Wi-Fi devices placed; changes refused', async () => {
    const { app } = t();
    const visitor = new TestClient(app);
    await visitor.post('/api/auth/demo', { client: 'web' });
    for (const p of plan.projects) {
      const list = (await visitor.get<MapList>(`/api/projects/${p.id}/maps`)).body.data as MapList;
      expect(list.maps).toHaveLength(1);
      const summary = list.maps[0];
      if (!summary) throw new Error('no map');
      expect(summary.scale?.lengthM).toBe(10);
      const map = (await visitor.get<MapDetail>(`/api/projects/${p.id}/maps/${summary.id}`)).body
        .data as MapDetail;
      expect(map.walls.length).toBeGreaterThan(5);
      const wifi = p.devices.filter((d) => isPlaceableKind(d.kind)).map((d) => d.sn);
      expect(map.placements.map((pl) => pl.sn).sort()).toEqual([...wifi].sort());
      expect(map.calibration.map((c) => c.band)).toEqual(['2.4G', '5G']);
      const image = await app.inject({
        method: 'GET',
        url: `/api/projects/${p.id}/maps/${summary.id}/image`,
        headers: { cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect([...image.rawPayload.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      const base = `/api/projects/${p.id}/maps/${map.id}`;
      const attempts = [
        visitor.call('PUT', `${base}/walls`, { walls: [] }),
        visitor.call('PUT', `${base}/scale`, { from: { x: 0, y: 0 }, to: { x: 100, y: 0 }, lengthM: 5 }),
        visitor.call('PUT', `${base}/placements/${map.placements[0]?.deviceId}`, { x: 1, y: 1 }),
        visitor.del(`${base}/placements/${map.placements[0]?.deviceId}`),
        visitor.patch(base, { name: 'Mine' }),
        visitor.del(base),
      ];
      for (const r of await Promise.all(attempts))
        expect(r.body.code, JSON.stringify(r.body)).toBe(ERR.DEMO_BLOCKED);
      const after = (await visitor.get<MapDetail>(base)).body.data as MapDetail;
      expect(after.walls).toHaveLength(map.walls.length);
      expect(after.placements).toHaveLength(map.placements.length);
    }
  });

  it('serves exper_cfg and shows demo devices under their renamed names', async () => {
    const { app } = t();
    const cfg = await app.inject({ method: 'GET', url: '/api/meta/server-config' });
    const data = cfg.json().data as ServerConfig;
    expect(data.demoEnabled).toBe(true);
    expect(data.demoFuncSupport).toContain('deviceList');
    const wlan = data.serverContains.exper_cfg.find((c) => c.exper_mode === 0);
    expect(wlan?.exper_pro_name.length).toBe(expected.get(DEMO_HOTEL_ID));
    expect(wlan?.exper_pro_ssid.length).toBeGreaterThan(0);

    const visitor = new TestClient(app);
    await visitor.post('/api/auth/demo', { client: 'web' });
    const list = await visitor.get<DeviceList>(`/api/projects/${DEMO_HOTEL_ID}/devices?pageSize=100`);
    const gateway = plan.projects[0]?.devices.find((d) => d.kind === 'v7');
    if (!gateway) throw new Error('the hotel has a gateway');
    const shown = list.body.data?.items.find((d) => d.sn === gateway.sn);
    expect(shown?.name).toBe('Front office gateway');
    // Stored under its default name; only the serialised response is renamed.
    const stored = await app.db
      .selectFrom('devices')
      .select('name')
      .where('sn', '=', gateway.sn)
      .executeTakeFirst();
    expect(stored?.name).toBe(storedName(gateway));
    for (const d of list.body.data?.items ?? []) expect(d.name).not.toMatch(/^NL-/);

    // Client SSIDs (the simulator's office names) are shown under the demo's names.
    let ssids: string[] = [];
    await waitFor(async () => {
      const clients = await visitor.get<ClientList>(`/api/projects/${DEMO_HOTEL_ID}/clients?pageSize=100`);
      ssids = (clients.body.data?.items ?? []).flatMap((c) => (c.ssid ? [c.ssid] : []));
      return ssids.length > 0;
    }, 10_000);
    for (const ssid of ssids) expect(ssid).toMatch(/^Seaview(-|$)/);
  });

  it('is idempotent across a restart: same projects, no duplicated devices', async () => {
    const { database } = t();
    const config = loadConfig({
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'silent',
      MQTT_PORT: '0',
      AUTH_RATE_LIMIT: '0',
      WEB_DIR: path.join(os.tmpdir(), 'netloom-no-web-build'),
      DEMO_ENABLED: 'true',
      DATA_DIR: dataDir,
    });
    const again = await buildApp(config, { database, scryptLogN: 10, demoUnits: units });
    try {
      await again.ready();
      const projects = await again.db
        .selectFrom('projects')
        .select('id')
        .where('type_flag', '=', DEMO_TYPE_FLAG)
        .execute();
      expect(projects.map((p) => p.id).sort()).toEqual([DEMO_HOTEL_ID, DEMO_HOME_ID]);
      const accounts = await again.db
        .selectFrom('accounts')
        .select('id')
        .where('cloud_code', '=', DEMO_CLOUD_CODE)
        .execute();
      expect(accounts).toHaveLength(1);
      const devices = await again.db.selectFrom('devices').select('sn').execute();
      expect(devices).toHaveLength(plan.sns.length);
      expect(new Set(devices.map((d) => d.sn)).size).toBe(plan.sns.length);
      // One prepared floor plan per demo project, not a second one.
      const maps = await again.db.selectFrom('maps').select('project_id').execute();
      expect(maps.map((m) => m.project_id).sort()).toEqual([DEMO_HOTEL_ID, DEMO_HOME_ID].sort());
    } finally {
      await again.close();
    }
  });
});
