/**
 * Network topology (issue 12 §3, spec §2 "Network topology", §3 "Device types"): the project's
 * devices as a tree under one Internet root, built from what devices report — their uplink (parent
 * SN, port, wired/wireless/mesh), type, mesh role, status — and the link speed the parent's port
 * negotiated. Served whole (one project, one response); the web lays it out.
 */
import { z } from 'zod';
import { DEVICE_TYPES } from '../enums/devices';
import {
  TOPOLOGY_MANUAL_MAX_OFFSET_PX,
  TOPOLOGY_MANUAL_MODEL_MAX_LENGTH,
  TOPOLOGY_MANUAL_NAME_MAX_LENGTH,
  TOPOLOGY_MANUAL_REMARK_MAX_LENGTH,
  TOPOLOGY_PORT_MAX_LENGTH,
  VLAN_ANY_MAX,
  VLAN_ANY_MIN,
} from '../limits';
import { optionalTextSchema, textSchema } from '../validation/text';
import { endpoint } from './endpoint';
import { emptySchema } from './envelope';
import { dbIdSchema, projectParamsSchema } from './params';

/** How a link is carried, as devices report their uplink (protocol `state.uplink.kind`). */
export const TOPOLOGY_LINK_KINDS = ['wired', 'wireless', 'mesh'] as const;
export type TopologyLinkKind = (typeof TOPOLOGY_LINK_KINDS)[number];

/** The id of the Internet root node (device nodes are `d<deviceId>`). */
export const TOPOLOGY_ROOT_ID = 'internet';

/** The id of a device's node: stable across refreshes, so the view keeps its place. */
export function topologyNodeId(deviceId: number): string {
  return `d${deviceId}`;
}

/** The id of a manually added node (`m<id>`). */
export function topologyManualNodeId(manualId: number): string {
  return `m${manualId}`;
}

/** The id of a link, as the drawing names it: parent, dash, child. */
export function topologyEdgeId(e: { from: string; to: string }): string {
  return `${e.from}-${e.to}`;
}

/**
 * The §3 topology types a manually added (not cloud-managed) device may be designated as: what hangs
 * below a managed device's port without reporting to the cloud — an unmanaged switch, a camera, an AP
 * of another make, a network beyond. Managed kinds (gateway, router, mesh…) are not offered: such a
 * device is added by SN and appears by itself.
 */
export const TOPOLOGY_MANUAL_KINDS = [
  'unknown_dev',
  'switch',
  'wired_ap',
  'wired_ap_has_child',
  'wireless_ap',
  'expand_ap',
  'expand_ipc',
  'expand_ipc_wireless',
  'expand_cpe',
  'unknown_net',
] as const;
export type TopologyManualKind = (typeof TOPOLOGY_MANUAL_KINDS)[number];

/** What a manual node of this type is called in the add/edit form (a switch here is unmanaged). */
export const TOPOLOGY_MANUAL_KIND_LABELS: Record<TopologyManualKind, string> = {
  unknown_dev: 'Unknown device',
  switch: 'Unmanaged switch',
  wired_ap: 'Wired access point',
  wired_ap_has_child: 'Wired access point with downlinks',
  wireless_ap: 'Wireless access point',
  expand_ap: 'Downlink access point',
  expand_ipc: 'IP camera',
  expand_ipc_wireless: 'Wireless IP camera',
  expand_cpe: 'CPE bridge',
  unknown_net: 'Network beyond (unknown)',
};

/** A manually added node as stored: what the user typed and where it was dragged. */
export const topologyManualSchema = z.object({
  /** The stored id (the node's id is `m<id>`). */
  id: z.number().int(),
  remark: z.string(),
  /** Where the user dragged it, px from where the layout places it (0, 0: not moved). */
  dx: z.number(),
  dy: z.number(),
});
export type TopologyManual = z.infer<typeof topologyManualSchema>;

/** The VLAN membership of one port (untagged = its PVID). */
export const topologyPortVlansSchema = z.object({
  port: z.number().int(),
  untagged: z.number().int(),
  tagged: z.array(z.number().int()),
});
export type TopologyPortVlans = z.infer<typeof topologyPortVlansSchema>;

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
  /** The firmware a managed device runs (its latest `hello`), for the "newer firmware" prompt. */
  firmwareVersion: z.string().nullable().optional(),
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
  /** Set on a device added by hand (not cloud-managed): it has no status, SN or device id. */
  manual: topologyManualSchema.optional(),
  /**
   * The VLAN membership of a switch's ports as the configuration engine's desired state has it (the
   * saved `switching` document, else the model's factory settings: every port access in VLAN 1).
   * Absent for devices whose ports the configuration does not split by VLAN.
   */
  vlanPorts: z.array(topologyPortVlansSchema).optional(),
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
  /**
   * The VLANs the link carries when the parent's port restricts them (a switch port: its untagged
   * VLAN and tagged VLANs); absent when it carries every VLAN (a gateway's LAN, wireless and mesh
   * links, an unmanaged device's port); empty for the Internet root's links (the WAN carries no LAN VLAN).
   */
  vlans: z.array(z.number().int()).optional(),
});
export type TopologyEdge = z.infer<typeof topologyEdgeSchema>;

export const topologySchema = z.object({
  nodes: z.array(topologyNodeSchema),
  edges: z.array(topologyEdgeSchema),
  /** The deepest level present (0 when the project has no devices). */
  depth: z.number().int().min(0),
  /** The project's VLANs for the VLAN view: the default VLAN 1, then the network settings' VLANs. */
  vlans: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Manual nodes stored (including any a real device has taken the place of), for the limit. */
  manualCount: z.number().int().min(0),
});
export type Topology = z.infer<typeof topologySchema>;

// ── Manual nodes ─────────────────────────────────────────────────────────────────────────────────

export const topologyManualParamsSchema = projectParamsSchema.extend({ nodeId: dbIdSchema });

const manualNameSchema = textSchema({ label: 'Name', max: TOPOLOGY_MANUAL_NAME_MAX_LENGTH });
const manualModelSchema = optionalTextSchema({ label: 'Model', max: TOPOLOGY_MANUAL_MODEL_MAX_LENGTH });
const manualRemarkSchema = optionalTextSchema({ label: 'Remark', max: TOPOLOGY_MANUAL_REMARK_MAX_LENGTH });
const offsetSchema = z.number().min(-TOPOLOGY_MANUAL_MAX_OFFSET_PX).max(TOPOLOGY_MANUAL_MAX_OFFSET_PX);

/** Add a downlink device by hand under a node (a managed device's port, or another manual node). */
export const topologyManualCreateSchema = z.object({
  /** The node it hangs under: `d<deviceId>` or `m<manualId>`. */
  parent: z.string().regex(/^[dm][1-9][0-9]{0,11}$/, 'Choose the device it is connected to.'),
  /** The parent's port; required under a managed device (472). */
  port: z
    .string()
    .max(TOPOLOGY_PORT_MAX_LENGTH)
    .regex(/^[A-Za-z0-9/._-]*$/, 'A port is letters, digits, "/", ".", "_" or "-".')
    .optional(),
  kind: z.enum(TOPOLOGY_MANUAL_KINDS),
  name: manualNameSchema,
  model: manualModelSchema.default(''),
  remark: manualRemarkSchema.default(''),
});
export type TopologyManualCreate = z.input<typeof topologyManualCreateSchema>;

/** Edit a manual node: designate its type and model, rename, remark, or save where it was dragged. */
export const topologyManualUpdateSchema = z.object({
  kind: z.enum(TOPOLOGY_MANUAL_KINDS).optional(),
  name: manualNameSchema.optional(),
  model: manualModelSchema.optional(),
  remark: manualRemarkSchema.optional(),
  dx: offsetSchema.optional(),
  dy: offsetSchema.optional(),
});
export type TopologyManualUpdate = z.input<typeof topologyManualUpdateSchema>;

/** VLAN ids a link may carry (for the web's picker and the tests). */
export const topologyVlanIdSchema = z.int().min(VLAN_ANY_MIN).max(VLAN_ANY_MAX);

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
  // Manual editing needs the manage right (916 read-only member), is refused while the project is
  // locked (173) and in demo projects (405) by the guards every change passes.
  addManual: endpoint({
    method: 'POST',
    path: '/api/projects/:id/topology/manual',
    summary: 'Add a device that is not cloud-managed under a port of the topology',
    tag: 'topology',
    auth: { project: 'rw' },
    group: 'topology',
    params: projectParamsSchema,
    body: topologyManualCreateSchema,
    response: topologySchema,
  }),
  updateManual: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/topology/manual/:nodeId',
    summary: 'Change a manually added device: type, model, name, remark, or where it was dragged',
    tag: 'topology',
    auth: { project: 'rw' },
    group: 'topology',
    params: topologyManualParamsSchema,
    body: topologyManualUpdateSchema,
    response: topologySchema,
  }),
  removeManual: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/topology/manual/:nodeId',
    summary: 'Remove a manually added device (and the manual devices below it)',
    tag: 'topology',
    auth: { project: 'rw' },
    group: 'topology',
    params: topologyManualParamsSchema,
    response: emptySchema,
  }),
};
