/**
 * Messages the cloud sends: `config` (retained desired configuration, docs/protocol.md §7.1) and
 * `command` (§7.2). The configuration document's schema is the domain's `deviceConfigDocumentSchema`
 * (one definition for the server that renders it and the devices that apply it).
 */
import {
  BACKUP_FILE_MAX_BYTES,
  deviceConfigDocumentSchema,
  FIRMWARE_MAX_BYTES,
  IPV4_TEXT_MAX_LENGTH,
  LOCATE_MAX_MINUTES,
  LOCATE_MIN_MINUTES,
  MANAGEMENT_MODES,
  NAME_MAX_BYTES,
  WIFI_CHANNEL_MAX,
} from '@netloom/domain';
import { z } from 'zod';
import {
  DIAGNOSTIC_MESSAGE_MAX_LENGTH,
  DIAGNOSTIC_PATH_MAX_LENGTH,
  DIAGNOSTIC_REASON_MAX_LENGTH,
  DOWNLOAD_URL_MAX_LENGTH,
  FIRMWARE_VERSION_MAX_LENGTH,
  INTERFACE_NAME_MAX_LENGTH,
  MAX_DISKS,
  MODEL_MAX_LENGTH,
  ROUTE_METRIC_MAX,
  ROUTE_TABLE_MAX_ROWS,
  SCAN_DURATION_MAX_MS,
  SCAN_DURATION_MIN_MS,
  SCAN_MAX_NETWORKS,
  SCAN_SECURITY_MAX_LENGTH,
  SCAN_TX_POWER_MAX_DBM,
} from '../limits';
import { commandId, envelope, epochMs, portId, rssiDbm, serialNumber } from './common';
import { diskStateSchema } from './state';
import { remoteWebArgsSchema } from './tunnel';

/** Command names reserved now; a device answers an unknown name with code 913 (unsupported). */
export const COMMAND_NAMES = [
  'reboot',
  'reset',
  'upgrade',
  'kickClient',
  'scan',
  'backup',
  'restore',
  'remoteWeb',
  'poeReboot',
  'routeTable',
  'cpeMode',
  'locate',
  'formatDisk',
  'setManagementMode',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

export const configSchema = z.object({
  ...envelope,
  /** Desired configuration version, increasing per device. */
  version: z.int().min(1),
  /** The whole desired configuration (not a delta): sections by device kind. */
  document: deviceConfigDocumentSchema,
});
export type ConfigMessage = z.output<typeof configSchema>;

export const commandSchema = z.object({
  ...envelope,
  id: commandId,
  // A string, not the enum: a device must be able to read an unknown name to refuse it by id.
  name: z.string().regex(/^[a-z][A-Za-z0-9]{0,31}$/),
  /** Command arguments, per command (see `COMMAND_ARGS`); `{}` when a command takes none. */
  args: z.record(z.string(), z.unknown()),
  /** After this instant (epoch ms) the device must not start the command. */
  expiresAt: epochMs,
});
export type CommandMessage = z.output<typeof commandSchema>;

/** Whether a command name is one this protocol version defines. */
export function isCommandName(name: string): name is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(name);
}

/**
 * A configuration file as it travels in a `backup` reply and a `restore` command: base64 of the
 * device's own bytes (at most `BACKUP_FILE_MAX_BYTES`), their SHA-256 and the model that wrote it.
 * The cloud stores the bytes as they are and never reads inside them.
 */
export const backupFileSchema = z.object({
  /** Base64 (RFC 4648, with padding) of the file. */
  content: z
    .string()
    .max(Math.ceil(BACKUP_FILE_MAX_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/),
  /** Bytes of the decoded file. */
  size: z.int().min(1).max(BACKUP_FILE_MAX_BYTES),
  /** SHA-256 of the decoded file, lower-case hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The model that wrote it: a file is restored only to the same model. */
  model: z.string().min(1).max(NAME_MAX_BYTES),
  /** The configuration version the device ran when it wrote the file (0: factory settings). */
  configVersion: z.int().min(0),
});
export type BackupFile = z.output<typeof backupFileSchema>;

/** Arguments of the commands that take some (docs/protocol.md §7.2); others take `{}`. */
export const COMMAND_ARGS = {
  /** Power-cycle one PoE port: progress `reboot` → `rebooting` → `rebooted`, then the reply. */
  poeReboot: z.object({ port: portId }),
  /** Wi-Fi site survey: one band or all, listening up to `durationMs` (≤ 30 s, §9 Wi-Fi search). */
  scan: z.object({
    band: z.enum(['2.4G', '5G', '6G']).optional(),
    durationMs: z.int().min(SCAN_DURATION_MIN_MS).max(SCAN_DURATION_MAX_MS).optional(),
  }),
  /** CPE bridges: switch work mode; clears the bridge group and restarts (about 2 minutes). */
  cpeMode: z.object({ mode: z.enum(['ap', 'client']) }),
  /** Blink the LED for `minutes` (1–30), then stop; the reply comes at once with `result.until`. */
  locate: z.object({ minutes: z.int().min(LOCATE_MIN_MINUTES).max(LOCATE_MAX_MINUTES) }),
  /** Force a client offline. */
  kickClient: z.object({ mac: z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/) }),
  /** Apply a configuration file this device (or one of its model) wrote for a `backup`. */
  restore: z.object({ file: backupFileSchema }),
  /** Write the configuration file and answer with it (`backupResultSchema`). */
  backup: z.object({}),
  /** Download, verify and install a firmware file, then restart into it. */
  upgrade: z.object({
    /** Signed HTTP(S) download link; no credentials needed, valid until the command expires. */
    url: z
      .string()
      .max(DOWNLOAD_URL_MAX_LENGTH)
      .regex(/^https?:\/\/\S+$/),
    /** SHA-256 of the file, lower-case hex. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** Bytes of the file. */
    size: z.int().min(1).max(FIRMWARE_MAX_BYTES),
    /** The version the file installs, as `hello.firmwareVersion` will report it. */
    version: z.string().min(1).max(FIRMWARE_VERSION_MAX_LENGTH),
    /** The model the file is for: another model's file is refused (915). */
    model: z.string().min(1).max(MODEL_MAX_LENGTH),
    /** The console's own id of the file: a device ignores it. */
    firmwareId: z.int().min(1).optional(),
  }),
  /**
   * NVR: format the disk in bay `disk` (everything recorded on it is erased). Progress `formatting`
   * with its percent, then the reply: ok with `result.disk`, or 3000 failed, 3001 a format already
   * under way, 3002 no disk in that bay.
   */
  formatDisk: z.object({ disk: z.int().min(1).max(MAX_DISKS) }),
  /** Open the remote web management tunnel (§7.4) to `url` with `token`, then reply. */
  remoteWeb: remoteWebArgsSchema,
  /**
   * Switch to cloud (1) or local (2) management, keep it across restarts, reply, then report the
   * new `managementMode` in the next `state` (issue 15). In local mode the device refuses `config`
   * and every other command with 76.
   */
  setManagementMode: z.object({ mode: z.literal([MANAGEMENT_MODES.CLOUD, MANAGEMENT_MODES.LOCAL]) }),
} as const;

/** `result` of a successful `formatDisk` reply: the disk as it is now (empty, status `ok`). */
export const formatDiskResultSchema = z.object({ disk: diskStateSchema });

/** `result` of a successful `backup` reply: the file. */
export const backupResultSchema = z.object({ file: backupFileSchema });
/** `result` of a successful `restore` reply: the configuration version the device runs now. */
export const restoreResultSchema = z.object({ configVersion: z.int().min(0) });

/** One row of a device's routing table (`routeTable` reply `result.routes`). */
export const routeRowSchema = z.object({
  destination: z.string().max(IPV4_TEXT_MAX_LENGTH),
  mask: z.string().max(IPV4_TEXT_MAX_LENGTH),
  gateway: z.string().max(IPV4_TEXT_MAX_LENGTH),
  interface: z.string().max(INTERFACE_NAME_MAX_LENGTH),
  metric: z.int().min(0).max(ROUTE_METRIC_MAX),
  type: z.enum(['connected', 'static', 'default']),
});
/** `result` of a successful `routeTable` reply. */
export const routeTableResultSchema = z.object({ routes: z.array(routeRowSchema).max(ROUTE_TABLE_MAX_ROWS) });
export type RouteRow = z.output<typeof routeRowSchema>;

/** One network heard by a site survey (`scan` reply `result.networks`). */
export const scanNetworkSchema = z.object({
  bssid: z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/),
  /** Empty for a hidden network. */
  ssid: z.string().max(NAME_MAX_BYTES),
  band: z.enum(['2.4G', '5G', '6G']),
  channel: z.int().min(1).max(WIFI_CHANNEL_MAX),
  /** Received signal in dBm at the scanning radio. */
  rssi: rssiDbm,
  /** The transmitting Netloom device's serial number, when the beacon carries it (RF neighbours). */
  sn: serialNumber.optional(),
  /** Security as advertised, e.g. `WPA2-PSK`, `none`. */
  security: z.string().max(SCAN_SECURITY_MAX_LENGTH).optional(),
  /** Transmit power of the heard radio when it advertises it (802.11k TPC report), dBm. */
  txPower: z.number().min(0).max(SCAN_TX_POWER_MAX_DBM).optional(),
});
/** `result` of a successful `scan` reply. */
export const scanResultSchema = z.object({ networks: z.array(scanNetworkSchema).max(SCAN_MAX_NETWORKS) });
export type ScanNetwork = z.output<typeof scanNetworkSchema>;

/** `result` of a successful `locate` reply: when the LED stops blinking (epoch ms). */
export const locateResultSchema = z.object({ until: epochMs });

/** `result` of a successful reply, for the commands that answer with one; others send none. */
export const COMMAND_RESULTS: Partial<Record<CommandName, z.ZodType>> = {
  routeTable: routeTableResultSchema,
  scan: scanResultSchema,
  locate: locateResultSchema,
  backup: backupResultSchema,
  restore: restoreResultSchema,
  formatDisk: formatDiskResultSchema,
};

/**
 * The `progress` stages a command reports, in order (each optional unless the command's table says
 * otherwise); a command without an entry reports none. The reply always comes last.
 */
export const COMMAND_STAGES: Partial<Record<CommandName, readonly string[]>> = {
  reboot: ['rebooting'],
  reset: ['resetting'],
  upgrade: ['waiting', 'downloading', 'upgrading', 'restarting'],
  poeReboot: ['reboot', 'rebooting', 'rebooted'],
  scan: ['scanning'],
  cpeMode: ['clearing', 'restarting'],
  backup: ['packing', 'uploading'],
  restore: ['verifying', 'applying', 'restarting'],
  formatDisk: ['formatting'],
};

/**
 * The capability a device reports in `hello` to be sent a command: the command's own name unless
 * named here (domain `DEVICE_CAPABILITIES`).
 */
export const COMMAND_CAPABILITY: Partial<Record<CommandName, string>> = {};

/** The capability of a command name (§6.1). */
export function capabilityOfCommand(name: CommandName): string {
  return COMMAND_CAPABILITY[name] ?? name;
}
/** Why the cloud dropped a device's message (docs/protocol.md §11). */
export const DECODE_FAILURES = [
  'topic',
  'direction',
  'unknown_message',
  'not_bytes',
  'too_large',
  'not_utf8',
  'too_deep',
  'not_json',
  'invalid',
  'internal',
] as const;
export type DecodeFailureCode = (typeof DECODE_FAILURES)[number];

/**
 * `diagnostic` (§11): the cloud dropped one of the device's messages and says why, at most once per
 * message name per `DIAGNOSTIC_INTERVAL_SECONDS`. Informational: a device may log it, show it on its
 * local page, or ignore it; it never answers.
 */
export const diagnosticSchema = z.object({
  ...envelope,
  /** The refused message's name as its topic gave it (`state`, or an unknown name). */
  message: z.string().min(1).max(DIAGNOSTIC_MESSAGE_MAX_LENGTH),
  /** Why: the decoder's failure code. */
  code: z.enum(DECODE_FAILURES),
  /** The first refused field (`ports.0.speed`, `(root)` for the payload itself); null when not about a field. */
  path: z.string().max(DIAGNOSTIC_PATH_MAX_LENGTH).nullable(),
  /** The reason in words, with the first problems found. */
  reason: z.string().max(DIAGNOSTIC_REASON_MAX_LENGTH),
  /** When the cloud received the refused message (epoch ms, the cloud's clock). */
  at: epochMs,
  /** Refusals of the same message name since the last diagnostic that were not reported (rate limit). */
  suppressed: z.int().min(0),
});
export type DiagnosticMessage = z.output<typeof diagnosticSchema>;
