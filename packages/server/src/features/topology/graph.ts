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
  topologyNodeId,
} from '@netloom/domain';
import { z } from 'zod';
import type { TopologyDeviceRow } from './store';

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

export function buildTopology(rows: readonly TopologyDeviceRow[]): Topology {
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
  let depth = 0;

  // Breadth first from each top device, so levels are depths and the order is stable.
  const placeTree = (top: TopologyDeviceRow, uplinkUnknown: boolean) => {
    edges.push({
      from: TOPOLOGY_ROOT_ID,
      to: topologyNodeId(top.id),
      kind: 'wired',
      up: isDeviceOnline(top.status),
    });
    const queue: { row: TopologyDeviceRow; level: number; unknown: boolean }[] = [
      { row: top, level: 1, unknown: uplinkUnknown },
    ];
    placed.add(top.id);
    for (let i = 0; i < queue.length; i++) {
      const { row, level, unknown } = queue[i] as (typeof queue)[number];
      nodes.push(toNode(row, level, unknown));
      depth = Math.max(depth, level);
      const kids = children.get(row.id) ?? [];
      const ports = kids.length > 0 ? portsOf(row.state_json) : [];
      for (const kid of kids) {
        if (placed.has(kid.id)) continue;
        placed.add(kid.id);
        edges.push(edgeOf(row, kid, ports));
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

  return { nodes, edges, depth };
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

function toNode(row: TopologyDeviceRow, level: number, uplinkUnknown: boolean): TopologyNode {
  return {
    id: topologyNodeId(row.id),
    kind: nodeKindOf(row),
    deviceId: row.id,
    sn: row.sn,
    name: row.name,
    model: row.model,
    status: row.status,
    clients: row.clients,
    level,
    meshRole: row.mesh_role,
    uplinkUnknown,
  };
}

function edgeOf(
  parent: TopologyDeviceRow,
  child: TopologyDeviceRow,
  parentPorts: readonly Port[],
): TopologyEdge {
  const kind = linkKindOf(child.uplink_kind);
  const portNo = child.uplink_port === null ? Number.NaN : Number(child.uplink_port);
  // The rate of a wired link is what the parent's port negotiated (0 while the link is down).
  const port = kind === 'wired' ? parentPorts.find((p) => p.id === portNo) : undefined;
  const linkUp = port === undefined || port.link !== 'down';
  return {
    from: topologyNodeId(parent.id),
    to: topologyNodeId(child.id),
    ...(child.uplink_port === null ? {} : { port: child.uplink_port }),
    kind,
    ...(port && port.speed > 0 ? { rateMbps: port.speed } : {}),
    up: isDeviceOnline(parent.status) && isDeviceOnline(child.status) && linkUp,
  };
}
