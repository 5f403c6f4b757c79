/**
 * Builds the topology (domain `api/topology.ts`) from the project's device rows: each device under
 * the device of this project it reports as its uplink, the gateways (and a mesh primary) under the
 * Internet root, anything else without a known parent under the root marked "uplink unknown".
 * Pure: rows in, graph out, so the rules are tested without a database.
 */
import {
  DEVICE_STATUS,
  DEVICE_TYPES,
  type DeviceType,
  devicePortSchema,
  findModel,
  GATEWAY_KINDS,
  isDeviceOnline,
  MESH_NODE_TYPES,
  TOPOLOGY_LINK_KINDS,
  TOPOLOGY_ROOT_ID,
  type Topology,
  type TopologyEdge,
  type TopologyLinkKind,
  type TopologyNode,
  type TopologyPortVlans,
  topologyManualNodeId,
  topologyNodeId,
} from '@netloom/domain';
import { z } from 'zod';
import type { TopologyDeviceRow, TopologyManualRow } from './store';

/** What the graph adds to the devices: manual nodes, the switches' port VLANs, the project's VLANs. */
export interface TopologyExtras {
  manual?: readonly TopologyManualRow[];
  /** Per device id, the VLAN membership of its ports (switches only; see `service.ts`). */
  portVlans?: ReadonlyMap<number, readonly TopologyPortVlans[]>;
  vlans?: Topology['vlans'];
}

/** Manual types that hang on the air rather than on a cable. */
const WIRELESS_MANUAL_KINDS: readonly string[] = ['wireless_ap', 'expand_ipc_wireless'];

/** Ports as people type them: "3", " 3", "LAN3" and "lan3" name the same port. */
function samePort(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
}

// `state_json` is written by the ingest path from a validated `state`; read it defensively anyway so
// a row from an older build degrades to "rate unknown" instead of a 500 (as the device detail does).
const portsSchema = z.object({ ports: z.array(devicePortSchema).catch([]) });
type Port = z.infer<typeof devicePortSchema>;

function portsOf(stateJson: string | null): Port[] {
  if (!stateJson) return [];
  try {
    const parsed = portsSchema.safeParse(JSON.parse(stateJson));
    return parsed.success ? parsed.data.ports : [];
  } catch {
    return [];
  }
}

/** The §3 topology type a device shows as: its model's, else its own type, else `unknown_dev`. */
export function nodeKindOf(row: Pick<TopologyDeviceRow, 'type' | 'model'>): DeviceType {
  const model = row.model === null ? undefined : findModel(row.model);
  if (model) return model.topologyType;
  return (DEVICE_TYPES as readonly string[]).includes(row.type) ? (row.type as DeviceType) : 'unknown_dev';
}

/** A device that connects the project to the Internet when it has no parent: gateways, a mesh primary. */
function routesToInternet(row: TopologyDeviceRow): boolean {
  if ((GATEWAY_KINDS as readonly string[]).includes(row.type)) return true;
  return row.type === 'mesh' && row.mesh_role === MESH_NODE_TYPES.PRIMARY;
}

function linkKindOf(kind: string | null): TopologyLinkKind {
  return (TOPOLOGY_LINK_KINDS as readonly string[]).includes(kind ?? '')
    ? (kind as TopologyLinkKind)
    : 'wired';
}

/** Numeric ports first in port order, then by name: a switch's downlinks read left to right. */
function byPortThenName(a: TopologyDeviceRow, b: TopologyDeviceRow): number {
  const pa = Number(a.uplink_port ?? Number.NaN);
  const pb = Number(b.uplink_port ?? Number.NaN);
  const na = Number.isFinite(pa) ? pa : Number.MAX_SAFE_INTEGER;
  const nb = Number.isFinite(pb) ? pb : Number.MAX_SAFE_INTEGER;
  return na - nb || a.name.localeCompare(b.name) || a.id - b.id;
}

export function buildTopology(rows: readonly TopologyDeviceRow[], extras: TopologyExtras = {}): Topology {
  const portVlans = extras.portVlans ?? new Map<number, readonly TopologyPortVlans[]>();
  const bySn = new Map(rows.map((r) => [r.sn, r]));
  const parentOf = new Map<number, TopologyDeviceRow>();
  for (const r of rows) {
    const parent = r.uplink_sn === null ? undefined : bySn.get(r.uplink_sn);
    if (parent && parent.id !== r.id) parentOf.set(r.id, parent);
  }
  const children = new Map<number, TopologyDeviceRow[]>();
  for (const r of rows) {
    const p = parentOf.get(r.id);
    if (p) children.set(p.id, [...(children.get(p.id) ?? []), r]);
  }
  for (const list of children.values()) list.sort(byPortThenName);

  const nodes: TopologyNode[] = [
    {
      id: TOPOLOGY_ROOT_ID,
      kind: 'internet',
      sn: '',
      name: 'Internet',
      model: null,
      status: DEVICE_STATUS.ONLINE,
      clients: null,
      level: 0,
      meshRole: null,
      uplinkUnknown: false,
    },
  ];
  const edges: TopologyEdge[] = [];
  const placed = new Set<number>();
  const levelOf = new Map<number, number>();
  let depth = 0;

  // Breadth first from each top device, so levels are depths and the order is stable.
  const placeTree = (top: TopologyDeviceRow, uplinkUnknown: boolean) => {
    edges.push({
      from: TOPOLOGY_ROOT_ID,
      to: topologyNodeId(top.id),
      kind: 'wired',
      up: isDeviceOnline(top.status),
      vlans: [],
    });
    const queue: { row: TopologyDeviceRow; level: number; unknown: boolean }[] = [
      { row: top, level: 1, unknown: uplinkUnknown },
    ];
    placed.add(top.id);
    for (let i = 0; i < queue.length; i++) {
      const { row, level, unknown } = queue[i] as (typeof queue)[number];
      nodes.push(toNode(row, level, unknown, portVlans.get(row.id)));
      levelOf.set(row.id, level);
      depth = Math.max(depth, level);
      const kids = children.get(row.id) ?? [];
      const ports = kids.length > 0 ? portsOf(row.state_json) : [];
      for (const kid of kids) {
        if (placed.has(kid.id)) continue;
        placed.add(kid.id);
        edges.push(edgeOf(row, kid, ports, portVlans.get(row.id)));
        queue.push({ row: kid, level: level + 1, unknown: false });
      }
    }
  };

  const tops = rows.filter((r) => !parentOf.has(r.id));
  // Gateways first (left/top of the drawing), then the devices whose uplink is unknown.
  for (const r of tops.filter(routesToInternet)) placeTree(r, false);
  for (const r of tops.filter((t) => !routesToInternet(t))) placeTree(r, true);
  // Whatever is left hangs in a loop of uplinks (A reports B, B reports A): walk up to a device of
  // the loop and break the loop there.
  for (const r of rows) if (!placed.has(r.id)) placeTree(loopMemberAbove(r, parentOf), true);

  const manual = extras.manual ?? [];
  if (manual.length > 0) {
    depth = Math.max(depth, addManualNodes({ rows, children, levelOf, portVlans, manual, nodes, edges }));
  }
  return { nodes, edges, depth, vlans: extras.vlans ?? [], manualCount: manual.length };
}

/**
 * Hangs the manual nodes under the devices (and manual nodes) they were added to. A device that
 * reports itself on the port a manual node stands for takes its place: the manual node is not
 * drawn and what was added below it hangs below the real device. Returns the deepest level reached.
 */
function addManualNodes(g: {
  rows: readonly TopologyDeviceRow[];
  children: ReadonlyMap<number, readonly TopologyDeviceRow[]>;
  levelOf: ReadonlyMap<number, number>;
  portVlans: ReadonlyMap<number, readonly TopologyPortVlans[]>;
  manual: readonly TopologyManualRow[];
  nodes: TopologyNode[];
  edges: TopologyEdge[];
}): number {
  const byId = new Map(g.rows.map((r) => [r.id, r]));
  const below = new Map<string, TopologyManualRow[]>();
  for (const m of g.manual) {
    const key = m.parent_device_id !== null ? topologyNodeId(m.parent_device_id) : `m${m.parent_manual_id}`;
    below.set(key, [...(below.get(key) ?? []), m]);
  }
  const online = new Map(g.rows.map((r) => [topologyNodeId(r.id), isDeviceOnline(r.status)]));
  let depth = 0;
  // Breadth first from every placed device; `up` is whether the path from the device is up.
  const queue: { key: string; nodeId: string; level: number; up: boolean; device?: TopologyDeviceRow }[] = [];
  for (const [id, level] of g.levelOf) {
    const row = byId.get(id) as TopologyDeviceRow;
    queue.push({
      key: topologyNodeId(id),
      nodeId: topologyNodeId(id),
      level,
      up: isDeviceOnline(row.status),
      device: row,
    });
  }
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i] as (typeof queue)[number];
    const list = below.get(at.key) ?? [];
    const ports = at.device && list.length > 0 ? portsOf(at.device.state_json) : [];
    for (const m of list) {
      // A real device on this port (it reports the parent and the port as its uplink) replaces it.
      const real = at.device
        ? (g.children.get(at.device.id) ?? []).find((kid) => samePort(kid.uplink_port, m.port))
        : undefined;
      if (real) {
        const realId = topologyNodeId(real.id);
        queue.push({
          key: topologyManualNodeId(m.id),
          nodeId: realId,
          level: g.levelOf.get(real.id) ?? at.level + 1,
          up: online.get(realId) ?? false,
          device: real,
        });
        continue;
      }
      const level = at.level + 1;
      const id = topologyManualNodeId(m.id);
      depth = Math.max(depth, level);
      g.nodes.push({
        id,
        kind: (DEVICE_TYPES as readonly string[]).includes(m.kind) ? (m.kind as DeviceType) : 'unknown_dev',
        sn: '',
        name: m.name,
        model: m.model === '' ? null : m.model,
        status: DEVICE_STATUS.OFFLINE,
        clients: null,
        level,
        meshRole: null,
        uplinkUnknown: false,
        manual: { id: m.id, remark: m.remark, dx: m.dx, dy: m.dy },
      });
      const portNo = m.port === null ? Number.NaN : Number(m.port);
      const port = ports.find((p) => p.id === portNo);
      const vlans = at.device ? portVlansOf(g.portVlans.get(at.device.id), m.port) : undefined;
      const up = at.up && (port === undefined || port.link !== 'down');
      g.edges.push({
        from: at.nodeId,
        to: id,
        ...(m.port === null ? {} : { port: m.port }),
        kind: WIRELESS_MANUAL_KINDS.includes(m.kind) ? 'wireless' : 'wired',
        ...(port && port.speed > 0 ? { rateMbps: port.speed } : {}),
        up,
        ...(vlans ? { vlans } : {}),
      });
      queue.push({ key: id, nodeId: id, level, up });
    }
  }
  return depth;
}

/** The VLANs a port lets through (its untagged, then its tagged ones); undefined: not restricted. */
function portVlansOf(
  ports: readonly TopologyPortVlans[] | undefined,
  port: string | null,
): number[] | undefined {
  if (!ports || port === null) return undefined;
  const p = ports.find((x) => String(x.port) === port.trim());
  return p ? [p.untagged, ...p.tagged.filter((v) => v !== p.untagged)] : undefined;
}

/** Walks up the uplinks from a device until one repeats: that device is on the loop. */
function loopMemberAbove(row: TopologyDeviceRow, parentOf: ReadonlyMap<number, TopologyDeviceRow>) {
  const seen = new Set<number>();
  let at = row;
  while (!seen.has(at.id)) {
    seen.add(at.id);
    const up = parentOf.get(at.id);
    if (!up) return at;
    at = up;
  }
  return at;
}

function toNode(
  row: TopologyDeviceRow,
  level: number,
  uplinkUnknown: boolean,
  vlanPorts: readonly TopologyPortVlans[] | undefined,
): TopologyNode {
  return {
    id: topologyNodeId(row.id),
    kind: nodeKindOf(row),
    deviceId: row.id,
    sn: row.sn,
    name: row.name,
    model: row.model,
    firmwareVersion: row.firmware_version ?? null,
    status: row.status,
    clients: row.clients,
    level,
    meshRole: row.mesh_role,
    uplinkUnknown,
    ...(vlanPorts ? { vlanPorts: [...vlanPorts] } : {}),
  };
}

function edgeOf(
  parent: TopologyDeviceRow,
  child: TopologyDeviceRow,
  parentPorts: readonly Port[],
  parentVlans: readonly TopologyPortVlans[] | undefined,
): TopologyEdge {
  const kind = linkKindOf(child.uplink_kind);
  const portNo = child.uplink_port === null ? Number.NaN : Number(child.uplink_port);
  // The rate of a wired link is what the parent's port negotiated (0 while the link is down).
  const port = kind === 'wired' ? parentPorts.find((p) => p.id === portNo) : undefined;
  const linkUp = port === undefined || port.link !== 'down';
  // Only a wired link enters the parent's port; the air carries whatever the radio bridges.
  const vlans = kind === 'wired' ? portVlansOf(parentVlans, child.uplink_port) : undefined;
  return {
    from: topologyNodeId(parent.id),
    to: topologyNodeId(child.id),
    ...(child.uplink_port === null ? {} : { port: child.uplink_port }),
    kind,
    ...(port && port.speed > 0 ? { rateMbps: port.speed } : {}),
    up: isDeviceOnline(parent.status) && isDeviceOnline(child.status) && linkUp,
    ...(vlans ? { vlans } : {}),
  };
}
