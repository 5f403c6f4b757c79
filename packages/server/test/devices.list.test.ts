import { type DeviceDetail, type DeviceList, ERR } from '@netloom/domain';
import { beforeAll, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createProject, DEVICE_ENV } from './devices.fixtures';
import { signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

const NOW = Date.parse('2026-03-10T10:00:00.000Z');

describeEachDb('devices: list, detail, edit, delete', (kind) => {
  const t = useTestApp(kind, { env: DEVICE_ENV });
  let client: TestClient;
  let projectId: number;
  const ids: Record<string, number> = {};

  async function insert(row: Record<string, unknown> & { sn: string; name: string; type: string }) {
    const r = await t()
      .database.db.insertInto('devices')
      .values({ project_id: projectId, status: 0, created_at: new Date(NOW).toISOString(), ...row })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[row.name] = r.id;
    return r.id;
  }

  beforeAll(async () => {
    const user = await signedInUser(t());
    client = user.client;
    projectId = await createProject(client);
    // A small network: gateway → switch → two APs, plus an offline AP without identity yet.
    await insert({
      sn: 'GW00000000000000A1',
      name: 'Gateway',
      type: 'v7',
      model: 'NL-G300',
      mac: '3C:52:A1:00:00:01',
      ip: '192.168.1.1',
      status: 1,
      cpu: 20,
      clients: 3,
      tx_rate: 5000,
    });
    await insert({
      sn: 'SW00000000000000B2',
      name: 'core-switch',
      type: 'switch',
      model: 'NL-S124P',
      mac: '3C:52:A1:00:00:02',
      ip: '192.168.1.2',
      status: 1,
      uplink_sn: 'GW00000000000000A1',
      uplink_port: '2',
      uplink_kind: 'wired',
      cpu: 5,
      state_json: JSON.stringify({
        ports: [
          { id: 1, link: 'up', speed: 1000, duplex: 'full', poe: { on: true, watts: 6.5 } },
          { id: 2, link: 'down', speed: 0, duplex: 'full' },
        ],
        radios: [],
      }),
    });
    await insert({
      sn: 'AP00000000000000C3',
      name: 'ap-lobby',
      type: 'ap',
      model: 'NL-A3000C',
      mac: '3C:52:A1:00:00:03',
      ip: '192.168.1.10',
      status: 3,
      uplink_sn: 'SW00000000000000B2',
      uplink_port: '7',
      uplink_kind: 'wired',
      cpu: 50,
      clients: 12,
      location: 'Lobby',
      state_json: JSON.stringify({
        ports: [{ id: 1, link: 'up', speed: 1000, duplex: 'full' }],
        radios: [{ band: '5G', channel: 36, width: 80, txPower: 20, clients: 12 }],
      }),
    });
    await insert({
      sn: 'AP00000000000000D4',
      name: 'AP-Kitchen',
      type: 'ap',
      model: 'NL-A1200C',
      mac: '3C:52:A1:00:00:04',
      ip: '192.168.1.9',
      status: 1,
      uplink_sn: 'SW00000000000000B2',
      uplink_port: '8',
      cpu: 35,
      clients: 4,
      remark: 'near the oven',
    });
    await insert({ sn: 'AP00000000000000E5', name: 'ap-new', type: 'unknown' });
    await t()
      .database.db.insertInto('clients')
      .values({
        device_id: ids['AP-Kitchen'] ?? 0,
        project_id: projectId,
        mac: 'AA:BB:CC:00:00:01',
        ip: '192.168.20.5',
        name: 'phone',
        connection: 'wireless',
        type: 'phone',
        ssid: 'Guest',
        band: '5G',
        rssi: -60,
        auth: 'WPA2-PSK',
        port: null,
        vlan: 20,
        tx_bytes: 0,
        rx_bytes: 0,
        tx_rate: 0,
        rx_rate: 0,
        uptime: 60,
        updated_at: NOW,
      })
      .execute();
  });

  async function list(query = '') {
    const r = await client.get<DeviceList>(`/api/projects/${projectId}/devices${query}`);
    expect(r.body.code).toBe(0);
    return r.body.data as DeviceList;
  }
  const names = (l: DeviceList) => l.items.map((d) => d.name);

  it('lists every §3 field with the display status and the uplink device resolved', async () => {
    const l = await list('?sort=name');
    expect(l.total).toBe(5);
    // Case-insensitive name order; the default sort is by name.
    expect(names(l)).toEqual(['AP-Kitchen', 'ap-lobby', 'ap-new', 'core-switch', 'Gateway']);
    expect(names(await list())).toEqual(names(l));
    const lobby = l.items.find((d) => d.name === 'ap-lobby');
    expect(lobby).toMatchObject({
      type: 'ap',
      model: 'NL-A3000C',
      sn: 'AP00000000000000C3',
      mac: '3C:52:A1:00:00:03',
      ip: '192.168.1.10',
      status: 3,
      displayStatus: 'upgrading',
      cpu: 50,
      clients: 12,
      location: 'Lobby',
      uplink: {
        sn: 'SW00000000000000B2',
        deviceId: ids['core-switch'],
        name: 'core-switch',
        port: '7',
        kind: 'wired',
      },
    });
    expect(l.items.find((d) => d.name === 'Gateway')?.uplink).toBeNull();
  });

  it('filters by type (one or several), status, and each §3 filter key', async () => {
    expect(names(await list('?type=ap'))).toEqual(['AP-Kitchen', 'ap-lobby']);
    expect(names(await list('?type=v7,switch'))).toEqual(['core-switch', 'Gateway']);
    expect(names(await list('?type=unknown'))).toEqual(['ap-new']);
    expect(names(await list('?status=online'))).toEqual(['AP-Kitchen', 'core-switch', 'Gateway']);
    expect(names(await list('?status=upgrading,offline'))).toEqual(['ap-lobby', 'ap-new']);
    expect(names(await list('?ip=192.168.1.1'))).toEqual(['ap-lobby', 'Gateway']);
    expect(names(await list('?model=a3000'))).toEqual(['ap-lobby']);
    expect(names(await list('?name=KITCHEN'))).toEqual(['AP-Kitchen']);
    expect(names(await list('?port=8'))).toEqual(['AP-Kitchen']);
    expect(names(await list('?vlan=20'))).toEqual(['AP-Kitchen']);
    expect(names(await list('?mac=3c-52-a1-00-00-02'))).toEqual(['core-switch']);
    expect(names(await list('?mac=000004'))).toEqual(['AP-Kitchen']);
    expect((await list('?mac=zz')).total).toBe(0);
    expect(names(await list('?type=ap&ip=192.168.1.9'))).toEqual(['AP-Kitchen']);
  });

  it('searches name, SN, model, IP, MAC, location and remark; LIKE wildcards are literal', async () => {
    expect(names(await list('?q=oven'))).toEqual(['AP-Kitchen']);
    expect(names(await list('?q=lobby'))).toEqual(['ap-lobby']);
    expect(names(await list('?q=S124P'))).toEqual(['core-switch']);
    expect(names(await list('?q=00000000E5'))).toEqual(['ap-new']);
    expect((await list('?q=%25')).total).toBe(0);
    expect((await list('?q=_')).total).toBe(0);
  });

  it('counts a search exactly whether its matches fill the page, end on it, or lie beyond it', async () => {
    // A project of its own: twelve devices match "bulk", one also matches "oven".
    const other = await createProject(client);
    for (let i = 1; i <= 12; i++) {
      await t()
        .database.db.insertInto('devices')
        .values({
          project_id: other,
          status: 1,
          created_at: new Date(NOW).toISOString(),
          sn: `BK${String(i).padStart(16, '0')}`,
          name: `bulk-${String(i).padStart(2, '0')}`,
          type: 'ap',
          location: i === 7 ? 'Oven room' : null,
        })
        .execute();
    }
    const search = async (query: string) => {
      const r = await client.get<DeviceList>(`/api/projects/${other}/devices${query}`);
      expect(r.body.code).toBe(0);
      return r.body.data as DeviceList;
    };
    const full = await search('?q=bulk&pageSize=10');
    expect([full.items.length, full.total, full.items[0]?.name]).toEqual([10, 12, 'bulk-01']);
    const last = await search('?q=BULK&pageSize=10&page=2');
    expect([names(last), last.total]).toEqual([['bulk-11', 'bulk-12'], 12]);
    const beyond = await search('?q=bulk&pageSize=10&page=3');
    expect([beyond.items.length, beyond.total]).toEqual([0, 12]);
    const narrow = await search('?q=oven');
    expect([names(narrow), narrow.total]).toEqual([['bulk-07'], 1]);
    const none = await search('?q=nothing');
    expect([none.items.length, none.total]).toEqual([0, 0]);
  });

  it('sorts on any column, empty cells last in both directions, and pages', async () => {
    expect(names(await list('?sort=cpu&order=desc'))).toEqual([
      'ap-lobby',
      'AP-Kitchen',
      'Gateway',
      'core-switch',
      'ap-new',
    ]);
    expect(names(await list('?sort=cpu&order=asc'))).toEqual([
      'core-switch',
      'Gateway',
      'AP-Kitchen',
      'ap-lobby',
      'ap-new',
    ]);
    expect(names(await list('?sort=clients&order=desc')).slice(0, 3)).toEqual([
      'ap-lobby',
      'AP-Kitchen',
      'Gateway',
    ]);
    expect(names(await list('?sort=status&order=desc'))[0]).toBe('ap-lobby');
    // Ties (same uplink) keep insertion order; devices without an uplink come last.
    expect(names(await list('?sort=uplink'))).toEqual([
      'core-switch',
      'ap-lobby',
      'AP-Kitchen',
      'Gateway',
      'ap-new',
    ]);
    const p1 = await list('?sort=name&pageSize=2&page=1');
    const p3 = await list('?sort=name&pageSize=2&page=3');
    expect(p1).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(names(p1)).toEqual(['AP-Kitchen', 'ap-lobby']);
    expect(names(p3)).toEqual(['Gateway']);
    expect((await list('?page=9')).items).toEqual([]);
  });

  it('rejects unknown types, sort keys and page sizes with 400', async () => {
    for (const q of ['?type=toaster', '?sort=password', '?pageSize=101', '?page=0', '?vlan=5000']) {
      const r = await client.get(`/api/projects/${projectId}/devices${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.code).toBe(ERR.INVALID_PARAMETERS);
    }
  });

  it('counts per type for the tabs', async () => {
    const r = await client.get(`/api/projects/${projectId}/devices/types`);
    expect(r.body.data).toEqual({ total: 5, online: 3, byType: { ap: 2, switch: 1, v7: 1, unknown: 1 } });
  });

  it('shows a device with its ports, radios, uplink and downlinks; 410 for an id not in the project', async () => {
    const r = await client.get<DeviceDetail>(`/api/projects/${projectId}/devices/${ids['core-switch']}`);
    expect(r.body.data).toMatchObject({
      name: 'core-switch',
      ports: [
        { id: 1, link: 'up', speed: 1000, poe: { on: true, watts: 6.5 } },
        { id: 2, link: 'down' },
      ],
      radios: [],
      disks: [],
      channels: [],
      uplink: { name: 'Gateway', port: '2' },
    });
    expect(r.body.data?.downlinks.map((d) => [d.name, d.port])).toEqual([
      ['AP-Kitchen', '8'],
      ['ap-lobby', '7'],
    ]);
    const lobby = await client.get<DeviceDetail>(`/api/projects/${projectId}/devices/${ids['ap-lobby']}`);
    expect(lobby.body.data?.radios).toEqual([
      { band: '5G', channel: 36, width: 80, txPower: 20, clients: 12 },
    ]);
    expect((await client.get(`/api/projects/${projectId}/devices/99999999999`)).status).toBe(400);
    const gone = await client.get(`/api/projects/${projectId}/devices/999999`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(ERR.DEVICE_DELETED);
    const other = await createProject(client);
    expect((await client.get(`/api/projects/${other}/devices/${ids.Gateway}`)).body.code).toBe(
      ERR.DEVICE_DELETED,
    );
  });

  it('renames, remarks and locates a device with the domain rules; empty text clears', async () => {
    const url = `/api/projects/${projectId}/devices/${ids['ap-new']}`;
    const r = await client.patch<DeviceDetail>(url, { name: 'AP-Hall', remark: 'ceiling', location: 'Hall' });
    expect(r.body.data).toMatchObject({ name: 'AP-Hall', remark: 'ceiling', location: 'Hall' });
    const cleared = await client.patch<DeviceDetail>(url, { remark: '' });
    expect(cleared.body.data).toMatchObject({ name: 'AP-Hall', remark: null, location: 'Hall' });
    const bad = await client.patch(url, { name: 'AP Hall' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.[0]).toMatchObject({
      path: 'name',
      message: 'Device name cannot contain spaces.',
    });
    const emoji = await client.patch(url, { remark: 'hi 😀' });
    expect(emoji.body.issues?.[0]?.message).toBe('Remark cannot contain emoticons.');
    expect((await client.patch(`/api/projects/${projectId}/devices/999999`, { name: 'x' })).body.code).toBe(
      410,
    );
  });

  it('deletes a device with its clients and telemetry, forgets it in the registry; again → 410', async () => {
    const id = ids['AP-Kitchen'] ?? 0;
    const db = t().database.db;
    t().app.devicePlane.registry.upsert({
      deviceId: id,
      projectId,
      sn: 'AP00000000000000D4',
      type: 'ap',
      status: 1,
    });
    await db
      .insertInto('telemetry_raw')
      .values({ device_id: id, ts: NOW, tx_bytes: 1, rx_bytes: 2, tx_rate: 3, rx_rate: 4, clients: 1 })
      .execute();
    const r = await client.del(`/api/projects/${projectId}/devices/${id}`);
    expect(r.body.code).toBe(0);
    expect(t().app.devicePlane.registry.get('AP00000000000000D4')).toBeUndefined();
    expect(await db.selectFrom('clients').selectAll().where('device_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('telemetry_raw').selectAll().where('device_id', '=', id).execute()).toEqual(
      [],
    );
    expect((await client.del(`/api/projects/${projectId}/devices/${id}`)).body.code).toBe(ERR.DEVICE_DELETED);
    expect((await list()).total).toBe(4);
  });
});
