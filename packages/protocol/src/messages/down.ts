/**
 * Messages the cloud sends: `config` (retained desired configuration, docs/protocol.md §7.1) and
 * `command` (§7.2). The configuration document's schema is the domain's `deviceConfigDocumentSchema`
 * (one definition for the server that renders it and the devices that apply it).
 */
import { deviceConfigDocumentSchema } from '@netloom/domain';
import { z } from 'zod';
import { ROUTE_METRIC_MAX } from '../limits';
import { commandId, envelope, epochMs } from './common';

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

/** Arguments of the commands that take some (docs/protocol.md §7.2); others take `{}`. */
export const COMMAND_ARGS = {
  /** Power-cycle one PoE port: progress `reboot` → `rebooting` → `rebooted`, then the reply. */
  poeReboot: z.object({ port: z.int().min(1).max(128) }),
  /** Wi-Fi site survey: one band or all, listening up to `durationMs` (≤ 30 s, §9 Wi-Fi search). */
  scan: z.object({
    band: z.enum(['2.4G', '5G', '6G']).optional(),
    durationMs: z.int().min(100).max(30_000).optional(),
  }),
  /** CPE bridges: switch work mode; clears the bridge group and restarts (about 2 minutes). */
  cpeMode: z.object({ mode: z.enum(['ap', 'client']) }),
  /** Force a client offline. */
  kickClient: z.object({ mac: z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/) }),
} as const;

/** One row of a device's routing table (`routeTable` reply `result.routes`). */
export const routeRowSchema = z.object({
  destination: z.string().max(15),
  mask: z.string().max(15),
  gateway: z.string().max(15),
  interface: z.string().max(32),
  metric: z.int().min(0).max(ROUTE_METRIC_MAX),
  type: z.enum(['connected', 'static', 'default']),
});
/** `result` of a successful `routeTable` reply. */
export const routeTableResultSchema = z.object({ routes: z.array(routeRowSchema).max(1024) });
export type RouteRow = z.output<typeof routeRowSchema>;

/** One network heard by a site survey (`scan` reply `result.networks`). */
export const scanNetworkSchema = z.object({
  bssid: z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/),
  /** Empty for a hidden network. */
  ssid: z.string().max(32),
  band: z.enum(['2.4G', '5G', '6G']),
  channel: z.int().min(1).max(233),
  /** Received signal in dBm at the scanning radio. */
  rssi: z.int().min(-120).max(0),
  /** The transmitting Netloom device's serial number, when the beacon carries it (RF neighbours). */
  sn: z
    .string()
    .regex(/^[A-Za-z0-9]{16,32}$/)
    .optional(),
  /** Security as advertised, e.g. `WPA2-PSK`, `none`. */
  security: z.string().max(32).optional(),
  /** Transmit power of the heard radio when it advertises it (802.11k TPC report), dBm. */
  txPower: z.number().min(0).max(36).optional(),
});
/** `result` of a successful `scan` reply. */
export const scanResultSchema = z.object({ networks: z.array(scanNetworkSchema).max(256) });
export type ScanNetwork = z.output<typeof scanNetworkSchema>;
