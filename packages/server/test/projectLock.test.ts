import { ERR, errorMessage, type NetworkConfigView, type Project } from '@netloom/domain';
import { expect, it } from 'vitest';
import { buildAdd, createProject, DEVICE_ENV } from './devices.fixtures';
import { signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

// §3 project property "read-only", §6 "read-only projects cannot be configured", §8 173: the owner
// locks the configuration; every change by anyone is 173 until the owner unlocks it. A read-only
// share stays 916.

describeEachDb('read-only projects: the owner’s configuration lock (173)', (kind) => {
  const t = useTestApp(kind, { env: DEVICE_ENV });

  async function lockedProject() {
    const owner = await signedInUser(t());
    const projectId = await createProject(owner.client);
    const base = `/api/projects/${projectId}`;
    const added = await owner.client.post<{ id: number }>(`${base}/devices`, buildAdd({ name: 'Hall' }));
    expect(added.body.code).toBe(0);
    const deviceId = added.body.data?.id ?? 0;
    const lock = await owner.client.call<Project>('PUT', `${base}/lock`, { locked: true });
    expect(lock.body.code).toBe(0);
    expect(lock.body.data?.locked).toBe(true);
    return { owner, projectId, base, deviceId };
  }

  async function saveNetwork(client: Awaited<ReturnType<typeof signedInUser>>['client'], base: string) {
    const view = (await client.get<NetworkConfigView>(`${base}/config/network`)).body
      .data as NetworkConfigView;
    const settings = structuredClone(view.settings);
    settings.vlans.push({ id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false });
    return client.call('PUT', `${base}/config/network`, { baseVersion: view.version, settings });
  }

  it('refuses a configuration save and a device rename with 173, for the owner too; reads still work', async () => {
    const { owner, base, deviceId } = await lockedProject();
    const save = await saveNetwork(owner.client, base);
    expect(save.status).toBe(403);
    expect(save.body).toMatchObject({ code: ERR.READ_ONLY_PROJECT, message: errorMessage(173) });

    const rename = await owner.client.patch(`${base}/devices/${deviceId}`, { name: 'Lobby' });
    expect(rename.body.code).toBe(ERR.READ_ONLY_PROJECT);
    expect((await owner.client.patch(base, { name: 'Renamed' })).body.code).toBe(ERR.READ_ONLY_PROJECT);
    expect((await owner.client.post(`${base}/devices`, buildAdd())).body.code).toBe(ERR.READ_ONLY_PROJECT);
    expect((await owner.client.del(base)).body.code).toBe(ERR.READ_ONLY_PROJECT);

    const device = await owner.client.get<{ name: string }>(`${base}/devices/${deviceId}`);
    expect(device.body.data?.name).toBe('Hall');
    const project = await owner.client.get<Project>(base);
    expect(project.body.data).toMatchObject({ locked: true, name: expect.not.stringMatching('Renamed') });
  });

  it('only the owner switches the lock; a manager gets 173 on changes, a read-only share keeps 916', async () => {
    const { owner, projectId, base, deviceId } = await lockedProject();
    const manager = await signedInUser(t());
    const viewer = await signedInUser(t());
    await t()
      .database.db.insertInto('project_members')
      .values([
        { project_id: projectId, account_id: manager.accountId, right: 'rw', created_at: '2026-01-01' },
        { project_id: projectId, account_id: viewer.accountId, right: 'r', created_at: '2026-01-01' },
      ])
      .execute();

    expect((await saveNetwork(manager.client, base)).body.code).toBe(ERR.READ_ONLY_PROJECT);
    expect((await manager.client.call('PUT', `${base}/lock`, { locked: false })).body.code).toBe(
      ERR.NO_PERMISSION,
    );
    expect((await viewer.client.patch(`${base}/devices/${deviceId}`, { name: 'X' })).body.code).toBe(
      ERR.READ_ONLY_SHARE,
    );
    // Members see the lock in the project record.
    expect((await manager.client.get<Project>(base)).body.data?.locked).toBe(true);
    const list = await viewer.client.get<{ items: Project[] }>('/api/projects');
    expect(list.body.data?.items.find((p) => p.id === projectId)?.locked).toBe(true);

    // Unlocking is the one change a locked project takes; then everyone with rw may configure again.
    const unlock = await owner.client.call<Project>('PUT', `${base}/lock`, { locked: false });
    expect(unlock.body.data?.locked).toBe(false);
    expect((await saveNetwork(manager.client, base)).body.code).toBe(0);
    expect((await owner.client.patch(`${base}/devices/${deviceId}`, { name: 'Lobby' })).body.code).toBe(0);
    expect((await viewer.client.patch(`${base}/devices/${deviceId}`, { name: 'X' })).body.code).toBe(
      ERR.READ_ONLY_SHARE,
    );
  });

  it('a new project is not locked', async () => {
    const { client } = await signedInUser(t());
    const projectId = await createProject(client);
    expect((await client.get<Project>(`/api/projects/${projectId}`)).body.data?.locked).toBe(false);
  });
});
