/**
 * The configuration HTTP API (desired-state engine, network settings, switch ports, history,
 * audit, route table): request/response schemas shared by server and web.
 *
 * Paths (all project-scoped; reading needs right `r`, changing needs `rw`):
 * - `GET  /api/projects/:id/config/status`                              → ProjectConfigStatus
 * - `GET  /api/projects/:id/config/network`                             → NetworkConfigView
 * - `PUT  /api/projects/:id/config/network`            SaveConfigRequest → SaveConfigResult
 * - `GET  /api/projects/:id/devices/:deviceId/config/switching`          → SwitchConfigView
 * - `PUT  /api/projects/:id/devices/:deviceId/config/switching` SaveConfigRequest → SaveConfigResult
 * - `GET  /api/projects/:id/config/revisions?kind&deviceId&page&pageSize` → ConfigRevisionPage
 * - `GET  /api/projects/:id/config/revisions/:revisionId`                → ConfigRevisionDetail
 * - `GET  /api/projects/:id/config/diff?from=<revisionId>&to=<revisionId>` → ConfigDiff
 * - `POST /api/projects/:id/config/revisions/:revisionId/restore` RestoreRequest → SaveConfigResult
 * - `GET  /api/projects/:id/audit?page&pageSize&deviceId`               → AuditPage
 * - `GET  /api/projects/:id/network/route-table`                         → RouteTable (live read)
 * - `POST /api/projects/:id/devices/:deviceId/ports/:portId/poe-reboot`  → CommandJob
 * - `POST /api/projects/:id/config/retry`  RetryDeliveryRequest → RetryDeliveryResult (407 + data
 *   when some chosen devices are offline)
 *
 * A save carries the version it was based on; if another save got in first the answer is 414 and
 * the form reloads the newer version to review (race-safe, nothing is overwritten silently).
 */
import { z } from 'zod';
import { CONFIG_KIND_NAMES, type ConfigDiffEntry } from '../config';
import { networkSettingsSchema } from '../config/network';
import { switchSettingsSchema } from '../config/switching';
import {
  bridgeSettingsSchema,
  deviceRadioSettingsSchema,
  rfSettingsSchema,
  wirelessSettingsSchema,
} from '../config/wireless';
import { WIFI_SEARCH_MIN_MS, WIFI_SEARCH_MS } from '../limits';

const id = z.number().int();

/** Delivery state of one device (§ issue 4: applied / pending with age / failed with reason). */
export const CONFIG_DELIVERY_STATUSES = ['applied', 'pending', 'failed'] as const;
export type ConfigDeliveryStatus = (typeof CONFIG_DELIVERY_STATUSES)[number];

export const configTargetStatusSchema = z.object({
  deviceId: id,
  sn: z.string(),
  name: z.string(),
  type: z.string(),
  online: z.boolean(),
  status: z.enum(CONFIG_DELIVERY_STATUSES),
  /** The version the device should run. */
  desiredVersion: id,
  /** The version the device last reported. */
  appliedVersion: id,
  /** Epoch ms since when the desired version waits for the device (null unless pending). */
  pendingSince: z.number().nullable(),
  /** §8 code and the device's words when it refused the desired version. */
  failedCode: z.number().int().nullable(),
  failedMessage: z.string().nullable(),
  updatedAt: z.number(),
});
export type ConfigTargetStatus = z.infer<typeof configTargetStatusSchema>;

export const projectConfigStatusSchema = z.object({
  applied: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  devices: z.array(configTargetStatusSchema),
});
export type ProjectConfigStatus = z.infer<typeof projectConfigStatusSchema>;

export const accountRefSchema = z.object({ id, nick: z.string() });

/** What every settings view carries besides the settings themselves. */
const documentMeta = {
  /** 0 = never saved (factory settings shown). */
  version: id,
  updatedAt: z.number().nullable(),
  updatedBy: accountRefSchema.nullable(),
  /** Devices this document is delivered to, with their delivery state. */
  targets: z.array(configTargetStatusSchema),
};

export const gatewayInfoSchema = z.object({
  deviceId: id,
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  online: z.boolean(),
  /** Rule counts of the model (§9: counts come from the server). */
  rules: z.object({
    vlans: z.number().int(),
    dhcpPools: z.number().int(),
    staticRoutes: z.number().int(),
    portMappings: z.number().int(),
  }),
  vlanRange: z.object({ min: z.number().int(), max: z.number().int() }),
  /** WAN-capable physical ports of the model. */
  wanPorts: z.array(z.object({ id: z.number().int(), label: z.string() })),
  /** What the gateway reports now per WAN port (dynamic/PPPoE addresses). */
  liveWan: z.array(
    z.object({
      port: z.number().int(),
      up: z.boolean(),
      ip: z.string().nullable(),
      mask: z.string().nullable(),
    }),
  ),
});
export type GatewayInfo = z.infer<typeof gatewayInfoSchema>;

export const networkConfigViewSchema = z.object({
  ...documentMeta,
  settings: networkSettingsSchema,
  /** The device that receives these settings; null when the project has none yet. */
  gateway: gatewayInfoSchema.nullable(),
  /**
   * The VLAN membership of the project's switch ports (their saved port settings): a VLAN they
   * carry cannot be deleted or renumbered (1110), and the VLAN page lists them under "Used by".
   */
  switchPorts: z.array(
    z.object({
      deviceId: id,
      name: z.string(),
      ports: z.array(
        z.object({ id: z.number().int(), untagged: z.number().int(), tagged: z.array(z.number().int()) }),
      ),
    }),
  ),
});
export type NetworkConfigView = z.infer<typeof networkConfigViewSchema>;

export const livePortSchema = z.object({
  id: z.number().int(),
  link: z.enum(['up', 'down']),
  speed: z.number().int(),
  duplex: z.enum(['full', 'half']),
  poeOn: z.boolean().nullable(),
  poeWatts: z.number().nullable(),
});
export type LivePort = z.infer<typeof livePortSchema>;

export const switchConfigViewSchema = z.object({
  ...documentMeta,
  settings: switchSettingsSchema,
  device: z.object({
    id,
    sn: z.string(),
    name: z.string(),
    model: z.string(),
    type: z.string(),
    online: z.boolean(),
    /** The port the device's uplink leaves from, when known. */
    uplinkPort: z.number().int().nullable(),
  }),
  /** The model's physical ports (front panel): id, label, role, media, max speed, PoE. */
  ports: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      role: z.string(),
      media: z.string(),
      maxSpeedMbps: z.number().int(),
      poe: z.string(),
      poeMaxWatts: z.number(),
    }),
  ),
  /** Live state per port (empty when offline). */
  live: z.array(livePortSchema),
  /** PoE totals (§9): total budget, used now, remaining. */
  poe: z.object({ totalWatts: z.number(), usedWatts: z.number(), remainingWatts: z.number() }).nullable(),
  /** VLANs of the project a port can carry (VLAN 1 included). */
  projectVlans: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SwitchConfigView = z.infer<typeof switchConfigViewSchema>;

export const saveConfigRequestSchema = z.object({
  /** The version the edit started from (0 = factory settings). */
  baseVersion: z.number().int().min(0),
  settings: z.unknown(),
});
export type SaveConfigRequest = z.infer<typeof saveConfigRequestSchema>;

export const deliveryReportSchema = z.object({
  /** Devices the change affects. */
  targets: z.number().int(),
  /** Of which online now: delivered at once. */
  online: z.number().int(),
  /** Of which offline: queued, delivered when they reconnect. */
  queued: z.number().int(),
  /** Devices that cannot take it (local management mode 133, secondary mesh node 912…). */
  skipped: z.array(z.object({ deviceId: id, name: z.string(), code: z.number().int(), message: z.string() })),
});
export type DeliveryReport = z.infer<typeof deliveryReportSchema>;

/** At most this many devices per "Retry delivery". */
export const RETRY_DELIVERY_MAX_DEVICES = 500;

/** "Retry delivery" of the chosen devices' settings (a refused version is never resent by itself). */
export const retryDeliveryRequestSchema = z.object({
  deviceIds: z.array(id.positive()).min(1).max(RETRY_DELIVERY_MAX_DEVICES),
});
export type RetryDeliveryRequest = z.infer<typeof retryDeliveryRequestSchema>;

const deviceRef = z.object({ deviceId: id, name: z.string() });
/**
 * What a retry did. Also the `data` of its 407 answer ("some devices are offline"), which says
 * which devices got their settings again all the same.
 */
export const retryDeliveryResultSchema = z.object({
  /** Sent again now: a failed device as a new version of the same settings, a pending one as is. */
  retried: z.array(deviceRef.extend({ version: id })),
  /** Nothing to retry: already applied, or no saved settings apply to the device. */
  unchanged: z.array(deviceRef),
  /** Offline: nothing was sent (the answer is 407); retry once they are back online. */
  offline: z.array(deviceRef),
});
export type RetryDeliveryResult = z.infer<typeof retryDeliveryResultSchema>;

export const saveConfigResultSchema = z.object({
  version: id,
  revisionId: id,
  summary: z.string(),
  delivery: deliveryReportSchema,
});
export type SaveConfigResult = z.infer<typeof saveConfigResultSchema>;

/**
 * The `data` of a 414 answer: the version that got in first, so the user can review it (who saved
 * it, when, what changed) before keeping their own changes on top of it or discarding them.
 */
export const configConflictSchema = z.object({
  /** The document's current version: a save on top of it sends this as `baseVersion`. */
  version: id,
  /** Its revision (for the history and the diff against the version the user started from). */
  revisionId: id,
  /** Null: saved by the system (RF optimisation). */
  savedBy: accountRefSchema.nullable(),
  savedAt: z.number(),
  summary: z.string(),
});
export type ConfigConflict = z.infer<typeof configConflictSchema>;

export const configRevisionSchema = z.object({
  id,
  kind: z.enum(CONFIG_KIND_NAMES as [string, ...string[]]),
  deviceId: id.nullable(),
  deviceName: z.string().nullable(),
  version: id,
  summary: z.string(),
  account: accountRefSchema.nullable(),
  createdAt: z.number(),
  /** Set when this version restored an earlier one: that version's number. */
  restoredFrom: id.nullable(),
});
export type ConfigRevision = z.infer<typeof configRevisionSchema>;

/**
 * With `deviceId`: also the entries of project-wide documents (network, wireless, RF), which reach
 * the device without naming it — a device's whole configuration history. `true` or `false`.
 */
const withProjectFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

export const configRevisionQuerySchema = z.object({
  kind: z.enum(CONFIG_KIND_NAMES as [string, ...string[]]).optional(),
  deviceId: z.coerce.number().int().positive().optional(),
  withProject: withProjectFlag,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const configRevisionPageSchema = z.object({
  items: z.array(configRevisionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ConfigRevisionPage = z.infer<typeof configRevisionPageSchema>;

export const configRevisionDetailSchema = configRevisionSchema.extend({ settings: z.unknown() });
export type ConfigRevisionDetail = z.infer<typeof configRevisionDetailSchema>;

export const configDiffEntrySchema = z.object({
  op: z.enum(['added', 'removed', 'changed']),
  path: z.array(z.string()),
  before: z.string().optional(),
  after: z.string().optional(),
}) satisfies z.ZodType<ConfigDiffEntry>;
export const configDiffQuerySchema = z.object({
  from: z.coerce.number().int().positive(),
  /** Absent = the current version of the same document. */
  to: z.coerce.number().int().positive().optional(),
});
export const configDiffSchema = z.object({
  from: configRevisionSchema,
  to: configRevisionSchema,
  entries: z.array(configDiffEntrySchema),
});
export type ConfigDiff = z.infer<typeof configDiffSchema>;

export const restoreRequestSchema = z.object({ baseVersion: z.number().int().min(0) });

export const AUDIT_ACTIONS = ['config.save', 'config.restore', 'port.poeReboot'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditEntrySchema = z.object({
  id,
  at: z.number(),
  account: accountRefSchema.nullable(),
  projectId: id,
  deviceId: id.nullable(),
  deviceName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({
  deviceId: z.coerce.number().int().positive().optional(),
  withProject: withProjectFlag,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const ROUTE_TYPES = ['connected', 'static', 'default'] as const;
export const routeTableEntrySchema = z.object({
  destination: z.string(),
  mask: z.string(),
  gateway: z.string(),
  interface: z.string(),
  metric: z.number().int(),
  type: z.enum(ROUTE_TYPES),
});
export type RouteTableEntry = z.infer<typeof routeTableEntrySchema>;
export const routeTableSchema = z.object({
  deviceId: id,
  readAt: z.number(),
  entries: z.array(routeTableEntrySchema),
});
export type RouteTable = z.infer<typeof routeTableSchema>;

// ── Wireless (issue 5) ─────────────────────────────────────────────────────────────────────────
// - `GET/PUT /api/projects/:id/config/wireless`                         → WirelessConfigView
// - `GET/PUT /api/projects/:id/config/rf`                               → RfConfigView
// - `GET/PUT /api/projects/:id/devices/:deviceId/config/radio`          → RadioConfigView
// - `GET/PUT /api/projects/:id/devices/:deviceId/config/bridge`         → BridgeConfigView
// - `POST    /api/projects/:id/devices/:deviceId/cpe/mode`   CpeModeRequest   → CommandJob
// - `POST    /api/projects/:id/devices/:deviceId/cpe/search` CpeSearchRequest → CpeSearchResult
// Saving `rf` or `radio` while an RF optimisation runs is refused with 27.

/** A Wi-Fi device of the project (the "specified devices" picker of a policy). */
export const wifiDeviceSchema = z.object({
  id,
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  /** Model kind: `ap`, `wrouter`, `mesh`. */
  kind: z.string(),
  bands: z.array(z.string()),
  online: z.boolean(),
});
export type WifiDevice = z.infer<typeof wifiDeviceSchema>;

export const wirelessConfigViewSchema = z.object({
  ...documentMeta,
  settings: wirelessSettingsSchema,
  devices: z.array(wifiDeviceSchema),
  /**
   * The CPE bridges' saved uplinks by network name: a policy one of them uses cannot be deleted,
   * switched off or have that network renamed (26) — the form says so before saving.
   */
  bridgeUplinks: z.array(z.object({ deviceId: id, name: z.string(), uplinkSsid: z.string() })).optional(),
});
export type WirelessConfigView = z.infer<typeof wirelessConfigViewSchema>;

export const rfConfigViewSchema = z.object({
  ...documentMeta,
  settings: rfSettingsSchema,
  /** An RF optimisation is running now (saving is refused with 27). */
  running: z.boolean(),
});
export type RfConfigView = z.infer<typeof rfConfigViewSchema>;

/** A device named in a device-level wireless view. */
export const wirelessDeviceRefSchema = z.object({
  id,
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  type: z.string(),
  online: z.boolean(),
});

export const radioConfigViewSchema = z.object({
  ...documentMeta,
  settings: deviceRadioSettingsSchema,
  device: wirelessDeviceRefSchema,
  /** The model's radios. */
  radios: z.array(
    z.object({
      band: z.string(),
      standard: z.string(),
      streams: z.number().int(),
      maxTxPowerDbm: z.number(),
    }),
  ),
  /** What each radio runs now (empty when offline). */
  live: z.array(
    z.object({
      band: z.string(),
      channel: z.number().int(),
      width: z.number().int().nullable(),
      txPower: z.number(),
      clients: z.number().int(),
    }),
  ),
  /** An RF optimisation is running now (saving is refused with 27). */
  rfRunning: z.boolean(),
});
export type RadioConfigView = z.infer<typeof radioConfigViewSchema>;

export const CPE_MODES = ['ap', 'client'] as const;
export type CpeMode = (typeof CPE_MODES)[number];

/** What a CPE reports of its bridge now; `offline` when it is not connected. */
export const cpeStatusSchema = z.object({
  mode: z.enum(CPE_MODES).nullable(),
  /** `connected` a peer is linked, `none` no bridge detected, `offline` the device is offline. */
  bridge: z.enum(['connected', 'none', 'offline']),
  peerSn: z.string().nullable(),
  ssid: z.string().nullable(),
  rssi: z.number().nullable(),
});
export type CpeStatus = z.infer<typeof cpeStatusSchema>;

export const cpeNetworkSchema = z.object({
  bssid: z.string(),
  ssid: z.string(),
  band: z.string(),
  channel: z.number().int(),
  rssi: z.number(),
  security: z.string().nullable(),
  /** The transmitting Netloom device's serial number, when it says. */
  sn: z.string().nullable(),
});
export type CpeNetwork = z.infer<typeof cpeNetworkSchema>;

export const cpeSearchResultSchema = z.object({
  searchedAt: z.number(),
  /** Strongest first; never empty (no signal is error 417). */
  networks: z.array(cpeNetworkSchema),
});
export type CpeSearchResult = z.infer<typeof cpeSearchResultSchema>;

export const bridgeConfigViewSchema = z.object({
  ...documentMeta,
  settings: bridgeSettingsSchema,
  device: wirelessDeviceRefSchema,
  status: cpeStatusSchema,
  /** The latest Wi-Fi search of this device (the uplink must be one of its networks), or null. */
  lastSearch: cpeSearchResultSchema.nullable(),
});
export type BridgeConfigView = z.infer<typeof bridgeConfigViewSchema>;

export const cpeModeRequestSchema = z.object({ mode: z.enum(CPE_MODES) });
export const cpeSearchRequestSchema = z.object({
  band: z.enum(['2.4G', '5G', '6G']).optional(),
  /** How long the device listens, ms (default and most: §9's 30 s; a device may answer sooner). */
  durationMs: z.number().int().min(WIFI_SEARCH_MIN_MS).max(WIFI_SEARCH_MS).optional(),
});
