/**
 * Messages the cloud sends: `config` (retained desired configuration, docs/protocol.md §7.1) and
 * `command` (§7.2). The configuration document's schema is the domain's `deviceConfigDocumentSchema`
 * (one definition for the server that renders it and the devices that apply it).
 */
import { deviceConfigDocumentSchema } from '@netloom/domain';
import { z } from 'zod';
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
  /** Force a client offline. */
  kickClient: z.object({ mac: z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/) }),
} as const;

/** One row of a device's routing table (`routeTable` reply `result.routes`). */
export const routeRowSchema = z.object({
  destination: z.string().max(15),
  mask: z.string().max(15),
  gateway: z.string().max(15),
  interface: z.string().max(32),
  metric: z.int().min(0).max(65535),
  type: z.enum(['connected', 'static', 'default']),
});
/** `result` of a successful `routeTable` reply. */
export const routeTableResultSchema = z.object({ routes: z.array(routeRowSchema).max(1024) });
export type RouteRow = z.output<typeof routeRowSchema>;
