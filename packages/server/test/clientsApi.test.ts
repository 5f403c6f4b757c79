import type { AuditPage, ClientList, CommandJob, LiveEvent } from '@netloom/domain';
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
  inbox,
  mqttTcpUrl,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';
import { waitForLiveEvents } from './liveKit';
import { clientRow } from './telemetry-fixtures';

const PHONE = {
  mac: 'a4:83:e7:10:22:31',
  ip: '192.168.10.105',
  name: 'Anna-iPhone',
  connection: 'wireless',
  type: 'phone',
  ssid: 'Office',
  band: '5G',
  rssi: -58,
  auth: 'WPA2-PSK',
  vlan: 10,
  txBytes: 12_000_000,
  rxBytes: 310_000_000,
  txRate: 2400,
  rxRate: 96_000,
  uptime: 5400,
} as const;
const LAPTOP = {
  mac: '10:00:00:00:00:02',
  ip: '192.168.10.20',
  name: 'build-box',
  connection: 'wired',
  type: 'computer',
  port: 3,
  txBytes: 5,
  rxBytes: 6,
  txRate: 1,
  rxRate: 2,
  uptime: 100,
} as const;

describeEachDb('client list and force offline', (kind) => {
  const get = useTestApp(kind, { env: DEVICE_ENV });

  it('lists every field of an online client with search, filters, sort and pages', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const sn = uniqueSn();
    const deviceId = await claimDevice(t, projectId, sn, 'ap');
    const dev = await connectDevice(mqttTcpUrl(t.app), sn);
    try {
      await bootDevice(dev, sn);
      await devicePublish(dev, sn, 'clients', { clients: [PHONE, LAPTOP] });
      const url = `/api/projects/${projectId}/clients`;
      const list = await waitFor(
        async () => {
          const r = await client.get<ClientList>(url);
          return r.body.data && r.body.data.total === 2 ? r.body.data : undefined;
        },
        { what: 'the snapshot to be listed' },
      );
      expect(list.items[0]).toEqual({
        mac: 'A4:83:E7:10:22:31',
        ip: '192.168.10.105',
        name: 'Anna-iPhone',
        alias: null,
        connection: 'wireless',
        type: 'phone',
        ssid: 'Office',
        band: '5G',
        rssi: -58,
        auth: 'WPA2-PSK',
        port: null,
        vlan: 10,
        txBytes: 12_000_000,
        rxBytes: 310_000_000,
        txRate: 2400,
        rxRate: 96_000,
        uptime: expect.any(Number),
        device: { id: deviceId, name: sn, sn, model: HELLO.model, type: 'ap' },
        updatedAt: expect.any(Number),
      });
      expect(list.items[0]?.uptime).toBeGreaterThanOrEqual(5400);
      expect(list.items[1]).toMatchObject({
        mac: LAPTOP.mac,
        connection: 'wired',
        port: 3,
        ssid: null,
        rssi: null,
      });

      const q = async (query: string) => (await client.get<ClientList>(`${url}?${query}`)).body.data;
      expect((await q('q=anna'))?.items.map((c) => c.name)).toEqual(['Anna-iPhone']);
      expect((await q('q=192.168.10.2'))?.items.map((c) => c.name)).toEqual(['build-box']);
      expect((await q('connection=wired'))?.total).toBe(1);
      expect((await q('ssid=Office&band=5G'))?.total).toBe(1);
      expect((await q(`deviceId=${deviceId}&type=computer`))?.items.map((c) => c.mac)).toEqual([LAPTOP.mac]);
      expect((await q('sort=name&order=asc'))?.items.map((c) => c.name)).toEqual([
        'Anna-iPhone',
        'build-box',
      ]);
      expect((await q('sort=rxRate&order=asc'))?.items.map((c) => c.name)).toEqual([
        'build-box',
        'Anna-iPhone',
      ]);
      // No signal (wired) sorts last either way.
      expect((await q('sort=rssi&order=asc'))?.items.map((c) => c.name)).toEqual([
        'Anna-iPhone',
        'build-box',
      ]);
      expect((await q('sort=rssi&order=desc'))?.items.map((c) => c.name)).toEqual([
        'Anna-iPhone',
        'build-box',
      ]);
      const page2 = await q('sort=name&order=asc&pageSize=1&page=2');
      expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
      expect(page2?.items.map((c) => c.name)).toEqual(['build-box']);
      expect((await client.get(`${url}?sort=bogus`)).status).toBe(400);
      expect((await client.get(`${url}?pageSize=1000`)).status).toBe(400);

      // A stranger sees nothing of it.
      const stranger = await signedInUser(t);
      expect((await stranger.client.get(url)).body.code).toBe(73);
    } finally {
      await dev.endAsync();
    }
  });

  it('forces a client offline through a kickClient command; it leaves the list when the device confirms', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const sn = uniqueSn();
    const deviceId = await claimDevice(t, projectId, sn, 'ap');
    const events: LiveEvent[] = [];
    const unsubscribe = t.app.devicePlane.bus.subscribe(projectId, (e) => events.push(e));
    const dev = await connectDevice(mqttTcpUrl(t.app), sn);
    const received = inbox(dev);
    try {
      await bootDevice(dev, sn);
      await devicePublish(dev, sn, 'clients', { clients: [PHONE, LAPTOP] });
      const url = `/api/projects/${projectId}/clients`;
      await waitFor(async () =>
        (await client.get<ClientList>(url)).body.data?.total === 2 ? true : undefined,
      );

      const kick = await client.post<CommandJob>(`${url}/A4:83:E7:10:22:31/kick`);
      expect(kick.body.code).toBe(0);
      expect(kick.body.data).toMatchObject({ deviceId, name: 'kickClient', status: 'sent' });
      const command = await waitFor(() => received.find((m) => m.topic.endsWith('/down/command')), {
        what: 'the command',
      });
      const sent = JSON.parse(command.payload) as { id: string; name: string; args: { mac: string } };
      expect(sent).toMatchObject({
        id: kick.body.data?.id,
        name: 'kickClient',
        args: { mac: 'A4:83:E7:10:22:31' },
      });
      // Still listed until the device confirms.
      expect((await client.get<ClientList>(url)).body.data?.total).toBe(2);
      // The change log has it, by the account, on the device.
      const log = (await client.get<AuditPage>(`/api/projects/${projectId}/audit`)).body.data;
      expect(log?.items.map((e) => [e.action, e.deviceId, e.summary])).toEqual([
        ['client.forceOffline', deviceId, 'Forced Anna-iPhone (A4:83:E7:10:22:31) offline.'],
      ]);

      await devicePublish(dev, sn, 'reply', { id: sent.id, ok: true });
      const after = await waitFor(
        async () => {
          const d = (await client.get<ClientList>(url)).body.data;
          return d && d.total === 1 ? d : undefined;
        },
        { what: 'the client to leave the list' },
      );
      expect(after.items.map((c) => c.mac)).toEqual([LAPTOP.mac]);
      // Announced once the removal is committed: possibly a moment after the list above saw it.
      await waitForLiveEvents(events, 'clients.changed', { match: (e) => e.deviceId === deviceId });
      expect(events).toContainEqual({ type: 'clients.changed', projectId, deviceId });
      const job = await client.get<CommandJob>(`/api/projects/${projectId}/commands/${sent.id}`);
      expect(job.body.data?.status).toBe('done');

      // The device's next snapshot no longer has it, and it stays gone.
      await devicePublish(dev, sn, 'clients', { clients: [LAPTOP] });
      await t.app.features.clients.flush();
      expect((await client.get<ClientList>(url)).body.data?.items.map((c) => c.mac)).toEqual([LAPTOP.mac]);

      // Unknown client → 412.
      expect((await client.post(`${url}/AA:AA:AA:AA:AA:AA/kick`)).body.code).toBe(412);
      expect((await client.post(`${url}/not-a-mac/kick`)).status).toBe(400);
    } finally {
      unsubscribe();
      await dev.endAsync();
    }
  });

  it('clears the clients of a device that goes offline', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const url = `/api/projects/${projectId}/clients`;
    const total = async () => (await client.get<ClientList>(url)).body.data?.total;
    const [a, b] = [uniqueSn(), uniqueSn()];
    await claimDevice(t, projectId, a, 'ap');
    await claimDevice(t, projectId, b, 'ap');
    const devA = await connectDevice(mqttTcpUrl(t.app), a);
    const devB = await connectDevice(mqttTcpUrl(t.app), b);
    try {
      await bootDevice(devA, a);
      await bootDevice(devB, b);
      await devicePublish(devA, a, 'clients', { clients: [PHONE] });
      await devicePublish(devB, b, 'clients', { clients: [LAPTOP] });
      await waitFor(async () => ((await total()) === 2 ? true : undefined), { what: 'both snapshots' });
      // A: the connection drops (the broker sees it); B: announces offline in its state.
      devA.stream.destroy();
      await waitFor(async () => ((await total()) === 1 ? true : undefined), { what: 'A to be cleared' });
      await devicePublish(devB, b, 'state', { status: 0 });
      await waitFor(async () => ((await total()) === 0 ? true : undefined), { what: 'B to be cleared' });
    } finally {
      devA.end(true);
      await devB.endAsync();
    }
  });

  it('refuses force offline on an offline device (36) and for a read-only member (916)', async () => {
    const t = get();
    const owner = await signedInUser(t);
    const projectId = await createProject(owner.client);
    const sn = uniqueSn();
    const deviceId = await claimDevice(t, projectId, sn, 'ap');
    await t.database.db
      .insertInto('clients')
      .values(
        clientRow(deviceId, projectId, '20:00:00:00:00:01', {
          name: 'tv',
          type: 'tv',
          updated_at: Date.now(),
        }),
      )
      .execute();
    const url = `/api/projects/${projectId}/clients`;
    const offline = await owner.client.post(`${url}/20:00:00:00:00:01/kick`);
    expect(offline.body.code).toBe(36);

    const viewer = await signedInUser(t);
    await t.database.db
      .insertInto('project_members')
      .values({
        project_id: projectId,
        account_id: viewer.accountId,
        right: 'r',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await viewer.client.get<ClientList>(url)).body.data?.total).toBe(1);
    const readOnly = await viewer.client.post(`${url}/20:00:00:00:00:01/kick`);
    expect(readOnly.body.code).toBe(916);
    const unauthenticated = await new TestClient(t.app).get(url);
    expect(unauthenticated.status).toBe(401);
  });
});
