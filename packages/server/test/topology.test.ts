import {
  defaultNetworkSettings,
  defaultSwitchSettings,
  ERR,
  errorMessage,
  findModel,
  PORT_TYPES,
  TOPOLOGY_MANUAL_MAX_NODES,
  TOPOLOGY_MANUAL_NAME_MAX_LENGTH,
  TOPOLOGY_ROOT_ID,
  type Topology,
  type TopologyEdge,
  type TopologyNode,
  topologyEdgeId,
  topologyManualNodeId,
  topologyNodeId,
  vlanView,
} from '@netloom/domain';
import { deviceDownFilter } from '@netloom/protocol';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { buildTopology } from '../src/features/topology/graph';
import type { TopologyDeviceRow } from '../src/features/topology/store';
import type { TestClient } from './client';
import { createProject, DEVICE_ENV } from './devices.fixtures';
import { addMember, signedInUser } from './factories';
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
        vlans: [],
      });
      // The gateway's ports are not split by VLAN: the link carries every VLAN (no `vlans`).
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
      vlans: [{ id: 1, name: 'Default' }],
      manualCount: 0,
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

/**
 * VLAN view and manual editing (issue 12 §3) through the HTTP API: the project's VLANs and the
 * switches' port VLANs from the saved settings, the links that carry a VLAN; manual downlink devices
 * added under a port and under each other, edited, dragged, refused (no port, a parent outside the
 * project, the limit, a read-only member), replaced by a real device that appears on their port,
 * removed with what hangs below them.
 */
describeEachDb('topology: VLAN view and manual nodes', (kind) => {
  const get = useTestApp(kind, { env: DEVICE_ENV });

  /** Gateway → switch (port 3); APs on the switch's ports 1 and 2; VLANs 20 and 30 saved. */
  async function hotel(t: TestApp, client: TestClient) {
    const projectId = await createProject(client);
    const gwSn = uniqueSn('NLG');
    const swSn = uniqueSn('NLS');
    const gw = await seedRow(t, projectId, gwSn, {
      type: 'v7',
      name: 'Gateway',
      model: 'NL-G300',
      status: 1,
    });
    const sw = await seedRow(t, projectId, swSn, {
      type: 'switch',
      name: 'Core',
      model: 'NL-S108',
      status: 1,
      uplink_sn: gwSn,
      uplink_port: '3',
      uplink_kind: 'wired',
    });
    const apOf = (name: string, port: string) =>
      seedRow(t, projectId, uniqueSn('NLA'), {
        type: 'ap',
        name,
        model: 'NL-A1200C',
        status: 1,
        uplink_sn: swSn,
        uplink_port: port,
        uplink_kind: 'wired',
      });
    const camAp = await apOf('Camera AP', '1');
    const staffAp = await apOf('Staff AP', '2');
    const network = {
      ...defaultNetworkSettings([1, 2]),
      vlans: [
        { id: 20, name: 'Staff', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false },
        { id: 30, name: 'Cameras', ip: '192.168.30.1', mask: '255.255.255.0', dhcp: false },
      ],
    };
    const saved = await client.call('PUT', `/api/projects/${projectId}/config/network`, {
      baseVersion: 0,
      settings: network,
    });
    expect(saved.body.code).toBe(0);
    const model = findModel('NL-S108');
    if (!model) throw new Error('no NL-S108 in the catalogue');
    const switching = defaultSwitchSettings(model);
    switching.ports = switching.ports.map((p) =>
      p.id === 1
        ? { ...p, untagged: 30 }
        : p.id === 2
          ? { ...p, type: PORT_TYPES.TRUNK, untagged: 1, tagged: [20] }
          : p.id === 3
            ? { ...p, type: PORT_TYPES.TRUNK, untagged: 1, tagged: [20, 30] }
            : p,
    );
    const sws = await client.call('PUT', `/api/projects/${projectId}/devices/${sw}/config/switching`, {
      baseVersion: 0,
      settings: switching,
    });
    expect(sws.body.code).toBe(0);
    return { projectId, gw, sw, swSn, camAp, staffAp };
  }

  const topo = async (client: TestClient, projectId: number) => {
    const r = await client.get<Topology>(`/api/projects/${projectId}/topology`);
    expect(r.body.code).toBe(0);
    return r.body.data as Topology;
  };

  it('shows the VLANs of the project and the links and ports that carry each', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const h = await hotel(t, client);
    const g = await topo(client, h.projectId);
    expect(g.vlans).toEqual([
      { id: 1, name: 'Default' },
      { id: 20, name: 'Staff' },
      { id: 30, name: 'Cameras' },
    ]);
    expect(nodeOf(g, h.sw).vlanPorts?.find((p) => p.port === 2)).toEqual({
      port: 2,
      untagged: 1,
      tagged: [20],
    });
    expect(edgeTo(g, h.camAp)?.vlans).toEqual([30]);
    expect(edgeTo(g, h.staffAp)?.vlans).toEqual([1, 20]);
    expect(edgeTo(g, h.sw)?.vlans).toBeUndefined();

    const staff = vlanView(g, 20);
    const id = (e: TopologyEdge | undefined) => topologyEdgeId(e as TopologyEdge);
    expect(staff.edges.has(id(edgeTo(g, h.staffAp)))).toBe(true);
    expect(staff.edges.has(id(edgeTo(g, h.camAp)))).toBe(false);
    expect(staff.edges.has(id(edgeTo(g, h.sw)))).toBe(true);
    // The WAN carries no LAN VLAN.
    expect(staff.edges.has(id(edgeTo(g, h.gw)))).toBe(false);
    expect([...staff.nodes].sort()).toEqual(
      [topologyNodeId(h.gw), topologyNodeId(h.sw), topologyNodeId(h.staffAp)].sort(),
    );
    expect(staff.ports.get(topologyNodeId(h.sw))).toEqual({ untagged: [], tagged: [2, 3] });
    const cameras = vlanView(g, 30);
    expect(cameras.nodes.has(topologyNodeId(h.camAp))).toBe(true);
    expect(cameras.nodes.has(topologyNodeId(h.staffAp))).toBe(false);
    expect(cameras.ports.get(topologyNodeId(h.sw))).toEqual({ untagged: [1], tagged: [3] });
    // VLAN 1 on the factory ports of the switch (all but port 1).
    expect(vlanView(g, 1).ports.get(topologyNodeId(h.sw))?.untagged).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('adds, edits, drags and removes manual downlink devices; a real device takes their place', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const h = await hotel(t, client);
    const base = `/api/projects/${h.projectId}/topology/manual`;

    // Under a managed device a port is required; the parent must be in the project.
    expect(
      (await client.post(base, { parent: topologyNodeId(h.sw), kind: 'switch', name: 'Desk' })).body.code,
    ).toBe(ERR.TOPOLOGY_PARENT_PORT);
    const other = await createProject(client);
    const foreign = await seedRow(t, other, uniqueSn('NLS'), { type: 'switch', name: 'Elsewhere' });
    expect(
      (await client.post(base, { parent: topologyNodeId(foreign), port: '1', kind: 'switch', name: 'X' }))
        .body.code,
    ).toBe(ERR.TOPOLOGY_PARENT_UNKNOWN);
    expect((await client.post(base, { parent: 'm999999', kind: 'switch', name: 'X' })).body.code).toBe(
      ERR.TOPOLOGY_PARENT_UNKNOWN,
    );
    const tooLong = await client.post(base, {
      parent: topologyNodeId(h.sw),
      port: '5',
      kind: 'switch',
      name: 'x'.repeat(TOPOLOGY_MANUAL_NAME_MAX_LENGTH + 1),
    });
    expect(tooLong.body.code).toBe(ERR.INVALID_PARAMETERS);
    expect(
      (await client.post(base, { parent: topologyNodeId(h.sw), port: '5', kind: 'v7', name: 'X' })).body.code,
    ).toBe(ERR.INVALID_PARAMETERS);

    // An unmanaged switch on port 5, a camera below it.
    const added = await client.post<Topology>(base, {
      parent: topologyNodeId(h.sw),
      port: '5',
      kind: 'switch',
      name: 'Desk switch',
      model: 'TL-SG105',
      remark: 'Under the reception desk',
    });
    expect(added.body.code).toBe(0);
    let g = added.body.data as Topology;
    const desk = g.nodes.find((n) => n.name === 'Desk switch');
    expect(desk).toMatchObject({
      kind: 'switch',
      model: 'TL-SG105',
      level: 3,
      manual: { remark: 'Under the reception desk', dx: 0, dy: 0 },
    });
    expect(desk?.deviceId).toBeUndefined();
    const deskId = desk?.manual?.id as number;
    expect(g.edges.find((e) => e.to === desk?.id)).toMatchObject({
      from: topologyNodeId(h.sw),
      port: '5',
      kind: 'wired',
      vlans: [1],
    });
    g = (
      await client.post<Topology>(base, {
        parent: topologyManualNodeId(deskId),
        kind: 'expand_ipc',
        name: 'Door cam',
      })
    ).body.data as Topology;
    const cam = g.nodes.find((n) => n.name === 'Door cam');
    expect(cam).toMatchObject({ kind: 'expand_ipc', level: 4, model: null });
    expect(g.edges.find((e) => e.to === cam?.id)).toMatchObject({
      from: topologyManualNodeId(deskId),
      kind: 'wired',
    });
    expect(g.edges.find((e) => e.to === cam?.id)?.vlans).toBeUndefined();
    expect(g.manualCount).toBe(2);
    expect(g.depth).toBe(4);
    // VLAN 1 reaches the camera through the unmanaged switch; VLAN 20 does not reach port 5.
    expect(vlanView(g, 1).nodes.has(cam?.id as string)).toBe(true);
    expect(vlanView(g, 20).nodes.has(cam?.id as string)).toBe(false);

    // Designate another type, remark, drag: saved.
    const edited = await client.patch<Topology>(`${base}/${deskId}`, {
      kind: 'wired_ap_has_child',
      remark: 'Moved',
      dx: 40,
      dy: -12.5,
    });
    expect(edited.body.code).toBe(0);
    expect(await topo(client, h.projectId).then((x) => x.nodes.find((n) => n.id === desk?.id))).toMatchObject(
      {
        kind: 'wired_ap_has_child',
        name: 'Desk switch',
        manual: { remark: 'Moved', dx: 40, dy: -12.5 },
      },
    );
    expect((await client.patch(`${base}/999999`, { remark: 'x' })).body.code).toBe(ERR.NOT_EXIST);

    // Another member's project cannot be touched; a read-only member may look, not change.
    const reader = await signedInUser(t);
    await addMember(t, h.projectId, reader.accountId, 'r');
    expect((await reader.client.get(`/api/projects/${h.projectId}/topology`)).body.code).toBe(0);
    expect((await reader.client.del(`${base}/${deskId}`)).body.code).toBe(916);
    const stranger = await signedInUser(t);
    expect((await stranger.client.patch(`${base}/${deskId}`, { remark: 'x' })).body.code).toBe(73);

    // A real device reports itself on the switch's port 5: it takes the manual switch's place, and the
    // camera added below the manual switch now hangs below it.
    const real = await seedRow(t, h.projectId, uniqueSn('NLS'), {
      type: 'switch',
      name: 'Real desk',
      model: 'NL-S108',
      status: 1,
      uplink_sn: h.swSn,
      uplink_port: '5',
      uplink_kind: 'wired',
    });
    g = await topo(client, h.projectId);
    expect(g.nodes.some((n) => n.id === desk?.id)).toBe(false);
    expect(nodeOf(g, real)).toMatchObject({ level: 3, name: 'Real desk' });
    expect(g.edges.find((e) => e.to === cam?.id)).toMatchObject({ from: topologyNodeId(real) });
    expect(g.nodes.find((n) => n.id === cam?.id)?.level).toBe(4);
    expect(g.manualCount).toBe(2);

    // Removing the manual switch removes the camera below it.
    expect((await client.del(`${base}/${deskId}`)).body.code).toBe(0);
    g = await topo(client, h.projectId);
    expect(g.nodes.filter((n) => n.manual)).toEqual([]);
    expect(g.manualCount).toBe(0);
    expect((await client.del(`${base}/${deskId}`)).body.code).toBe(ERR.NOT_EXIST);
  });

  it(`refuses the ${TOPOLOGY_MANUAL_MAX_NODES + 1}th manual node of a project`, async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const sw = await seedRow(t, projectId, uniqueSn('NLS'), { type: 'switch', name: 'Core', status: 1 });
    const now = Date.now();
    await t.database.db
      .insertInto('topology_manual_nodes')
      .values(
        Array.from({ length: TOPOLOGY_MANUAL_MAX_NODES }, (_, i) => ({
          project_id: projectId,
          parent_device_id: sw,
          parent_manual_id: null,
          port: String(i + 1),
          kind: 'unknown_dev',
          name: `Thing ${i}`,
          model: '',
          remark: '',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const r = await client.post(`/api/projects/${projectId}/topology/manual`, {
      parent: topologyNodeId(sw),
      port: '1',
      kind: 'unknown_dev',
      name: 'One more',
    });
    expect(r.body.code).toBe(ERR.TOPOLOGY_MANUAL_LIMIT);
    expect(r.body.message).toBe(errorMessage(ERR.TOPOLOGY_MANUAL_LIMIT));
    expect((await topo(client, projectId)).manualCount).toBe(TOPOLOGY_MANUAL_MAX_NODES);
  });
});
