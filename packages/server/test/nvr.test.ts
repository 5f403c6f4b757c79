/**
 * NVR disks and cameras (issue 13 §4): the recorder's disks (capacity, used, health, status) and
 * camera channels (online, resolution, recording) in the device detail, and "Format a disk" as a
 * `formatDisk` command job to a REAL simulated recorder (@netloom/sim over the embedded broker) that
 * reports progress and empties the disk; the simulator told to fail (3000); every refusal of the
 * rule (domain `formatDiskRefusal`) with fake devices that report the condition, the device's own
 * refusal (3002), a recorder that never finishes (498); read-only and demo projects. SQLite and
 * PostgreSQL.
 */
import {
  type AuditPage,
  type DeviceDetail,
  type DiskFormatJob,
  type DiskFormatJobs,
  ERR,
  type RunlogPage,
} from '@netloom/domain';
import type { Fleet, VirtualDevice } from '@netloom/sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DUAL_BAND_AP, type FakeIdentity, useFakeDeviceProjects } from './configFakeDevice';
import { addMember, demoProjectOf, signedInUser } from './factories';
import { TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';
import { startSimulatedProject } from './simFleetKit';

/** Seed 1, 12 devices, office: a gateway, two switches, an NVR and its camera, APs and a CPE pair. */
const FLEET = { seed: 1, devices: 12, mix: 'office' } as const;
/** A simulated minute per real second: a 1 TB disk (about 45 s) formats in under a second. */
const TIME_FACTOR = 60;
const SLOW = { timeoutMs: 30_000 };

/** A fake recorder with two disks in its bays 1 and 2 (`extra` adds to its state). */
function recorder(extra: Record<string, unknown> = {}): FakeIdentity {
  return {
    model: 'NL-N8P',
    type: 'nvr',
    firmwareVersion: 'V1.0.0',
    state: {
      disks: [
        { id: 1, status: 'ok', capacityGb: 2000, usedGb: 1200, health: 'good' },
        { id: 2, status: 'ok', capacityGb: 4000, usedGb: 100, health: 'warning' },
      ],
      channels: [{ channel: 1, online: true, resolution: '1920x1080', recording: true }],
      ...extra,
    },
  };
}

describeEachDb('NVR disks and cameras: format a disk', (kind) => {
  const get = useTestApp(kind, { env: { PROVISIONING_KEY: TEST_KEY } });
  beforeAll(() => {
    get().clock.now = () => Date.now();
  });
  const kit = useFakeDeviceProjects(get, 'NLNV');
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

  const nvr = (): VirtualDevice => fleet.devices.find((d) => d.model.kind === 'nvr') as VirtualDevice;
  const idOf = (d: VirtualDevice): number => ids.get(d.sn) as number;
  const format = (deviceId: number, body: Record<string, unknown>, pid = projectId, client = kit.owner) =>
    client.post<DiskFormatJob>(`/api/projects/${pid}/nvr/devices/${deviceId}/format`, body);
  const detail = async (deviceId: number, pid = projectId): Promise<DeviceDetail> =>
    (await kit.owner.get<DeviceDetail>(`/api/projects/${pid}/devices/${deviceId}`)).body.data as DeviceDetail;
  const jobs = async (deviceId: number, pid = projectId): Promise<DiskFormatJob[]> =>
    (
      (await kit.owner.get<DiskFormatJobs>(`/api/projects/${pid}/nvr/devices/${deviceId}/formats`)).body
        .data as DiskFormatJobs
    ).jobs;
  /** The job once it ended (done, failed or expired). */
  const ended = (deviceId: number, jobId: string, pid = projectId) =>
    waitFor(
      async () => {
        const j = (await jobs(deviceId, pid)).find((x) => x.id === jobId);
        return j && j.status !== 'pending' && j.status !== 'sent' ? j : undefined;
      },
      { ...SLOW, what: `format job ${jobId} ended` },
    );
  async function runlogHas(pid: number, deviceId: number, text: string) {
    const t = get();
    return waitFor(
      async () => {
        await t.app.features.runlog.flush();
        const page = (await kit.owner.get<RunlogPage>(`/api/projects/${pid}/runlog?deviceId=${deviceId}`))
          .body.data;
        return page?.items.find((e) => e.summary.includes(text));
      },
      { what: `system log: ${text}` },
    );
  }

  it('the detail shows the disks (capacity, used, health, status) and the camera channels (online, resolution, recording)', async () => {
    // The row follows the state through the batched writer: wait for the recorder's first one.
    const d = await waitFor(
      async () => {
        const x = await detail(idOf(nvr()));
        return x.disks.length > 0 && x.channels.some((c) => c.online) ? x : undefined;
      },
      { ...SLOW, what: 'disks and an online camera in the detail' },
    );
    for (const disk of d.disks) {
      expect(disk).toMatchObject({ status: 'ok', health: expect.stringMatching(/^(good|warning)$/) });
      expect(disk.capacityGb).toBeGreaterThan(disk.usedGb);
    }
    for (const c of d.channels.filter((x) => x.online))
      expect(c).toMatchObject({ recording: true, resolution: expect.stringMatching(/^\d+x\d+$/) });
  });

  it('format: progress `formatting`, then done; the disk is empty and ok; a second format meanwhile is refused (3001); logged', async () => {
    const rec = nvr();
    const id = idOf(rec);
    const disk = (await detail(id)).disks[0] as DeviceDetail['disks'][number];
    const res = await format(id, { disk: disk.id });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ name: 'formatDisk', deviceId: id, disk: disk.id });
    // One format at a time per recorder, whichever disk.
    expect((await format(id, { disk: disk.id })).body.code).toBe(ERR.DISK_FORMAT_IN_PROGRESS);
    // The stage and percent arrive while it runs.
    await waitFor(
      async () => {
        const j = (await jobs(id)).find((x) => x.id === res.body.data?.id);
        return j?.stage === 'formatting' && (j.percent ?? 0) > 0 ? true : undefined;
      },
      { ...SLOW, what: 'formatting progress' },
    );
    const job = await ended(id, res.body.data?.id as string);
    expect(job).toMatchObject({ status: 'done', percent: 100, code: null, disk: disk.id });
    const after = await waitFor(
      async () => {
        const k = (await detail(id)).disks.find((x) => x.id === disk.id);
        return k?.status === 'ok' && k.usedGb < disk.usedGb ? k : undefined;
      },
      { ...SLOW, what: 'the formatted disk reported empty' },
    );
    expect(after.usedGb).toBeLessThan(1);
    const audit = await kit.owner.get<AuditPage>(`/api/projects/${projectId}/audit?deviceId=${id}`);
    expect(audit.body.data?.items.find((e) => e.action === 'disk.format')?.summary).toContain(
      `Format disk ${disk.id} requested`,
    );
    const done = await runlogHas(projectId, id, `Format disk ${disk.id}: done`);
    expect(done.action).toBe('maintenance.succeeded');
  });

  it('a disk the recorder does not have: 3002; a bay outside 1–16: 400', async () => {
    const id = idOf(nvr());
    expect((await format(id, { disk: 16 })).body.code).toBe(ERR.DISK_NOT_FOUND);
    expect((await format(id, { disk: 0 })).body.code).toBe(ERR.INVALID_PARAMETERS);
    expect((await format(id, { disk: 17 })).body.code).toBe(ERR.INVALID_PARAMETERS);
    expect((await format(id, {})).body.code).toBe(ERR.INVALID_PARAMETERS);
  });

  it('the simulator told to fail: the job fails with 3000, the disk is left unformatted; logged', async () => {
    const rec = nvr();
    const id = idOf(rec);
    const disk = (await detail(id)).disks[0] as DeviceDetail['disks'][number];
    rec.formatFailure = true;
    try {
      const res = await format(id, { disk: disk.id });
      expect(res.body.code).toBe(0);
      const job = await ended(id, res.body.data?.id as string);
      expect(job).toMatchObject({ status: 'failed', code: ERR.DISK_FORMAT_FAILED });
      await waitFor(
        async () =>
          (await detail(id)).disks.find((x) => x.id === disk.id)?.status === 'unformatted' ? true : undefined,
        { ...SLOW, what: 'disk unformatted' },
      );
      const failed = await runlogHas(projectId, id, `Format disk ${disk.id}: failed`);
      expect(failed).toMatchObject({ action: 'maintenance.failed' });
      expect(failed.summary).toContain('(code 3000)');
    } finally {
      rec.formatFailure = false;
    }
    // Formatted again, it works.
    const again = await format(id, { disk: disk.id });
    expect(again.body.code).toBe(0);
    expect((await ended(id, again.body.data?.id as string)).status).toBe('done');
  });

  it('refusals: offline 36, local mode 76, a disk reporting formatting 3001, not a recorder 913, unknown 901; the device says 3002', async () => {
    const other = await kit.newProject();
    const offline = await kit.addDevice(other, recorder(), false);
    expect((await format(offline.id, { disk: 1 }, other)).body.code).toBe(ERR.DEVICE_OFFLINE);

    const local = await kit.addDevice(other, recorder({ managementMode: 2 }));
    expect((await format(local.id, { disk: 1 }, other)).body.code).toBe(ERR.LOCAL_MODE_UNSUPPORTED);

    const busy = await kit.addDevice(
      other,
      recorder({ disks: [{ id: 1, status: 'formatting', capacityGb: 2000, usedGb: 0 }] }),
    );
    expect((await format(busy.id, { disk: 1 }, other)).body.code).toBe(ERR.DISK_FORMAT_IN_PROGRESS);

    const ap = await kit.addDevice(other, DUAL_BAND_AP);
    expect((await format(ap.id, { disk: 1 }, other)).body.code).toBe(ERR.DEVICE_OPERATION_UNSUPPORTED);
    expect((await format(999_999, { disk: 1 }, other)).body.code).toBe(ERR.DEVICE_NOT_FOUND);
    // Another project's device is not found from this one.
    expect((await format(local.id, { disk: 1 })).body.code).toBe(ERR.DEVICE_NOT_FOUND);
    expect(
      (await kit.owner.get(`/api/projects/${projectId}/nvr/devices/${local.id}/formats`)).body.code,
    ).toBe(ERR.DEVICE_NOT_FOUND);

    // The disk was pulled since the last state: the recorder itself answers 3002.
    const pulled = await kit.addDevice(other, recorder());
    pulled.dev.replies.set('formatDisk', (cmd) => ({
      id: cmd.id,
      ok: false,
      code: ERR.DISK_NOT_FOUND,
      message: 'no disk in bay 2',
    }));
    const res = await format(pulled.id, { disk: 2 }, other);
    expect(res.body.code).toBe(0);
    const cmd = await waitFor(() => pulled.dev.commands.find((c) => c.name === 'formatDisk'), {
      what: 'command',
    });
    expect(cmd.args).toEqual({ disk: 2 });
    const job = await ended(pulled.id, res.body.data?.id as string, other);
    expect(job).toMatchObject({ status: 'failed', code: ERR.DISK_NOT_FOUND, disk: 2 });
    await runlogHas(other, pulled.id, 'Format disk 2: failed');
  });

  it('a recorder that never finishes: the job expires and reads 498; a restart still open makes it busy (911)', async () => {
    const t = get();
    const other = await kit.newProject();
    const silent = await kit.addDevice(other, recorder());
    const res = await format(silent.id, { disk: 1 }, other);
    expect(res.body.code).toBe(0);
    expect((await format(silent.id, { disk: 2 }, other)).body.code).toBe(ERR.DISK_FORMAT_IN_PROGRESS);
    const realNow = t.clock.now;
    t.clock.now = () => Date.now() + 3_600_000;
    try {
      await t.app.features.commands.expireNow();
    } finally {
      t.clock.now = realNow;
    }
    const job = (await jobs(silent.id, other)).find((j) => j.id === res.body.data?.id);
    expect(job).toMatchObject({ status: 'expired', code: ERR.DISK_FORMAT_TIMEOUT });
    await runlogHas(other, silent.id, `(code ${ERR.DISK_FORMAT_TIMEOUT})`);

    // A restart that has not been answered yet: the recorder is busy.
    expect(
      (await kit.owner.post(`/api/projects/${other}/maintenance/devices/${silent.id}`, { action: 'reboot' }))
        .body.code,
    ).toBe(0);
    expect((await format(silent.id, { disk: 1 }, other)).body.code).toBe(ERR.DEVICE_BUSY);
  });

  it('refusals: a read-only member 916, a demo project 405', async () => {
    const t = get();
    const reader = await signedInUser(t);
    await addMember(t, projectId, reader.accountId, 'r');
    const id = idOf(nvr());
    expect((await format(id, { disk: 1 }, projectId, reader.client)).body.code).toBe(ERR.READ_ONLY_SHARE);
    // Reading the jobs is allowed.
    expect((await reader.client.get(`/api/projects/${projectId}/nvr/devices/${id}/formats`)).body.code).toBe(
      0,
    );

    const owner = await signedInUser(t);
    const demoId = await demoProjectOf(t, owner.accountId);
    expect((await format(1, { disk: 1 }, demoId, owner.client)).body.code).toBe(ERR.DEMO_BLOCKED);
  });
});
