/**
 * Network topology (issue 12 §3, spec §2 "Network topology", §3 "Device types"): the project's
 * devices as a tree under one Internet root, built from what devices report — their uplink (parent
 * SN, port, wired/wireless/mesh), type, mesh role, status — and the link speed the parent's port
 * negotiated. Served whole (one project, one response); the web lays it out.
 */
import { z } from 'zod';
import { DEVICE_TYPES } from '../enums/devices';
import { endpoint } from './endpoint';
import { projectParamsSchema } from './params';

/** How a link is carried, as devices report their uplink (protocol `state.uplink.kind`). */
export const TOPOLOGY_LINK_KINDS = ['wired', 'wireless', 'mesh'] as const;
export type TopologyLinkKind = (typeof TOPOLOGY_LINK_KINDS)[number];

/** The id of the Internet root node (device nodes are `d<deviceId>`). */
export const TOPOLOGY_ROOT_ID = 'internet';

/** The id of a device's node: stable across refreshes, so the view keeps its place. */
export function topologyNodeId(deviceId: number): string {
  return `d${deviceId}`;
}

export const topologyNodeSchema = z.object({
  id: z.string(),
  /**
   * A §3 topology device type: `internet` for the root, a model's topology type where the model is
   * known (`wired_ap`, `expand_ipc_wireless`…), else the device's own type (`unknown_dev` when that
   * is not a §3 type either).
   */
  kind: z.enum(DEVICE_TYPES),
  deviceId: z.number().int().optional(),
  sn: z.string(),
  name: z.string(),
  model: z.string().nullable(),
  /** Detailed §4 status code (the root is always 1). */
  status: z.number().int(),
  /** Clients connected through the device now (latest telemetry), null when never reported. */
  clients: z.number().nullable(),
  /** Depth below the root: the root 0, a gateway 1, a switch under it 2… */
  level: z.number().int().min(0),
  /** Primary 0 / secondary 1 of a mesh unit, else null. */
  meshRole: z.number().int().nullable(),
  /**
   * The device's parent is not known: it reported no uplink, or one to a device outside the project
   * (or a loop). It is drawn under the root, marked "uplink unknown".
   */
  uplinkUnknown: z.boolean(),
});
export type TopologyNode = z.infer<typeof topologyNodeSchema>;

export const topologyEdgeSchema = z.object({
  /** Parent node id (towards the Internet). */
  from: z.string(),
  to: z.string(),
  /** The parent's port the child hangs on, as the child reported it. */
  port: z.string().optional(),
  kind: z.enum(TOPOLOGY_LINK_KINDS),
  /** Negotiated speed of the parent's port (Mbit/s), when the parent reports it. */
  rateMbps: z.number().optional(),
  /** Both ends online (and the port's link up when the parent reports it). */
  up: z.boolean(),
});
export type TopologyEdge = z.infer<typeof topologyEdgeSchema>;

export const topologySchema = z.object({
  nodes: z.array(topologyNodeSchema),
  edges: z.array(topologyEdgeSchema),
  /** The deepest level present (0 when the project has no devices). */
  depth: z.number().int().min(0),
});
export type Topology = z.infer<typeof topologySchema>;

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

export const topologyEndpoints = {
  graph: endpoint({
    method: 'GET',
    path: '/api/projects/:id/topology',
    summary: "The project's network topology: devices under an Internet root, links with port and rate",
    tag: 'topology',
    auth: { project: 'r' },
    group: 'topology',
    params: projectParamsSchema,
    response: topologySchema,
  }),
};
