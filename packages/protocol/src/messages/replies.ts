/**
 * `reply` and `progress`: what a device says about a command. A fault is data — `ok: false` with a
 * numeric code of the §8 catalogue (domain `ERR`) and an optional message — never silence.
 */
import { z } from 'zod';
import { STAGE_MAX_LENGTH, TEXT_MAX_LENGTH } from '../limits';
import { commandId, envelope, percent, snakeName, text } from './common';

export const replySchema = z
  .object({
    ...envelope,
    /** The command's id. */
    id: commandId,
    ok: z.boolean(),
    /** §8 error code; required when `ok` is false. */
    code: z.int().optional(),
    /** Extra detail for logs; the console shows the catalogue message of `code`. */
    message: text(TEXT_MAX_LENGTH).optional(),
    /** Command-specific result (e.g. a scan's findings); reserved: defined with each command. */
    result: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((r) => r.ok || r.code !== undefined, { message: 'a failed reply needs a code', path: ['code'] });
export type ReplyMessage = z.output<typeof replySchema>;

export const progressSchema = z.object({
  ...envelope,
  id: commandId,
  /** Stage name, e.g. an upgrade stage of §4 (`downloading`, `upgrading`, `restarting`). */
  stage: snakeName(STAGE_MAX_LENGTH),
  percent,
});
export type ProgressMessage = z.output<typeof progressSchema>;

/**
 * `configResult`: the outcome of one `config` version (docs/protocol.md §6.8). Sent once per version
 * the device processes, and again (same content) when the same version is delivered again.
 */
export const configResultSchema = z
  .object({
    ...envelope,
    /** The `version` of the `config` message this answers. */
    version: z.int().min(1),
    ok: z.boolean(),
    /** §8 code of the first problem; required when `ok` is false (e.g. 104 VLAN overlaps WAN). */
    code: z.int().optional(),
    /** The device's words, shown next to the catalogue message. */
    message: text(TEXT_MAX_LENGTH).optional(),
  })
  .refine((r) => r.ok || r.code !== undefined, {
    message: 'a refused configuration needs a code',
    path: ['code'],
  });
export type ConfigResultMessage = z.output<typeof configResultSchema>;
