import {
  type AuditPage,
  type CommandJob,
  type ConfigDiff,
  type ConfigRevisionDetail,
  type ConfigRevisionPage,
  configConflictSchema,
  errorMessage,
  type NetworkConfigView,
  type RouteTable,
  type SaveConfigResult,
  type SwitchConfigView,
} from '@netloom/domain';
import { expect, it } from 'vitest';
import { GATEWAY, POE_SWITCH, useFakeDeviceProjects } from './configFakeDevice';
import { signedInUser } from './factories';
import { TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

describeEachDb('configuration API (rules, history, audit, actions)', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLA');
  const { newProject, addDevice } = kit;

  async function network(projectId: number, client = kit.owner) {
    return (await client.get<NetworkConfigView>(`/api/projects/${projectId}/config/network`)).body
      .data as NetworkConfigView;
  }

  function putNetwork(projectId: number, baseVersion: number, settings: unknown, client = kit.owner) {
    return client.call<SaveConfigResult>('PUT', `/api/projects/${projectId}/config/network`, {
      baseVersion,
      settings,
    });
  }

  function withVlan(settings: NetworkConfigView['settings'], id: number, name: string) {
    const s = structuredClone(settings);
    s.vlans.push({ id, name, ip: `192.168.${id}.1`, mask: '255.255.255.0', dhcp: false });
    return s;
  }

  it('factory settings at version 0 with the gateway facts; 400 with issues for a malformed document', async () => {
    const projectId = await newProject();
    await addDevice(projectId, GATEWAY);
    const view = await network(projectId);
    expect(view.version).toBe(0);
    expect(view.settings.wan.map((w) => w.port)).toEqual([1, 2]);
    expect(view.gateway).toMatchObject({ model: 'NL-G300', online: true, wanPorts: [{ id: 1 }, { id: 2 }] });
    expect(view.gateway?.rules.vlans).toBeGreaterThan(0);
    const bad = await putNetwork(projectId, 0, { lan: { ip: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    expect(bad.body.issues?.length).toBeGreaterThan(0);
  });

  it('414 on a stale baseVersion, and exactly one of two parallel saves wins', async () => {
    const projectId = await newProject();
    const base = (await network(projectId)).settings;
    expect((await putNetwork(projectId, 0, withVlan(base, 20, 'Guest'))).body.code).toBe(0);
    const stale = await putNetwork(projectId, 0, withVlan(base, 30, 'Office'));
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ code: 414 });

    const [a, b] = await Promise.all([
      putNetwork(projectId, 1, withVlan(base, 40, 'Cams')),
      putNetwork(projectId, 1, withVlan(base, 50, 'Voice')),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([0, 414]);
    const after = await network(projectId);
    expect(after.version).toBe(2);
    const winner = a.body.code === 0 ? 40 : 50;
    expect(after.settings.vlans.map((v) => v.id)).toEqual([winner]);

    // Two parallel first saves of a switch document: the unique key decides.
    const project2 = await newProject();
    const [c, d] = await Promise.all([
      putNetwork(project2, 0, withVlan(base, 20, 'Guest')),
      putNetwork(project2, 0, withVlan(base, 30, 'Office')),
    ]);
    expect([c.body.code, d.body.code].sort()).toEqual([0, 414]);
    const revs = await get()
      .database.db.selectFrom('config_revisions')
      .select('version')
      .where('project_id', '=', project2)
      .execute();
    expect(revs).toEqual([{ version: 1 }]);
  });

  it('414 carries the newer version to review (version, revision, who, when, summary), also after a race', async () => {
    const projectId = await newProject();
    const base = (await network(projectId)).settings;
    const saved = await putNetwork(projectId, 0, withVlan(base, 20, 'Guest'));
    const stale = await putNetwork(projectId, 0, withVlan(base, 30, 'Office'));
    expect(stale.body.code).toBe(414);
    const data = configConflictSchema.parse(stale.body.data);
    const revisions = (
      await kit.owner.get<ConfigRevisionPage>(`/api/projects/${projectId}/config/revisions?kind=network`)
    ).body.data as ConfigRevisionPage;
    const newest = revisions.items[0];
    expect(data).toEqual({
      version: 1,
      revisionId: saved.body.data?.revisionId,
      savedBy: newest?.account,
      savedAt: newest?.createdAt,
      summary: 'Added VLAN 20 "Guest"',
    });
    expect(data.savedBy?.nick).toBeTruthy();

    // The loser of two parallel saves learns the winner's version; saving on top of it then works.
    const [a, b] = await Promise.all([
      putNetwork(projectId, 1, withVlan(base, 40, 'Cams')),
      putNetwork(projectId, 1, withVlan(base, 50, 'Voice')),
    ]);
    const [won, lost] = a.body.code === 0 ? [a, b] : [b, a];
    expect(lost.body.code).toBe(414);
    const conflict = configConflictSchema.parse(lost.body.data);
    expect(conflict).toMatchObject({ version: 2, revisionId: won.body.data?.revisionId });
    const mine = await putNetwork(projectId, conflict.version, withVlan(base, 60, 'Mine'));
    expect(mine.body.data?.version).toBe(3);
  });

  it('history, diff, restore (a new version) and the audit log', async () => {
    const projectId = await newProject();
    const base = (await network(projectId)).settings;
    const v1 = await putNetwork(projectId, 0, withVlan(base, 20, 'Guest'));
    const v2 = await putNetwork(projectId, 1, withVlan(withVlan(base, 20, 'Guest'), 30, 'Office'));
    expect(v2.body.data?.summary).not.toBe('No changes');

    const page = (
      await kit.owner.get<ConfigRevisionPage>(`/api/projects/${projectId}/config/revisions?kind=network`)
    ).body.data as ConfigRevisionPage;
    expect(page.total).toBe(2);
    expect(page.items.map((r) => r.version)).toEqual([2, 1]);
    expect(page.items[0]?.account?.id).toBeTypeOf('number');

    const r1 = v1.body.data?.revisionId ?? 0;
    const detail = (
      await kit.owner.get<ConfigRevisionDetail>(`/api/projects/${projectId}/config/revisions/${r1}`)
    ).body.data as ConfigRevisionDetail;
    expect((detail.settings as { vlans: unknown[] }).vlans).toHaveLength(1);

    const diff = (await kit.owner.get<ConfigDiff>(`/api/projects/${projectId}/config/diff?from=${r1}`)).body
      .data as ConfigDiff;
    expect(diff.to.version).toBe(2);
    expect(diff.entries.length).toBeGreaterThan(0);
    expect(diff.entries.some((e) => e.op === 'added')).toBe(true);

    const stale = await kit.owner.post(`/api/projects/${projectId}/config/revisions/${r1}/restore`, {
      baseVersion: 1,
    });
    expect(stale.body.code).toBe(414);
    const restored = await kit.owner.post<SaveConfigResult>(
      `/api/projects/${projectId}/config/revisions/${r1}/restore`,
      {
        baseVersion: 2,
      },
    );
    expect(restored.body.data?.version).toBe(3);
    const now = await network(projectId);
    expect(now.version).toBe(3);
    expect(now.settings.vlans.map((v) => v.id)).toEqual([20]);
    const latest = (await kit.owner.get<ConfigRevisionPage>(`/api/projects/${projectId}/config/revisions`))
      .body.data as ConfigRevisionPage;
    expect(latest.items[0]).toMatchObject({ version: 3, restoredFrom: 1 });

    const audit = (await kit.owner.get<AuditPage>(`/api/projects/${projectId}/audit`)).body.data as AuditPage;
    expect(audit.items.map((e) => e.action)).toEqual(['config.restore', 'config.save', 'config.save']);
    expect(audit.items[0]?.summary).toContain('restored version 1');
  });

  it('read-only share: reading works, saving is 916; demo guard and rights come first', async () => {
    const projectId = await newProject();
    const viewer = await signedInUser(get());
    await get()
      .database.db.insertInto('project_members')
      .values({
        project_id: projectId,
        account_id: viewer.accountId,
        right: 'r',
        created_at: new Date().toISOString(),
      })
      .execute();
    const view = await network(projectId, viewer.client);
    expect(view.version).toBe(0);
    const res = await putNetwork(projectId, 0, view.settings, viewer.client);
    expect(res.body.code).toBe(916);
    const stranger = await signedInUser(get());
    expect((await putNetwork(projectId, 0, view.settings, stranger.client)).body.code).toBe(73);
  });

  it('§6 on device saves: local mode 76, secondary mesh node 912, not a switch 913, old firmware 415', async () => {
    const projectId = await newProject();
    const path = (id: number) => `/api/projects/${projectId}/devices/${id}/config/switching`;
    const sw = await addDevice(projectId, POE_SWITCH);
    const settings = ((await kit.owner.get<SwitchConfigView>(path(sw.id))).body.data as SwitchConfigView)
      .settings;

    const local = await addDevice(projectId, {
      ...POE_SWITCH,
      state: { ...POE_SWITCH.state, managementMode: 2 },
    });
    expect((await kit.owner.call('PUT', path(local.id), { baseVersion: 0, settings })).body.code).toBe(76);

    const mesh = await addDevice(projectId, {
      model: 'NL-M1800',
      type: 'mesh',
      firmwareVersion: 'V1.0.0',
      state: { meshRole: 1 },
    });
    expect((await kit.owner.call('PUT', path(mesh.id), { baseVersion: 0, settings })).body.code).toBe(912);

    const gw = await addDevice(projectId, GATEWAY);
    expect((await kit.owner.call('PUT', path(gw.id), { baseVersion: 0, settings })).body.code).toBe(913);

    const old = await addDevice(projectId, { ...POE_SWITCH, firmwareVersion: 'V0.9.0' });
    expect((await kit.owner.call('PUT', path(old.id), { baseVersion: 0, settings })).body.code).toBe(415);

    // A project-level save skips local-mode devices with 133 and still reaches the others.
    const base = (await network(projectId)).settings;
    const res = await putNetwork(projectId, 0, withVlan(base, 20, 'Guest'));
    expect(res.body.code).toBe(0);
    expect(res.body.data?.delivery.skipped).toContainEqual(
      expect.objectContaining({ deviceId: local.id, code: 133 }),
    );
    expect(res.body.data?.delivery.skipped.map((s) => s.deviceId)).not.toContain(sw.id);
  });

  it("§5 rules refuse with the first issue's code and list every issue (EEE on a port in use 416)", async () => {
    const projectId = await newProject();
    const sw = await addDevice(projectId, POE_SWITCH);
    const path = `/api/projects/${projectId}/devices/${sw.id}/config/switching`;
    const settings = ((await kit.owner.get<SwitchConfigView>(path)).body.data as SwitchConfigView).settings;
    const bad = structuredClone(settings);
    for (const p of bad.ports) if (p.id === 1) p.eee = true; // port 1 has a link now
    const res = await kit.owner.call('PUT', path, { baseVersion: 0, settings: bad });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 416, message: errorMessage(416) });
    expect(res.body.issues?.some((i) => i.path.endsWith('eee'))).toBe(true);
    const nothing = await get()
      .database.db.selectFrom('config_documents')
      .selectAll()
      .where('project_id', '=', projectId)
      .execute();
    expect(nothing).toEqual([]);
  });

  it('route table: read through a routeTable command; 412 without a gateway, 36 offline', async () => {
    const empty = await newProject();
    expect((await kit.owner.get(`/api/projects/${empty}/network/route-table`)).body.code).toBe(412);

    const projectId = await newProject();
    const gw = await addDevice(projectId, GATEWAY);
    gw.dev.replies.set('routeTable', (cmd) => ({
      id: cmd.id,
      ok: true,
      result: {
        routes: [
          {
            destination: '0.0.0.0',
            mask: '0.0.0.0',
            gateway: '100.64.0.1',
            interface: 'WAN1',
            metric: 0,
            type: 'default',
          },
        ],
      },
    }));
    const res = await kit.owner.get<RouteTable>(`/api/projects/${projectId}/network/route-table`);
    expect(res.body.code).toBe(0);
    expect(res.body.data?.deviceId).toBe(gw.id);
    expect(res.body.data?.entries).toEqual([
      {
        destination: '0.0.0.0',
        mask: '0.0.0.0',
        gateway: '100.64.0.1',
        interface: 'WAN1',
        metric: 0,
        type: 'default',
      },
    ]);
    expect(gw.dev.commands.map((c) => c.name)).toEqual(['routeTable']);

    await gw.dev.close();
    await waitFor(() => (get().app.devicePlane.gateway.isConnected(gw.sn) ? undefined : true));
    expect((await kit.owner.get(`/api/projects/${projectId}/network/route-table`)).body.code).toBe(36);
  });

  it('PoE reboot: a poeReboot job with an audit row; 400 on a port without PoE; 36 offline', async () => {
    const projectId = await newProject();
    const sw = await addDevice(projectId, POE_SWITCH);
    const path = (port: number) => `/api/projects/${projectId}/devices/${sw.id}/ports/${port}/poe-reboot`;
    const job = await kit.owner.post<CommandJob>(path(2));
    expect(job.body.code).toBe(0);
    expect(job.body.data).toMatchObject({ name: 'poeReboot', deviceId: sw.id, status: 'sent' });
    await waitFor(() => sw.dev.commands.find((c) => c.name === 'poeReboot'));
    expect(sw.dev.commands[0]?.args).toEqual({ port: 2 });
    expect((await kit.owner.post(path(9))).body.code).toBe(400); // the SFP cage has no PoE
    const audit = (await kit.owner.get<AuditPage>(`/api/projects/${projectId}/audit?deviceId=${sw.id}`)).body
      .data as AuditPage;
    expect(audit.items).toEqual([expect.objectContaining({ action: 'port.poeReboot', deviceId: sw.id })]);

    await sw.dev.close();
    await waitFor(() => (get().app.devicePlane.gateway.isConnected(sw.sn) ? undefined : true));
    expect((await kit.owner.post(path(2))).body.code).toBe(36);
  });
});
