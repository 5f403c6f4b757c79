import { deviceDownFilter, downTopic, upTopic } from '@netloom/protocol';
import { beforeAll, expect, it } from 'vitest';
import { buildProject, signedInUser } from './factories';
import {
  bootDevice,
  claimDevice,
  connectDevice,
  connectRefused,
  devicePublish,
  deviceRow,
  fullState,
  inbox,
  mqttTcpUrl,
  TEST_KEY,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

describeEachDb('embedded broker: identity, ACL, ingest', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  let projectId = 0;
  let url = '';

  beforeAll(async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const res = await client.post<{ id: number }>('/api/projects', buildProject());
    projectId = res.body.data?.id ?? 0;
    url = mqttTcpUrl(t.app);
  });

  it('refuses a wrong secret, a client id that is not the user name, and a non-serial user', async () => {
    const sn = uniqueSn();
    const before = get().app.devicePlane.gateway.stats().authFailures;
    const wrong = await connectRefused(url, sn, { secret: 'not-the-secret' });
    expect(wrong.message).toMatch(/Bad username or password|Not authorized/i);
    await connectRefused(url, sn, { key: 'another-provisioning-key-0123456789abc' });
    expect(get().app.devicePlane.gateway.stats().authFailures).toBe(before + 2);
  });

  it('hello + state update the device row and push device.status; last will makes it offline', async () => {
    const t = get();
    const sn = uniqueSn();
    const id = await claimDevice(t, projectId, sn);
    const events: unknown[] = [];
    const off = t.app.devicePlane.bus.subscribe(projectId, (e) => events.push(e));
    const dev = await connectDevice(url, sn);
    await bootDevice(
      dev,
      sn,
      fullState({ cpu: 33, uplink: { kind: 'wired', sn: 'NLS1240000000000001', port: 7 } }),
    );
    const row = await waitFor(
      async () => {
        const r = await deviceRow(t, id);
        return r.status === 1 && r.model === 'NL-A3000C' && r.cpu === 33 ? r : undefined;
      },
      { what: 'the device row' },
    );
    expect(row).toMatchObject({ mac: '3C:52:A1:00:12:7F', firmware_version: 'V1.1.5', ip: '192.168.10.21' });
    expect(row).toMatchObject({ uplink_sn: 'NLS1240000000000001', uplink_port: '7', uplink_kind: 'wired' });
    expect(JSON.parse(row.state_json ?? '{}').ports).toHaveLength(1);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'device.status', deviceId: id, sn, status: 1 }),
    );
    expect(t.app.devicePlane.gateway.isConnected(sn)).toBe(true);

    // Abrupt loss (no DISCONNECT): the broker fires the will and sees the drop — at once, not after
    // the 90 s keep-alive timeout (the wait below is a bound far under it, not a speed claim).
    dev.stream.destroy();
    await waitFor(async () => ((await deviceRow(t, id)).status === 0 ? true : undefined), {
      timeoutMs: 30_000,
      what: 'offline',
    });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'device.status', deviceId: id, status: 0 }),
    );
    expect(t.app.devicePlane.gateway.isConnected(sn)).toBe(false);
    off();
    dev.end(true);
  });

  it('a device cannot read or write another device’s topics', async () => {
    const t = get();
    const a = uniqueSn('NLA');
    const b = uniqueSn('NLB');
    const idB = await claimDevice(t, projectId, b);
    await claimDevice(t, projectId, a);
    const devB = await connectDevice(url, b);
    await bootDevice(devB, b);
    await waitFor(async () => ((await deviceRow(t, idB)).status === 1 ? true : undefined));

    const devA = await connectDevice(url, a);
    const denied = t.app.devicePlane.gateway.stats().aclDenied;
    // Subscribing to B's commands, to everyone's, or to up topics is refused (SUBACK 0x80).
    for (const filter of [
      deviceDownFilter(b),
      'netloom/v1/+/down/#',
      'netloom/#',
      upTopic(a, 'state'),
      upTopic(b, 'state'),
    ]) {
      await expect(devA.subscribeAsync(filter)).rejects.toThrow(/Subscribe error/);
    }
    const own = await devA.subscribeAsync(deviceDownFilter(a));
    expect(own[0]?.qos).toBe(0);
    const got = inbox(devA);
    // A command for B never reaches A. Positive control: a command for A published after it, by the
    // same sender, arrives — and anything that leaked would have arrived before it.
    await t.app.devicePlane.gateway.publish(b, 'command', {
      id: 'x1',
      name: 'reboot',
      args: {},
      expiresAt: Date.now() + 60_000,
    });
    await t.app.devicePlane.gateway.publish(a, 'command', {
      id: 'control',
      name: 'reboot',
      args: {},
      expiresAt: Date.now() + 60_000,
    });
    await waitFor(() => (got.length > 0 ? true : undefined), { what: 'the control command for A' });
    expect(got.map((m) => m.topic)).toEqual([downTopic(a, 'command')]);
    got.length = 0;
    // A publishing B's state (offline) is refused and A is disconnected; B stays online.
    const closed = new Promise<void>((r) => devA.once('close', () => r()));
    devA.publish(upTopic(b, 'state'), JSON.stringify({ v: 1, ts: Date.now(), status: 0 }), { qos: 0 });
    await closed;
    expect(got).toEqual([]);
    expect(t.app.devicePlane.gateway.stats().aclDenied).toBeGreaterThanOrEqual(denied + 6);
    expect((await deviceRow(t, idB)).status).toBe(1);
    devA.end(true);
    devB.end(true);
  });

  it('drops and counts garbage, huge and wrong-type payloads, and keeps serving a good device', async () => {
    const t = get();
    const bad = uniqueSn('NLX');
    const good = uniqueSn('NLG');
    await claimDevice(t, projectId, bad);
    const idGood = await claimDevice(t, projectId, good);
    const devBad = await connectDevice(url, bad);
    const before = t.app.devicePlane.gateway.stats();
    const count = (s: typeof before) => Object.values(s.malformed).reduce((a, b) => a + b, 0);
    const state = upTopic(bad, 'state');
    devBad.publish(state, Buffer.from([0xff, 0xfe, 0x00, 0x81]), { qos: 1 }); // not UTF-8
    devBad.publish(state, '{"v":1,"ts":', { qos: 1 }); // not JSON
    devBad.publish(state, JSON.stringify({ v: 1, ts: 1, status: 'online', cpu: 'lots' }), { qos: 1 }); // wrong types
    devBad.publish(state, `${'['.repeat(40)}${']'.repeat(40)}`, { qos: 1 }); // too deep
    devBad.publish(state, Buffer.alloc(300 * 1024, 0x61), { qos: 1 }); // too large
    devBad.publish(upTopic(bad, 'hello'), JSON.stringify({ v: 2, ts: 1 }), { qos: 1 }); // wrong version
    devBad.publish(`netloom/v1/${bad}/up/bogus`, '{}', { qos: 1 }); // unknown message
    await waitFor(() => (count(t.app.devicePlane.gateway.stats()) >= count(before) + 7 ? true : undefined), {
      what: 'malformed counters',
    });
    const after = t.app.devicePlane.gateway.stats();
    expect(after.malformed.not_utf8).toBeGreaterThan(before.malformed.not_utf8 ?? 0);
    expect(after.malformed.too_large).toBeGreaterThan(before.malformed.too_large ?? 0);
    expect(after.malformed.invalid).toBeGreaterThan(before.malformed.invalid ?? 0);
    expect(devBad.connected).toBe(true); // malformed never costs the connection

    const devGood = await connectDevice(url, good);
    await bootDevice(devGood, good, fullState({ cpu: 77 }));
    await waitFor(async () => ((await deviceRow(t, idGood)).cpu === 77 ? true : undefined), {
      what: 'good device',
    });
    devBad.end(true);
    devGood.end(true);
  });

  it('rate-limits a chatty device by dropping, without disconnecting it', async () => {
    const t = get();
    const sn = uniqueSn('NLR');
    await claimDevice(t, projectId, sn);
    const dev = await connectDevice(url, sn);
    const before = t.app.devicePlane.gateway.stats().rateLimited;
    for (let i = 0; i < 120; i++) devPublishTelemetry(dev, sn, i);
    await waitFor(() => (t.app.devicePlane.gateway.stats().rateLimited >= before + 40 ? true : undefined), {
      what: 'rate limiting',
    });
    expect(dev.connected).toBe(true);
    dev.end(true);
  });

  it('stores events once per event id', async () => {
    const t = get();
    const sn = uniqueSn('NLE');
    const id = await claimDevice(t, projectId, sn);
    const dev = await connectDevice(url, sn);
    const ev = {
      id: 'b1-1',
      kind: 'alarm',
      severity: 'warning',
      code: 'cpu_high',
      text: 'CPU high',
      at: 1000,
    } as const;
    await devicePublish(dev, sn, 'events', { events: [ev] });
    await devicePublish(dev, sn, 'events', { events: [ev, { ...ev, id: 'b1-2', kind: 'log' }] });
    // Positive control: a third batch after the repeat. A device's messages are handled in order, so
    // once b1-3 is stored a duplicate b1-1 would be stored too — no waiting for something not to happen.
    await devicePublish(dev, sn, 'events', { events: [{ ...ev, id: 'b1-3', kind: 'log' }] });
    const ids = await waitFor(async () => {
      const r = await t.database.db
        .selectFrom('device_events')
        .select('event_id')
        .where('device_id', '=', id)
        .execute();
      return r.some((x) => x.event_id === 'b1-3') ? r.map((x) => x.event_id).sort() : undefined;
    });
    expect(ids).toEqual(['b1-1', 'b1-2', 'b1-3']);
    dev.end(true);
  });

  it('records an unclaimed device as pending in its uplink parent’s project', async () => {
    const t = get();
    const parent = uniqueSn('NLP');
    const child = uniqueSn('NLC');
    await claimDevice(t, projectId, parent, 'switch');
    const events: unknown[] = [];
    const off = t.app.devicePlane.bus.subscribe(projectId, (e) => events.push(e));
    // The parent reports the child on its port 3: the uplink proof (docs/protocol.md §6.2).
    const up = await connectDevice(url, parent);
    await bootDevice(
      up,
      parent,
      fullState({ ports: [{ id: 3, link: 'up', speed: 1000, duplex: 'full', neighbour: { sn: child } }] }),
    );
    const dev = await connectDevice(url, child);
    await bootDevice(dev, child, fullState({ uplink: { kind: 'wired', sn: parent, port: 3 } }));
    const row = await waitFor(
      () =>
        t.database.db
          .selectFrom('pending_devices')
          .selectAll()
          .where('sn', '=', child)
          .where('project_id', '=', projectId)
          .executeTakeFirst(),
      { what: 'pending row' },
    );
    expect(row).toMatchObject({
      model: 'NL-A3000C',
      type: 'ap',
      online: 1,
      uplink_sn: parent,
      ip: '192.168.10.21',
    });
    await waitFor(() =>
      events.some((e) => (e as { type: string }).type === 'device.pending') ? true : undefined,
    );
    dev.stream.destroy();
    await waitFor(
      async () => {
        const r = await t.database.db
          .selectFrom('pending_devices')
          .select('online')
          .where('sn', '=', child)
          .executeTakeFirst();
        return r?.online === 0 ? true : undefined;
      },
      { what: 'pending offline' },
    );
    off();
    await up.endAsync();
  });
});

function devPublishTelemetry(dev: Awaited<ReturnType<typeof connectDevice>>, sn: string, i: number) {
  dev.publish(
    upTopic(sn, 'telemetry'),
    JSON.stringify({ v: 1, ts: Date.now(), txBytes: i, rxBytes: i, txRate: 0, rxRate: 0, clients: 0 }),
    { qos: 0 },
  );
}
