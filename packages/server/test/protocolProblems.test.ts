import {
  type DeviceDetail,
  type DeviceList,
  type PendingDeviceList,
  PROTOCOL_PROBLEMS_KEPT,
} from '@netloom/domain';
import {
  type Body,
  DIAGNOSTIC_INTERVAL_SECONDS,
  type DiagnosticMessage,
  decodeDown,
  deviceDownFilter,
  upTopic,
} from '@netloom/protocol';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { type ParentReport, uplinkProven } from '../src/features/devices/uplinkProof';
import { createProject, DEVICE_ENV, nextSn } from './devices.fixtures';
import { signedInUser } from './factories';
import {
  bootDevice,
  connectDevice,
  devicePublish,
  fullState,
  HELLO,
  inbox,
  mqttTcpUrl,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

/** A state whose first port runs faster than any port can: refused at `ports.0.speed`. */
const BAD_STATE = JSON.stringify({
  v: 1,
  ts: 1,
  ...fullState(),
  ports: [{ id: 1, link: 'up', speed: 10_000_000, duplex: 'full' }],
});

function diagnostics(got: { topic: string; payload: string }[]): DiagnosticMessage[] {
  const out: DiagnosticMessage[] = [];
  for (const m of got) {
    const d = decodeDown(m.topic, new TextEncoder().encode(m.payload));
    if (d.ok && d.message === 'diagnostic') out.push(d.data);
  }
  return out;
}

/** Publishes raw bytes on one of the device's up topics (a payload `devicePublish` would refuse to build). */
async function publishRaw(c: MqttClient, sn: string, message: 'state' | 'telemetry', text: string) {
  await c.publishAsync(upTopic(sn, message), Buffer.from(text), { qos: 1 });
}

/** The §4 connection sequence with a `state` the cloud refuses. */
async function bootBad(c: MqttClient, sn: string): Promise<void> {
  await c.subscribeAsync(deviceDownFilter(sn), { qos: 1 });
  await devicePublish(c, sn, 'hello', HELLO);
  await publishRaw(c, sn, 'state', BAD_STATE);
}

describe('uplink proof (pure)', () => {
  const child = { sn: 'NLCHILD000000000001', mac: '3C:52:A1:00:12:7F' };
  const switchOf = (neighbour: { sn?: string; mac?: string }, id = 3): ParentReport => ({
    ports: [{ id, neighbour }],
  });
  it('a wired newcomer is proven by the port neighbour (SN or MAC), on the port it names', () => {
    const wired = { ...child, uplink: { kind: 'wired' as const, port: 3 } };
    expect(uplinkProven(switchOf({ sn: child.sn.toLowerCase() }), wired)).toBe(true);
    expect(uplinkProven(switchOf({ mac: child.mac }), wired)).toBe(true);
    expect(uplinkProven(switchOf({ sn: child.sn }, 4), wired)).toBe(false);
    expect(uplinkProven(switchOf({ sn: 'NLOTHER000000000001' }), wired)).toBe(false);
    expect(uplinkProven({ ports: [{ id: 3 }] }, wired)).toBe(false);
    expect(uplinkProven(undefined, wired)).toBe(false);
  });
  it('a wireless or mesh newcomer is proven by the parent peers', () => {
    const mesh = { ...child, uplink: { kind: 'mesh' as const } };
    expect(uplinkProven({ peers: [child.sn] }, mesh)).toBe(true);
    expect(uplinkProven({ peers: [], ports: [{ id: 1, neighbour: { sn: child.sn } }] }, mesh)).toBe(false);
  });
});

describeEachDb('protocol problems: diagnostics, the device detail and list, uplink proof', (kind) => {
  const t = useTestApp(kind, { env: DEVICE_ENV });

  async function setup() {
    const user = await signedInUser(t());
    const projectId = await createProject(user.client, { netMode: 0 });
    return { ...user, projectId, base: `/api/projects/${projectId}/devices` };
  }

  it('a refused state reaches the device as a diagnostic, is listed in its details and flags it in the list', async () => {
    const { client, base } = await setup();
    const sn = nextSn();
    const added = await client.post<DeviceDetail>(base, { sn, name: 'Lobby-AP' });
    const id = added.body.data?.id;
    expect(id).toBeTypeOf('number');
    const device = await connectDevice(mqttTcpUrl(t().app), sn);
    const got = inbox(device);
    try {
      // hello, then a state the cloud refuses: connected, not reporting.
      await bootBad(device, sn);
      const [first] = await waitFor(() => (diagnostics(got).length > 0 ? diagnostics(got) : undefined), {
        what: 'the diagnostic of the refused state',
      });
      expect(first).toMatchObject({
        message: 'state',
        code: 'invalid',
        path: 'ports.0.speed',
        suppressed: 0,
      });
      expect(first?.reason).toContain('ports.0.speed');
      expect(first?.at).toBeGreaterThan(0);

      // A second bad state within the interval is not reported; a bad telemetry (another name) is.
      // The telemetry's diagnostic is the positive control: messages of one device are handled in
      // order, so had the second state been reported it would have arrived before it.
      expect(DIAGNOSTIC_INTERVAL_SECONDS).toBeGreaterThan(1);
      await publishRaw(device, sn, 'state', BAD_STATE);
      await publishRaw(device, sn, 'telemetry', '{"v":1,"ts":1,"txBytes":"many"}');
      const all = await waitFor(
        () => (diagnostics(got).some((d) => d.message === 'telemetry') ? diagnostics(got) : undefined),
        { what: 'the diagnostic of the refused telemetry' },
      );
      expect(all.map((d) => d.message)).toEqual(['state', 'telemetry']);
      expect(all[1]).toMatchObject({ code: 'invalid', path: 'txBytes' });

      // The console: "Protocol problems" in the details, newest first, and the list's flag.
      const detail = await waitFor(
        async () => {
          const r = await client.get<DeviceDetail>(`${base}/${id}`);
          return (r.body.data?.protocolProblems.length ?? 0) >= 2 ? r.body.data : undefined;
        },
        { what: 'the problems in the device detail' },
      );
      expect(detail.protocolProblems.map((p) => [p.message, p.path])).toEqual([
        ['telemetry', 'txBytes'],
        ['state', 'ports.0.speed'],
      ]);
      expect(detail.status).toBe(0);
      const row = await waitFor(
        async () => {
          const r = await client.get<DeviceList>(base);
          const item = r.body.data?.items.find((d) => d.sn === sn);
          return item?.protocolProblem && item.notReporting ? item : undefined;
        },
        { what: 'the flag in the device list' },
      );
      expect(row.protocolProblem).toMatchObject({ message: 'telemetry', path: 'txBytes' });
      expect(row.notReporting).toContain('ports.0.speed');
      expect(row.displayStatus).toBe('offline');

      // A valid state: online, reporting again; the flag stays (the problem is recent).
      await devicePublish(device, sn, 'state', fullState());
      const back = await waitFor(
        async () => {
          const r = await client.get<DeviceList>(base);
          const item = r.body.data?.items.find((d) => d.sn === sn);
          return item?.status === 1 && item.notReporting === null ? item : undefined;
        },
        { what: 'the device online again' },
      );
      expect(back.protocolProblem).not.toBeNull();
    } finally {
      await device.endAsync();
    }
  });

  it(`keeps the last ${PROTOCOL_PROBLEMS_KEPT} problems of a device`, async () => {
    const { client, base } = await setup();
    const sn = nextSn();
    const id = (await client.post<DeviceDetail>(base, { sn, name: 'Kept' })).body.data?.id ?? 0;
    // Recorded as the dispatcher hands them over (one per message name per interval, so written
    // through the problem log directly here, with distinct times).
    const entry = t().app.devicePlane.registry.get(sn);
    expect(entry).toBeDefined();
    const rows = Array.from({ length: PROTOCOL_PROBLEMS_KEPT + 5 }, (_, i) => ({
      device_id: id,
      message: 'state',
      code: 'invalid',
      path: `ports.${i}.speed`,
      reason: `state: ports.${i}.speed: too big`,
      at: 1_000 + i,
    }));
    await t().database.db.insertInto('device_problems').values(rows).execute();
    const device = await connectDevice(mqttTcpUrl(t().app), sn);
    try {
      // One more through the wire: the batched write prunes the device's older rows.
      await bootBad(device, sn);
      const detail = await waitFor(
        async () => {
          const r = await client.get<DeviceDetail>(`${base}/${id}`);
          return r.body.data?.protocolProblems[0]?.path === 'ports.0.speed' &&
            r.body.data.protocolProblems[0].at > 10_000
            ? r.body.data
            : undefined;
        },
        { what: 'the wire refusal recorded' },
      );
      expect(detail.protocolProblems).toHaveLength(PROTOCOL_PROBLEMS_KEPT);
      const stored = await waitFor(
        async () => {
          const n = await t()
            .database.db.selectFrom('device_problems')
            .select('id')
            .where('device_id', '=', id)
            .execute();
          return n.length === PROTOCOL_PROBLEMS_KEPT ? n : undefined;
        },
        { what: 'the older rows pruned' },
      );
      expect(stored).toHaveLength(PROTOCOL_PROBLEMS_KEPT);
    } finally {
      await device.endAsync();
    }
  });

  it('an unclaimed device hears the diagnostic too; nothing is recorded for it', async () => {
    const sn = nextSn();
    const device = await connectDevice(mqttTcpUrl(t().app), sn);
    const got = inbox(device);
    try {
      await bootBad(device, sn);
      const [d] = await waitFor(() => (diagnostics(got).length > 0 ? diagnostics(got) : undefined), {
        what: 'the diagnostic',
      });
      expect(d).toMatchObject({ message: 'state', path: 'ports.0.speed' });
      // Unknown message names get one too, under their own name.
      await device.publishAsync(`netloom/v1/${sn}/up/lldpTable`, Buffer.from('{}'), { qos: 1 });
      const unknown = await waitFor(() => diagnostics(got).find((x) => x.message === 'lldpTable'), {
        what: 'the unknown message diagnostic',
      });
      expect(unknown.code).toBe('unknown_message');
      expect(unknown.path).toBeNull();
    } finally {
      await device.endAsync();
    }
  });

  it('uplink spoofing: a device naming a foreign switch is not offered; one the switch reports is', async () => {
    const owner = await setup();
    const switchSn = nextSn();
    expect((await owner.client.post(owner.base, { sn: switchSn, name: 'Core-SW' })).body.code).toBe(0);
    const url = mqttTcpUrl(t().app);
    const sw = await connectDevice(url, switchSn);
    const spoofSn = nextSn();
    const genuineSn = nextSn();
    const spoof = await connectDevice(url, spoofSn);
    const genuine = await connectDevice(url, genuineSn);
    const switchState = (neighbours: string[]) =>
      fullState({
        ports: neighbours.map((sn, i) => ({
          id: i + 2,
          link: 'up',
          speed: 1000,
          duplex: 'full',
          neighbour: { sn },
        })),
      });
    const pending = async () =>
      (await owner.client.get<PendingDeviceList>(`${owner.base}/pending`)).body.data?.items ?? [];
    const pendingRow = (sn: string) =>
      t().database.db.selectFrom('pending_devices').selectAll().where('sn', '=', sn).executeTakeFirst();
    try {
      // The switch is online and reports nothing on its ports yet.
      await bootDevice(sw, switchSn, switchState([]));
      // The spoofer names the switch (and a port) as its uplink: recorded, offered to no one.
      await bootDevice(spoof, spoofSn, fullState({ uplink: { kind: 'wired', sn: switchSn, port: 2 } }));
      const spoofed = await waitFor(async () => (await pendingRow(spoofSn)) ?? undefined, {
        what: 'the spoofer recorded',
      });
      expect(spoofed.project_id).toBeNull();
      expect((await pending()).map((p) => p.sn)).not.toContain(spoofSn);

      // A genuine newcomer: the switch reports it on port 2 (it plugged in first), then it connects.
      await devicePublish(sw, switchSn, 'state', switchState([genuineSn]));
      await waitFor(() => (t().app.devicePlane.dispatcher.counters.queue === 0 ? true : undefined), {
        what: 'the switch state handled',
      });
      await bootDevice(genuine, genuineSn, fullState({ uplink: { kind: 'wired', sn: switchSn, port: 2 } }));
      const offered = await waitFor(async () => (await pending()).find((p) => p.sn === genuineSn), {
        what: 'the genuine device offered',
      });
      expect(offered).toMatchObject({ uplinkSn: switchSn, uplinkName: 'Core-SW' });
      // The spoofer still is not, though it names the same port the switch reports someone on.
      expect((await pending()).map((p) => p.sn)).not.toContain(spoofSn);
      expect((await pendingRow(spoofSn))?.project_id).toBeNull();
    } finally {
      await Promise.all([sw.endAsync(), spoof.endAsync(), genuine.endAsync()]);
    }
  });

  it('a newcomer is offered once its parent reports it later (LLDP learnt after the link)', async () => {
    const owner = await setup();
    const apSn = nextSn();
    expect((await owner.client.post(owner.base, { sn: apSn, name: 'Mesh-Root' })).body.code).toBe(0);
    const url = mqttTcpUrl(t().app);
    const ap = await connectDevice(url, apSn);
    const childSn = nextSn();
    const child = await connectDevice(url, childSn);
    const pending = async () =>
      (await owner.client.get<PendingDeviceList>(`${owner.base}/pending`)).body.data?.items ?? [];
    try {
      await bootDevice(ap, apSn, fullState({ peers: [] } as Partial<Body<'state'>>));
      await bootDevice(child, childSn, fullState({ uplink: { kind: 'wireless', sn: apSn, rssi: -60 } }));
      const row = await waitFor(
        async () =>
          (await t()
            .database.db.selectFrom('pending_devices')
            .selectAll()
            .where('sn', '=', childSn)
            .where('uplink_sn', '=', apSn)
            .executeTakeFirst()) ?? undefined,
        { what: 'the newcomer recorded under its uplink' },
      );
      expect(row.project_id).toBeNull();
      // The AP now lists it among its wireless peers: offered.
      await devicePublish(ap, apSn, 'state', fullState({ peers: [childSn] } as Partial<Body<'state'>>));
      const offered = await waitFor(async () => (await pending()).find((p) => p.sn === childSn), {
        what: 'the newcomer offered',
      });
      expect(offered.uplinkSn).toBe(apSn);
    } finally {
      await Promise.all([ap.endAsync(), child.endAsync()]);
    }
  });
});
