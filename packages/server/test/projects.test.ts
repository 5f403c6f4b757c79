import { ERR, errorMessage, type Project, type ProjectList, type ProjectsOverview } from '@netloom/domain';
import { expect, it } from 'vitest';
import { ProjectStore } from '../src/features/projects/store';
import { buildProject, signedInUser } from './factories';
import { describeEachDb, type TestApp, useTestApp } from './harness';

async function addDevice(t: TestApp, projectId: number, sn: string, status: number) {
  await t.database.db
    .insertInto('devices')
    .values({ project_id: projectId, sn, type: 'ap', name: sn, status, created_at: new Date().toISOString() })
    .execute();
}

describeEachDb('projects', (kind) => {
  const t = useTestApp(kind, { env: { PROJECT_LIMIT: '3', DAILY_PROJECT_LIMIT: '4' } });

  it('keeps an IANA time zone, refuses an unknown one with 436, and reads an old offset as its zone', async () => {
    const { client } = await signedInUser(t());
    const lisbon = await client.post<Project>('/api/projects', buildProject({ timeZone: 'Europe/Lisbon' }));
    expect(lisbon.body.data?.timeZone).toBe('Europe/Lisbon');
    const id = lisbon.body.data?.id;
    const moved = await client.patch<Project>(`/api/projects/${id}`, { timeZone: 'America/New_York' });
    expect(moved.body.data?.timeZone).toBe('America/New_York');
    expect((await client.get<Project>(`/api/projects/${id}`)).body.data?.timeZone).toBe('America/New_York');

    for (const bad of ['Mars/Olympus_Mons', 'europe/lisbon', '+01:00', 'WEST', 7.25]) {
      const refused = await client.patch(`/api/projects/${id}`, { timeZone: bad });
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body).toMatchObject({
        code: ERR.UNKNOWN_TIME_ZONE,
        issues: [{ path: 'timeZone', message: errorMessage(ERR.UNKNOWN_TIME_ZONE) }],
      });
    }
    const refusedCreate = await client.post('/api/projects', buildProject({ timeZone: 'Lisbon' }));
    expect(refusedCreate.body.code).toBe(ERR.UNKNOWN_TIME_ZONE);
    expect((await client.get<Project>(`/api/projects/${id}`)).body.data?.timeZone).toBe('America/New_York');

    // Clients written before IANA zones still send an offset: it becomes migration 0008's zone.
    const legacy = await client.patch<Project>(`/api/projects/${id}`, { timeZone: 5.5 });
    expect(legacy.body.data?.timeZone).toBe('Asia/Kolkata');
  });

  it('creates, lists (search, netMode filter), reads, edits and deletes', async () => {
    const { client } = await signedInUser(t());
    const a = await client.post<Project>(
      '/api/projects',
      buildProject({ name: 'Harbor Hotel', location: 'Xiamen' }),
    );
    expect(a.body.code).toBe(0);
    expect(a.body.data).toMatchObject({
      name: 'Harbor Hotel',
      netMode: 0,
      right: 'own',
      isShare: false,
      timeZone: 'Asia/Shanghai', // the spec's default "+8" (§9)
    });
    const b = await client.post<Project>(
      '/api/projects',
      buildProject({ name: 'Mall_50%', netMode: 1, timeZone: 'Asia/Kolkata' }),
    );
    expect(b.body.data?.timeZone).toBe('Asia/Kolkata');

    const all = await client.get<ProjectList>('/api/projects');
    expect(all.body.data?.total).toBe(2);
    expect(
      (await client.get<ProjectList>('/api/projects?q=harbor')).body.data?.items.map((p) => p.name),
    ).toEqual(['Harbor Hotel']);
    expect((await client.get<ProjectList>('/api/projects?q=xiamen')).body.data?.total).toBe(1);
    // LIKE wildcards in the search are literal.
    expect((await client.get<ProjectList>('/api/projects?q=50%25')).body.data?.total).toBe(1);
    expect((await client.get<ProjectList>('/api/projects?q=%25')).body.data?.total).toBe(1);
    expect(
      (await client.get<ProjectList>('/api/projects?netMode=1')).body.data?.items.map((p) => p.name),
    ).toEqual(['Mall_50%']);
    expect((await client.get('/api/projects?netMode=7')).body.code).toBe(ERR.INVALID_PARAMETERS);

    const id = a.body.data?.id;
    const edited = await client.patch<Project>(`/api/projects/${id}`, {
      name: 'Harbour Hotel',
      scenario: 'mall',
    });
    expect(edited.body.data).toMatchObject({ name: 'Harbour Hotel', scenario: 'mall', location: 'Xiamen' });
    expect((await client.get<Project>(`/api/projects/${id}`)).body.data?.name).toBe('Harbour Hotel');
    expect((await client.del(`/api/projects/${id}`)).body).toEqual({ code: 0, data: {} });
    expect((await client.get(`/api/projects/${id}`)).body.code).toBe(ERR.PROJECT_INVALID);
  });

  it('validates with the domain schemas (name max 18)', async () => {
    const { client } = await signedInUser(t());
    const r = await client.post('/api/projects', { name: 'x'.repeat(19), netMode: 0, scenario: 'hotel' });
    expect(r.status).toBe(400);
    expect(r.body.issues?.[0]?.path).toBe('name');
  });

  it('140 past the project limit; 1160 past the daily creation limit (deleted ones still count)', async () => {
    const { client } = await signedInUser(t());
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await client.post<Project>('/api/projects', buildProject())).body.data?.id ?? 0);
    const over = await client.post('/api/projects', buildProject());
    expect(over.body.code).toBe(ERR.PROJECT_LIMIT);
    await client.del(`/api/projects/${ids[0]}`);
    expect((await client.post('/api/projects', buildProject())).body.code).toBe(0);
    await client.del(`/api/projects/${ids[1]}`);
    const daily = await client.post('/api/projects', buildProject());
    expect(daily.body.code).toBe(ERR.DAILY_PROJECT_LIMIT);
    t().clock.advance(24 * 3600);
    // A new UTC day: allowed again (the session is still valid).
    expect((await client.post('/api/projects', buildProject())).body.code).toBe(0);
  });

  it('every project route checks membership (73), read-only (916) and owner-only delete (403)', async () => {
    const owner = await signedInUser(t());
    const reader = await signedInUser(t());
    const manager = await signedInUser(t());
    const stranger = await signedInUser(t());
    const p = (await owner.client.post<Project>('/api/projects', buildProject())).body.data as Project;
    const store = new ProjectStore(t().database.db);
    await store.setMember(p.id, reader.accountId, 'r', new Date().toISOString());
    await store.setMember(p.id, manager.accountId, 'rw', new Date().toISOString());

    for (const [method, body] of [['GET'], ['PATCH', { name: 'X' }], ['DELETE']] as const) {
      const r = await stranger.client.call(method, `/api/projects/${p.id}`, body);
      expect(r.body.code).toBe(ERR.PROJECT_INVALID);
      expect(r.status).toBe(404);
    }
    expect((await stranger.client.get('/api/projects/999999')).body.code).toBe(ERR.PROJECT_INVALID);
    expect((await stranger.client.get<ProjectList>('/api/projects')).body.data?.total).toBe(0);

    const seen = await reader.client.get<Project>(`/api/projects/${p.id}`);
    expect(seen.body.data).toMatchObject({
      right: 'r',
      isShare: true,
      ownerNick: expect.stringMatching(/./),
    });
    const ro = await reader.client.patch(`/api/projects/${p.id}`, { name: 'Nope' });
    expect(ro.status).toBe(403);
    expect(ro.body.code).toBe(ERR.READ_ONLY_SHARE);
    expect((await reader.client.del(`/api/projects/${p.id}`)).body.code).toBe(ERR.NO_PERMISSION);

    expect(
      (await manager.client.patch<Project>(`/api/projects/${p.id}`, { name: 'Managed' })).body.data?.right,
    ).toBe('rw');
    const del = await manager.client.del(`/api/projects/${p.id}`);
    expect(del.status).toBe(403);
    expect(del.body.code).toBe(ERR.NO_PERMISSION);
    expect((await owner.client.del(`/api/projects/${p.id}`)).body.code).toBe(0);
  });

  it('counts real devices; netMode is fixed once the project has devices (153 on netMode)', async () => {
    const { client } = await signedInUser(t());
    const p = (await client.post<Project>('/api/projects', buildProject({ netMode: 0 }))).body
      .data as Project;
    expect((await client.patch<Project>(`/api/projects/${p.id}`, { netMode: 1 })).body.data?.netMode).toBe(1);
    await addDevice(t(), p.id, `SN${p.id}A000000000001`, 1);
    await addDevice(t(), p.id, `SN${p.id}A000000000002`, 0);
    await addDevice(t(), p.id, `SN${p.id}A000000000003`, 9);
    const got = (await client.get<Project>(`/api/projects/${p.id}`)).body.data;
    expect(got).toMatchObject({ deviceCount: 3, onlineCount: 1 });
    const locked = await client.patch(`/api/projects/${p.id}`, { netMode: 0 });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe(ERR.NET_MODE_LOCKED_BY_DEVICES);
    expect(locked.body.issues).toEqual([
      { path: 'netMode', message: expect.stringContaining('cannot be changed') },
    ]);
    // Same netMode again, or other fields, are fine.
    expect((await client.patch(`/api/projects/${p.id}`, { netMode: 1, name: 'Still mesh' })).body.code).toBe(
      0,
    );

    const overview = (await client.get<ProjectsOverview>('/api/projects/overview')).body.data;
    expect(overview).toMatchObject({
      projects: 1,
      ownProjects: 1,
      sharedProjects: 0,
      wlanProjects: 0,
      meshProjects: 1,
      devices: 3,
      onlineDevices: 1,
    });
    expect(overview?.recent[0]?.name).toBe('Still mesh');
  });

  it('project routes need a session (401)', async () => {
    const r = await t().app.inject({ method: 'GET', url: '/api/projects' });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe(ERR.NOT_SIGNED_IN);
  });
});
