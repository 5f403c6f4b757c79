import {
  ALARM_EXPORT_COLUMNS,
  type AlarmList,
  type AlarmMarkReadResult,
  type AlarmUnread,
  type DeviceDetail,
  ERR,
  errorMessage,
  type LiveEvent,
  type ProjectOverview,
  type ProjectsOverview,
} from '@netloom/domain';
import type { Body } from '@netloom/protocol';
import { expect, it } from 'vitest';
import { ProjectStore } from '../src/features/projects/store';
import type { TestClient } from './client';
import { createProject, DEVICE_ENV, nextSn, seedPending } from './devices.fixtures';
import { demoProjectOf, signedInUser } from './factories';
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
import { waitForLiveEvents } from './liveKit';

type DeviceEvent = Body<'events'>['events'][number];
const T0 = Date.parse('2026-03-10T09:00:00.000Z');

function event(n: number, over: Partial<DeviceEvent> = {}): DeviceEvent {
  return {
    id: `boot1-${n}`,
    kind: 'alarm',
    severity: 'warning',
    code: 'cpu_high',
    text: `CPU above 90% for 5 minutes (#${n})`,
    at: T0 + n * 60_000,
    ...over,
  };
}

/** A claimed AP that connects over MQTT and reports `events`, as firmware does. */
async function deviceWithEvents(t: TestApp, projectId: number, events: DeviceEvent[]) {
  const sn = uniqueSn('ALM');
  const deviceId = await claimDevice(t, projectId, sn, 'ap');
  const dev = await connectDevice(mqttTcpUrl(t.app), sn);
  await bootDevice(dev, sn);
  await devicePublish(dev, sn, 'events', { events });
  return { sn, deviceId, dev };
}

async function list(client: TestClient, projectId: number, query = ''): Promise<AlarmList> {
  const r = await client.get<AlarmList>(`/api/projects/${projectId}/alarms${query ? `?${query}` : ''}`);
  expect(r.body.code).toBe(0);
  return r.body.data as AlarmList;
}

async function waitForTotal(client: TestClient, projectId: number, query: string, total: number) {
  return waitFor(
    async () => {
      const l = await list(client, projectId, query);
      // The page and the count are two queries: wait until both see the rows (first page).
      return l.total === total && l.items.length === Math.min(total, l.pageSize) ? l : undefined;
    },
    { what: `${total} events listed (${query})` },
  );
}

/** GET of a non-JSON route with the client's cookies. */
async function download(t: TestApp, client: TestClient, url: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

describeEachDb('alarms', (kind) => {
  const get = useTestApp(kind, { env: DEVICE_ENV });

  it('lists events a device reports over MQTT, filters them and goes live after the commit', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const live: LiveEvent[] = [];
    // What a browser refetching on each `alarms.changed` would list: the event goes out after the commit.
    const listedOnEvent: Promise<number>[] = [];
    const off = t.app.devicePlane.bus.subscribe(projectId, (e) => {
      live.push(e);
      if (e.type === 'alarms.changed') listedOnEvent.push(list(client, projectId).then((l) => l.total));
    });
    const raisedEvents = (count: number) => waitForLiveEvents(live, 'alarms.changed', { count });
    const { sn, deviceId, dev } = await deviceWithEvents(t, projectId, [
      event(1),
      event(2, { severity: 'critical', code: 'loop_detected', text: 'Loop detected; port blocked' }),
      event(3, { kind: 'log', severity: 'info', code: 'port_down', text: 'Port 3 link down' }),
    ]);
    try {
      const alarms = await waitForTotal(client, projectId, '', 2);
      // Newest first; every §3 field: time, event, device MAC/model/name, read 0.
      expect(alarms.items.map((a) => a.code)).toEqual(['loop_detected', 'cpu_high']);
      expect(alarms.items[0]).toEqual({
        id: expect.any(Number),
        at: T0 + 2 * 60_000,
        kind: 'alarm',
        severity: 'critical',
        code: 'loop_detected',
        text: 'Loop detected; port blocked',
        read: 0,
        device: { id: deviceId, sn, name: sn, mac: HELLO.mac, model: HELLO.model, type: 'ap' },
        // A loop is an event: nothing reports its end, so it does not clear.
        subject: null,
        clearable: false,
        clearedAt: null,
        clearedText: null,
      });
      expect(alarms.unread).toBe(2);
      // The live event goes out once the rows are committed (it may reach the bus a moment after a
      // reader sees them): a refetch on it finds them.
      expect(await raisedEvents(1)).toEqual([
        { type: 'alarms.changed', projectId, reason: 'raised', alarms: 2, severity: 'critical' },
      ]);
      expect(await Promise.all(listedOnEvent)).toEqual([2]);

      // A redelivered event (same id) is stored once and announced no more.
      await devicePublish(dev, sn, 'events', { events: [event(1)] });
      await devicePublish(dev, sn, 'events', { events: [event(4, { severity: 'info' })] });
      await waitForTotal(client, projectId, '', 3);
      expect((await raisedEvents(2)).map((e) => 'alarms' in e && e.alarms)).toEqual([2, 1]);
      expect(await Promise.all(listedOnEvent)).toEqual([2, 3]);

      expect((await list(client, projectId, 'kind=all')).total).toBe(4);
      expect((await list(client, projectId, 'kind=log')).items.map((e) => e.text)).toEqual([
        'Port 3 link down',
      ]);
      expect((await list(client, projectId, 'severity=critical')).total).toBe(1);
      expect((await list(client, projectId, 'q=LOOP')).items.map((a) => a.code)).toEqual(['loop_detected']);
      // A MAC matches with or without separators; the device's name, SN and model match too.
      expect((await list(client, projectId, 'q=3c52a1')).total).toBe(3);
      expect((await list(client, projectId, `q=${sn.toLowerCase()}`)).total).toBe(3);
      expect((await list(client, projectId, `from=${T0 + 2 * 60_000}&to=${T0 + 3 * 60_000}`)).total).toBe(1);
      expect((await list(client, projectId, `deviceId=${deviceId}&kind=all`)).total).toBe(4);
      const page2 = await list(client, projectId, 'pageSize=2&page=2');
      expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(page2.items.map((a) => a.code)).toEqual(['cpu_high']);
      expect((await client.get(`/api/projects/${projectId}/alarms?from=5&to=1`)).status).toBe(400);
      expect((await client.get(`/api/projects/${projectId}/alarms?severity=fatal`)).status).toBe(400);
      expect((await client.get(`/api/projects/${projectId}/alarms?pageSize=500`)).status).toBe(400);
      expect(
        (await client.get<AlarmList>(`/api/projects/${projectId}/alarms?deviceId=999999`)).body.code,
      ).toBe(ERR.DEVICE_NOT_FOUND);
    } finally {
      off();
      await dev.endAsync();
    }
  });

  it('mark read changes the unread count the bell and the overview KPI show', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const { dev } = await deviceWithEvents(
      t,
      projectId,
      [1, 2, 3, 4].map((n) => event(n)),
    );
    const live: LiveEvent[] = [];
    const off = t.app.devicePlane.bus.subscribe(projectId, (e) => live.push(e));
    try {
      const all = await waitForTotal(client, projectId, '', 4);
      const kpi = async () =>
        (await client.get<ProjectOverview>(`/api/projects/${projectId}/overview`)).body.data?.alarmsUnread;
      const bell = async () =>
        (await client.get<AlarmUnread>(`/api/projects/${projectId}/alarms/unread`)).body.data as AlarmUnread;
      expect(await kpi()).toBe(4);
      expect((await bell()).unread).toBe(4);
      expect((await bell()).latest.map((a) => a.id)).toEqual(all.items.map((a) => a.id));

      const [first, second] = all.items;
      const r = await client.post<AlarmMarkReadResult>(`/api/projects/${projectId}/alarms/read`, {
        ids: [first?.id, second?.id],
      });
      expect(r.body.data).toEqual({ marked: 2, unread: 2 });
      expect(await kpi()).toBe(2);
      expect((await bell()).unread).toBe(2);
      expect((await list(client, projectId, 'read=1')).items.map((a) => a.id)).toEqual([
        first?.id,
        second?.id,
      ]);
      expect((await list(client, projectId, 'read=0')).total).toBe(2);
      expect(live).toContainEqual({ type: 'alarms.changed', projectId, reason: 'read', alarms: 0 });

      // Marking again changes nothing; neither does naming another project's alarm.
      const again = await client.post<AlarmMarkReadResult>(`/api/projects/${projectId}/alarms/read`, {
        ids: [first?.id],
      });
      expect(again.body.data).toEqual({ marked: 0, unread: 2 });
      const otherProject = await createProject(client);
      const foreign = await client.post<AlarmMarkReadResult>(`/api/projects/${otherProject}/alarms/read`, {
        ids: all.items.map((a) => a.id),
      });
      expect(foreign.body.data).toEqual({ marked: 0, unread: 0 });
      expect((await bell()).unread).toBe(2);

      expect((await client.post(`/api/projects/${projectId}/alarms/read`, {})).status).toBe(400);
      const everything = await client.post<AlarmMarkReadResult>(`/api/projects/${projectId}/alarms/read`, {
        all: true,
      });
      expect(everything.body.data).toEqual({ marked: 2, unread: 0 });
      expect(await kpi()).toBe(0);
      expect((await bell()).latest).toEqual([]);
    } finally {
      off();
      await dev.endAsync();
    }
  });

  it('exports the filtered alarms as CSV, newest first, in the project time zone', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client, { timeZone: 8 });
    const { dev, sn } = await deviceWithEvents(t, projectId, [
      event(1, { text: '=HYPERLINK("http://evil")' }),
      event(2, { text: 'Disk 1 reported read errors, "sector 7"', code: 'disk_error' }),
    ]);
    try {
      await waitForTotal(client, projectId, '', 2);
      const res = await download(t, client, `/api/projects/${projectId}/alarms/export.csv`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="alarms-\d+-/);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        ALARM_EXPORT_COLUMNS.map((c) => (c === 'Time' ? 'Time (Asia/Shanghai)' : c)).join(','),
      );
      expect(lines.slice(1)).toEqual([
        `2026-03-10 17:02:00,Warning,"Disk 1 reported read errors, ""sector 7""",disk_error,${sn},${HELLO.model},${HELLO.mac},${sn},0`,
        // A device's text cannot become a spreadsheet formula.
        `2026-03-10 17:01:00,Warning,"'=HYPERLINK(""http://evil"")",cpu_high,${sn},${HELLO.model},${HELLO.mac},${sn},0`,
      ]);
      const filtered = await download(t, client, `/api/projects/${projectId}/alarms/export.csv?q=disk`);
      expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
    } finally {
      await dev.endAsync();
    }
  });

  it('checks membership (73), the manage right for mark read (916) and blocks it in demo projects (405)', async () => {
    const t = get();
    const owner = await signedInUser(t);
    const reader = await signedInUser(t);
    const stranger = await signedInUser(t);
    const projectId = await createProject(owner.client);
    const store = new ProjectStore(t.database.db);
    await store.setMember(projectId, reader.accountId, 'r', new Date().toISOString());
    const { dev } = await deviceWithEvents(t, projectId, [event(1)]);
    try {
      await waitForTotal(owner.client, projectId, '', 1);
      const base = `/api/projects/${projectId}/alarms`;
      for (const url of [base, `${base}/unread`]) {
        expect((await stranger.client.get(url)).body.code).toBe(ERR.PROJECT_INVALID);
      }
      expect((await download(t, stranger.client, `${base}/export.csv`)).json().code).toBe(
        ERR.PROJECT_INVALID,
      );
      expect((await stranger.client.post(`${base}/read`, { all: true })).body.code).toBe(ERR.PROJECT_INVALID);

      // A read-only member sees the alarms but cannot change the project's read flags.
      expect((await list(reader.client, projectId)).total).toBe(1);
      expect((await reader.client.post(`${base}/read`, { all: true })).body.code).toBe(ERR.READ_ONLY_SHARE);
      expect((await list(owner.client, projectId)).unread).toBe(1);

      // Demo projects are read-only for every visitor, mark read included (the demo guard's 405).
      const demoId = await demoProjectOf(t, owner.accountId);
      expect((await owner.client.get(`/api/projects/${demoId}/alarms`)).body.code).toBe(0);
      expect((await owner.client.post(`/api/projects/${demoId}/alarms/read`, { all: true })).body.code).toBe(
        ERR.DEMO_BLOCKED,
      );
    } finally {
      await dev.endAsync();
    }
  });

  it('a rule broken at hello (67, a second gateway) is a critical alarm the user can read', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const base = `/api/projects/${projectId}/devices`;
    const gw = nextSn();
    await seedPending(t.database.db, { sn: gw, type: 'v7', model: 'NL-G300' });
    expect((await client.post(base, { sn: gw, name: 'GW' })).body.code).toBe(0);
    // Added before it ever connected: its kind is unknown until its hello says "router".
    const routerSn = nextSn();
    const router = (await client.post<DeviceDetail>(base, { sn: routerSn, name: 'Edge' })).body.data;
    const live: LiveEvent[] = [];
    const off = t.app.devicePlane.bus.subscribe(projectId, (e) => live.push(e));
    const dev = await connectDevice(mqttTcpUrl(t.app), routerSn);
    try {
      await devicePublish(dev, routerSn, 'hello', { ...HELLO, type: 'router', model: 'NL-R200' });
      const alarms = await waitForTotal(client, projectId, '', 1);
      expect(alarms.items[0]).toMatchObject({
        severity: 'critical',
        code: 'project_rule_violation',
        read: 0,
        // The type is recorded before the check; the model follows with the batched row write.
        device: { id: router?.id, name: 'Edge', type: 'router' },
      });
      // The person reads the rule and the device's kind: no internal code or type token.
      expect(alarms.items[0]?.text).toBe(
        `${errorMessage(ERR.GATEWAY_LIMIT)} This router (NL-R200) was added before it first connected. It stays in the project: remove it or move it to a suitable project.`,
      );
      expect(alarms.items[0]?.text).not.toMatch(/code \d|\bv7\b/);
      // Announced after the commit, so possibly a moment after the list above saw the row.
      const [raised] = await waitForLiveEvents(live, 'alarms.changed');
      expect(raised).toEqual({
        type: 'alarms.changed',
        projectId,
        reason: 'raised',
        alarms: 1,
        severity: 'critical',
      });
    } finally {
      off();
      await dev.endAsync();
    }
  });

  it('67 found at the first router’s hello: the alarm is about the router added last, the one left without settings', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const base = `/api/projects/${projectId}/devices`;
    // The gateway is added first but has not connected; the router added after it is known.
    const gwSn = nextSn();
    expect((await client.post(base, { sn: gwSn, name: 'GW' })).body.code).toBe(0);
    const routerSn = nextSn();
    await seedPending(t.database.db, { sn: routerSn, type: 'router', model: 'NL-R200' });
    const router = (await client.post<DeviceDetail>(base, { sn: routerSn, name: 'Edge' })).body.data;
    const dev = await connectDevice(mqttTcpUrl(t.app), gwSn);
    try {
      await devicePublish(dev, gwSn, 'hello', { ...HELLO, type: 'v7', model: 'NL-G300' });
      const alarms = await waitForTotal(client, projectId, '', 1);
      expect(alarms.items[0]?.device).toMatchObject({ id: router?.id, name: 'Edge' });
      expect(alarms.items[0]?.text).toBe(
        `${errorMessage(ERR.GATEWAY_LIMIT)} This router (NL-R200) was added before it first connected. It stays in the project: remove it or move it to a suitable project.`,
      );
    } finally {
      await dev.endAsync();
    }
  });

  it('the overview totals clients online and unread alarms across my projects only', async () => {
    const t = get();
    const me = await signedInUser(t);
    const other = await signedInUser(t);
    const mine = await createProject(me.client);
    const shared = await createProject(other.client);
    const notMine = await createProject(other.client);
    await new ProjectStore(t.database.db).setMember(shared, me.accountId, 'r', new Date().toISOString());
    const a = await deviceWithEvents(t, mine, [event(1), event(2), event(3, { kind: 'log' })]);
    const b = await deviceWithEvents(t, shared, [event(1)]);
    const c = await deviceWithEvents(t, notMine, [event(1), event(2)]);
    const phone = {
      mac: 'A4:83:E7:10:22:31',
      ip: '192.168.10.105',
      name: 'Anna-iPhone',
      connection: 'wireless',
      type: 'phone',
      txBytes: 1,
      rxBytes: 2,
      txRate: 0,
      rxRate: 0,
      uptime: 60,
    } as const;
    try {
      await devicePublish(a.dev, a.sn, 'clients', {
        clients: [phone, { ...phone, mac: 'A4:83:E7:10:22:32', name: 'Laptop' }],
      });
      await devicePublish(b.dev, b.sn, 'clients', { clients: [{ ...phone, mac: 'A4:83:E7:10:22:33' }] });
      await devicePublish(c.dev, c.sn, 'clients', { clients: [{ ...phone, mac: 'A4:83:E7:10:22:34' }] });
      const overview = await waitFor(
        async () => {
          const o = (await me.client.get<ProjectsOverview>('/api/projects/overview')).body.data;
          return o && o.clientsOnline === 3 && o.alarmsUnread === 3 ? o : undefined;
        },
        { what: 'clients and alarms of my two projects' },
      );
      expect(overview).toMatchObject({ projects: 2, clientsOnline: 3, alarmsUnread: 3 });
      await me.client.post(`/api/projects/${mine}/alarms/read`, { all: true });
      const after = (await me.client.get<ProjectsOverview>('/api/projects/overview')).body.data;
      expect(after?.alarmsUnread).toBe(1);
      const theirs = (await other.client.get<ProjectsOverview>('/api/projects/overview')).body.data;
      expect(theirs).toMatchObject({ clientsOnline: 2, alarmsUnread: 3 });
    } finally {
      await Promise.all([a.dev.endAsync(), b.dev.endAsync(), c.dev.endAsync()]);
    }
  });
});
