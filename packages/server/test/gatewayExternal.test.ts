import type { LiveEvent } from '@netloom/domain';
import { deviceDownFilter, downTopic, upTopic } from '@netloom/protocol';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDevicePlane, type DevicePlane } from '../src/gateway/plane';
import { systemClock } from '../src/lib/clock';
import { buildProject, signedInUser } from './factories';
import {
  bootDevice,
  claimDevice,
  connectDevice,
  connectRefused,
  devicePublish,
  deviceRow,
  inbox,
  type Mosquitto,
  mosquittoAvailable,
  startMosquitto,
  TEST_KEY,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

if (!mosquittoAvailable)
  throw new Error('these tests need /usr/sbin/mosquitto with the dynamic-security plugin');

describeEachDb('external broker (Mosquitto + dynamic security)', (kind) => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(async () => broker?.stop());
  const get = useTestApp(kind, () => ({ env: { MQTT_URL: broker.adminUrl, PROVISIONING_KEY: TEST_KEY } }));
  let projectId = 0;

  beforeAll(async () => {
    const { client } = await signedInUser(get());
    projectId = (await client.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
  });

  async function claimAndProvision(prefix: string) {
    const t = get();
    const sn = uniqueSn(prefix);
    const id = await claimDevice(t, projectId, sn);
    await t.app.devicePlane.gateway.provision(sn);
    return { sn, id };
  }

  it('lets a provisioned device in with its derived secret only; unknown devices are refused', async () => {
    expect(get().app.devicePlane.gateway.stats().mode).toBe('external');
    const { sn } = await claimAndProvision('NLM');
    const dev = await connectDevice(broker.url, sn);
    expect(dev.connected).toBe(true);
    await dev.endAsync();
    await connectRefused(broker.url, sn, { secret: 'wrong-secret' });
    await connectRefused(broker.url, sn, { key: 'another-provisioning-key-0123456789abc' });
    await connectRefused(broker.url, uniqueSn('NLU')); // never claimed: no broker client
  });

  it('ingests hello/state through the shared subscription; the last will makes it offline', async () => {
    const t = get();
    const { sn, id } = await claimAndProvision('NLS');
    const events: LiveEvent[] = [];
    const off = t.app.devicePlane.bus.subscribe(projectId, (e) => events.push(e));
    const dev = await connectDevice(broker.url, sn);
    await bootDevice(dev, sn);
    await waitFor(async () => ((await deviceRow(t, id)).status === 1 ? true : undefined), { what: 'online' });
    expect((await deviceRow(t, id)).model).toBe('NL-A3000C');
    dev.stream.destroy();
    await waitFor(async () => ((await deviceRow(t, id)).status === 0 ? true : undefined), {
      timeoutMs: 5000,
      what: 'offline by last will',
    });
    expect(events.map((e) => e.type === 'device.status' && e.status)).toEqual(expect.arrayContaining([1, 0]));
    off();
  });

  it('the broker keeps a device out of other devices’ topics and the internal live topic', async () => {
    const t = get();
    const a = await claimAndProvision('NLA');
    const b = await claimAndProvision('NLB');
    const devB = await connectDevice(broker.url, b.sn);
    await bootDevice(devB, b.sn);
    await waitFor(async () => ((await deviceRow(t, b.id)).status === 1 ? true : undefined));

    const devA = await connectDevice(broker.url, a.sn);
    for (const filter of [
      deviceDownFilter(b.sn),
      'netloom/v1/+/down/#',
      'netloom/#',
      'netloom/internal/live/+',
      upTopic(b.sn, 'state'),
    ]) {
      await expect(devA.subscribeAsync(filter)).rejects.toThrow(/Subscribe error/);
    }
    expect((await devA.subscribeAsync(deviceDownFilter(a.sn)))[0]?.qos).toBe(0);
    const got = inbox(devA);
    await t.app.devicePlane.gateway.publish(b.sn, 'command', {
      id: 'x1',
      name: 'reboot',
      args: {},
      expiresAt: Date.now() + 60_000,
    });
    t.app.devicePlane.bus.publish({ type: 'device.updated', projectId, deviceId: b.id });
    // Positive control: a command for A from the same sender, published after; anything that leaked
    // would have arrived before it.
    await t.app.devicePlane.gateway.publish(a.sn, 'command', {
      id: 'control',
      name: 'reboot',
      args: {},
      expiresAt: Date.now() + 60_000,
    });
    await waitFor(() => (got.length > 0 ? true : undefined), { what: 'the control command for A' });
    expect(got.map((m) => m.topic)).toEqual([downTopic(a.sn, 'command')]);
    // A forging B's offline state: the broker drops it, B stays online. Positive control: A's own
    // hello and state after it, on the same connection, bring A online — so the forged message, had
    // the broker passed it, would have been handled first.
    await devA.publishAsync(upTopic(b.sn, 'state'), JSON.stringify({ v: 1, ts: Date.now(), status: 0 }), {
      qos: 1,
    });
    await bootDevice(devA, a.sn);
    await waitFor(async () => ((await deviceRow(t, a.id)).status === 1 ? true : undefined), {
      what: 'A online after its own state',
    });
    expect((await deviceRow(t, b.id)).status).toBe(1);
    await devA.endAsync();
    await devB.endAsync();
  });

  it('sends commands through the broker and finishes them by reply', async () => {
    const t = get();
    const { sn, id } = await claimAndProvision('NLC');
    const dev = await connectDevice(broker.url, sn);
    const got = inbox(dev);
    await bootDevice(dev, sn);
    await waitFor(() => (t.app.devicePlane.gateway.isConnected(sn) ? true : undefined));
    const job = await t.app.features.commands.create({
      deviceId: id,
      projectId,
      accountId: null,
      name: 'reboot',
    });
    const msg = await waitFor(() => got.find((m) => m.topic.endsWith('/down/command')));
    expect(JSON.parse(msg.payload)).toMatchObject({ id: job.id, name: 'reboot' });
    await devicePublish(dev, sn, 'reply', { id: job.id, ok: true });
    await waitFor(async () =>
      (await t.app.features.commands.get(job.id))?.status === 'done' ? true : undefined,
    );
    await dev.endAsync();
  });

  it('deprovisioning shuts a device out', async () => {
    const t = get();
    const { sn } = await claimAndProvision('NLD');
    await (await connectDevice(broker.url, sn)).endAsync();
    await t.app.devicePlane.gateway.deprovision(sn);
    await connectRefused(broker.url, sn);
  });

  it('a second node provisions claimed devices at start and receives the first node’s live events', async () => {
    const t = get();
    const sn = uniqueSn('NLN');
    await claimDevice(t, projectId, sn); // claimed, but not provisioned by anyone yet
    await connectRefused(broker.url, sn);
    const config = loadConfig({ MQTT_URL: broker.adminUrl, PROVISIONING_KEY: TEST_KEY, LOG_LEVEL: 'silent' });
    const node2: DevicePlane = createDevicePlane(config, {
      db: t.database.db,
      logger: pino({ level: 'silent' }),
      clock: systemClock,
    });
    await node2.start();
    try {
      await (await connectDevice(broker.url, sn)).endAsync();
      const seen: LiveEvent[] = [];
      const off = node2.bus.subscribe(projectId, (e) => seen.push(e));
      t.app.devicePlane.bus.publish({ type: 'telemetry.tick', projectId, at: 42 });
      await waitFor(() => seen.find((e) => e.type === 'telemetry.tick' && e.at === 42), {
        what: 'cross-node event',
      });
      off();
    } finally {
      await node2.stop();
    }
  });
});
