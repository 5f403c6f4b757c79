/**
 * Configuration backup and restore (issue 13 §2; spec §3 fields, §4 sync and restore points, §8
 * codes 31, 33, 187, §9 cap and interval) through the API, with REAL simulated devices
 * (@netloom/sim over the embedded broker) that upload their file and restore it — and fake devices
 * for the refusals and the broken uploads. On SQLite and PostgreSQL.
 */
import { createHash } from 'node:crypto';
import {
  type AuditPage,
  BACKUP_MAX_PER_PROJECT,
  type BackupCreateResult,
  type BackupList,
  type BackupRestoreResult,
  type BackupView,
  ERR,
  type SwitchConfigView,
} from '@netloom/domain';
import type { Body, CommandMessage } from '@netloom/protocol';
import type { Fleet, VirtualDevice } from '@netloom/sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DUAL_BAND_AP, type FakeIdentity, useFakeDeviceProjects } from './configFakeDevice';
import { addMember, demoProjectOf, signedInUser } from './factories';
import { TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';
import { startSimulatedProject } from './simFleetKit';

/** Seed 1, 10 devices, office: a gateway, a PoE switch, an NVR, 5 APs and a CPE pair. */
const FLEET = { seed: 1, devices: 10, mix: 'office' } as const;
/** A simulated minute per real second: the restart after a restore takes about a second. */
const TIME_FACTOR = 60;
const SLOW = { timeoutMs: 30_000 };
const MINUTES_3 = 3 * 60_000;

const MESH_SECONDARY: FakeIdentity = {
  model: 'NL-M1800',
  type: 'mesh',
  firmwareVersion: 'V1.0.0',
  state: { meshRole: 1 },
};

/** A `backup` reply with a file of `text`, optionally with a wrong SHA-256. */
function fileReply(cmd: CommandMessage, model: string, text: string, badHash = false): Body<'reply'> {
  const bytes = Buffer.from(text);
  const sha256 = createHash('sha256')
    .update(badHash ? Buffer.from('other') : bytes)
    .digest('hex');
  return {
    id: cmd.id,
    ok: true,
    result: {
      file: { content: bytes.toString('base64'), size: bytes.length, sha256, model, configVersion: 0 },
    },
  };
}

describeEachDb('configuration backup and restore', (kind) => {
  const get = useTestApp(kind, { env: { PROVISIONING_KEY: TEST_KEY } });
  /** The server's clock runs this far ahead of real time (the 3-minute rule without waiting). */
  let ahead = 0;
  beforeAll(() => {
    get().clock.now = () => Date.now() + ahead;
  });
  const kit = useFakeDeviceProjects(get, 'NLB');
  let projectId = 0;
  let fleet: Fleet;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    const t = get();
    projectId = await kit.newProject();
    const started = await startSimulatedProject(t, kit.owner, projectId, FLEET, {
      timeFactor: TIME_FACTOR,
      timeoutMs: SLOW.timeoutMs,
    });
    fleet = started.fleet;
    for (const [sn, id] of started.ids) ids.set(sn, id);
  }, 60_000);

  afterAll(async () => {
    await fleet?.stop();
  });

  const ofKind = (k: string): VirtualDevice[] => fleet.devices.filter((d) => d.model.kind === k);
  const idOf = (d: VirtualDevice): number => ids.get(d.sn) as number;
  const url = (pid = projectId) => `/api/projects/${pid}/backups`;
  const list = async (pid = projectId): Promise<BackupList> =>
    (await kit.owner.get<BackupList>(url(pid))).body.data as BackupList;
  const backupNow = async (deviceIds: number[], pid = projectId) =>
    (await kit.owner.post<BackupCreateResult>(url(pid), { deviceIds })).body;
  /** Waits until the backup's sync ends (success or fail) and returns it. */
  const settled = (id: number, pid = projectId): Promise<BackupView> =>
    waitFor(
      async () => {
        const b = (await list(pid)).backups.find((x) => x.id === id);
        return b && (b.sync === 'success' || b.sync === 'fail') ? b : undefined;
      },
      { ...SLOW, what: `backup ${id} synchronised` },
    );
  const switchUrl = (deviceId: number) => `/api/projects/${projectId}/devices/${deviceId}/config/switching`;
  async function saveRemark(deviceId: number, remark: string): Promise<void> {
    const view = (await kit.owner.get<SwitchConfigView>(switchUrl(deviceId))).body.data as SwitchConfigView;
    const settings = structuredClone(view.settings);
    const port = settings.ports[0];
    if (!port) throw new Error('no port settings');
    port.remark = remark;
    const res = await kit.owner.call('PUT', switchUrl(deviceId), { baseVersion: view.version, settings });
    expect(res.body.code).toBe(0);
  }
  /** A GET whose answer is a file, not the JSON envelope. */
  const rawGet = (path: string) =>
    get().app.inject({
      method: 'GET',
      url: path,
      headers: { cookie: [...kit.owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
  const appliedRemark = (d: VirtualDevice) => d.appliedDocument?.switching?.ports[0]?.remark;
  /** Moves the server's clock past the 3-minute interval. */
  const pastInterval = () => {
    ahead += MINUTES_3 + 1000;
  };

  let first: BackupView;
  /** The switch's restore point (made in the restore-point test, restored in the restore test). */
  let restorePoint: BackupView;

  it('back up now: the switch uploads its file (§3 fields, sync success); the download is that file; logged', async () => {
    const sw = ofKind('switch')[0] as VirtualDevice;
    await saveRemark(idOf(sw), 'before-backup');
    await waitFor(() => (appliedRemark(sw) === 'before-backup' ? true : undefined), SLOW);

    const res = await backupNow([idOf(sw)]);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ started: 1, refused: 0 });
    const created = res.data?.results[0]?.backup as BackupView;
    expect(['unsynchronised', 'synchronising', 'success']).toContain(created.sync);
    first = await settled(created.id);
    expect(first).toMatchObject({
      sync: 'success',
      type: 'general',
      deviceId: idOf(sw),
      sn: sw.sn,
      model: sw.model.model,
      code: null,
      documents: ['switching'],
      remark: '',
    });
    expect(first.fileName).toContain(sw.model.model);
    expect(first.fileName).toContain(sw.sn);
    expect(first.mac).toMatch(/^[0-9A-F:]{17}$/i);
    expect(first.size).toBeGreaterThan(0);
    expect(first.configVersion).toBe(sw.configVersion);

    const file = await rawGet(`${url()}/${first.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(first.fileName);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(first.sha256);
    expect(file.rawPayload.length).toBe(first.size);
    expect(JSON.parse(file.rawPayload.toString('utf8'))).toMatchObject({ sn: sw.sn, model: sw.model.model });

    const audit = await kit.owner.get<AuditPage>(`/api/projects/${projectId}/audit?deviceId=${idOf(sw)}`);
    expect(audit.body.data?.items.map((e) => e.action)).toContain('backup.create');
  });

  it('187: the same device again within 3 minutes is refused; after them it is backed up', async () => {
    const sw = ofKind('switch')[0] as VirtualDevice;
    const again = await backupNow([idOf(sw)]);
    expect(again.data).toMatchObject({ started: 0, refused: 1 });
    expect(again.data?.results[0]).toMatchObject({ ok: false, code: ERR.BACKUP_INTERVAL, backup: null });
    pastInterval();
    const later = await backupNow([idOf(sw)]);
    expect(later.data?.started).toBe(1);
    await settled(later.data?.results[0]?.backup?.id as number);
  });

  it('restore points: one per device (the old one becomes general); 33 deleting one; 31 once deleted', async () => {
    const sw = ofKind('switch')[0] as VirtualDevice;
    const mine = (await list()).backups.filter((b) => b.sn === sw.sn);
    expect(mine).toHaveLength(2);
    const [newer, older] = mine as [BackupView, BackupView];
    const patch = (id: number, body: Record<string, unknown>) =>
      kit.owner.call<BackupView>('PATCH', `${url()}/${id}`, body);

    expect((await patch(older.id, { type: 'restore_point' })).body.data?.type).toBe('restore_point');
    expect((await patch(newer.id, { type: 'restore_point' })).body.data?.type).toBe('restore_point');
    const after = (await list()).backups;
    expect(after.find((b) => b.id === older.id)?.type).toBe('general');
    expect(after.filter((b) => b.sn === sw.sn && b.type === 'restore_point').map((b) => b.id)).toEqual([
      newer.id,
    ]);

    expect((await kit.owner.call('DELETE', `${url()}/${newer.id}`)).body.code).toBe(
      ERR.CONFIG_IS_RESTORE_POINT,
    );
    expect((await patch(older.id, { remark: 'weekly' })).body.data?.remark).toBe('weekly');
    expect((await kit.owner.call('DELETE', `${url()}/${older.id}`)).body.code).toBe(0);
    expect((await kit.owner.call('DELETE', `${url()}/${older.id}`)).body.code).toBe(ERR.CONFIG_FILE_DELETED);
    expect((await patch(older.id, { remark: 'x' })).body.code).toBe(ERR.CONFIG_FILE_DELETED);
    expect((await kit.owner.call('POST', `${url()}/${older.id}/restore`, {})).body.code).toBe(
      ERR.CONFIG_FILE_DELETED,
    );
    const gone = await rawGet(`${url()}/${older.id}/file`);
    expect(JSON.parse(gone.body).code).toBe(ERR.CONFIG_FILE_DELETED);
    expect((await patch(newer.id, { remark: 'x'.repeat(65) })).body.code).toBe(ERR.INVALID_PARAMETERS);
    restorePoint = newer;
  });

  it('restore: the settings saved with the backup become the desired state again; the device applies the file, restarts and runs them', async () => {
    const sw = ofKind('switch')[0] as VirtualDevice;
    await saveRemark(idOf(sw), 'after-backup');
    await waitFor(() => (appliedRemark(sw) === 'after-backup' ? true : undefined), SLOW);

    const res = await kit.owner.post<BackupRestoreResult>(`${url()}/${restorePoint.id}/restore`, {});
    expect(res.body.code).toBe(0);
    expect(res.body.data?.documents).toEqual(['switching']);
    expect(res.body.data?.job).toMatchObject({ name: 'restore', deviceId: idOf(sw) });
    // The console's desired state follows the backup at once (a new version, in the history).
    const view = (await kit.owner.get<SwitchConfigView>(switchUrl(idOf(sw)))).body.data as SwitchConfigView;
    expect(view.settings.ports[0]?.remark).toBe('before-backup');

    const done = await waitFor(
      async () => {
        const r = (await list()).backups.find((b) => b.id === restorePoint.id)?.restore;
        return r && r.status !== 'running' ? r : undefined;
      },
      { ...SLOW, what: 'restore answered' },
    );
    expect(done).toMatchObject({ status: 'done', deviceId: idOf(sw), code: null });
    // After its restart the device runs the desired state, which is the backup's; no drift.
    await waitFor(
      async () => {
        const st = await kit.owner.get<{ devices: { deviceId: number; status: string }[] }>(
          `/api/projects/${projectId}/config/status`,
        );
        const row = st.body.data?.devices.find((d) => d.deviceId === idOf(sw));
        return row?.status === 'applied' && appliedRemark(sw) === 'before-backup' && sw.online
          ? true
          : undefined;
      },
      { ...SLOW, what: 'the switch back on the restored settings' },
    );
    const audit = await kit.owner.get<AuditPage>(`/api/projects/${projectId}/audit?deviceId=${idOf(sw)}`);
    const actions = audit.body.data?.items.map((e) => e.action) ?? [];
    expect(actions).toContain('backup.restore');
    expect(audit.body.data?.items.some((e) => e.summary.includes(restorePoint.fileName))).toBe(true);
  });

  it('restore to a same-model replacement; another model 485; a busy device 911', async () => {
    const aps = ofKind('ap');
    const byModel = new Map<string, VirtualDevice[]>();
    for (const ap of aps) byModel.set(ap.model.model, [...(byModel.get(ap.model.model) ?? []), ap]);
    const pair = [...byModel.values()].find((g) => g.length >= 2) as [VirtualDevice, VirtualDevice];
    expect(pair).toBeDefined();
    const [source, replacement] = pair;
    const made = await backupNow([idOf(source)]);
    const b = await settled(made.data?.results[0]?.backup?.id as number);
    expect(b.sync).toBe('success');

    const sw = ofKind('switch')[0] as VirtualDevice;
    const other = await kit.owner.call('POST', `${url()}/${b.id}/restore`, { deviceId: idOf(sw) });
    expect(other.body.code).toBe(ERR.BACKUP_OTHER_MODEL);

    const res = await kit.owner.post<BackupRestoreResult>(`${url()}/${b.id}/restore`, {
      deviceId: idOf(replacement),
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data?.job.deviceId).toBe(idOf(replacement));
    // While that restore runs, the replacement is busy.
    const busy = await kit.owner.call('POST', `${url()}/${b.id}/restore`, { deviceId: idOf(replacement) });
    expect([ERR.DEVICE_BUSY, ERR.DEVICE_REBOOTING_OR_UPGRADING]).toContain(busy.body.code);
    const done = await waitFor(
      async () => {
        const r = (await list()).backups.find((x) => x.id === b.id)?.restore;
        return r && r.status !== 'running' ? r : undefined;
      },
      { ...SLOW, what: 'restore to the replacement answered' },
    );
    expect(done).toMatchObject({ status: 'done', deviceId: idOf(replacement) });
  });

  it('a failed upload: storage fault 2001, a file with a wrong SHA-256 486; sync fail, and retried at once', async () => {
    const gw = ofKind('gateway').concat(ofKind('router'))[0] ?? (ofKind('cpe')[0] as VirtualDevice);
    gw.configStorageFault = 'Configuration flash is read-only';
    const res = await backupNow([idOf(gw)]);
    const failed = await settled(res.data?.results[0]?.backup?.id as number);
    expect(failed).toMatchObject({ sync: 'fail', code: ERR.SAVE_FAILED, size: null });
    // Not synchronised: no restore point, no download, no restore (487).
    expect(
      (await kit.owner.call('PATCH', `${url()}/${failed.id}`, { type: 'restore_point' })).body.code,
    ).toBe(ERR.BACKUP_NOT_SYNCHRONISED);
    expect((await kit.owner.call('POST', `${url()}/${failed.id}/restore`, {})).body.code).toBe(
      ERR.BACKUP_NOT_SYNCHRONISED,
    );
    gw.configStorageFault = null;
    // A failed attempt does not count for the 3-minute rule.
    const retry = await backupNow([idOf(gw)]);
    expect(retry.data?.started).toBe(1);
    expect((await settled(retry.data?.results[0]?.backup?.id as number)).sync).toBe('success');

    const other = await kit.newProject();
    const fake = await kit.addDevice(other, DUAL_BAND_AP);
    fake.dev.replies.set('backup', (cmd) => fileReply(cmd, DUAL_BAND_AP.model, 'config', true));
    const bad = await backupNow([fake.id], other);
    expect(bad.data?.started).toBe(1);
    const invalid = await settled(bad.data?.results[0]?.backup?.id as number, other);
    expect(invalid).toMatchObject({ sync: 'fail', code: ERR.BACKUP_FILE_INVALID });
  });

  it(`the cap: beyond ${BACKUP_MAX_PER_PROJECT} general backups the oldest is overwritten when the new file arrives; restore points do not count`, async () => {
    const t = get();
    const other = await kit.newProject();
    const fake = await kit.addDevice(other, DUAL_BAND_AP);
    fake.dev.replies.set('backup', (cmd) => fileReply(cmd, DUAL_BAND_AP.model, 'config-file'));
    const base = Date.now() - 86_400_000;
    const rows = Array.from({ length: BACKUP_MAX_PER_PROJECT + 1 }, (_, i) => ({
      project_id: other,
      device_id: null,
      device_name: 'Old AP',
      sn: `NLBOLD${String(i).padStart(4, '0')}`,
      model: DUAL_BAND_AP.model,
      mac: null,
      file_name: `old-${i}.cfg`,
      // The very oldest is a restore point: never overwritten.
      type: i === 0 ? 'restore_point' : 'general',
      remark: '',
      sync: 'success',
      sync_code: null,
      command_id: null,
      content: Buffer.from('old'),
      size: 3,
      sha256: createHash('sha256').update('old').digest('hex'),
      config_version: 0,
      documents_json: '{}',
      restore_command_id: null,
      restore_device_id: null,
      restore_device_name: null,
      restore_status: null,
      restore_code: null,
      restore_at: null,
      created_at: base + i * 1000,
      updated_at: base + i * 1000,
    }));
    await t.database.db.insertInto('config_backups').values(rows).execute();
    expect((await list(other)).generalCount).toBe(BACKUP_MAX_PER_PROJECT);

    const res = await backupNow([fake.id], other);
    expect(res.data?.started).toBe(1);
    const b = await settled(res.data?.results[0]?.backup?.id as number, other);
    expect(b.sync).toBe('success');
    const after = await list(other);
    expect(after.generalCount).toBe(BACKUP_MAX_PER_PROJECT);
    const names = after.backups.map((x) => x.fileName);
    expect(names).toContain('old-0.cfg'); // the restore point stays
    expect(names).not.toContain('old-1.cfg'); // the oldest general backup was overwritten
    expect(names).toContain('old-2.cfg');
    expect(names).toContain(b.fileName);
  });

  it('automatic backup (a project option): a device that applied a change is backed up', async () => {
    const sw = ofKind('switch')[0] as VirtualDevice;
    const settingsUrl = `${url()}/settings`;
    const initial = await kit.owner.get(settingsUrl);
    expect(initial.body).toMatchObject({ code: 0, data: { autoAfterChange: false } });
    const before = (await list()).backups.filter((b) => b.sn === sw.sn).length;
    expect((await kit.owner.call('PUT', settingsUrl, { autoAfterChange: true })).body.data).toEqual({
      autoAfterChange: true,
    });
    pastInterval();
    await saveRemark(idOf(sw), 'auto-backed-up');
    const auto = await waitFor(
      async () => {
        const mine = (await list()).backups.filter((b) => b.sn === sw.sn);
        return mine.length > before && mine[0]?.sync === 'success' ? mine[0] : undefined;
      },
      { ...SLOW, what: 'an automatic backup of the switch' },
    );
    expect(auto.documents).toEqual(['switching']);
    const audit = await kit.owner.get<AuditPage>(`/api/projects/${projectId}/audit?deviceId=${idOf(sw)}`);
    expect(
      audit.body.data?.items.some((e) => e.summary === 'Automatic backup after a configuration change'),
    ).toBe(true);
    await kit.owner.call('PUT', settingsUrl, { autoAfterChange: false });
  });

  it('refusals: offline 36, local mode 76, upgrading 71, NVR 913, busy 911, unknown 901; a mesh project has no backups (913)', async () => {
    const other = await kit.newProject();
    const code = async (deviceId: number, pid = other) =>
      (await backupNow([deviceId], pid)).data?.results[0]?.code;
    const offline = await kit.addDevice(other, DUAL_BAND_AP, false);
    expect(await code(offline.id)).toBe(ERR.DEVICE_OFFLINE);
    const local = await kit.addDevice(other, { ...DUAL_BAND_AP, state: { managementMode: 2 } });
    expect(await code(local.id)).toBe(ERR.LOCAL_MODE_UNSUPPORTED);
    const upgrading = await kit.addDevice(other, { ...DUAL_BAND_AP, state: { status: 3 } });
    expect(await code(upgrading.id)).toBe(ERR.DEVICE_UPGRADING);
    const nvr = ofKind('nvr')[0] as VirtualDevice;
    expect(await code(idOf(nvr), projectId)).toBe(ERR.DEVICE_OPERATION_UNSUPPORTED);
    // A device whose backup is not answered yet is busy for a restore and another operation.
    const silent = await kit.addDevice(other, DUAL_BAND_AP);
    expect((await backupNow([silent.id], other)).data?.started).toBe(1);
    expect(await code(silent.id)).toBe(ERR.DEVICE_BUSY);
    // §2: configuration backup is a page of WLAN projects only; a mesh project's API refuses it.
    const mesh = await kit.newProject(1);
    const secondary = await kit.addDevice(mesh, MESH_SECONDARY);
    expect((await kit.owner.get(url(mesh))).body.code).toBe(ERR.DEVICE_OPERATION_UNSUPPORTED);
    expect((await kit.owner.post(url(mesh), { deviceIds: [secondary.id] })).body.code).toBe(
      ERR.DEVICE_OPERATION_UNSUPPORTED,
    );
    expect(await code(999_999)).toBe(ERR.DEVICE_NOT_FOUND);
    expect(await code(local.id, projectId)).toBe(ERR.DEVICE_NOT_FOUND);
    expect((await kit.owner.call('POST', url(other), { deviceIds: [] })).body.code).toBe(
      ERR.INVALID_PARAMETERS,
    );
  });

  it('a read-only member sees the list but changes nothing (916); a demo project 405', async () => {
    const t = get();
    const reader = await signedInUser(t);
    await addMember(t, projectId, reader.accountId, 'r');
    const seen = await reader.client.get<BackupList>(url());
    expect(seen.body.code).toBe(0);
    const some = seen.body.data?.backups[0] as BackupView;
    expect((await reader.client.post(url(), { deviceIds: [some.deviceId ?? 1] })).body.code).toBe(
      ERR.READ_ONLY_SHARE,
    );
    expect((await reader.client.call('DELETE', `${url()}/${some.id}`)).body.code).toBe(ERR.READ_ONLY_SHARE);
    expect((await reader.client.call('POST', `${url()}/${some.id}/restore`, {})).body.code).toBe(
      ERR.READ_ONLY_SHARE,
    );

    const owner = await signedInUser(t);
    const demoId = await demoProjectOf(t, owner.accountId);
    expect((await owner.client.post(url(demoId), { deviceIds: [1] })).body.code).toBe(ERR.DEMO_BLOCKED);
  });
});
