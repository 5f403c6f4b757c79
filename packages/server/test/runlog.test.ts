/**
 * The system log (issue 13 §5) on SQLite and PostgreSQL: one project log with configuration saves,
 * a maintenance restart and its result (a device over MQTT that answers the job), a device going
 * offline and coming back (its connection really closed and reopened); the filters (time range,
 * device, kind, account); the CSV export of the filtered rows; each project's retention (7, 30, 90,
 * 180 days; the owner chooses, a read-only member sees it and is refused) applied by the retention
 * run at the injectable clock; members only.
 */
import {
  type AuditPage,
  type CommandJob,
  ERR,
  type NetworkConfigView,
  type RunlogAccounts,
  type RunlogPage,
  type RunlogSettings,
} from '@netloom/domain';
import { expect, it } from 'vitest';
import type { TestClient } from './client';
import { DUAL_BAND_AP, GATEWAY, useFakeDeviceProjects } from './configFakeDevice';
import { addMember, signedInUser } from './factories';
import { TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, type TestApp, useTestApp } from './harness';

const DAY = 86400_000;

async function download(t: TestApp, client: TestClient, url: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

describeEachDb('system log', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLRL');

  const page = async (projectId: number, query = '', client = kit.owner) =>
    (await client.get<RunlogPage>(`/api/projects/${projectId}/runlog${query}`)).body;

  /** Waits until the log (after the recorder's batch is written) holds an entry of `action`. */
  async function waitForAction(projectId: number, action: string, deviceId: number, after = 0) {
    const t = get();
    return waitFor(
      async () => {
        await t.app.features.runlog.flush();
        const body = await page(projectId, `?deviceId=${deviceId}`);
        return body.data?.items.find((e) => e.action === action && e.at > after);
      },
      { what: `${action} of device ${deviceId}` },
    );
  }

  it('records a configuration save, a restart and its result, and a device going offline and online', async () => {
    const t = get();
    const projectId = await kit.newProject();
    const gw = await kit.addDevice(projectId, GATEWAY);
    const ap = await kit.addDevice(projectId, DUAL_BAND_AP);
    // Both came online when they connected.
    await waitForAction(projectId, 'device.online', gw.id);
    await waitForAction(projectId, 'device.online', ap.id);

    // A configuration save (a VLAN), by the owner.
    t.clock.advance(60);
    const view = (await kit.owner.get<NetworkConfigView>(`/api/projects/${projectId}/config/network`)).body
      .data as NetworkConfigView;
    const settings = structuredClone(view.settings);
    settings.vlans.push({ id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false });
    const saved = await kit.owner.call('PUT', `/api/projects/${projectId}/config/network`, {
      baseVersion: 0,
      settings,
    });
    expect(saved.body.code).toBe(0);

    // A restart the device carries out, then one it refuses.
    t.clock.advance(60);
    ap.dev.replies.set('reboot', (cmd) => ({ id: cmd.id, ok: true }));
    const restart = await kit.owner.post<CommandJob>(
      `/api/projects/${projectId}/maintenance/devices/${ap.id}`,
      {
        action: 'reboot',
      },
    );
    expect(restart.body.code).toBe(0);
    const done = await waitForAction(projectId, 'maintenance.succeeded', ap.id);
    expect(done).toMatchObject({ kind: 'maintenance', deviceName: ap.sn, summary: 'Restart: done' });
    expect(done.account?.id).toBeGreaterThan(0);

    t.clock.advance(60);
    gw.dev.replies.set('reboot', (cmd) => ({ id: cmd.id, ok: false, code: 911, message: 'Device busy' }));
    const refused = await kit.owner.post(`/api/projects/${projectId}/maintenance/devices/${gw.id}`, {
      action: 'reboot',
    });
    expect(refused.body.code).toBe(0);
    const failed = await waitForAction(projectId, 'maintenance.failed', gw.id);
    expect(failed.summary).toBe('Restart: failed — Device busy (code 911)');

    // The AP drops off the network and comes back.
    t.clock.advance(60);
    await ap.dev.close();
    const offline = await waitForAction(projectId, 'device.offline', ap.id);
    expect(offline).toMatchObject({ kind: 'device', account: null, summary: `${ap.sn} went offline` });
    t.clock.advance(60);
    await ap.dev.boot();
    const online = await waitForAction(projectId, 'device.online', ap.id, offline.at);
    expect(online.summary).toBe(`${ap.sn} is online`);

    // All in one log, newest first.
    const all = (await page(projectId)).data as RunlogPage;
    const actions = all.items.map((e) => e.action);
    for (const a of ['config.save', 'device.reboot', 'maintenance.succeeded', 'maintenance.failed'])
      expect(actions).toContain(a);
    expect(all.items.map((e) => e.at)).toEqual([...all.items.map((e) => e.at)].sort((a, b) => b - a));
    expect(all.items[0]?.action).toBe('device.online');

    // The configuration change log ("who changed what") leaves the device and result rows out.
    const audit = (await kit.owner.get<AuditPage>(`/api/projects/${projectId}/audit`)).body.data as AuditPage;
    expect(audit.items.map((e) => e.action)).toContain('config.save');
    expect(audit.items.map((e) => e.action)).not.toContain('device.offline');
    expect(audit.items.map((e) => e.action)).not.toContain('maintenance.succeeded');

    // ── Filters ──
    const byKind = (await page(projectId, '?kind=device')).data as RunlogPage;
    // Both devices coming online when they connected, the AP going offline and coming back.
    expect(byKind.items.map((e) => e.action)).toEqual([
      'device.online',
      'device.offline',
      'device.online',
      'device.online',
    ]);
    const config = (await page(projectId, '?kind=config')).data as RunlogPage;
    expect(config.items.map((e) => e.action)).toContain('config.save');
    expect(config.items.every((e) => e.kind === 'config')).toBe(true);
    const ofGateway = (await page(projectId, `?deviceId=${gw.id}&kind=maintenance`)).data as RunlogPage;
    expect(ofGateway.items.map((e) => e.action)).toEqual(['maintenance.failed', 'device.reboot']);
    // The time range: only what happened in the minute of the refused restart.
    const at = failed.at;
    const inRange = (await page(projectId, `?from=${at - 30_000}&to=${at + 30_000}`)).data as RunlogPage;
    expect(inRange.items.map((e) => e.action).sort()).toEqual(['device.reboot', 'maintenance.failed']);
    // The account: the owner's actions; 0 the system's own (device transitions).
    const accountId = done.account?.id as number;
    const mine = (await page(projectId, `?accountId=${accountId}`)).data as RunlogPage;
    expect(mine.items.every((e) => e.account?.id === accountId)).toBe(true);
    expect(mine.items.map((e) => e.action)).not.toContain('device.online');
    const system = (await page(projectId, '?accountId=0')).data as RunlogPage;
    expect(system.items.every((e) => e.account === null)).toBe(true);
    expect(system.items.map((e) => e.action)).toContain('device.offline');
    const accounts = (await kit.owner.get<RunlogAccounts>(`/api/projects/${projectId}/runlog/accounts`)).body
      .data as RunlogAccounts;
    expect(accounts.items.map((a) => a.id)).toEqual([accountId]);
    // Paging.
    const first = (await page(projectId, '?pageSize=2')).data as RunlogPage;
    const second = (await page(projectId, '?pageSize=2&page=2')).data as RunlogPage;
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(all.total);
    expect(second.items[0]?.id).toBe(all.items[2]?.id);
    // A range the wrong way round.
    expect((await page(projectId, '?from=10&to=5')).code).toBe(ERR.INVALID_PARAMETERS);

    // ── CSV export of the filtered rows ──
    const csv = await download(
      t,
      kit.owner,
      `/api/projects/${projectId}/runlog/export.csv?deviceId=${gw.id}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="log-\d+-/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Time \([^)]+\),Kind,Event,Device,Account,Details$/);
    const ofGw = ((await page(projectId, `?deviceId=${gw.id}`)).data as RunlogPage).items;
    expect(lines).toHaveLength(ofGw.length + 1);
    expect(lines[1]).toContain(`Maintenance,Maintenance failed,${gw.sn},`);
    expect(lines[1]).toContain('Restart: failed — Device busy (code 911)');
    expect(lines.some((l) => l.includes('Restart,'))).toBe(true);
    const onlyDevice = await download(
      t,
      kit.owner,
      `/api/projects/${projectId}/runlog/export.csv?kind=device`,
    );
    const deviceLines = onlyDevice.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1);
    expect(deviceLines).toHaveLength(4);
    expect(deviceLines.every((l) => l.includes(',Device status,'))).toBe(true);
    expect(deviceLines.every((l) => l.includes(',System,'))).toBe(true);
  });

  it('the export streams many rows in batches, newest first', async () => {
    const t = get();
    const projectId = await kit.newProject();
    const now = t.clock.now();
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      project_id: projectId,
      account_id: null,
      device_id: null,
      device_name: null,
      action: 'device.online',
      summary: `entry ${i}`,
      created_at: now - i * 1000,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.database.db
        .insertInto('audit_log')
        .values(rows.slice(i, i + 500))
        .execute();
    const csv = await download(t, kit.owner, `/api/projects/${projectId}/runlog/export.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1);
    expect(lines).toHaveLength(2500);
    expect(lines[0]).toContain('entry 0');
    expect(lines[2499]).toContain('entry 2499');
    expect(new Set(lines).size).toBe(2500);
  });

  it('retention: each project keeps its log for its own choice; the owner chooses, a read-only member sees it', async () => {
    const t = get();
    const seven = await kit.newProject();
    const half = await kit.newProject();
    const never = await kit.newProject();
    const url = (p: number) => `/api/projects/${p}/runlog/settings`;
    // Never chosen: the server's default (TELEMETRY_RETENTION_DAYS, 30).
    expect((await kit.owner.get<RunlogSettings>(url(never))).body.data).toEqual({
      retentionDays: 30,
      chosen: false,
      canEdit: true,
    });
    expect(
      (await kit.owner.call<RunlogSettings>('PUT', url(seven), { retentionDays: 7 })).body.data,
    ).toMatchObject({
      retentionDays: 7,
      chosen: true,
    });
    expect((await kit.owner.call('PUT', url(half), { retentionDays: 180 })).body.code).toBe(0);
    expect((await kit.owner.call('PUT', url(half), { retentionDays: 45 })).body.code).toBe(
      ERR.INVALID_PARAMETERS,
    );

    // A read-only member sees the choice, cannot change it; a manager cannot either (owner only).
    const viewer = await signedInUser(t);
    await addMember(t, seven, viewer.accountId, 'r');
    expect((await viewer.client.get<RunlogSettings>(url(seven))).body.data).toEqual({
      retentionDays: 7,
      chosen: true,
      canEdit: false,
    });
    // Owner only: the guard's owner-only answer for a read-only member and a manager alike.
    expect((await viewer.client.call('PUT', url(seven), { retentionDays: 180 })).body.code).toBe(
      ERR.NO_PERMISSION,
    );
    const manager = await signedInUser(t);
    await addMember(t, seven, manager.accountId, 'rw');
    expect((await manager.client.call('PUT', url(seven), { retentionDays: 180 })).body.code).toBe(
      ERR.NO_PERMISSION,
    );
    expect((await kit.owner.get<RunlogSettings>(url(seven))).body.data?.retentionDays).toBe(7);
    // The read-only member reads the log itself.
    expect((await page(seven, '', viewer.client)).code).toBe(0);

    // Entries 1, 10, 40, 100 and 200 days old in each project.
    t.clock.advance(3 * 3600);
    const now = t.clock.now();
    const ages = [1, 10, 40, 100, 200];
    for (const p of [seven, half, never]) {
      await t.database.db
        .insertInto('audit_log')
        .values(
          ages.map((d) => ({
            project_id: p,
            account_id: null,
            device_id: null,
            device_name: null,
            action: 'device.offline',
            summary: `${d} days ago`,
            created_at: now - d * DAY,
          })),
        )
        .execute();
    }
    expect(await t.app.features.telemetry.retentionTick()).toBe(true);
    const kept = async (p: number) =>
      ((await page(p, '?kind=device')).data as RunlogPage).items.map((e) => e.summary);
    expect(await kept(seven)).toEqual(['1 days ago']);
    expect(await kept(half)).toEqual(['1 days ago', '10 days ago', '40 days ago', '100 days ago']);
    expect(await kept(never)).toEqual(['1 days ago', '10 days ago']);
  });

  it('members only: a stranger gets 73 from every route; read-only members read but do not choose', async () => {
    const t = get();
    const projectId = await kit.newProject();
    const stranger = await signedInUser(t);
    const base = `/api/projects/${projectId}/runlog`;
    for (const u of [base, `${base}/accounts`, `${base}/settings`])
      expect((await stranger.client.get(u)).body.code).toBe(ERR.PROJECT_INVALID);
    expect((await download(t, stranger.client, `${base}/export.csv`)).json().code).toBe(ERR.PROJECT_INVALID);
    expect((await stranger.client.call('PUT', `${base}/settings`, { retentionDays: 7 })).body.code).toBe(
      ERR.PROJECT_INVALID,
    );
  });

  it('a member’s sign-in into a shared project is logged once per session, the owner’s never', async () => {
    const t = get();
    const projectId = await kit.newProject();
    const member = await signedInUser(t);
    await addMember(t, projectId, member.accountId, 'r');
    const signIns = async () => ((await page(projectId, '?kind=access')).data as RunlogPage).items;
    // The owner's own requests are no sign-in into a shared project.
    expect(await signIns()).toHaveLength(0);
    // The member opens the project: several requests, one entry.
    for (const path of ['', '/runlog', '/runlog/accounts'])
      expect((await member.client.get(`/api/projects/${projectId}${path}`)).body.code).toBe(0);
    await waitFor(async () => ((await signIns()).length === 1 ? true : undefined), {
      what: 'the sign-in logged',
    });
    expect((await signIns())[0]).toMatchObject({
      action: 'project.signIn',
      summary: 'Opened the project with read-only access',
      account: { id: member.accountId },
    });
    // Another node (or this one restarted) tells the same session's visit again: still one entry.
    const session = await t.database.db
      .selectFrom('sessions')
      .select(['id', 'created_at'])
      .where('account_id', '=', member.accountId)
      .executeTakeFirstOrThrow();
    await t.app.features.runlog.visited({
      projectId,
      accountId: member.accountId,
      right: 'r',
      sessionId: session.id,
      sessionOpenedAt: Date.parse(session.created_at),
    });
    expect(await signIns()).toHaveLength(1);
    // A new sign-in of the member is a new entry.
    await t.app.features.runlog.visited({
      projectId,
      accountId: member.accountId,
      right: 'r',
      sessionId: session.id + 1000,
      sessionOpenedAt: Date.now() + 1,
    });
    expect(await signIns()).toHaveLength(2);
  });
});
