/**
 * Firmware files and upgrades (issue 13 §1) on SQLite and PostgreSQL: upload rules (.bin under
 * 60 MB, owner only, one version per model), the signed download link (forged, altered or expired
 * links refused; HTTP Range for a resumed download; a deleted file's links dead), and upgrades to
 * REAL simulated devices (@netloom/sim over the embedded broker) that download the file over HTTP,
 * verify its SHA-256 and report the §4 stages: success with the new version in their `hello`, a
 * broken download resumed with Range, a bad hash, a failed download, a failed install, batches with
 * a result per device, the refusals, and a job that never ends expiring (nothing stays half-done).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AuditPage,
  type CommandJob,
  DEVICE_STATUS,
  type DeviceDetail,
  ERR,
  FIRMWARE_MAX_BYTES,
  type FirmwareFile,
  type FirmwareList,
  type UpgradeBatchResult,
  type UpgradeStatus,
} from '@netloom/domain';
import type { Fleet, VirtualDevice } from '@netloom/sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signLink } from '../src/features/firmware/signing';
import type { TestClient } from './client';
import { DUAL_BAND_AP, useFakeDeviceProjects } from './configFakeDevice';
import { addMember, signedInUser } from './factories';
import { TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';
import { watchDeviceStatuses } from './liveKit';
import { startSimulatedProject } from './simFleetKit';

/** Seed 1, 10 devices, office: a gateway, a PoE switch, an NVR, 5 APs and a CPE pair. */
const FLEET = { seed: 1, devices: 10, mix: 'office' } as const;
/** 100 simulated seconds per real second: an upgrade (about 5 simulated minutes) takes about 3 s. */
const TIME_FACTOR = 100;
const SLOW = { timeoutMs: 45_000 };
const NEW_VERSION = 'V9.9.9';

/** A multipart body as a browser sends it: text fields, then the file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----netloom${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function sha256(b: Buffer): string {
  return createHash('sha256').update(b).digest('hex');
}

describeEachDb('firmware files and upgrades', (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'netloom-fw-'));
  const get = useTestApp(kind, { env: { PROVISIONING_KEY: TEST_KEY, DATA_DIR: dataDir } });
  let origin = '';
  beforeAll(async () => {
    const t = get();
    // Real time: jobs and links expire by the server's clock, the simulated devices check their own.
    t.clock.now = () => Date.now();
    // Devices download over real HTTP.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no HTTP address');
    origin = `127.0.0.1:${address.port}`;
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const kit = useFakeDeviceProjects(get, 'NLF');
  let projectId = 0;
  let fleet: Fleet;
  const ids = new Map<string, number>();
  /** The firmware files uploaded per AP model of the fleet. */
  const uploaded = new Map<string, { file: FirmwareFile; bytes: Buffer }>();

  const upload = (
    client: TestClient,
    pid: number,
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer },
  ) => {
    const m = multipart(fields, file);
    return client.call<FirmwareFile>(
      'POST',
      `/api/projects/${pid}/maintenance/firmware`,
      m.payload,
      m.headers,
    );
  };
  /** Upgrade calls carry the Host the devices will download from (a browser's own address). */
  const upgrade = (deviceId: number, body: Record<string, unknown> = {}, pid = projectId) =>
    kit.owner.call<CommandJob>('POST', `/api/projects/${pid}/maintenance/upgrade/devices/${deviceId}`, body, {
      host: origin,
    });
  const batch = (deviceIds: number[], body: Record<string, unknown> = {}) =>
    kit.owner.call<UpgradeBatchResult>(
      'POST',
      `/api/projects/${projectId}/maintenance/upgrade/batch`,
      { ...body, deviceIds },
      { host: origin },
    );
  const jobOf = async (id: string, pid = projectId) =>
    (await kit.owner.get<CommandJob>(`/api/projects/${pid}/commands/${id}`)).body.data as CommandJob;
  const ended = (id: string, pid = projectId) =>
    waitFor(
      async () => {
        const j = await jobOf(id, pid);
        return j.status === 'done' || j.status === 'failed' || j.status === 'expired' ? j : undefined;
      },
      { ...SLOW, what: `upgrade job ${id} ended` },
    );
  const detailOf = async (deviceId: number) =>
    (await kit.owner.get<DeviceDetail>(`/api/projects/${projectId}/devices/${deviceId}`)).body
      .data as DeviceDetail;
  const stageOf = async (deviceId: number, pid = projectId) =>
    (await kit.owner.get<UpgradeStatus[]>(`/api/projects/${pid}/maintenance/upgrade`)).body.data?.find(
      (s) => s.deviceId === deviceId,
    );
  const aps = (): VirtualDevice[] => fleet.devices.filter((d) => d.model.kind === 'ap');
  const idOf = (d: VirtualDevice): number => ids.get(d.sn) as number;
  const leftovers = () => readdirSync(path.join(dataDir, 'firmware')).filter((n) => n.endsWith('.part'));

  beforeAll(async () => {
    const t = get();
    projectId = await kit.newProject();
    const started = await startSimulatedProject(t, kit.owner, projectId, FLEET, {
      timeFactor: TIME_FACTOR,
      timeoutMs: SLOW.timeoutMs,
    });
    fleet = started.fleet;
    for (const [sn, id] of started.ids) ids.set(sn, id);
  }, 90_000);

  afterAll(async () => {
    await fleet?.stop();
    // Downloads (this file's fetches, the devices') keep their HTTP connections alive: close them, or
    // the app's close waits for them.
    get().app.server.closeAllConnections();
  });

  it('upload: a .bin under 60 MB, hashed, listed in the catalogue per model; wrong type 480, 60 MB 481, same version 411, bad fields 400, nothing left on disk', async () => {
    for (const model of new Set(aps().map((d) => d.model.model))) {
      const bytes = randomBytes(300_000 + uploaded.size * 1000);
      const res = await upload(
        kit.owner,
        projectId,
        { model, version: NEW_VERSION, notes: 'Faster roaming.' },
        {
          name: `${model}-${NEW_VERSION}.bin`,
          bytes,
        },
      );
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatchObject({
        model,
        version: NEW_VERSION,
        size: bytes.length,
        sha256: sha256(bytes),
      });
      uploaded.set(model, { file: res.body.data as FirmwareFile, bytes });
    }
    const model = [...uploaded.keys()][0] as string;
    // An older version of the same model: the catalogue keeps the newest.
    const old = await upload(
      kit.owner,
      projectId,
      { model, version: 'V1.0.0' },
      { name: 'old.BIN', bytes: randomBytes(1000) },
    );
    expect(old.body.code).toBe(0);
    const list = (await kit.owner.get<FirmwareList>(`/api/projects/${projectId}/maintenance/firmware`)).body
      .data as FirmwareList;
    expect(list.files).toHaveLength(uploaded.size + 1);
    expect(list.catalogue.find((c) => c.model === model)?.latest.version).toBe(NEW_VERSION);

    const small = { name: 'fw.bin', bytes: randomBytes(100) };
    expect(
      (await upload(kit.owner, projectId, { model, version: 'V2' }, { ...small, name: 'fw.zip' })).body.code,
    ).toBe(ERR.FIRMWARE_FILE_TYPE);
    expect((await upload(kit.owner, projectId, { model, version: NEW_VERSION }, small)).body.code).toBe(
      ERR.DATA_EXISTS,
    );
    expect((await upload(kit.owner, projectId, { model, version: 'not a version!' }, small)).body.code).toBe(
      ERR.INVALID_PARAMETERS,
    );
    expect((await upload(kit.owner, projectId, { model: 'NL-NOPE', version: 'V2' }, small)).body.code).toBe(
      ERR.INVALID_PARAMETERS,
    );
    expect((await upload(kit.owner, projectId, { model, version: 'V2' })).body.code).toBe(
      ERR.INVALID_PARAMETERS,
    );
    // Exactly 60 MB is refused (§5 "under 60 MB"), cut while it streams.
    const huge = await upload(
      kit.owner,
      projectId,
      { model, version: 'V3' },
      { name: 'big.bin', bytes: Buffer.alloc(FIRMWARE_MAX_BYTES) },
    );
    expect(huge.body.code).toBe(ERR.FIRMWARE_TOO_LARGE);
    expect(leftovers()).toEqual([]);
    const after = (await kit.owner.get<FirmwareList>(`/api/projects/${projectId}/maintenance/firmware`)).body
      .data;
    expect(after?.files).toHaveLength(uploaded.size + 1);
  }, 60_000);

  it('upload and delete are the owner’s: a read-write member 403; any member lists', async () => {
    const t = get();
    const rw = await signedInUser(t);
    await addMember(t, projectId, rw.accountId, 'rw');
    const model = [...uploaded.keys()][0] as string;
    const small = { name: 'fw.bin', bytes: randomBytes(100) };
    expect((await upload(rw.client, projectId, { model, version: 'V5' }, small)).body.code).toBe(
      ERR.NO_PERMISSION,
    );
    const any = uploaded.get(model)?.file.id;
    expect((await rw.client.del(`/api/projects/${projectId}/maintenance/firmware/${any}`)).body.code).toBe(
      ERR.NO_PERMISSION,
    );
    const list = await rw.client.get<FirmwareList>(`/api/projects/${projectId}/maintenance/firmware`);
    expect(list.body.code).toBe(0);
  });

  it('the signed link: the whole file, a Range of it (206), 416 beyond; forged, altered, another device’s or expired links refused', async () => {
    const t = get();
    const [model, { file, bytes }] = [...uploaded.entries()][0] as [
      string,
      { file: FirmwareFile; bytes: Buffer },
    ];
    expect(model).toBeTruthy();
    const row = await t.database.db
      .selectFrom('firmware_files')
      .select('url_key')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    const link = (c: { deviceId?: number; expiresAt?: number; fileId?: number }, key = row.url_key) =>
      `http://${origin}/api/firmware/download/${signLink(key, {
        fileId: c.fileId ?? file.id,
        deviceId: c.deviceId ?? 1,
        expiresAt: c.expiresAt ?? Date.now() + 60_000,
      })}`;

    const whole = await fetch(link({}));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('x-content-sha256')).toBe(file.sha256);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await fetch(link({}), { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await fetch(link({}), { headers: { range: `bytes=${bytes.length - 10}-` } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const beyond = await fetch(link({}), { headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    await beyond.arrayBuffer();

    const expired = await fetch(link({ expiresAt: Date.now() - 1 }));
    expect(expired.status).toBe(403);
    await expired.arrayBuffer();
    const forged = await fetch(link({}, randomBytes(32).toString('base64url')));
    expect(forged.status).toBe(403);
    await forged.arrayBuffer();
    // The signature of one device's link does not open it for another device or a later time.
    const good = link({ deviceId: 7 });
    const sig = good.slice(good.lastIndexOf('.') + 1);
    const other = `http://${origin}/api/firmware/download/${file.id}.8.${Date.now() + 60_000}.${sig}`;
    expect((await fetch(other)).status).toBe(403);
    expect((await fetch(`http://${origin}/api/firmware/download/not-a-token`)).status).toBe(403);
  });

  it('upgrade one AP: status 3 while it upgrades, the §4 stages, done; it comes back running the new version; logged', async () => {
    const ap = aps()[0] as VirtualDevice;
    const before = ap.firmwareVersion;
    expect(before).not.toBe(NEW_VERSION);
    // The statuses the server saw, as the browsers are told them live: status 3 lasts a couple of
    // seconds at this time factor, which a poll of the device may miss on a loaded machine.
    const watch = watchDeviceStatuses(get().app.devicePlane.bus, projectId, idOf(ap));
    const res = await upgrade(idOf(ap));
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ name: 'upgrade', deviceId: idOf(ap) });
    const job = await ended(res.body.data?.id as string).finally(watch.stop);
    expect(watch.seen).toContain(DEVICE_STATUS.UPGRADING);
    expect(job.status).toBe('done');
    expect((await stageOf(idOf(ap)))?.stage).toBe('success');
    // The device rebooted into the new firmware and said so in its hello.
    await waitFor(
      async () => {
        const d = await detailOf(idOf(ap));
        return d.firmwareVersion === NEW_VERSION && d.status === DEVICE_STATUS.ONLINE ? true : undefined;
      },
      { ...SLOW, what: 'back online with the new firmware' },
    );
    const audit = await kit.owner.get<AuditPage>(`/api/projects/${projectId}/audit?deviceId=${idOf(ap)}`);
    expect(audit.body.data?.items.map((e) => e.action)).toContain('device.upgrade');
    // Up to date now: upgrading it again to the latest is refused (412).
    expect((await upgrade(idOf(ap))).body.code).toBe(ERR.NOT_EXIST);
  }, 60_000);

  it('a broken download resumes with a Range request and the upgrade succeeds', async () => {
    const ap = aps()[1] as VirtualDevice;
    ap.upgradeFailure = 'interrupt';
    const res = await upgrade(idOf(ap));
    expect(res.body.code).toBe(0);
    const job = await ended(res.body.data?.id as string);
    expect(job).toMatchObject({ status: 'done' });
    await waitFor(
      async () => ((await detailOf(idOf(ap))).firmwareVersion === NEW_VERSION ? true : undefined),
      {
        ...SLOW,
        what: 'the new version after a resumed download',
      },
    );
  }, 60_000);

  it('a bad hash ends in "failed to upgrade" (483), a failed download in "failed to download" (482); the device keeps its version', async () => {
    const [hashAp, dlAp] = aps().slice(2, 4) as [VirtualDevice, VirtualDevice];
    hashAp.upgradeFailure = 'hash';
    dlAp.upgradeFailure = 'download';
    const before = [hashAp.firmwareVersion, dlAp.firmwareVersion];
    const res = await batch([idOf(hashAp), idOf(dlAp)]);
    expect(res.body.data?.started).toBe(2);
    const [h, d] = (res.body.data?.results ?? []).map((r) => r.job?.id as string) as [string, string];
    expect(await ended(h)).toMatchObject({ status: 'failed', code: ERR.FIRMWARE_HASH_MISMATCH });
    expect(await ended(d)).toMatchObject({ status: 'failed', code: ERR.FIRMWARE_DOWNLOAD_FAILED });
    expect((await stageOf(idOf(hashAp)))?.stage).toBe('upgrade_failed');
    expect((await stageOf(idOf(dlAp)))?.stage).toBe('download_failed');
    expect([hashAp.firmwareVersion, dlAp.firmwareVersion]).toEqual(before);
    // Not left "upgrading": both report online (1) again.
    await waitFor(
      async () =>
        (await detailOf(idOf(hashAp))).status === DEVICE_STATUS.ONLINE &&
        (await detailOf(idOf(dlAp))).status === DEVICE_STATUS.ONLINE
          ? true
          : undefined,
      { ...SLOW, what: 'both online again' },
    );
    hashAp.upgradeFailure = null;
    dlAp.upgradeFailure = null;
  }, 60_000);

  it('batch: per device its job or refusal (NVR 913, not in the project 901, no newer firmware 412); a failed install ends "failed to upgrade" (484)', async () => {
    const ap = aps()[4] as VirtualDevice;
    ap.upgradeFailure = 'upgrade';
    const nvr = fleet.devices.find((d) => d.model.kind === 'nvr') as VirtualDevice;
    const gateway = fleet.devices.find((d) => d.model.kind === 'v7' || d.model.kind === 'wrouter');
    const first = aps()[0] as VirtualDevice; // already on the newest
    const deviceIds = [idOf(ap), idOf(nvr), 999_999, idOf(first), ...(gateway ? [idOf(gateway)] : [])];
    const res = await batch(deviceIds);
    expect(res.body.code).toBe(0);
    const by = new Map(res.body.data?.results.map((r) => [r.deviceId, r]));
    expect(by.get(idOf(ap))).toMatchObject({ ok: true });
    expect(by.get(idOf(nvr))).toMatchObject({ ok: false, code: ERR.DEVICE_OPERATION_UNSUPPORTED });
    expect(by.get(999_999)).toMatchObject({ ok: false, code: ERR.DEVICE_NOT_FOUND });
    expect(by.get(idOf(first))).toMatchObject({ ok: false, code: ERR.NOT_EXIST });
    if (gateway) expect(by.get(idOf(gateway))?.ok).toBe(false);
    expect(res.body.data?.started).toBe(1);
    const job = await ended(by.get(idOf(ap))?.job?.id as string);
    expect(job).toMatchObject({ status: 'failed', code: ERR.FIRMWARE_UPGRADE_FAILED });
    expect((await stageOf(idOf(ap)))?.stage).toBe('upgrade_failed');
    ap.upgradeFailure = null;
  }, 60_000);

  it('refusals: offline (only online devices can be upgraded), busy, another model’s file 915, unknown file 412; a device that never finishes expires into a failed stage', async () => {
    const t = get();
    const other = await kit.newProject();
    const m = await upload(
      kit.owner,
      other,
      { model: DUAL_BAND_AP.model, version: 'V2.0.0' },
      {
        name: 'a.bin',
        bytes: randomBytes(5000),
      },
    );
    expect(m.body.code).toBe(0);
    const offline = await kit.addDevice(other, DUAL_BAND_AP, false);
    expect((await upgrade(offline.id, {}, other)).body.code).toBe(ERR.DEVICE_OFFLINE);
    const offBatch = await kit.owner.call<UpgradeBatchResult>(
      'POST',
      `/api/projects/${other}/maintenance/upgrade/batch`,
      { deviceIds: [offline.id] },
      { host: origin },
    );
    expect(offBatch.body.data?.results[0]?.message).toBe('Only online devices can be upgraded.');

    // A fake device that takes the command and never answers: its link is real, then the job expires.
    const silent = await kit.addDevice(other, DUAL_BAND_AP);
    const started = await upgrade(silent.id, {}, other);
    expect(started.body.code).toBe(0);
    const cmd = await waitFor(() => silent.dev.commands.find((c) => c.name === 'upgrade'), {
      what: 'upgrade command',
    });
    expect(cmd.args).toMatchObject({
      version: 'V2.0.0',
      model: DUAL_BAND_AP.model,
      sha256: m.body.data?.sha256,
    });
    const url = String(cmd.args.url);
    expect(url.startsWith(`http://${origin}/api/firmware/download/`)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
    // Busy: its job is open.
    expect([ERR.DEVICE_BUSY, ERR.DEVICE_UPGRADING]).toContain(
      (await upgrade(silent.id, {}, other)).body.code,
    );
    // Another project's file or an unknown one (412); a file of another model (915).
    const apFile = [...uploaded.values()].find((u) => u.file.model !== DUAL_BAND_AP.model);
    if (apFile)
      expect((await upgrade(silent.id, { firmwareId: apFile.file.id }, other)).body.code).toBe(ERR.NOT_EXIST);
    const cpe = await kit.addDevice(other, { model: 'NL-C5', type: 'cpe', firmwareVersion: 'V1.1.0' });
    expect((await upgrade(cpe.id, { firmwareId: m.body.data?.id }, other)).body.code).toBe(
      ERR.FIRMWARE_MODEL_MISMATCH,
    );
    expect((await upgrade(cpe.id, { firmwareId: 999_999 }, other)).body.code).toBe(ERR.NOT_EXIST);

    // The job's time runs out: it ends, "failed to download", and the link stops working.
    const realNow = t.clock.now;
    t.clock.now = () => Date.now() + 3 * 3_600_000;
    try {
      await t.app.features.commands.expireNow();
      expect((await jobOf(started.body.data?.id as string, other)).status).toBe('expired');
      expect((await stageOf(silent.id, other))?.stage).toBe('download_failed');
      expect((await fetch(url)).status).toBe(403);
    } finally {
      t.clock.now = realNow;
    }

    // Deleting the file voids its links.
    const again = await upgrade(silent.id, {}, other);
    expect(again.body.code).toBe(0);
    const cmd2 = await waitFor(() => silent.dev.commands.filter((c) => c.name === 'upgrade')[1], {
      what: 'second command',
    });
    expect(
      (await kit.owner.del(`/api/projects/${other}/maintenance/firmware/${m.body.data?.id}`)).body.code,
    ).toBe(0);
    expect((await fetch(String(cmd2.args.url))).status).toBe(404);
  }, 60_000);
});
