import { type CommandMessage, deviceDownFilter } from '@netloom/protocol';
import type { MqttClient } from 'mqtt';
import { beforeAll, expect, it } from 'vitest';
import type { CommandRow } from '../src/features/commands/service';
import type { TestClient } from './client';
import { buildProject, signedInUser } from './factories';
import {
  bootDevice,
  claimDevice,
  connectDevice,
  devicePublish,
  mqttTcpUrl,
  TEST_KEY,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

/** Commands the test device received, parsed. */
function commandsOf(dev: MqttClient, sn: string): CommandMessage[] {
  const got: CommandMessage[] = [];
  dev.on('message', (topic, payload) => {
    if (topic === `netloom/v1/${sn}/down/command`) got.push(JSON.parse(payload.toString()) as CommandMessage);
  });
  return got;
}

describeEachDb('command jobs', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  let projectId = 0;
  let url = '';
  let owner: TestClient;
  const finished: CommandRow[] = [];

  beforeAll(async () => {
    const t = get();
    owner = (await signedInUser(t)).client;
    const res = await owner.post<{ id: number }>('/api/projects', buildProject());
    projectId = res.body.data?.id ?? 0;
    url = mqttTcpUrl(t.app);
    t.app.features.commands.onFinished('reboot', (cmd) => {
      finished.push(cmd);
    });
  });

  async function deviceIdOf(sn: string): Promise<number> {
    const row = await get()
      .database.db.selectFrom('devices')
      .select('id')
      .where('sn', '=', sn)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A reboot job sent to the device and answered by it, waited for until finished. */
  async function answeredControl(deviceId: number, dev: MqttClient, sn: string, got: { id: string }[]) {
    const control = await get().app.features.commands.create({
      deviceId,
      projectId,
      accountId: null,
      name: 'reboot',
    });
    await waitFor(() => got.find((c) => c.id === control.id), { what: 'the control job' });
    await devicePublish(dev, sn, 'reply', { id: control.id, ok: true });
    await waitFor(() => finished.find((c) => c.id === control.id), { what: 'the control job done' });
  }

  async function online(sn: string) {
    const dev = await connectDevice(url, sn);
    const got = commandsOf(dev, sn);
    await bootDevice(dev, sn);
    await waitFor(() => (get().app.devicePlane.gateway.isConnected(sn) ? true : undefined));
    return { dev, got };
  }

  it('create → device receives it → progress → reply ok → done (events, route, onFinished once)', async () => {
    const t = get();
    const sn = uniqueSn('NLK');
    const deviceId = await claimDevice(t, projectId, sn);
    const { dev, got } = await online(sn);
    const events: unknown[] = [];
    const off = t.app.devicePlane.bus.subscribe(projectId, (e) => events.push(e));

    const job = await t.app.features.commands.create({
      deviceId,
      projectId,
      accountId: null,
      name: 'reboot',
      args: { delay: 0 },
      ttlMs: 60_000,
    });
    expect(job.status).toBe('sent');
    const cmd = await waitFor(() => got[0], { what: 'the command' });
    expect(cmd).toMatchObject({ id: job.id, name: 'reboot', args: { delay: 0 }, expiresAt: job.expires_at });

    await devicePublish(dev, sn, 'progress', { id: job.id, stage: 'rebooting', percent: 50 });
    await waitFor(async () =>
      (await t.app.features.commands.get(job.id))?.stage === 'rebooting' ? true : undefined,
    );
    await devicePublish(dev, sn, 'reply', { id: job.id, ok: true });
    await devicePublish(dev, sn, 'reply', { id: job.id, ok: false, code: 911 }); // repeated: ignored
    await waitFor(() => finished.find((c) => c.id === job.id));
    // Positive control: a second job answered after the repeat. The device's messages are handled in
    // order, so once the control is done the repeated reply has been handled (and ignored).
    await answeredControl(deviceId, dev, sn, got);
    const done = await t.app.features.commands.get(job.id);
    expect(done).toMatchObject({ status: 'done', percent: 100, result_code: null });
    expect(finished.filter((c) => c.id === job.id)).toHaveLength(1);
    const statuses = events
      .filter((e) => (e as { type: string; commandId?: string }).commandId === job.id)
      .map((e) => (e as { status: string }).status);
    expect(statuses).toEqual(['pending', 'sent', 'sent', 'done']);

    const res = await owner.get<{ status: string; stage: string }>(
      `/api/projects/${projectId}/commands/${job.id}`,
    );
    expect(res.body).toMatchObject({
      code: 0,
      data: { id: job.id, deviceId, status: 'done', stage: 'rebooting' },
    });
    off();
    dev.end(true);
  });

  it('a failed reply keeps its §8 code; another device cannot answer for it', async () => {
    const t = get();
    const sn = uniqueSn('NLF');
    const other = uniqueSn('NLO');
    const deviceId = await claimDevice(t, projectId, sn);
    await claimDevice(t, projectId, other);
    const { dev, got } = await online(sn);
    const { dev: intruder, got: intruderGot } = await online(other);
    const job = await t.app.features.commands.create({
      deviceId,
      projectId,
      accountId: null,
      name: 'upgrade',
    });
    await waitFor(() => got[0]);
    await devicePublish(intruder, other, 'reply', { id: job.id, ok: true });
    // Positive control on the intruder's own connection, after its forged reply.
    await answeredControl(await deviceIdOf(other), intruder, other, intruderGot);
    expect((await t.app.features.commands.get(job.id))?.status).toBe('sent');
    await devicePublish(dev, sn, 'reply', { id: job.id, ok: false, code: 915, message: 'wrong firmware' });
    const failed = await waitFor(async () => {
      const r = await t.app.features.commands.get(job.id);
      return r?.status === 'failed' ? r : undefined;
    });
    expect(failed).toMatchObject({ result_code: 915, result_message: 'wrong firmware' });
    dev.end(true);
    intruder.end(true);
  });

  it('keeps a job for an offline device and sends it (same id) whenever it says hello, until answered', async () => {
    const t = get();
    const sn = uniqueSn('NLQ');
    const deviceId = await claimDevice(t, projectId, sn);
    const job = await t.app.features.commands.create({
      deviceId,
      projectId,
      accountId: 1,
      name: 'reboot',
    });
    expect(job.status).toBe('pending');

    const first = await online(sn);
    const c1 = await waitFor(() => first.got[0], { what: 'resend after connect' });
    expect(c1.id).toBe(job.id);
    // Marked sent once the publish completed, which may be just after the device already has it.
    await waitFor(
      async () => ((await t.app.features.commands.get(job.id))?.status === 'sent' ? true : undefined),
      {
        what: 'the job marked sent',
      },
    );
    first.dev.stream.destroy(); // lost before answering

    const second = await online(sn);
    const c2 = await waitFor(() => second.got[0], { what: 'resend after reconnect' });
    // The same id again: the device executes an id once and re-sends its reply (protocol §7.2).
    expect(c2.id).toBe(job.id);
    await devicePublish(second.dev, sn, 'reply', { id: job.id, ok: true });
    await waitFor(async () =>
      (await t.app.features.commands.get(job.id))?.status === 'done' ? true : undefined,
    );

    // Answered jobs are not sent again. Positive control: a job made while the device is away is
    // resent at its next hello in the same pass, oldest first — after the answered one, had it been.
    second.dev.end(true);
    await waitFor(() => (t.app.devicePlane.gateway.isConnected(sn) ? undefined : true));
    const control = await t.app.features.commands.create({
      deviceId,
      projectId,
      accountId: 1,
      name: 'reboot',
    });
    const third = await online(sn);
    await waitFor(() => third.got[0], { what: 'the control job' });
    expect(third.got.map((c) => c.id)).toEqual([control.id]);
    third.dev.end(true);
  });

  it('expires an unanswered job; a late reply does not revive it', async () => {
    const t = get();
    const sn = uniqueSn('NLY');
    const deviceId = await claimDevice(t, projectId, sn);
    const job = await t.app.features.commands.create({
      deviceId,
      projectId,
      accountId: null,
      name: 'reboot',
      ttlMs: 5000,
    });
    t.clock.advance(6);
    await t.app.features.commands.expireNow();
    expect((await t.app.features.commands.get(job.id))?.status).toBe('expired');
    expect(finished.find((c) => c.id === job.id)?.status).toBe('expired');

    // An expired job is not resent, and its late reply changes nothing. Positive control: a job made
    // before the device connects is resent at hello (after the expired one, had it been), and answered
    // after the late reply.
    const control = await t.app.features.commands.create({
      deviceId,
      projectId,
      accountId: null,
      name: 'reboot',
    });
    const { dev, got } = await online(sn);
    await waitFor(() => got[0], { what: 'the control job' });
    expect(got.map((c) => c.id)).toEqual([control.id]);
    await devicePublish(dev, sn, 'reply', { id: job.id, ok: true });
    await devicePublish(dev, sn, 'reply', { id: control.id, ok: true });
    await waitFor(() => finished.find((c) => c.id === control.id), { what: 'the control job done' });
    expect((await t.app.features.commands.get(job.id))?.status).toBe('expired');
    dev.end(true);
  });

  it('refuses jobs for devices outside the project, and hides jobs of other projects', async () => {
    const t = get();
    const sn = uniqueSn('NLZ');
    const deviceId = await claimDevice(t, projectId, sn);
    const other = await owner.post<{ id: number }>('/api/projects', buildProject());
    const otherId = other.body.data?.id ?? 0;
    await expect(
      t.app.features.commands.create({ deviceId, projectId: otherId, accountId: null, name: 'reboot' }),
    ).rejects.toMatchObject({ code: 901 });
    const job = await t.app.features.commands.create({
      deviceId,
      projectId,
      accountId: null,
      name: 'reboot',
    });
    expect((await owner.get(`/api/projects/${otherId}/commands/${job.id}`)).body.code).toBe(412);
    const stranger = (await signedInUser(t)).client;
    expect((await stranger.get(`/api/projects/${projectId}/commands/${job.id}`)).body.code).toBe(73);
    // The subscription filter the device used is its own: sanity for the helper.
    expect(deviceDownFilter(sn)).toContain(sn);
  });
});
