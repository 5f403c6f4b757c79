import type { ClientAlias, ClientDetail, ClientList, SearchResult } from '@netloom/domain';
import { expect, it } from 'vitest';
import { TestClient } from './client';
import { createProject, DEVICE_ENV } from './devices.fixtures';
import { signedInUser } from './factories';
import { uniqueSn } from './gatewayKit';
import { describeEachDb, type TestApp, useTestApp } from './harness';
import { clientDay, clientRow } from './telemetry-fixtures';

/** A claimed device row with the identity the search looks in. */
async function device(
  t: TestApp,
  projectId: number,
  over: { name: string; mac: string; ip: string; model: string; type?: string },
) {
  const sn = uniqueSn('NLS');
  const row = await t.database.db
    .insertInto('devices')
    .values({
      project_id: projectId,
      sn,
      type: over.type ?? 'ap',
      name: over.name,
      mac: over.mac,
      ip: over.ip,
      model: over.model,
      status: 1,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, sn };
}

async function search(client: TestClient, q: string, projectId?: number) {
  const query = new URLSearchParams({ q, ...(projectId ? { projectId: String(projectId) } : {}) });
  return client.get<SearchResult>(`/api/search?${query}`);
}
const found = async (client: TestClient, q: string) => (await search(client, q)).body.data as SearchResult;

describeEachDb('global search and the client panel', (kind) => {
  const get = useTestApp(kind, { env: DEVICE_ENV });

  async function world() {
    const t = get();
    const me = await signedInUser(t);
    const other = await signedInUser(t);
    const hotel = await createProject(me.client, { name: 'Harbour Hotel' });
    const office = await createProject(me.client, { name: 'Head office' });
    const theirs = await createProject(other.client, { name: 'Not yours' });
    const lobby = await device(t, hotel, {
      name: 'Lobby-AP',
      mac: 'AA:10:20:30:40:01',
      ip: '10.20.0.11',
      model: 'NL-A3000C',
    });
    const core = await device(t, office, {
      name: 'Core-SW',
      mac: 'AA:10:20:30:40:02',
      ip: '10.30.0.2',
      model: 'NL-S2400P',
      type: 'switch',
    });
    const stranger = await device(t, theirs, {
      name: 'Lobby-AP-2',
      mac: 'AA:10:20:30:40:03',
      ip: '10.20.0.12',
      model: 'NL-A3000C',
    });
    await t.database.db
      .insertInto('clients')
      .values([
        clientRow(lobby.id, hotel, 'B0:00:00:00:00:01', {
          name: 'Anna-iPhone',
          ip: '10.20.0.101',
          ssid: 'Guests',
          band: '5G',
          rssi: -61,
          vlan: 30,
          updated_at: t.clock.now(),
        }),
        clientRow(core.id, office, 'B0:00:00:00:00:02', {
          name: 'printer-2f',
          ip: '10.30.0.50',
          connection: 'wired',
          type: 'printer',
          updated_at: t.clock.now(),
        }),
        clientRow(stranger.id, theirs, 'B0:00:00:00:00:03', { name: 'Anna-Laptop', ip: '10.20.0.102' }),
      ])
      .execute();
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    await t.database.db
      .insertInto('client_days')
      .values(
        clientDay(hotel, today, 'B0:00:00:00:00:01', { name: 'Anna-iPhone', tx_bytes: 900, rx_bytes: 4000 }),
      )
      .execute();
    return { t, me, other, hotel, office, theirs, lobby, core, stranger };
  }

  it('finds devices across the caller’s two projects by name, SN, MAC (any spelling), IP and model, never another account’s', async () => {
    const { me, hotel, office, lobby, core } = await world();
    const byName = await found(me.client, 'lobby');
    expect(byName.devices.map((d) => [d.name, d.projectName, d.match])).toEqual([
      ['Lobby-AP', 'Harbour Hotel', 'name'],
    ]);
    expect((await found(me.client, lobby.sn.toLowerCase())).devices).toMatchObject([
      { id: lobby.id, projectId: hotel, sn: lobby.sn, match: 'sn' },
    ]);
    for (const mac of ['aa:10:20:30:40:02', 'aa-10-20-30-40-02', 'AA1020304002', '4002']) {
      expect(
        (await found(me.client, mac)).devices.map((d) => d.id),
        mac,
      ).toEqual([core.id]);
    }
    expect((await found(me.client, '10.30.0.2')).devices).toMatchObject([
      { id: core.id, projectId: office, match: 'ip' },
    ]);
    const byModel = await found(me.client, 'nl-a3000');
    expect(byModel.devices.map((d) => [d.name, d.match])).toEqual([['Lobby-AP', 'model']]);
    // Both projects at once: the shared prefix of the MACs.
    expect((await found(me.client, 'AA:10:20')).devices.map((d) => d.name).sort()).toEqual([
      'Core-SW',
      'Lobby-AP',
    ]);
  });

  it('finds online clients by name, MAC and IP with their SSID and VLAN, only in the caller’s projects', async () => {
    const { me, other, hotel, lobby } = await world();
    const anna = await found(me.client, 'anna');
    expect(anna.clients).toEqual([
      {
        projectId: hotel,
        projectName: 'Harbour Hotel',
        mac: 'B0:00:00:00:00:01',
        name: 'Anna-iPhone',
        alias: null,
        ip: '10.20.0.101',
        ssid: 'Guests',
        vlan: 30,
        deviceId: lobby.id,
        deviceName: 'Lobby-AP',
        match: 'name',
      },
    ]);
    expect((await found(me.client, 'b0-00-00-00-00-02')).clients.map((c) => c.name)).toEqual(['printer-2f']);
    expect((await found(me.client, '10.30.0.50')).clients.map((c) => c.match)).toEqual(['ip']);
    // The other account sees its own client and nothing of mine.
    expect((await found(other.client, 'anna')).clients.map((c) => c.name)).toEqual(['Anna-Laptop']);
    expect((await found(other.client, 'lobby')).devices.map((d) => d.name)).toEqual(['Lobby-AP-2']);
  });

  it('offers settings pages from the menu by title and keyword, for the current project', async () => {
    const { me, hotel } = await world();
    const vlan = (await search(me.client, 'vlan', hotel)).body.data as SearchResult;
    expect(vlan.pages[0]).toEqual({
      projectId: hotel,
      projectName: 'Harbour Hotel',
      key: 'vlan',
      title: 'VLAN',
      trail: ['Config', 'Gateway'],
      path: '/manage/networkconf/vlan',
    });
    const poe = (await search(me.client, 'poe', hotel)).body.data as SearchResult;
    expect(poe.pages[0]).toMatchObject({ title: 'Switch ports & PoE', path: '/manage/devconf?type=switch' });
    // Without a current project only pages outside projects are offered.
    expect((await found(me.client, 'vlan')).pages).toEqual([]);
    expect((await found(me.client, 'projects')).pages.map((p) => p.path)).toEqual(['/overview/list']);
  });

  it('refuses a query shorter than the minimum, asks for a session and cuts each kind at the limit', async () => {
    const { t, me, hotel } = await world();
    expect((await search(me.client, 'a')).body.code).toBe(400);
    const anonymous = await new TestClient(t.app).get('/api/search?q=lobby');
    expect(anonymous.status).toBe(401);
    for (let i = 0; i < 10; i += 1) {
      await device(t, hotel, {
        name: `Floor-AP-${i}`,
        mac: `CC:00:00:00:00:${10 + i}`,
        ip: `10.9.0.${i}`,
        model: 'X',
      });
    }
    const many = await found(me.client, 'floor-ap');
    expect(many.devices).toHaveLength(8);
    expect(many.more.devices).toBe(true);
    expect(many.more.clients).toBe(false);
  });

  it('sets, validates, shows and removes a client alias per project; the panel shows where it is and its history', async () => {
    const { t, me, other, hotel, office, lobby } = await world();
    const mac = 'B0:00:00:00:00:01';
    const aliasUrl = `/api/projects/${hotel}/clients/${mac.toLowerCase()}/alias`;
    for (const bad of ['', ' Anna', 'x'.repeat(33), 'Anna 😀']) {
      const r = await me.client.call('PUT', aliasUrl, { alias: bad });
      expect(r.body.code, JSON.stringify(bad)).toBe(400);
    }
    const set = await me.client.call<ClientAlias>('PUT', aliasUrl, { alias: 'Front desk iPad' });
    expect(set.body).toMatchObject({ code: 0, data: { mac, alias: 'Front desk iPad' } });
    // Not a member: the same answer as a project that does not exist.
    expect((await other.client.call('PUT', aliasUrl, { alias: 'Mine' })).body.code).toBe(73);
    // A MAC the project never saw.
    const unknown = `/api/projects/${office}/clients/${mac}/alias`;
    expect((await me.client.call('PUT', unknown, { alias: 'Ghost' })).body.code).toBe(412);

    const list = (await me.client.get<ClientList>(`/api/projects/${hotel}/clients?q=front`)).body.data;
    expect(list?.items.map((c) => [c.alias, c.name])).toEqual([['Front desk iPad', 'Anna-iPhone']]);
    const hit = (await found(me.client, 'front desk')).clients;
    expect(hit).toMatchObject([{ mac, alias: 'Front desk iPad', name: 'Anna-iPhone', match: 'alias' }]);

    const panel = (await me.client.get<ClientDetail>(`/api/projects/${hotel}/clients/${mac}`)).body.data;
    expect(panel).toMatchObject({
      mac,
      name: 'Anna-iPhone',
      alias: 'Front desk iPad',
      online: {
        ssid: 'Guests',
        vlan: 30,
        band: '5G',
        rssi: -61,
        alias: 'Front desk iPad',
        device: { id: lobby.id },
      },
      history: [{ day: new Date(t.clock.now()).toISOString().slice(0, 10), txBytes: 900, rxBytes: 4000 }],
    });
    expect((await me.client.get(`/api/projects/${office}/clients/${mac}`)).body.code).toBe(412);

    expect((await me.client.call('PUT', aliasUrl, { alias: null })).body.data).toEqual({ mac, alias: null });
    const after = (await me.client.get<ClientList>(`/api/projects/${hotel}/clients`)).body.data;
    expect(after?.items.find((c) => c.mac === mac)?.alias).toBeNull();
  });
});
