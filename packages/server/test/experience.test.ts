import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ERR,
  EXPERIENCE_TYPE_FLAG,
  type ExperienceState,
  type ExperienceView,
  type NetworkStatus,
} from '@netloom/domain';
import { createFleet, planFleet } from '@netloom/sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DEMO_FLEET, DEMO_HOME_ID, DEMO_HOTEL_ID } from '../src/features/demo/plan';
import type { ExperienceSimulator } from '../src/features/experience';
import { TestClient } from './client';
import { signedInUser } from './factories';
import { waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

/** The simulator as `main.ts` hands it to the app (the sim's office plan, site 0). */
const simulator: ExperienceSimulator = {
  plan: (seed, devices) => planFleet({ seed, devices, mix: 'office' }).devices.filter((d) => d.site === 0),
  start(o) {
    const fleet = createFleet({ ...o, mix: 'office', churnPerHour: 0, rampMs: 0, onError: () => {} });
    const wanted = new Set(simulator.plan(o.seed, o.devices).map((d) => d.sn));
    for (const d of fleet.devices) if (wanted.has(d.sn)) d.start(0);
    return fleet;
  },
};

describeEachDb('experience projects', (kind) => {
  // 4 devices each, 6 across the server: a second project does not fit while the first runs.
  const t = useTestApp(kind, {
    env: { EXPERIENCE_DEVICES: '4', EXPERIENCE_MAX_DEVICES: '6' },
    appDeps: { experienceSimulator: simulator },
  });
  beforeAll(async () => {
    await t().app.listen({ port: 0, host: '127.0.0.1' });
  });

  it("creates the user's experience project whose simulated devices come online through MQTT; 1161 for a second", async () => {
    const { app } = t();
    const owner = await signedInUser(t());
    const before = await owner.client.get<ExperienceState>('/api/experience');
    expect(before.body.data).toMatchObject({ experience: null, allowed: true, devicesPerProject: 4 });
    const created = await owner.client.post<ExperienceView>('/api/experience', { name: 'Trial' });
    expect(created.body.code).toBe(0);
    const view = created.body.data as ExperienceView;
    // §3: the name plus the experience number.
    expect(view.projectName).toBe(`Trial ${view.experienceNum}`);
    expect(view.devices).toBe(4);
    const project = await app.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', view.projectId)
      .executeTakeFirstOrThrow();
    expect(project.type_flag).toBe(EXPERIENCE_TYPE_FLAG);
    expect(project.owner_id).toBe(owner.accountId);
    // Online as the console counts it: each device connected to the broker and said hello.
    await waitFor(
      async () => {
        const r = await owner.client.get<ExperienceState>('/api/experience');
        return r.body.data?.experience?.online === 4 ? true : undefined;
      },
      { timeoutMs: 15_000, what: 'the 4 experience devices online' },
    );
    const sns = await app.db
      .selectFrom('devices')
      .select(['sn', 'type'])
      .where('project_id', '=', view.projectId)
      .execute();
    for (const d of sns) expect(app.devicePlane.gateway.isConnected(d.sn)).toBe(true);
    await waitFor(
      async () => {
        const rows = await app.db
          .selectFrom('devices')
          .select('type')
          .where('project_id', '=', view.projectId)
          .execute();
        return rows.every((r) => r.type !== 'unknown') ? true : undefined;
      },
      { timeoutMs: 5_000, what: 'hello of every device' },
    );

    const again = await owner.client.post('/api/experience', { name: 'Second' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ERR.DEMO_PROJECT_EXISTS);
    expect(app.features.experience.runningDevices()).toBe(4);

    // Past EXPERIENCE_MAX_DEVICES (4 + 4 > 6): 530 for someone else.
    const other = await signedInUser(t());
    const full = await other.client.post('/api/experience', {});
    expect(full.body.code).toBe(ERR.EXPERIENCE_CAPACITY);

    // Deleting it stops its fleet: the devices leave the broker, the project and its devices go.
    const removed = await owner.client.del('/api/experience');
    expect(removed.body.code).toBe(0);
    expect(app.features.experience.isRunning(view.projectId)).toBe(false);
    await waitFor(() => (sns.every((d) => !app.devicePlane.gateway.isConnected(d.sn)) ? true : undefined), {
      timeoutMs: 5_000,
      what: 'every experience device disconnected',
    });
    const left = await app.db
      .selectFrom('devices')
      .select('id')
      .where('project_id', '=', view.projectId)
      .execute();
    expect(left).toHaveLength(0);
    expect((await owner.client.get<ExperienceState>('/api/experience')).body.data?.experience).toBeNull();
    expect((await owner.client.del('/api/experience')).body.code).toBe(ERR.EXPERIENCE_NOT_FOUND);

    // Room again: the other user's now fits.
    const fits = await other.client.post<ExperienceView>('/api/experience', {});
    expect(fits.body.code).toBe(0);
    expect(fits.body.data?.projectName).toMatch(/^Experience \d+$/);
  });

  it('refuses accounts in free-registration mode (914)', async () => {
    const { app } = t();
    const visitor = await signedInUser(t());
    await app.db
      .updateTable('accounts')
      .set({ member_level: 'visitor' })
      .where('id', '=', visitor.accountId)
      .execute();
    const state = await visitor.client.get<ExperienceState>('/api/experience');
    expect(state.body.data?.allowed).toBe(false);
    const refused = await visitor.client.post('/api/experience', {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ERR.FREE_REGISTRATION_MODE);
    const none = await app.db
      .selectFrom('experience_projects')
      .select('project_id')
      .where('account_id', '=', visitor.accountId)
      .execute();
    expect(none).toHaveLength(0);
  });

  it('validates the name like the form (at most 12 characters)', async () => {
    const user = await signedInUser(t());
    const long = await user.client.post('/api/experience', { name: 'A very long name' });
    expect(long.body.code).toBe(ERR.INVALID_PARAMETERS);
  });
});

describeEachDb('live demo history', (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `netloom-history-${kind}-`));
  // A built web app stand-in: the /static pages are the SPA's routes.
  const webDir = mkdtempSync(path.join(os.tmpdir(), `netloom-web-${kind}-`));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Netloom</title><div id="root"></div>',
  );
  const t = useTestApp(kind, {
    env: { DEMO_ENABLED: 'true', DATA_DIR: dataDir, WEB_DIR: webDir },
    appDeps: { demoUnits: planFleet(DEMO_FLEET).devices },
  });
  const counts = () => countsOf(second ?? t().app);
  let second: FastifyInstance | null = null;
  afterAll(async () => second?.close());

  it('gives the demo projects 30 days of history once the server listens', async () => {
    const { app } = t();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const report = await app.features.demo.historyDone();
    expect(report?.rows).toBeGreaterThan(1000);
    // The network status chart's 30 days: every hour has its point, with clients and APs online.
    const visitor = new TestClient(app);
    await visitor.post('/api/auth/demo', { client: 'web' });
    const status = await visitor.get<NetworkStatus>(`/api/projects/${DEMO_HOTEL_ID}/status?range=30d`);
    expect(status.body.code).toBe(0);
    const points = status.body.data?.client.series ?? [];
    expect(points).toHaveLength(720);
    const withClients = points.filter((p) => (p.clients ?? 0) > 0);
    // Every hour but the current one (left to the live fleet).
    expect(withClients.length).toBeGreaterThanOrEqual(719);
    // Day and night differ: the busiest hour has several times the clients of the quietest.
    const values = withClients.map((p) => p.clients ?? 0);
    expect(Math.max(...values)).toBeGreaterThan(3 * Math.min(...values));
    const aps = status.body.data?.ap.series.filter((p) => p.online !== null) ?? [];
    expect(aps.length).toBeGreaterThanOrEqual(719);
    // Client data, alarms, the log and RF records have their days too.
    const c = await counts();
    expect(c.client_day_summaries).toBeGreaterThanOrEqual(2 * 29);
    expect(c.telemetry_1h).toBeGreaterThan(30 * 24 * 20);
    expect(c.device_events).toBeGreaterThan(10);
    expect(c.audit_log).toBeGreaterThan(5);
    expect(c.rf_runs).toBeGreaterThanOrEqual(4);
    const home = await app.db
      .selectFrom('project_series_1h')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', '=', DEMO_HOME_ID)
      .where('kind', '=', 'client')
      .executeTakeFirst();
    expect(Number(home?.n)).toBe(30 * 24);
  });

  it('adds nothing on a second start', async () => {
    const { app, clock, database } = t();
    const before = await counts();
    // The same database, a second process's app (as after a restart).
    const config = loadConfig({
      DATABASE_URL: kind === 'sqlite' ? 'sqlite::memory:' : 'postgres://unused',
      LOG_LEVEL: 'silent',
      MQTT_PORT: '0',
      DEMO_ENABLED: 'true',
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
    });
    await app.close();
    second = await buildApp(config, {
      database,
      clock,
      demoUnits: planFleet(DEMO_FLEET).devices,
      scryptLogN: 10,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const report = await second.features.demo.historyDone();
    expect(report?.rows).toBe(0);
    expect(await countsOf(second)).toEqual(before);
  });

  it.each(['/static/lrf', '/static/transfer', '/static/transferToLocalDev', '/static/wechatTransfer'])(
    '%s answers with the console page',
    async (url) => {
      const app = second ?? t().app;
      const res = await app.inject({ method: 'GET', url: `${url}?project=1` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    },
  );
});

type HistoryTable =
  | 'project_series_1h'
  | 'telemetry_1h'
  | 'client_day_summaries'
  | 'device_events'
  | 'audit_log'
  | 'rf_runs';

async function countsOf(app: FastifyInstance): Promise<Record<HistoryTable, number>> {
  const tables: HistoryTable[] = [
    'project_series_1h',
    'telemetry_1h',
    'client_day_summaries',
    'device_events',
    'audit_log',
    'rf_runs',
  ];
  const out = {} as Record<HistoryTable, number>;
  for (const table of tables)
    out[table] = Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  return out;
}
