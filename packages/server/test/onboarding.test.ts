import { type DeviceDetail, ERR, type PendingDeviceList } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import {
  admissionIssue,
  DeviceCounts,
  lateIssue,
  mixesFamilies,
  type ProjectFacts,
} from '../src/features/devices/rules';
import { createProject, DEVICE_ENV, nextSn, seedPending } from './devices.fixtures';
import { signedInUser } from './factories';
import {
  bootDevice,
  connectDevice,
  devicePublish,
  fullState,
  HELLO,
  mqttTcpUrl,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

describe('onboarding rules (pure)', () => {
  const wlan: ProjectFacts = { id: 1, netMode: 0, ownerId: 1 };
  const mesh: ProjectFacts = { id: 1, netMode: 1, ownerId: 1 };
  const counts = (byType: Record<string, number> = {}, total = 0) =>
    new DeviceCounts(new Map(Object.entries(byType)), total);

  it('admits by network mode (87/88), gateway (67), kind limit (254), account total (1162) in that order', () => {
    expect(admissionIssue('mesh', wlan, counts(), 100)).toBe(87);
    expect(admissionIssue('ap', mesh, counts(), 100)).toBe(88);
    expect(admissionIssue('wrouter', mesh, counts(), 100)).toBe(88);
    for (const neutral of ['switch', 'router', 'v7', 'nvr', 'ipc', 'cpe']) {
      expect(admissionIssue(neutral, mesh, counts(), 100)).toBeNull();
    }
    expect(admissionIssue('router', wlan, counts({ v7: 1 }), 100)).toBe(67);
    expect(admissionIssue('wrouter', wlan, counts({ router: 1 }), 100)).toBe(67);
    expect(admissionIssue('switch', wlan, counts({ switch: 197 }), 100_000)).toBeNull();
    expect(admissionIssue('switch', wlan, counts({ switch: 198 }), 100_000)).toBe(254);
    expect(admissionIssue('ap', wlan, counts({ ap: 999 }), 100_000)).toBe(254);
    expect(admissionIssue('ap', wlan, counts({ ap: 998 }, 5), 5)).toBe(1162);
    // Unknown kinds: only the account total applies now.
    expect(admissionIssue('unknown', mesh, counts({ v7: 1, ap: 999 }), 100)).toBeNull();
    expect(admissionIssue('unknown', mesh, counts({}, 100), 100)).toBe(1162);
  });

  it('counts a batch as it goes', () => {
    const c = counts();
    expect(admissionIssue('v7', wlan, c, 10)).toBeNull();
    c.add('v7');
    expect(admissionIssue('router', wlan, c, 10)).toBe(67);
    expect(c.accountTotal).toBe(1);
  });

  it('late: a family conflict is 93, then 67 and 254 against the other devices', () => {
    expect(lateIssue('ap', mesh, counts())).toBe(93);
    expect(lateIssue('mesh', wlan, counts())).toBe(93);
    expect(lateIssue('router', wlan, counts({ v7: 1 }))).toBe(67);
    expect(lateIssue('ap', wlan, counts({ ap: 999 }))).toBe(254);
    expect(lateIssue('switch', mesh, counts({ switch: 3 }))).toBeNull();
  });

  it('154: a batch that holds both mesh and traditional WLAN kinds', () => {
    expect(mixesFamilies(['mesh', 'switch', 'ap'])).toBe(true);
    expect(mixesFamilies(['mesh', 'switch', 'v7'])).toBe(false);
    expect(mixesFamilies(['ap', 'wrouter', 'switch'])).toBe(false);
  });
});

describeEachDb('onboarding: devices to be verified and the check at first hello', (kind) => {
  const t = useTestApp(kind, { env: DEVICE_ENV });

  async function setup(netMode: 0 | 1 = 0) {
    const user = await signedInUser(t());
    const projectId = await createProject(user.client, { netMode });
    return { ...user, projectId, base: `/api/projects/${projectId}/devices` };
  }

  it('lists, counts, claims and dismisses devices offered to the project', async () => {
    const { client, projectId, base } = await setup();
    const db = t().database.db;
    const [a, b, c] = [nextSn(), nextSn(), nextSn()];
    await seedPending(db, { sn: a, type: 'ap', model: 'NL-A3000C', projectId, online: true, at: 1000 });
    await seedPending(db, { sn: b, type: 'switch', model: 'NL-S108', projectId, at: 2000 });
    await seedPending(db, { sn: c, type: 'ap', model: 'NL-A1200C', projectId: null });
    const list = await client.get<PendingDeviceList>(`${base}/pending`);
    expect(list.body.data?.items.map((p) => p.sn)).toEqual([b, a]);
    expect(list.body.data?.items[1]).toMatchObject({
      sn: a,
      type: 'ap',
      model: 'NL-A3000C',
      online: true,
      firstSeenAt: 1000,
    });
    expect((await client.get(`${base}/pending/count`)).body.data).toEqual({ count: 2 });

    const claimed = await client.post<DeviceDetail>(`${base}/pending/${a.toLowerCase()}/claim`, {});
    expect(claimed.body.data).toMatchObject({
      sn: a,
      type: 'ap',
      name: `NL-A3000C-${a.slice(-4)}`,
      projectId,
    });
    expect(t().app.devicePlane.registry.get(a)?.projectId).toBe(projectId);
    expect((await client.get(`${base}/pending/count`)).body.data).toEqual({ count: 1 });

    expect((await client.post(`${base}/pending/${b}/dismiss`)).body.code).toBe(0);
    expect((await client.get(`${base}/pending/count`)).body.data).toEqual({ count: 0 });
    expect((await client.post(`${base}/pending/${b}/dismiss`)).body.code).toBe(ERR.NOT_EXIST);
    // Not offered here (no uplink in this project) or dismissed: 412; it can still be added by SN.
    expect((await client.post(`${base}/pending/${c}/claim`, { name: 'X' })).body.code).toBe(ERR.NOT_EXIST);
    expect((await client.post(`${base}/pending/${b}/claim`, {})).body.code).toBe(ERR.NOT_EXIST);
    expect((await client.post(base, { sn: c, name: 'Corner' })).body.code).toBe(0);
  });

  it('a claim obeys the same rules as adding by SN', async () => {
    const { client, projectId, base } = await setup(1);
    const sn = nextSn();
    await seedPending(t().database.db, { sn, type: 'ap', model: 'NL-A3000C', projectId });
    const r = await client.post(`${base}/pending/${sn}/claim`, { name: 'AP1' });
    expect(r.body.code).toBe(ERR.WLAN_DEVICE_IN_MESH_PROJECT);
    const bad = await client.post(`${base}/pending/${sn}/claim`, { name: 'has space' });
    expect(bad.status).toBe(400);
  });

  it('a device plugged under a claimed device is offered to its project, then claimed live', async () => {
    const { client, projectId, base } = await setup();
    const parent = nextSn();
    expect((await client.post(base, { sn: parent, name: 'Parent' })).body.code).toBe(0);
    const child = nextSn();
    // The parent reports the child on its port 3 (LLDP): the uplink proof (docs/protocol.md §6.2).
    const parentLink = await connectDevice(mqttTcpUrl(t().app), parent);
    const device = await connectDevice(mqttTcpUrl(t().app), child);
    try {
      await bootDevice(
        parentLink,
        parent,
        fullState({ ports: [{ id: 3, link: 'up', speed: 1000, duplex: 'full', neighbour: { sn: child } }] }),
      );
      await bootDevice(device, child, fullState({ uplink: { kind: 'wired', sn: parent, port: 3 } }));
      const offered = await waitFor(
        async () => {
          const r = await client.get<PendingDeviceList>(`${base}/pending`);
          return r.body.data?.items.find((p) => p.sn === child);
        },
        { what: 'the device to be offered' },
      );
      expect(offered).toMatchObject({
        type: 'ap',
        model: HELLO.model,
        online: true,
        uplinkSn: parent,
        uplinkName: 'Parent',
      });
      const claimed = await client.post<DeviceDetail>(`${base}/pending/${child}/claim`, { name: 'Child' });
      expect(claimed.body.data).toMatchObject({ sn: child, type: 'ap', status: 1, displayStatus: 'online' });
      expect(t().app.devicePlane.registry.get(child)).toMatchObject({ projectId, type: 'ap' });
      // Deleted again: offered to the project at once, not only once it reconnects.
      expect((await client.del(`${base}/${claimed.body.data?.id}`)).body.code).toBe(0);
      const again = await client.get<PendingDeviceList>(`${base}/pending`);
      expect(again.body.data?.items.find((p) => p.sn === child)).toMatchObject({
        type: 'ap',
        uplinkSn: parent,
      });
    } finally {
      await device.endAsync();
      await parentLink.endAsync();
    }
  });

  it('a connected device deleted and added again keeps its kind (from the hot state) and is online', async () => {
    const { client, base } = await setup();
    const sn = nextSn();
    const device = await connectDevice(mqttTcpUrl(t().app), sn);
    try {
      await bootDevice(device, sn);
      await waitFor(
        async () =>
          (await t()
            .database.db.selectFrom('pending_devices')
            .select('sn')
            .where('sn', '=', sn)
            .executeTakeFirst()) ?? undefined,
        {
          what: 'the pending row',
        },
      );
      const first = await client.post<DeviceDetail>(base, { sn, name: 'First' });
      expect(first.body.data).toMatchObject({ type: 'ap', status: 1 });
      expect((await client.del(`${base}/${first.body.data?.id}`)).body.code).toBe(0);
      // Deleted while connected: a device to be verified at once (this node heard its hello), before
      // it reconnects with the provisioning key. No uplink parent here, so no project is offered it.
      expect(
        await t().database.db.selectFrom('pending_devices').selectAll().where('sn', '=', sn).execute(),
      ).toMatchObject([{ sn, type: 'ap', model: HELLO.model, project_id: null }]);
      const other = await createProject(client);
      const again = await client.post<DeviceDetail>(`/api/projects/${other}/devices`, { sn, name: 'Again' });
      expect(again.body.data).toMatchObject({
        type: 'ap',
        model: HELLO.model,
        status: 1,
        displayStatus: 'online',
      });
    } finally {
      await device.endAsync();
    }
  });

  async function helloOf(sn: string, hello: { type: string; model: string }) {
    const device = await connectDevice(mqttTcpUrl(t().app), sn);
    await devicePublish(device, sn, 'hello', { ...HELLO, ...hello } as Parameters<typeof devicePublish>[3]);
    await devicePublish(device, sn, 'state', fullState());
    return device;
  }

  async function alarmsOf(deviceId: number) {
    return t()
      .database.db.selectFrom('device_events')
      .selectAll()
      .where('device_id', '=', deviceId)
      .execute();
  }

  it('records the kind of a device added before it connected; a conflict found then raises an alarm (93)', async () => {
    const { client, base } = await setup(1);
    const sn = nextSn();
    const added = await client.post<DeviceDetail>(base, { sn, name: 'Later' });
    expect(added.body.data?.type).toBe('unknown');
    const id = added.body.data?.id ?? 0;
    const device = await helloOf(sn, { type: 'ap', model: 'NL-A3000C' });
    try {
      const alarm = await waitFor(
        async () => (await alarmsOf(id)).find((e) => e.event_id === 'cloud-rule-93'),
        {
          what: 'the late-conflict alarm',
        },
      );
      expect(alarm).toMatchObject({ kind: 'alarm', severity: 'critical', read: 0 });
      expect(alarm.text).toContain('Cable-free and traditional devices cannot be mixed in one project.');
      const row = await client.get<DeviceDetail>(`${base}/${id}`);
      expect(row.body.data?.type).toBe('ap');
      expect(t().app.devicePlane.registry.get(sn)?.type).toBe('ap');
    } finally {
      await device.endAsync();
    }
  });

  it('a second gateway found at hello raises 67; a device that fits raises nothing', async () => {
    const { client, base } = await setup(0);
    const gw = nextSn();
    await seedPending(t().database.db, { sn: gw, type: 'v7', model: 'NL-G300' });
    expect((await client.post(base, { sn: gw, name: 'GW' })).body.code).toBe(0);
    const [routerSn, apSn] = [nextSn(), nextSn()];
    const router = (await client.post<DeviceDetail>(base, { sn: routerSn, name: 'R' })).body.data?.id ?? 0;
    const ap = (await client.post<DeviceDetail>(base, { sn: apSn, name: 'A' })).body.data?.id ?? 0;
    const d1 = await helloOf(routerSn, { type: 'router', model: 'NL-R200' });
    const d2 = await helloOf(apSn, { type: 'ap', model: 'NL-A3000C' });
    try {
      await waitFor(async () => (await alarmsOf(router)).find((e) => e.event_id === 'cloud-rule-67'), {
        what: 'the gateway alarm',
      });
      await waitFor(
        async () => (await client.get<DeviceDetail>(`${base}/${ap}`)).body.data?.type === 'ap' || undefined,
      );
      expect(await alarmsOf(ap)).toEqual([]);
    } finally {
      await d1.endAsync();
      await d2.endAsync();
    }
  });
});
