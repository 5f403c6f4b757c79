/**
 * The client blacklist (issue 15 §4, §8 code 156): the project's `blacklist` settings document —
 * the clients (by MAC, with an optional name for people) its Wi-Fi devices refuse. Shape, factory
 * settings and the reader of the saved document; the rules with their codes are in `issues.ts`.
 */
import { z } from 'zod';
import { clientMacParamSchema, macAddressSchema } from '../api/clients';
import type { ProjectDocuments } from '../config/kind';
import { BLACKLIST_NAME_MAX_LENGTH } from '../limits';
import { optionalTextSchema, textIssue } from '../validation/text';

/** The name rules of an entry: optional, else the §5 general text rules (1–32 characters). */
export const BLACKLIST_NAME_RULES = { label: 'Name', max: BLACKLIST_NAME_MAX_LENGTH } as const;

/**
 * One blocked client: its MAC (the client list's validator; the block action stores it upper-case,
 * and a MAC matches in either case) and a name for people.
 */
export const blacklistEntrySchema = z.object({
  mac: macAddressSchema,
  /** Who the client is ('' = none): shown in the blacklist, never sent to devices. */
  name: optionalTextSchema(BLACKLIST_NAME_RULES).default(''),
  /** When it was blocked (epoch ms). */
  addedAt: z.number().int().nonnegative(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;

/** The project's `blacklist` document. Its 100-entry cap is the 156 rule (`blacklistIssues`). */
export const blacklistSettingsSchema = z.object({ entries: z.array(blacklistEntrySchema) });
export type BlacklistSettings = z.infer<typeof blacklistSettingsSchema>;

export function defaultBlacklistSettings(): BlacklistSettings {
  return { entries: [] };
}

/** The project's saved `blacklist` document, if any. */
export function savedBlacklist(docs: ProjectDocuments): BlacklistSettings | undefined {
  return docs.project.blacklist as BlacklistSettings | undefined;
}

/** Why `mac` is not a MAC address, or null (the form checks as you type, with the server's rule). */
export function blacklistMacIssue(mac: string): string | null {
  const r = clientMacParamSchema.safeParse(mac.trim());
  return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid MAC address.');
}

/** Why `name` is not a valid entry name, or null ('' is valid: the name is optional). */
export function blacklistNameIssue(name: string): string | null {
  return name === '' ? null : textIssue(name, BLACKLIST_NAME_RULES);
}
