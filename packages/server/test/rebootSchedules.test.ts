/**
 * Reboot schedules (issue 13 §1, §6, §9): the project's and the devices' own schedules through the
 * API (create, validate, the kind refusals 490/491, one per target 492, 493, rights), and the
 * scheduler run by the test's clock — never by waiting: the weekly and cyclic slots in the project's
 * zone, the one-hour online rule (skipped and logged), offline devices skipped and logged, the AP on
 * its cyclic schedule only, the switch never. Fake devices over the embedded broker. And two nodes on
 * one database and one broker (Mosquitto, the multi-node deployment) ticking together: exactly one
 * reboot job per device per slot. On SQLite and PostgreSQL.
 */
import os from 'node:os';
import path from 'node:path';
import {
  ERR,
  errorMessage,
  type RebootScheduleList,
  type RebootScheduleView,
  type RunlogPage,
} from '@netloom/domain';
import type { CommandMessage } from '@netloom/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrate';
import type { TestClient } from './client';
import {
  CPE_BRIDGE,
  DUAL_BAND_AP,
  FakeDevice,
  GATEWAY,
  PLAIN_SWITCH,
  useFakeDeviceProjects,
} from './configFakeDevice';
import { addMember, buildProject, signedInUser } from './factories';
import {
  claimDevice,
  type Mosquitto,
  mosquittoAvailable,
  startMosquitto,
  TEST_KEY,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import {
  createSuiteDatabase,
  type DbKind,
  describeEachDb,
  RecordingSms,
  type SuiteDatabase,
  type TestApp,
  TestClock,
  useTestApp,
} from './harness';

const HOUR = 3600;
const ZONE = 'Europe/Paris';
/** A device's answer to its reboot job (the job is done). */
const rebootOk = (cmd: CommandMessage) => ({ id: cmd.id, ok: true });

const weekly = (time: string, days: number[]) => ({ mode: 'weekly', time, days, every: null, unit: null });
const everyHours = (every: number) => ({ mode: 'cyclic', time: null, days: [], every, unit: 'hours' });

describeEachDb('reboot schedules', (kind) => {
  const get = useTestApp(kind, { env: { PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLR');
  const base = (projectId: number) => `/api/projects/${projectId}/maintenance/schedules`;
  const create = (projectId: number, body: Record<string, unknown>, client: TestClient = kit.owner) =>
    client.post<RebootScheduleView>(base(projectId), { enabled: true, deviceId: null, ...body });
  const newProject = async () =>
    (await kit.owner.post<{ id: number }>('/api/projects', buildProject({ timeZone: ZONE }))).body.data
      ?.id as number;

  it('creates, validates and refuses: one per target (492), switch/CPE 490, weekly AP 491, 493, 901, rights', async () => {
    const t = get();
    const projectId = await newProject();
    const ap = await kit.addDevice(projectId, DUAL_BAND_AP);
    const sw = await kit.addDevice(projectId, PLAIN_SWITCH);
    const cpe = await kit.addDevice(projectId, CPE_BRIDGE);

    const made = await create(projectId, weekly('03:00', [0, 3]));
    expect(made.body.code).toBe(0);
    const view = made.body.data as RebootScheduleView;
    expect(view).toMatchObject({
      deviceId: null,
      mode: 'weekly',
      time: '03:00',
      days: [0, 3],
      enabled: true,
    });
    // Tuesday 10 March 2026 11:00 in Paris: the next is Thursday 03:00 CET.
    expect(new Date(view.nextRunAt ?? 0).toISOString()).toBe('2026-03-12T02:00:00.000Z');
    expect((await create(projectId, everyHours(6))).body.code).toBe(ERR.REBOOT_SCHEDULE_EXISTS);

    expect((await create(projectId, { ...everyHours(6), deviceId: sw.id })).body.code).toBe(
      ERR.REBOOT_SCHEDULE_KIND,
    );
    expect((await create(projectId, { ...everyHours(6), deviceId: cpe.id })).body.code).toBe(
      ERR.REBOOT_SCHEDULE_KIND,
    );
    expect((await create(projectId, { ...weekly('03:00', [1]), deviceId: ap.id })).body.code).toBe(
      ERR.REBOOT_SCHEDULE_AP_CYCLIC_ONLY,
    );
    const own = await create(projectId, { ...everyHours(12), deviceId: ap.id });
    expect(own.body.code).toBe(0);
    expect(own.body.data?.nextRunAt).toBe(t.clock.now() + 12 * HOUR * 1000);

    // The plan's rules (domain `rebootPlanIssues`): 400 with the field's message.
    const bad = await create(projectId, { ...weekly('03:00', []), deviceId: null });
    expect(bad.body.code).toBe(ERR.INVALID_PARAMETERS);
    for (const body of [
      everyHours(1),
      everyHours(721),
      weekly('24:00', [1]),
      { ...everyHours(3), unit: 'weeks' },
    ])
      expect((await create(projectId, { ...body, deviceId: ap.id })).body.code).toBe(ERR.INVALID_PARAMETERS);

    // Changing an AP's own schedule to weekly is refused too; switching it off is fine.
    const apId = own.body.data?.id as number;
    expect(
      (await kit.owner.call('PUT', `${base(projectId)}/${apId}`, { enabled: true, ...weekly('04:00', [2]) }))
        .body.code,
    ).toBe(ERR.REBOOT_SCHEDULE_AP_CYCLIC_ONLY);
    const off = await kit.owner.call<RebootScheduleView>('PUT', `${base(projectId)}/${apId}`, {
      enabled: false,
      ...everyHours(24),
    });
    expect(off.body.data).toMatchObject({ enabled: false, every: 24, nextRunAt: null });

    const list = (await kit.owner.get<RebootScheduleList>(base(projectId))).body.data as RebootScheduleList;
    expect(list.timeZone).toBe(ZONE);
    expect(list.schedules.map((s) => [s.deviceId, s.deviceName !== null])).toEqual([
      [null, false],
      [ap.id, true],
    ]);

    // A device of another project is unknown here; so is a deleted schedule.
    const other = await newProject();
    expect((await create(other, { ...everyHours(6), deviceId: ap.id })).body.code).toBe(ERR.DEVICE_NOT_FOUND);
    expect((await kit.owner.del(`${base(projectId)}/${apId}`)).body.code).toBe(0);
    expect((await kit.owner.del(`${base(projectId)}/${apId}`)).body.code).toBe(ERR.REBOOT_SCHEDULE_NOT_FOUND);
    expect(
      (await kit.owner.call('PUT', `${base(projectId)}/${apId}`, { enabled: true, ...everyHours(6) })).body
        .code,
    ).toBe(ERR.REBOOT_SCHEDULE_NOT_FOUND);

    // A read-only member sees the schedules and changes none (916).
    const reader = await signedInUser(t);
    await addMember(t, projectId, reader.accountId, 'r');
    expect((await reader.client.get(base(projectId))).body.code).toBe(0);
    expect((await create(projectId, everyHours(6), reader.client)).body.code).toBe(ERR.READ_ONLY_SHARE);
    expect((await reader.client.del(`${base(projectId)}/${view.id}`)).body.code).toBe(ERR.READ_ONLY_SHARE);
  });

  it('runs the slots: the one-hour rule and offline devices skipped and logged, the AP cyclic only, the switch never', async () => {
    const t = get();
    const start = t.clock.now();
    const projectId = await newProject();
    const gw = await kit.addDevice(projectId, GATEWAY);
    const ap = await kit.addDevice(projectId, DUAL_BAND_AP);
    const away = await kit.addDevice(projectId, DUAL_BAND_AP, false);
    const sw = await kit.addDevice(projectId, PLAIN_SWITCH);
    for (const d of [gw, ap, sw]) d.dev.replies.set('reboot', rebootOk);
    const local = (h: number, m: number) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
    const paris = new Date(start + 30 * 60_000).toLocaleString('en-GB', { timeZone: ZONE, hour12: false });
    const [hh, mm] = (paris.split(', ')[1] ?? '').split(':').map(Number);
    // The project's weekly schedule, every day, 30 minutes from now: the gateway only (an AP has
    // no weekly reboot, a switch no automatic maintenance).
    expect((await create(projectId, weekly(local(hh ?? 0, mm ?? 0), [0, 1, 2, 3, 4, 5, 6]))).body.code).toBe(
      0,
    );
    // The APs' own, every 2 hours.
    expect((await create(projectId, { ...everyHours(2), deviceId: ap.id })).body.code).toBe(0);
    expect((await create(projectId, { ...everyHours(2), deviceId: away.id })).body.code).toBe(0);
    const tick = () => t.app.features.rebootSchedules.tick();
    const reboots = (d: FakeDevice) => d.commands.filter((c) => c.name === 'reboot').length;

    // 30 minutes on: the gateway has been online for half an hour — skipped (§9), and logged.
    t.clock.advance(31 * 60);
    await tick();
    expect(reboots(gw.dev)).toBe(0);

    // 2 hours on: the AP (online 2 h) restarts; the offline AP is skipped and logged.
    t.clock.advance(90 * 60);
    await tick();
    await waitFor(() => (reboots(ap.dev) === 1 ? true : undefined), { what: 'the AP’s reboot' });
    expect(reboots(gw.dev)).toBe(0);

    // The next day's slot: the gateway (online for a day) restarts; the switch never did.
    t.clock.t = start + 24 * HOUR * 1000 + 31 * 60_000;
    await tick();
    await waitFor(() => (reboots(gw.dev) === 1 ? true : undefined), { what: 'the gateway’s reboot' });
    // Ticking again in the same slot runs nothing twice.
    await tick();
    expect([reboots(gw.dev), reboots(ap.dev), reboots(sw.dev)]).toEqual([1, 1, 0]);

    const log = (
      await kit.owner.get<RunlogPage>(`/api/projects/${projectId}/runlog?kind=maintenance&pageSize=50`)
    ).body.data as RunlogPage;
    const lines = log.items.map((e) => [e.action, e.deviceId, e.account, e.summary] as const);
    expect(lines).toContainEqual([
      'rebootSchedule.skipped',
      gw.id,
      null,
      `Scheduled reboot skipped (the project’s schedule): ${errorMessage(ERR.REBOOT_ONLINE_UNDER_AN_HOUR)}`,
    ]);
    expect(lines).toContainEqual([
      'rebootSchedule.skipped',
      away.id,
      null,
      `Scheduled reboot skipped (its own schedule): ${errorMessage(ERR.DEVICE_OFFLINE)}`,
    ]);
    expect(lines).toContainEqual([
      'device.reboot',
      ap.id,
      null,
      'Scheduled reboot (its own schedule: Every 2 hours)',
    ]);
    expect(lines.filter((l) => l[0] === 'device.reboot' && l[1] === gw.id)).toHaveLength(1);
    expect(lines.some((l) => l[1] === sw.id && l[0] !== 'device.add')).toBe(false);

    // The list says when each last ran (the slot).
    const list = (await kit.owner.get<RebootScheduleList>(base(projectId))).body.data as RebootScheduleList;
    const apView = list.schedules.find((s) => s.deviceId === ap.id);
    expect(apView?.lastRunAt).toBe(start + 2 * HOUR * 1000);
  });
});

// ── Two nodes ───────────────────────────────────────────────────────────────────────────────────
if (!mosquittoAvailable) throw new Error('the two-node test needs /usr/sbin/mosquitto with dynamic security');

/** Two apps ("nodes") on one suite database and one Mosquitto, one test clock (nodes agree on time). */
function useTwoNodes(kind: DbKind): () => { nodes: [TestApp, TestApp]; broker: Mosquitto } {
  let suiteDb: SuiteDatabase | undefined;
  let broker: Mosquitto | undefined;
  const nodes: TestApp[] = [];
  const clock = new TestClock();
  beforeAll(async () => {
    broker = await startMosquitto();
    suiteDb = await createSuiteDatabase(kind);
    const config = loadConfig({
      DATABASE_URL: suiteDb.url,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      AUTH_RATE_LIMIT: '0',
      MQTT_URL: broker.adminUrl,
      PROVISIONING_KEY: TEST_KEY,
      DEMO_ENABLED: 'false',
      WEB_DIR: path.join(os.tmpdir(), 'netloom-no-web-build'),
    });
    for (let i = 0; i < 2; i++) {
      const database = openDatabase(config.DATABASE_URL);
      if (i === 0) await migrateToLatest(database.db);
      const sms = new RecordingSms();
      const app = await buildApp(config, { database, clock, smsSender: sms, scryptLogN: 10 });
      await app.ready();
      nodes.push({ app, clock, sms, database });
    }
  }, 30_000);
  afterAll(async () => {
    for (const n of nodes) {
      await n.app.close();
      await n.database.db.destroy();
    }
    await suiteDb?.drop();
    await broker?.stop();
  });
  return () => ({ nodes: [nodes[0] as TestApp, nodes[1] as TestApp], broker: broker as Mosquitto });
}

describeEachDb('reboot schedules on two nodes', (kind) => {
  const get = useTwoNodes(kind);
  const devices: FakeDevice[] = [];
  afterAll(async () => {
    for (const d of devices) await d.close();
  });

  it('both nodes tick every slot: exactly one reboot job per device per slot', async () => {
    const { nodes, broker } = get();
    const [a, b] = nodes;
    const { client } = await signedInUser(a);
    const projectId = (await client.post<{ id: number }>('/api/projects', buildProject({ timeZone: ZONE })))
      .body.data?.id as number;
    const ids: number[] = [];
    const fleet: FakeDevice[] = [];
    for (const identity of [GATEWAY, DUAL_BAND_AP, DUAL_BAND_AP]) {
      const sn = uniqueSn('NLX');
      ids.push(await claimDevice(a, projectId, sn, identity.type));
      await a.app.devicePlane.gateway.provision(sn);
      const dev = new FakeDevice(broker.url, sn, identity);
      dev.replies.set('reboot', rebootOk);
      fleet.push(dev);
      devices.push(dev);
    }
    // The claims reached the other node's registry before the devices talk (either node may handle
    // a device's messages).
    await waitFor(() => (fleet.every((d) => b.app.devicePlane.registry.get(d.sn)) ? true : undefined), {
      what: 'the claims on node B',
    });
    for (const d of fleet) await d.boot();
    // Both nodes know every device online, whichever node handled its messages.
    await waitFor(
      () =>
        fleet.every((d) => nodes.every((n) => n.app.devicePlane.registry.get(d.sn)?.status === 1))
          ? true
          : undefined,
      { what: 'every device online on both nodes', timeoutMs: 10_000 },
    );
    await waitFor(
      async () => {
        const rows = await a.database.db
          .selectFrom('devices')
          .select('status')
          .where('project_id', '=', projectId)
          .execute();
        return rows.every((r) => r.status === 1) ? true : undefined;
      },
      { what: 'every row online', timeoutMs: 10_000 },
    );
    const made = await client.post<RebootScheduleView>(`/api/projects/${projectId}/maintenance/schedules`, {
      deviceId: null,
      enabled: true,
      ...everyHours(2),
    });
    expect(made.body.code).toBe(0);

    const jobsPerDevice = async (): Promise<number[]> => {
      const rows = await a.database.db
        .selectFrom('commands')
        .select('device_id')
        .where('project_id', '=', projectId)
        .where('name', '=', 'reboot')
        .execute();
      return ids.map((id) => rows.filter((r) => r.device_id === id).length);
    };
    const tickBoth = async () =>
      (
        await Promise.all([a.app.features.rebootSchedules.tick(), b.app.features.rebootSchedules.tick()])
      ).flat();

    for (const slot of [1, 2]) {
      a.clock.advance(2 * HOUR + 60);
      const runs = await tickBoth();
      // One node ran the slot, for all three devices.
      expect(runs).toHaveLength(1);
      expect({ restarted: runs[0]?.restarted.sort(), skipped: runs[0]?.skipped }).toEqual({
        restarted: [...ids].sort(),
        skipped: [],
      });
      // Ticking again (both nodes, same slot) runs nothing more.
      expect(await tickBoth()).toEqual([]);
      expect(await jobsPerDevice()).toEqual([slot, slot, slot]);
      await waitFor(
        async () => {
          const open = await a.database.db
            .selectFrom('commands')
            .select('status')
            .where('project_id', '=', projectId)
            .where('name', '=', 'reboot')
            .execute();
          return open.every((r) => r.status === 'done') ? true : undefined;
        },
        { what: 'the reboot jobs answered', timeoutMs: 10_000 },
      );
    }

    // A slot no node ran on time (the cluster was down) runs up to 15 minutes late, never later:
    // the last slot run is in the database, so a node starting mid-slot carries on from it.
    const view = async () =>
      (await client.get<RebootScheduleList>(`/api/projects/${projectId}/maintenance/schedules`)).body.data
        ?.schedules[0] as RebootScheduleView;
    const next = (await view()).nextRunAt as number;
    a.clock.t = next + 20 * 60_000;
    expect(await tickBoth()).toEqual([]);
    a.clock.t = next + 2 * HOUR * 1000 + 10 * 60_000;
    expect(await tickBoth()).toHaveLength(1);
    expect(await jobsPerDevice()).toEqual([3, 3, 3]);
    expect((await view()).lastRunAt).toBe(next + 2 * HOUR * 1000);
  });
});

describe('the reboot scheduler as configured', () => {
  it('refuses a time factor in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PROVISIONING_KEY: 'k'.repeat(40),
        REBOOT_SCHEDULE_TIME_FACTOR: '60',
      }),
    ).toThrow(/REBOOT_SCHEDULE_TIME_FACTOR must be 1/);
    expect(loadConfig({ REBOOT_SCHEDULE_TIME_FACTOR: '120' }).REBOOT_SCHEDULE_TIME_FACTOR).toBe(120);
  });
});
