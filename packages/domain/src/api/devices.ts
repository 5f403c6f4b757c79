/**
 * The device HTTP API (onboarding, "devices to be verified", the device list and detail, Excel
 * import): request/response schemas shared by server and web, their endpoints, and
 * the onboarding rules (which kinds are gateways, which are mesh or traditional WLAN, kind limits).
 */
import { z } from 'zod';
import { DISPLAY_STATUSES, type DisplayStatusKey } from '../enums/deviceStatus';
import { TABLE_FILTER_KEYS } from '../enums/misc';
import { NET_MODES, type NetMode } from '../enums/project';
import {
  DEFAULT_DEVICE_PAGE_SIZE,
  DEVICE_LIST_PAGE_MAX,
  DEVICE_LOCATION_MAX_LENGTH,
  DEVICE_NAME_MAX_LENGTH,
  DEVICE_REMARK_MAX_LENGTH,
  MAX_DEVICE_PAGE_SIZE,
  PROJECT_MAX_ACCESS_SWITCHES,
  PROJECT_MAX_APS,
  PROJECT_MAX_CORE_SWITCHES,
  SEARCH_TEXT_MAX_LENGTH,
  VLAN_ANY_MAX,
  VLAN_ANY_MIN,
} from '../limits';
import { MODEL_KINDS, type ModelKind } from '../models/types';
import { serialNumberSchema } from '../validation/device';
import { optionalTextSchema, shortNameSchema } from '../validation/text';
import { endpoint } from './endpoint';
import { emptySchema } from './envelope';
import { projectDeviceParamsSchema, projectParamsSchema } from './params';

// ── Onboarding rules ─────────────────────────────────────────────────────────────────────────────

/**
 * The type of a claimed device that has never said `hello`: its kind is learnt at its first
 * connection (and the kind rules are checked then, see docs/decisions.md).
 */
export const UNKNOWN_DEVICE_TYPE = 'unknown';
/** What a device's `type` can be in the list: a catalogue kind, or unknown until its `hello`. */
export const DEVICE_LIST_TYPES = [...MODEL_KINDS, UNKNOWN_DEVICE_TYPE] as const;
export type DeviceListType = (typeof DEVICE_LIST_TYPES)[number];

/**
 * Code 67 "only one gateway per project": the kinds that route the project to the internet — wired
 * router, gateway (v7) and wireless router. Mesh units are not counted: in a mesh project the primary
 * node routes and any unit can take that role.
 */
export const GATEWAY_KINDS = ['router', 'v7', 'wrouter'] as const satisfies readonly ModelKind[];
/** Cable-free (mesh) kinds: only in a mesh project (87). */
export const MESH_KINDS = ['mesh'] as const satisfies readonly ModelKind[];
/**
 * Traditional WLAN kinds (access points and wireless routers): only in a traditional WLAN project
 * (88). Switches, routers, gateways, CPE bridges, NVRs and cameras fit either kind of project.
 */
export const WLAN_KINDS = ['ap', 'wrouter'] as const satisfies readonly ModelKind[];
export type DeviceFamily = 'mesh' | 'wlan' | 'neutral';

export function isGatewayKind(type: string): boolean {
  return (GATEWAY_KINDS as readonly string[]).includes(type);
}
/** Mesh, traditional WLAN, or fits either project (an unknown type is neutral until its `hello`). */
export function deviceFamily(type: string): DeviceFamily {
  if ((MESH_KINDS as readonly string[]).includes(type)) return 'mesh';
  if ((WLAN_KINDS as readonly string[]).includes(type)) return 'wlan';
  return 'neutral';
}
/** The family a project's network mode admits besides neutral devices. */
export function familyOfNetMode(netMode: NetMode): Exclude<DeviceFamily, 'neutral'> {
  return netMode === NET_MODES.MESH ? 'mesh' : 'wlan';
}

/**
 * Per-project kind limits of §9 behind code 254: 99 access + 99 core switches (the cloud does not
 * tell them apart, so their sum), 999 APs. The gateway limit (1) answers 67 instead.
 */
export const PROJECT_KIND_LIMITS: Partial<Record<ModelKind, number>> = {
  switch: PROJECT_MAX_ACCESS_SWITCHES + PROJECT_MAX_CORE_SWITCHES,
  ap: PROJECT_MAX_APS,
};

// ── Fields ───────────────────────────────────────────────────────────────────────────────────────
/** Device name: 1–16 characters without spaces or emoticons (§5). */
export const deviceNameSchema = shortNameSchema('Device name', DEVICE_NAME_MAX_LENGTH);
export const deviceLocationSchema = optionalTextSchema({
  label: 'Location',
  max: DEVICE_LOCATION_MAX_LENGTH,
});
export const deviceRemarkSchema = optionalTextSchema({ label: 'Remark', max: DEVICE_REMARK_MAX_LENGTH });

/** The name a device gets when none is given (claim, import row without a name): `<model>-<last 4 of SN>`. */
export function defaultDeviceName(sn: string, model: string | null | undefined): string {
  const tail = sn.trim().slice(-4).toUpperCase();
  const base = (model ?? '').replace(/\s+/g, '') || 'Device';
  return `${base.slice(0, DEVICE_NAME_MAX_LENGTH - tail.length - 1)}-${tail}`;
}

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────
export const deviceAddRequestSchema = z.object({
  sn: serialNumberSchema,
  name: deviceNameSchema,
  location: deviceLocationSchema.optional(),
});
export type DeviceAddRequest = z.input<typeof deviceAddRequestSchema>;

/** Claim a device to be verified; the name defaults to {@link defaultDeviceName}. */
export const deviceClaimRequestSchema = z.object({
  name: deviceNameSchema.optional(),
  location: deviceLocationSchema.optional(),
});
export type DeviceClaimRequest = z.input<typeof deviceClaimRequestSchema>;

/** Rename, remark, location (empty remark/location clears it). */
export const deviceUpdateSchema = z
  .object({ name: deviceNameSchema, remark: deviceRemarkSchema, location: deviceLocationSchema })
  .partial();
export type DeviceUpdate = z.input<typeof deviceUpdateSchema>;

/** Columns the list sorts on (every column of the table). */
export const DEVICE_SORT_KEYS = [
  'name',
  'sn',
  'type',
  'model',
  'mac',
  'firmwareVersion',
  'hardwareVersion',
  'ip',
  'managementMode',
  'status',
  'uplink',
  'cpu',
  'memory',
  'uptime',
  'clients',
  'txRate',
  'rxRate',
  'meshRole',
  'location',
  'remark',
  'configVersion',
  'lastSeenAt',
  'createdAt',
] as const;
export type DeviceSortKey = (typeof DEVICE_SORT_KEYS)[number];
const DISPLAY_STATUS_KEYS = Object.keys(DISPLAY_STATUSES) as [DisplayStatusKey, ...DisplayStatusKey[]];

/** A comma-separated list in a query string ("ap,wrouter"), each item checked. */
function csv<T extends string>(values: readonly T[], label: string) {
  return z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values as [T, ...T[]], { message: `Unknown ${label}.` })).min(1));
}
const filterText = z.string().trim().min(1).max(SEARCH_TEXT_MAX_LENGTH);

/**
 * `GET /api/projects/:id/devices`: per type (`type=ap` or `type=router,v7,wrouter`), the table
 * filters of §3 (ip, model, port, name, vlan, mac — each a contains-match except vlan and port),
 * free-text `q`, display `status`, sorting on any column, pagination.
 */
export const deviceListQuerySchema = z.object({
  type: csv(DEVICE_LIST_TYPES, 'device type').optional(),
  status: csv(DISPLAY_STATUS_KEYS, 'status').optional(),
  q: filterText.optional(),
  ip: filterText.optional(),
  model: filterText.optional(),
  /** The port of the parent device the device is plugged into. */
  port: filterText.optional(),
  name: filterText.optional(),
  /** Devices serving clients on this VLAN. */
  vlan: z.coerce.number().int().min(VLAN_ANY_MIN).max(VLAN_ANY_MAX).optional(),
  /** Any spelling: separators and letter case are ignored. */
  mac: filterText.optional(),
  sort: z.enum(DEVICE_SORT_KEYS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(DEVICE_LIST_PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_DEVICE_PAGE_SIZE).default(DEFAULT_DEVICE_PAGE_SIZE),
});
export type DeviceListQuery = z.input<typeof deviceListQuerySchema>;
/** The §3 filter keys this list supports, for the filter drop-down. */
export const DEVICE_FILTER_KEYS = TABLE_FILTER_KEYS;

// ── Responses ────────────────────────────────────────────────────────────────────────────────────
const nullableText = z.string().nullable();
const nullableNumber = z.number().nullable();

/** One message the cloud refused from the device (docs/protocol.md §7.3, §11). */
export const protocolProblemSchema = z.object({
  /** The refused message's name (`state`, or an unknown name). */
  message: z.string(),
  /** The decoder's failure code (`invalid`, `too_large`, `not_json`…). */
  code: z.string(),
  /** The first refused field (`ports.0.speed`), null when not about a field. */
  path: nullableText,
  reason: z.string(),
  /** When the cloud received it (epoch ms). */
  at: z.number(),
});
export type ProtocolProblem = z.infer<typeof protocolProblemSchema>;

export const deviceUplinkSchema = z.object({
  sn: z.string(),
  /** The parent's id and name when it is a device of this project, else null. */
  deviceId: z.number().int().nullable(),
  name: nullableText,
  port: nullableText,
  /** wired | wireless | mesh */
  kind: nullableText,
});
export type DeviceUplink = z.infer<typeof deviceUplinkSchema>;

/** One row of the device list: every §3 device field. */
export const deviceSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  sn: z.string(),
  type: z.string(),
  name: z.string(),
  model: nullableText,
  /** False when the model is not in the catalogue (§8 902); null while unknown. */
  modelSupported: z.boolean().nullable(),
  mac: nullableText,
  firmwareVersion: nullableText,
  hardwareVersion: nullableText,
  ip: nullableText,
  /** Cloud 1, local 2. */
  managementMode: nullableNumber,
  /** Detailed status code of §4. */
  status: z.number().int(),
  displayStatus: z.enum(DISPLAY_STATUS_KEYS),
  uplink: deviceUplinkSchema.nullable(),
  cpu: nullableNumber,
  memory: nullableNumber,
  /** Seconds since boot at `lastSeenAt`. */
  uptime: nullableNumber,
  clients: nullableNumber,
  /** Bytes per second. */
  txRate: nullableNumber,
  rxRate: nullableNumber,
  /** Primary 0, secondary 1 (mesh units). */
  meshRole: nullableNumber,
  location: nullableText,
  remark: nullableText,
  configVersion: nullableNumber,
  /** Epoch ms. */
  lastSeenAt: nullableNumber,
  createdAt: z.string(),
  /** The device's last refused message when it is at most `PROTOCOL_PROBLEM_FLAG_MS` old (the list's flag). */
  protocolProblem: protocolProblemSchema.nullable(),
  /**
   * Connected, not reporting: the device is connected but its last `state` was refused (nothing it
   * reports is taken; shown instead of its status); the refusal's reason. Null otherwise.
   */
  notReporting: nullableText,
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceListSchema = z.object({
  items: z.array(deviceSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DeviceList = z.infer<typeof deviceListSchema>;

/** Device count per type in the project (the list's tabs). */
export const deviceTypeCountsSchema = z.object({
  total: z.number().int(),
  online: z.number().int(),
  byType: z.record(z.string(), z.number().int()),
});
export type DeviceTypeCounts = z.infer<typeof deviceTypeCountsSchema>;

// Hardware state from the device's latest full `state` (docs/protocol.md); unknown fields pass.
export const devicePortSchema = z.looseObject({
  id: z.number().int(),
  link: z.string(),
  speed: z.number(),
  duplex: z.string(),
  poe: z.object({ on: z.boolean(), watts: z.number() }).optional(),
});
export const deviceRadioSchema = z.looseObject({
  band: z.string(),
  channel: z.number().int(),
  width: z.number().optional(),
  txPower: z.number(),
  clients: z.number().int(),
});
export const deviceDiskSchema = z.looseObject({
  id: z.number().int(),
  status: z.string(),
  capacityGb: z.number(),
  usedGb: z.number(),
  /** The drive's own self-test: good, warning or bad (absent: the recorder does not say). */
  health: z.string().optional(),
});
export const deviceChannelSchema = z.looseObject({
  channel: z.number().int(),
  online: z.boolean(),
  sn: z.string().optional(),
  ip: z.string().optional(),
  model: z.string().optional(),
  /** The stream recorded, width×height (e.g. `1920x1080`). */
  resolution: z.string().optional(),
  /** Whether the recorder is writing this channel to a disk now. */
  recording: z.boolean().optional(),
});

export const deviceDetailSchema = deviceSchema.extend({
  ports: z.array(devicePortSchema),
  radios: z.array(deviceRadioSchema),
  disks: z.array(deviceDiskSchema),
  channels: z.array(deviceChannelSchema),
  statusChangedAt: nullableNumber,
  /** The last refused messages, newest first (at most `PROTOCOL_PROBLEMS_KEPT`). */
  protocolProblems: z.array(protocolProblemSchema),
  /** Devices of this project whose uplink is this device. */
  downlinks: z.array(
    z.object({ id: z.number().int(), sn: z.string(), name: z.string(), port: nullableText }),
  ),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────
// Onboarding's own endpoints (devices to be verified, Excel import) are in `deviceOnboarding.ts`.

const tag = 'devices';
const read = { project: 'r' } as const;
const write = { project: 'rw' } as const;
const group = 'devices';

export const deviceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/projects/:id/devices',
    summary:
      'Device list: ?type=ap, filters ip/model/port/name/vlan/mac, q, status, sort, order, page, pageSize',
    tag,
    auth: read,
    group,
    params: projectParamsSchema,
    query: deviceListQuerySchema,
    response: deviceListSchema,
  }),
  typeCounts: endpoint({
    method: 'GET',
    path: '/api/projects/:id/devices/types',
    summary: 'Device counts per type (the list tabs)',
    tag,
    auth: read,
    group,
    params: projectParamsSchema,
    response: deviceTypeCountsSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/projects/:id/devices',
    summary: 'Add a device by SN (166 other project, 411 already here, 67, 87, 88, 254, 1162)',
    tag,
    auth: write,
    group,
    params: projectParamsSchema,
    body: deviceAddRequestSchema,
    response: deviceDetailSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/projects/:id/devices/:deviceId',
    summary: 'Device detail: ports, radios, disks, channels, uplink and downlinks (410 when deleted)',
    tag,
    auth: read,
    group,
    params: projectDeviceParamsSchema,
    response: deviceDetailSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/devices/:deviceId',
    summary: 'Rename, remark, location',
    tag,
    auth: write,
    group,
    params: projectDeviceParamsSchema,
    body: deviceUpdateSchema,
    response: deviceDetailSchema,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/devices/:deviceId',
    summary: 'Delete a device (its telemetry, clients and events go with it; the device is not told)',
    tag,
    auth: write,
    group,
    params: projectDeviceParamsSchema,
    response: emptySchema,
  }),
};
