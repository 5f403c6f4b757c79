import {
  ERR,
  NOTIFY_CHANNELS_MAX,
  NOTIFY_MAX_ATTEMPTS,
  NOTIFY_RETRY_DELAYS_MS,
  type NotifyChannelCreated,
  type NotifySettings,
  type NotifyTestResult,
  WEBHOOK_DELIVERY_HEADER,
} from '@netloom/domain';
import type { Body } from '@netloom/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createProject, DEVICE_ENV } from './devices.fixtures';
import { signedInUser, uniqueEmail } from './factories';
import {
  bootDevice,
  claimDevice,
  connectDevice,
  devicePublish,
  mqttTcpUrl,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, type Mailbox, startMailbox, type TestApp, useTestApp } from './harness';
import { startReceiver } from './notifyKit';

type DeviceEvent = Body<'events'>['events'][number];
type Receiver = Awaited<ReturnType<typeof startReceiver>>;
const BATCH_SECONDS = 2;

const base = (projectId: number) => `/api/projects/${projectId}/notifications`;

async function settings(client: TestClient, projectId: number): Promise<NotifySettings> {
  const r = await client.get<NotifySettings>(base(projectId));
  expect(r.body.code).toBe(0);
  return r.body.data as NotifySettings;
}

async function addChannel(client: TestClient, projectId: number, body: Record<string, unknown>) {
  const r = await client.post<NotifyChannelCreated>(base(projectId), body);
  expect(r.body).toMatchObject({ code: 0 });
  return r.body.data as NotifyChannelCreated;
}

async function sendTest(client: TestClient, projectId: number, channelId: number) {
  const r = await client.post<NotifyTestResult>(`${base(projectId)}/${channelId}/test`);
  expect(r.body.code).toBe(0);
  return r.body.data as NotifyTestResult;
}

function alarm(n: number, severity: DeviceEvent['severity']): DeviceEvent {
  return {
    id: `storm-${n}`,
    kind: 'alarm',
    severity,
    code: 'loop_detected',
    text: `Loop detected on port ${n}; port blocked`,
    at: Date.now() + n,
  };
}

describeEachDb('notifications', (kind) => {
  let mailbox: Mailbox;
  let receiver: Receiver;
  beforeAll(async () => {
    mailbox = await startMailbox();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await mailbox.close();
    await receiver.close();
  });
  const get = useTestApp(kind, () => ({
    mailbox,
    env: { ...DEVICE_ENV, NOTIFY_BATCH_SECONDS: String(BATCH_SECONDS) },
  }));
  const useClock = (t: TestApp) => receiver.setClock(() => Math.floor(t.clock.now() / 1000));

  it('channels: e-mail and http(s) webhooks only, one per address, at most the limit, managers only', async () => {
    const t = get();
    const owner = await signedInUser(t);
    const projectId = await createProject(owner.client);
    const post = (body: Record<string, unknown>) => owner.client.post(base(projectId), body);

    expect((await post({ kind: 'email', target: 'not-an-address' })).status).toBe(400);
    expect((await post({ kind: 'webhook', target: 'ftp://hooks.example.com/x' })).status).toBe(400);
    expect((await post({ kind: 'webhook', target: 'https://user:pw@hooks.example.com/x' })).status).toBe(400);
    expect((await post({ kind: 'email', target: 'noc@example.com', minLevel: 'fatal' })).status).toBe(400);

    const email = await addChannel(owner.client, projectId, { kind: 'email', target: 'NOC@example.com' });
    // Addresses are kept in lower case; a webhook's secret is shown in this answer only.
    expect(email).toMatchObject({
      secret: null,
      channel: { target: 'noc@example.com', minLevel: 'warning' },
    });
    expect((await post({ kind: 'email', target: 'noc@EXAMPLE.com' })).body.code).toBe(
      ERR.NOTIFY_CHANNEL_EXISTS,
    );
    const hook = await addChannel(owner.client, projectId, {
      kind: 'webhook',
      target: 'https://hooks.example.com/netloom',
      minLevel: 'critical',
    });
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const listed = await settings(owner.client, projectId);
    expect(listed.channels.map((c) => [c.kind, c.minLevel, c.secretHint])).toEqual([
      ['email', 'warning', null],
      ['webhook', 'critical', `…${hook.secret?.slice(-4)}`],
    ]);
    expect(JSON.stringify(listed)).not.toContain(hook.secret);
    expect(listed.emailDelivers).toBe(true);
    expect(listed.batchWindowSeconds).toBe(BATCH_SECONDS);

    for (let i = listed.channels.length; i < NOTIFY_CHANNELS_MAX; i++)
      await addChannel(owner.client, projectId, { kind: 'email', target: `ops${i}@example.com` });
    expect((await post({ kind: 'email', target: 'one-more@example.com' })).body.code).toBe(
      ERR.NOTIFY_CHANNEL_LIMIT,
    );

    const changed = await owner.client.patch(`${base(projectId)}/${email.channel.id}`, { minLevel: 'info' });
    expect(changed.body).toMatchObject({ code: 0, data: { minLevel: 'info' } });
    expect((await owner.client.del(`${base(projectId)}/${hook.channel.id}`)).body.code).toBe(0);
    expect((await owner.client.del(`${base(projectId)}/${hook.channel.id}`)).body.code).toBe(ERR.NOT_EXIST);

    // A read-only member may neither see nor change who is notified; a stranger does not find the project.
    const viewer = await signedInUser(t);
    await t.database.db
      .insertInto('project_members')
      .values({
        project_id: projectId,
        account_id: viewer.accountId,
        right: 'r',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await viewer.client.get(base(projectId))).body.code).toBe(ERR.READ_ONLY_SHARE);
    expect(
      (await viewer.client.post(base(projectId), { kind: 'email', target: 'x@example.com' })).body.code,
    ).toBe(ERR.READ_ONLY_SHARE);
    const stranger = await signedInUser(t);
    expect((await stranger.client.get(base(projectId))).body.code).toBe(ERR.PROJECT_INVALID);
  });

  it('Send test: the e-mail arrives through SMTP, the webhook is signed; failures report the real error', async () => {
    const t = get();
    useClock(t);
    const { client } = await signedInUser(t);
    const projectId = await createProject(client, { name: 'Hotel Lisbon' });
    const to = uniqueEmail();
    const email = await addChannel(client, projectId, { kind: 'email', target: to });
    expect(await sendTest(client, projectId, email.channel.id)).toEqual({
      ok: true,
      error: null,
      via: 'smtp',
    });
    const mail = mailbox.messages.find((m) => m.to.includes(to));
    expect(mail?.raw).toContain('Subject: [Hotel Lisbon] Test notification');

    const refused = uniqueEmail();
    mailbox.reject.add(refused);
    const bad = await addChannel(client, projectId, { kind: 'email', target: refused });
    const failed = await sendTest(client, projectId, bad.channel.id);
    expect(failed).toMatchObject({ ok: false, via: 'smtp' });
    expect(failed.error).toContain('550 mailbox unavailable');

    const hook = await addChannel(client, projectId, { kind: 'webhook', target: receiver.url });
    receiver.setSecret(hook.secret ?? '');
    const before = receiver.received.length;
    expect(await sendTest(client, projectId, hook.channel.id)).toEqual({
      ok: true,
      error: null,
      via: 'webhook',
    });
    const got = receiver.received[before];
    expect(got?.verified).toBe(true);
    expect(got?.message).toMatchObject({ type: 'test', project: { id: projectId, name: 'Hotel Lisbon' } });
    // A signature made with another secret does not verify.
    receiver.setSecret('whsec_other');
    await sendTest(client, projectId, hook.channel.id);
    expect(receiver.received.at(-1)?.verified).toBe(false);

    receiver.answers.push(500);
    expect(await sendTest(client, projectId, hook.channel.id)).toEqual({
      ok: false,
      error: 'HTTP 500 Internal Server Error',
      via: 'webhook',
    });
    // Redirects are never followed: the signed body does not go wherever a 302 points.
    const moved = await addChannel(client, projectId, { kind: 'webhook', target: receiver.movedUrl });
    const redirect = await sendTest(client, projectId, moved.channel.id);
    expect(redirect).toMatchObject({ ok: false });
    expect(redirect.error).toBe(
      'HTTP 302: the webhook redirects to http://example.invalid/elsewhere; redirects are not followed',
    );
    // Each test is on the record, with its outcome.
    const s = await settings(client, projectId);
    expect(s.channels.find((c) => c.id === bad.channel.id)?.last).toMatchObject({
      purpose: 'test',
      status: 'failed',
      attempts: 1,
    });
    expect(s.deliveries.filter((d) => d.purpose === 'test')).toHaveLength(6);
  });

  it('a storm of alarms is ONE message per channel, at its level; a failing webhook is retried and then marked failed', async () => {
    const t = get();
    useClock(t);
    const { client } = await signedInUser(t);
    const projectId = await createProject(client, { name: 'Storm Hotel' });
    const to = uniqueEmail();
    const email = await addChannel(client, projectId, { kind: 'email', target: to, minLevel: 'warning' });
    const hook = await addChannel(client, projectId, {
      kind: 'webhook',
      target: receiver.url,
      minLevel: 'critical',
    });
    receiver.setSecret(hook.secret ?? '');
    const sn = uniqueSn('STM');
    await claimDevice(t, projectId, sn, 'switch');
    const dev = await connectDevice(mqttTcpUrl(t.app), sn);
    await bootDevice(dev, sn);
    // The receiver refuses the first attempt.
    receiver.answers.push(503);
    const before = receiver.received.length;
    try {
      // 12 alarms in three messages: 8 warnings, 3 critical, 1 info.
      const storm = [
        ...Array.from({ length: 8 }, (_, i) => alarm(i, 'warning')),
        ...Array.from({ length: 3 }, (_, i) => alarm(10 + i, 'critical')),
        alarm(20, 'info'),
      ];
      for (let i = 0; i < storm.length; i += 4)
        await devicePublish(dev, sn, 'events', { events: storm.slice(i, i + 4) });

      // The e-mail: one message with the 11 alarms at warning and above, most severe first.
      const mail = await waitFor(() => mailbox.messages.find((m) => m.to.includes(to)), {
        what: 'the batched e-mail',
        timeoutMs: 15_000,
      });
      expect(mail.raw).toContain('Subject: [Storm Hotel] 11 new alarms');
      const text = mail.raw.replace(/=\r?\n/g, '');
      expect(text.match(/Loop detected on port/g)?.length).toBeGreaterThanOrEqual(11);

      // The webhook's first attempt failed: pending, with the receiver's answer, retried later.
      const pending = await waitFor(
        async () =>
          (await settings(client, projectId)).channels.find(
            (c) => c.id === hook.channel.id && c.last?.attempts === 1,
          )?.last,
        { what: 'the first webhook attempt', timeoutMs: 15_000 },
      );
      expect(pending).toMatchObject({
        status: 'pending',
        alarms: 3,
        lastError: 'HTTP 503 Service Unavailable',
      });
      t.clock.advance((NOTIFY_RETRY_DELAYS_MS[0] ?? 0) / 1000);
      const delivered = await waitFor(
        () => receiver.received.slice(before).find((r) => r.message.type === 'alarms'),
        {
          what: 'the retried webhook',
          timeoutMs: 10_000,
        },
      );
      expect(delivered.verified).toBe(true);
      expect(delivered.message.raised.map((a) => a.severity)).toEqual(['critical', 'critical', 'critical']);
      expect(delivered.message.subject).toBe('[Storm Hotel] 3 new alarms');
      // The receiver has the message before the console hears its answer and records the delivery sent.
      const alarmDeliveries = await waitFor(
        async () => {
          const all = (await settings(client, projectId)).deliveries.filter((d) => d.purpose === 'alarms');
          return all.some((d) => d.channelId === hook.channel.id && d.status === 'sent') ? all : undefined;
        },
        { what: 'the retried webhook recorded as sent', timeoutMs: 10_000 },
      );
      // Exactly one message per channel for the whole storm.
      expect(alarmDeliveries.map((d) => [d.channelId, d.status, d.alarms]).sort()).toEqual(
        [
          [email.channel.id, 'sent', 11],
          [hook.channel.id, 'sent', 3],
        ].sort(),
      );
      expect(delivered.headers[WEBHOOK_DELIVERY_HEADER.toLowerCase()]).toBe(
        String(alarmDeliveries.find((d) => d.channelId === hook.channel.id)?.id),
      );

      // A receiver that keeps failing: tried NOTIFY_MAX_ATTEMPTS times, then failed with its last error.
      for (let i = 0; i < NOTIFY_MAX_ATTEMPTS; i++) receiver.answers.push(500);
      await devicePublish(dev, sn, 'events', { events: [alarm(30, 'critical')] });
      for (let attempt = 1; attempt < NOTIFY_MAX_ATTEMPTS; attempt++) {
        await waitFor(
          async () =>
            (await settings(client, projectId)).deliveries.find(
              (d) => d.channelId === hook.channel.id && d.status === 'pending' && d.attempts === attempt,
            ),
          { what: `attempt ${attempt}`, timeoutMs: 15_000 },
        );
        t.clock.advance(Math.max(...NOTIFY_RETRY_DELAYS_MS) / 1000);
      }
      const failed = await waitFor(
        async () =>
          (await settings(client, projectId)).deliveries.find(
            (d) => d.channelId === hook.channel.id && d.status === 'failed',
          ),
        { what: 'the delivery marked failed', timeoutMs: 15_000 },
      );
      expect(failed).toMatchObject({
        attempts: NOTIFY_MAX_ATTEMPTS,
        lastError: 'HTTP 500 Internal Server Error',
      });
    } finally {
      await dev.endAsync();
    }
  });
});
