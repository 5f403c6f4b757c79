/**
 * Messages the cloud sends: `config` (retained desired configuration) and `command`. Reserved: the
 * configuration document and each command's arguments are defined by the configuration issue; the
 * envelopes are fixed now so firmware can subscribe, acknowledge and refuse correctly today.
 */
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
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

export const configSchema = z.object({
  ...envelope,
  /** Desired configuration version, increasing per device. */
  version: z.int().min(1),
  /** Reserved: the document schema comes with the configuration issue. */
  document: z.record(z.string(), z.unknown()),
});
export type ConfigMessage = z.output<typeof configSchema>;

export const commandSchema = z.object({
  ...envelope,
  id: commandId,
  // A string, not the enum: a device must be able to read an unknown name to refuse it by id.
  name: z.string().regex(/^[a-z][A-Za-z0-9]{0,31}$/),
  /** Command arguments; reserved: defined per command by the configuration issue. */
  args: z.record(z.string(), z.unknown()),
  /** After this instant (epoch ms) the device must not start the command. */
  expiresAt: epochMs,
});
export type CommandMessage = z.output<typeof commandSchema>;

/** Whether a command name is one this protocol version defines. */
export function isCommandName(name: string): name is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(name);
}
