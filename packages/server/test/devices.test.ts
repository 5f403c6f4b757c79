import { type DeviceDetail, ERR, errorMessage, PROJECT_MAX_APS, UNKNOWN_DEVICE_TYPE } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { buildAdd, createProject, DEVICE_ENV, nextSn, seedDevices, seedPending } from './devices.fixtures';
import { signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

describeEachDb('devices: add by SN and the onboarding rules', (kind) => {
  const t = useTestApp(kind, { env: DEVICE_ENV });

  async function setup(netMode: 0 | 1 = 0) {
    const user = await signedInUser(t());
    const projectId = await createProject(user.client, { netMode });
    const add = (body: object) => user.client.post<DeviceDetail>(`/api/projects/${projectId}/devices`, body);
    return { ...user, projectId, add };
  }

  it('adds a device that never connected as unknown, offline, with its name and location', async () => {
    const { add, client, projectId } = await setup();
    const sn = nextSn().toLowerCase();
    const r = await add({ sn: `  ${sn} `, name: 'Lobby-AP', location: 'Floor 1' });
    expect(r.status).toBe(200);
    // Devices spell their SN in upper case (docs/protocol.md §2): a typed SN is stored that way.
    expect(r.body.data).toMatchObject({
      sn: sn.toUpperCase(),
      name: 'Lobby-AP',
      location: 'Floor 1',
      type: UNKNOWN_DEVICE_TYPE,
      model: null,
      status: 0,
      displayStatus: 'offline',
      projectId,
    });
    const id = r.body.data?.id ?? 0;
    expect(t().app.devicePlane.registry.get(sn.toUpperCase())).toMatchObject({ deviceId: id, projectId });
    const list = await client.get<{ total: number }>(`/api/projects/${projectId}/devices`);
    expect(list.body.data?.total).toBe(1);
  });

  it('takes type, model and SN spelling from a device seen before it was added, and forgets the offer', async () => {
    const { add, projectId } = await setup();
    const sn = nextSn();
    await seedPending(t().database.db, { sn, type: 'ap', model: 'NL-A3000C', projectId });
    const r = await add({ sn: sn.toLowerCase(), name: 'Hall' });
    expect(r.body.data).toMatchObject({
      sn,
      type: 'ap',
      model: 'NL-A3000C',
      modelSupported: true,
      mac: '3C:52:A1:00:00:01',
    });
    const left = await t()
      .database.db.selectFrom('pending_devices')
      .selectAll()
      .where('sn', '=', sn)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses a bad serial number or name with the domain message (400)', async () => {
    const { add } = await setup();
    const short = await add({ sn: 'ABC123', name: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe(ERR.INVALID_PARAMETERS);
    expect(short.body.issues?.[0]).toMatchObject({
      path: 'sn',
      message: 'Serial number must be 16–32 letters or digits.',
    });
    const symbols = await add({ sn: 'NL0123456789ABCD-F', name: 'x' });
    expect(symbols.body.issues?.[0]?.path).toBe('sn');
    const spaced = await add({ sn: nextSn(), name: 'Front desk' });
    expect(spaced.body.issues?.[0]).toMatchObject({
      path: 'name',
      message: 'Device name cannot contain spaces.',
    });
    const long = await add({ sn: nextSn(), name: 'A'.repeat(17) });
    expect(long.body.issues?.[0]?.message).toBe('Device name must be 1–16 characters.');
  });

  it('411 for a device already in this project (any letter case), 166 when bound to another project', async () => {
    const a = await setup();
    const body = buildAdd();
    expect((await a.add(body)).body.code).toBe(0);
    const again = await a.add({ ...body, sn: body.sn.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: ERR.DATA_EXISTS, message: errorMessage(ERR.DATA_EXISTS) });
    // The SN field says where the device already is.
    expect(again.body.issues).toEqual([
      { path: 'sn', message: `This device is already in this project as "${body.name}".` },
    ]);

    const stranger = await setup();
    const other = await stranger.add({ ...body, name: 'Mine' });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      code: 166,
      message: 'The device is already bound to another project.',
    });
    const ownOther = await createProject(a.client);
    const moved = await a.client.post(`/api/projects/${ownOther}/devices`, body);
    expect(moved.body.code).toBe(ERR.DEVICE_IN_OTHER_PROJECT);
    // In one of the caller's own projects: named, with what to do. A stranger's project is never named.
    expect(moved.body.issues?.[0]?.message).toMatch(
      /^This device is in your project ".+": delete it there first to add it here\.$/,
    );
    expect(other.body.issues).toBeUndefined();
  });

  it('67: one gateway per project — router, gateway (v7) and wireless router all count', async () => {
    const { add } = await setup();
    const [g1, g2, g3] = [nextSn(), nextSn(), nextSn()];
    await seedPending(t().database.db, { sn: g1, type: 'v7', model: 'NL-G300' });
    await seedPending(t().database.db, { sn: g2, type: 'router', model: 'NL-R200' });
    await seedPending(t().database.db, { sn: g3, type: 'wrouter', model: 'NL-W1200' });
    expect((await add({ sn: g1, name: 'Gateway' })).body.code).toBe(0);
    const second = await add({ sn: g2, name: 'Router' });
    expect(second.body).toMatchObject({
      code: ERR.GATEWAY_LIMIT,
      message: 'A project can contain only one gateway.',
    });
    expect((await add({ sn: g3, name: 'WRouter' })).body.code).toBe(67);
    // A device whose kind is not known yet is not refused: its kind is checked at its first hello.
    expect((await add(buildAdd())).body.code).toBe(0);
  });

  it('87: a mesh device into a traditional WLAN project; 88: a WLAN device into a mesh project', async () => {
    const wlan = await setup(0);
    const mesh = await setup(1);
    const [m, ap, wr, sw] = [nextSn(), nextSn(), nextSn(), nextSn()];
    await seedPending(t().database.db, { sn: m, type: 'mesh', model: 'NL-M1800' });
    await seedPending(t().database.db, { sn: ap, type: 'ap', model: 'NL-A1200C' });
    await seedPending(t().database.db, { sn: wr, type: 'wrouter', model: 'NL-W1200' });
    await seedPending(t().database.db, { sn: sw, type: 'switch', model: 'NL-S108' });
    expect((await wlan.add({ sn: m, name: 'Mesh' })).body.code).toBe(ERR.MESH_DEVICE_IN_WLAN_PROJECT);
    expect((await mesh.add({ sn: ap, name: 'AP' })).body.code).toBe(ERR.WLAN_DEVICE_IN_MESH_PROJECT);
    expect((await mesh.add({ sn: wr, name: 'WR' })).body.code).toBe(88);
    // Neutral kinds (switches, gateways, NVRs, cameras, CPE) fit either project.
    expect((await mesh.add({ sn: sw, name: 'Switch' })).body.code).toBe(0);
    expect((await mesh.add({ sn: m, name: 'Mesh' })).body.code).toBe(0);
  });

  it('254: the §9 kind limits (99 + 99 switches, 999 APs)', async () => {
    const { add, projectId } = await setup();
    await seedDevices(t().database.db, projectId, 198, 'switch');
    await seedDevices(t().database.db, projectId, PROJECT_MAX_APS, 'ap');
    const [sw, ap, nvr] = [nextSn(), nextSn(), nextSn()];
    await seedPending(t().database.db, { sn: sw, type: 'switch', model: 'NL-S108' });
    await seedPending(t().database.db, { sn: ap, type: 'ap', model: 'NL-A1200C' });
    await seedPending(t().database.db, { sn: nvr, type: 'nvr', model: 'NL-N4' });
    const r = await add({ sn: sw, name: 'Switch' });
    expect(r.body).toMatchObject({
      code: ERR.DEVICE_LIMIT,
      message: 'The project has reached its device limit.',
    });
    expect((await add({ sn: ap, name: 'AP' })).body.code).toBe(254);
    expect((await add({ sn: nvr, name: 'NVR' })).body.code).toBe(0);
  });

  it('916 for a read-only member, 73 for a stranger; members with rw add to the owner’s project', async () => {
    const owner = await setup();
    const viewer = await signedInUser(t());
    const manager = await signedInUser(t());
    await t()
      .database.db.insertInto('project_members')
      .values([
        {
          project_id: owner.projectId,
          account_id: viewer.accountId,
          right: 'r',
          created_at: new Date().toISOString(),
        },
        {
          project_id: owner.projectId,
          account_id: manager.accountId,
          right: 'rw',
          created_at: new Date().toISOString(),
        },
      ])
      .execute();
    const url = `/api/projects/${owner.projectId}/devices`;
    expect((await viewer.client.post(url, buildAdd())).body.code).toBe(ERR.READ_ONLY_SHARE);
    expect((await viewer.client.get(url)).body.code).toBe(0);
    expect((await manager.client.post(url, buildAdd())).body.code).toBe(0);
    const stranger = await signedInUser(t());
    expect((await stranger.client.get(url)).body.code).toBe(ERR.PROJECT_INVALID);
  });
});

describeEachDb('devices: the account device limit (1162)', (kind) => {
  const t = useTestApp(kind, { env: { ...DEVICE_ENV, ACCOUNT_DEVICE_LIMIT: '3' } });

  it('counts the devices of every project the owner owns, whoever adds them', async () => {
    const owner = await signedInUser(t());
    const p1 = await createProject(owner.client);
    const p2 = await createProject(owner.client);
    expect((await owner.client.post(`/api/projects/${p1}/devices`, buildAdd())).body.code).toBe(0);
    expect((await owner.client.post(`/api/projects/${p1}/devices`, buildAdd())).body.code).toBe(0);
    expect((await owner.client.post(`/api/projects/${p2}/devices`, buildAdd())).body.code).toBe(0);
    const r = await owner.client.post(`/api/projects/${p2}/devices`, buildAdd());
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      code: ERR.DEVICE_LIMIT_ALT,
      message: 'Your account has reached its device limit.',
    });
    // Another account's budget is its own.
    const other = await signedInUser(t());
    const p3 = await createProject(other.client);
    expect((await other.client.post(`/api/projects/${p3}/devices`, buildAdd())).body.code).toBe(0);
  });
});

describe('devices: ACCOUNT_DEVICE_LIMIT', () => {
  it('is a documented option', async () => {
    const { loadConfig } = await import('../src/config');
    expect(loadConfig({ ACCOUNT_DEVICE_LIMIT: '5' }).ACCOUNT_DEVICE_LIMIT).toBe(5);
    expect(() => loadConfig({ ACCOUNT_DEVICE_LIMIT: '0' })).toThrow(/ACCOUNT_DEVICE_LIMIT/);
  });
});
