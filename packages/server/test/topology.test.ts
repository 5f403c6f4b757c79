import { TOPOLOGY_ROOT_ID, type Topology, type TopologyNode, topologyNodeId } from '@netloom/domain';
import { deviceDownFilter } from '@netloom/protocol';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { buildTopology } from '../src/features/topology/graph';
import type { TopologyDeviceRow } from '../src/features/topology/store';
import { createProject, DEVICE_ENV } from './devices.fixtures';
import { signedInUser } from './factories';
import {
  claimDevice,
  connectDevice,
  devicePublish,
  deviceRow,
  fullState,
  HELLO,
  mqttTcpUrl,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, type TestApp, useTestApp } from './harness';

/** A devices row as the ingest path leaves it (what `claimDevice` inserts, then what `state` sets). */
async function seedRow(
  t: TestApp,
  projectId: number,
  sn: string,
  set: Partial<Omit<TopologyDeviceRow, 'id' | 'sn'>> & { type: string },
): Promise<number> {
  const id = await claimDevice(t, projectId, sn, set.type);
  await t.database.db.updateTable('devices').set(set).where('id', '=', id).execute();
  return id;
}

/** The §4 connection sequence of a device of this kind and model: subscribe, hello, full state. */
async function boot(
  c: MqttClient,
  sn: string,
  type: (typeof HELLO)['type'],
  model: string,
  state: ReturnType<typeof fullState>,
) {
  await c.subscribeAsync(deviceDownFilter(sn), { qos: 1 });
  await devicePublish(c, sn, 'hello', { ...HELLO, capabilities: [...HELLO.capabilities], type, model });
  await devicePublish(c, sn, 'state', state);
}

function nodeOf(graph: Topology, deviceId: number): TopologyNode {
  const n = graph.nodes.find((x) => x.id === topologyNodeId(deviceId));
  if (!n) throw new Error(`no node for device ${deviceId}`);
  return n;
}

function edgeTo(graph: Topology, deviceId: number) {
  return graph.edges.find((e) => e.to === topologyNodeId(deviceId));
}

describeEachDb('topology', (kind) => {
  const get = useTestApp(kind, { env: DEVICE_ENV });

  it('draws gateway → switch (port 3) → APs, a mesh satellite and a device of unknown uplink', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const url = mqttTcpUrl(t.app);

    // The gateway and the switch are real (simulated) devices reporting their state over MQTT.
    const gwSn = uniqueSn('NLG');
    const swSn = uniqueSn('NLS');
    const gwId = await claimDevice(t, projectId, gwSn, 'v7');
    const swId = await claimDevice(t, projectId, swSn, 'switch');
    const gw = await connectDevice(url, gwSn);
    const sw = await connectDevice(url, swSn);
    try {
      await boot(
        gw,
        gwSn,
        'v7',
        'NL-G300',
        fullState({ ports: [{ id: 3, link: 'up', speed: 1000, duplex: 'full' }], uplink: null }),
      );
      await boot(
        sw,
        swSn,
        'switch',
        'NL-S108',
        fullState({
          uplink: { kind: 'wired', sn: gwSn, port: 3 },
          ports: [
            { id: 1, link: 'up', speed: 1000, duplex: 'full' },
            { id: 2, link: 'up', speed: 100, duplex: 'full' },
            { id: 5, link: 'down', speed: 0, duplex: 'full' },
          ],
        }),
      );
      // Wait for the device plane's batched writer to store what the switch reported.
      await waitFor(
        async () => {
          await t.app.devicePlane.writer.flush();
          const row = await deviceRow(t, swId);
          return row.uplink_sn === gwSn && row.status === 1 ? true : undefined;
        },
        { what: 'the switch row with its uplink' },
      );
      await waitFor(async () => ((await deviceRow(t, gwId)).state_json ? true : undefined), {
        what: "the gateway's ports",
      });

      // Seeded rows: what APs and a mesh unit would have reported.
      const ap2 = await seedRow(t, projectId, uniqueSn('NLA'), {
        type: 'ap',
        name: 'Lobby AP',
        model: 'NL-A750P',
        status: 1,
        clients: 3,
        uplink_sn: swSn,
        uplink_port: '2',
        uplink_kind: 'wired',
      });
      const ap1Sn = uniqueSn('NLA');
      const ap1 = await seedRow(t, projectId, ap1Sn, {
        type: 'ap',
        name: 'Hall AP',
        model: 'NL-A3000C',
        status: 1,
        clients: 7,
        uplink_sn: swSn,
        uplink_port: '1',
        uplink_kind: 'wired',
      });
      const satellite = await seedRow(t, projectId, uniqueSn('NLM'), {
        type: 'mesh',
        name: 'Garden satellite',
        model: 'NL-M1200S',
        status: 0,
        mesh_role: 1,
        uplink_sn: ap1Sn,
        uplink_kind: 'mesh',
      });
      const unknown = await seedRow(t, projectId, uniqueSn('NLU'), {
        type: 'ap',
        name: 'Storeroom AP',
        status: 1,
        uplink_sn: 'NLX0000000000000000', // a parent outside the project
        uplink_port: '4',
        uplink_kind: 'wired',
      });

      const r = await client.get<Topology>(`/api/projects/${projectId}/topology`);
      expect(r.body.code).toBe(0);
      const g = r.body.data as Topology;

      expect(g.nodes[0]).toMatchObject({ id: TOPOLOGY_ROOT_ID, kind: 'internet', level: 0 });
      expect(g.nodes).toHaveLength(7);
      expect(g.depth).toBe(4);
      expect(nodeOf(g, gwId)).toMatchObject({ kind: 'v7', level: 1, sn: gwSn, uplinkUnknown: false });
      expect(nodeOf(g, swId)).toMatchObject({ kind: 'switch', level: 2, status: 1 });
      expect(nodeOf(g, ap1)).toMatchObject({ kind: 'ap', level: 3, clients: 7, model: 'NL-A3000C' });
      // A model's topology type wins over the device's kind (§3 `wired_ap`).
      expect(nodeOf(g, ap2)).toMatchObject({ kind: 'wired_ap', level: 3, clients: 3 });
      expect(nodeOf(g, satellite)).toMatchObject({ kind: 'mesh', level: 4, meshRole: 1 });
      expect(nodeOf(g, unknown)).toMatchObject({ level: 1, uplinkUnknown: true });

      expect(edgeTo(g, gwId)).toEqual({
        from: TOPOLOGY_ROOT_ID,
        to: topologyNodeId(gwId),
        kind: 'wired',
        up: true,
      });
      expect(edgeTo(g, swId)).toEqual({
        from: topologyNodeId(gwId),
        to: topologyNodeId(swId),
        port: '3',
        kind: 'wired',
        rateMbps: 1000,
        up: true,
      });
      expect(edgeTo(g, ap1)).toMatchObject({
        from: topologyNodeId(swId),
        port: '1',
        rateMbps: 1000,
        up: true,
      });
      expect(edgeTo(g, ap2)).toMatchObject({
        from: topologyNodeId(swId),
        port: '2',
        rateMbps: 100,
        up: true,
      });
      // The satellite is offline: its mesh link is down and has no wired rate.
      expect(edgeTo(g, satellite)).toEqual({
        from: topologyNodeId(ap1),
        to: topologyNodeId(satellite),
        kind: 'mesh',
        up: false,
      });
      expect(edgeTo(g, unknown)?.from).toBe(TOPOLOGY_ROOT_ID);
      // Downlinks of one parent in port order (the drawing reads left to right).
      const underSwitch = g.edges.filter((e) => e.from === topologyNodeId(swId)).map((e) => e.to);
      expect(underSwitch).toEqual([topologyNodeId(ap1), topologyNodeId(ap2)]);

      const stranger = await signedInUser(t);
      expect((await stranger.client.get(`/api/projects/${projectId}/topology`)).body.code).toBe(73);
    } finally {
      await gw.endAsync();
      await sw.endAsync();
    }
  });

  it('an empty project is the Internet root alone', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const r = await client.get<Topology>(`/api/projects/${projectId}/topology`);
    expect(r.body.data).toEqual({
      nodes: [expect.objectContaining({ id: TOPOLOGY_ROOT_ID, kind: 'internet' })],
      edges: [],
      depth: 0,
    });
  });
});

describe('topology graph rules', () => {
  let id = 0;
  const row = (sn: string, over: Partial<TopologyDeviceRow> = {}): TopologyDeviceRow => {
    id += 1;
    return {
      id,
      sn,
      type: 'ap',
      name: sn,
      model: null,
      status: 1,
      clients: null,
      mesh_role: null,
      uplink_sn: null,
      uplink_port: null,
      uplink_kind: null,
      state_json: null,
      ...over,
    };
  };

  it('breaks a loop of uplinks at a device of the loop, keeping what hangs below it', () => {
    const a = row('A', { uplink_sn: 'B' });
    const b = row('B', { uplink_sn: 'A' });
    const c = row('C', { uplink_sn: 'A', uplink_port: '2' });
    const g = buildTopology([c, a, b]);
    expect(g.nodes).toHaveLength(4);
    const top = g.nodes.filter((n) => n.level === 1);
    expect(top).toHaveLength(1);
    expect(top[0]?.uplinkUnknown).toBe(true);
    expect(g.nodes.find((n) => n.sn === 'C')?.level).toBeGreaterThan(1);
    expect(new Set(g.edges.map((e) => e.to)).size).toBe(3);
  });

  it('hangs a mesh primary under the Internet and marks a port whose link is down', () => {
    const primary = row('P', {
      type: 'mesh',
      mesh_role: 0,
      state_json: JSON.stringify({ ports: [{ id: 1, link: 'down', speed: 0, duplex: 'full' }] }),
    });
    const wired = row('W', { uplink_sn: 'P', uplink_port: '1', uplink_kind: 'wired' });
    const odd = row('O', { type: 'toaster' });
    const g = buildTopology([primary, wired, odd]);
    expect(g.nodes.find((n) => n.sn === 'P')).toMatchObject({ level: 1, uplinkUnknown: false });
    expect(g.edges.find((e) => e.to === topologyNodeId(wired.id))).toEqual({
      from: topologyNodeId(primary.id),
      to: topologyNodeId(wired.id),
      port: '1',
      kind: 'wired',
      up: false,
    });
    expect(g.nodes.find((n) => n.sn === 'O')).toMatchObject({ kind: 'unknown_dev', uplinkUnknown: true });
  });
});
