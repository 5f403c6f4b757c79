/**
 * Texts of the save flow: what a saved version does on the devices, and who got in first on 414.
 * Pure, so the notification's words are unit-tested.
 */
import type { ConfigConflict, ConfigRevision } from '@netloom/domain';

/** "Saved as version 7", "Restored as version 8": the notification's title (delivery follows live). */
export function savedText(version: number, verb = 'Saved'): string {
  return `${verb} as version ${version}`;
}

function clock(at: number): string {
  return new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** "Someone saved a newer version (v8 by Anna, 10:42)." — or without details when unknown. */
export function conflictText(
  newest: Pick<ConfigRevision, 'version' | 'account' | 'createdAt'> | null,
): string {
  if (!newest) return 'Someone saved a newer version of these settings.';
  const who = newest.account ? ` by ${newest.account.nick}` : '';
  return `Someone saved a newer version (v${newest.version}${who}, ${clock(newest.createdAt)}).`;
}

/** "Anna saved version 8 at 10:42: Added VLAN 40 "Office"." (the 414 answer's newer version). */
export function conflictDetailText(
  c: Pick<ConfigConflict, 'version' | 'savedBy' | 'savedAt' | 'summary'>,
): string {
  const who = c.savedBy ? c.savedBy.nick || 'Another user' : 'The system';
  return `${who} saved version ${c.version} at ${clock(c.savedAt)}: ${c.summary.replace(/\.$/, '')}.`;
}

/** The same save based on `version` (inputs carry `baseVersion`), or null when it has none. */
export function rebasedInput<I>(input: I, version: number): I | null {
  if (typeof input !== 'object' || input === null || !('baseVersion' in input)) return null;
  if (typeof input.baseVersion !== 'number') return null;
  return { ...input, baseVersion: version };
}

/** The version an input was based on, or null. */
export function baseVersionOf(input: unknown): number | null {
  return rebasedInput(input, 0) === null ? null : (input as { baseVersion: number }).baseVersion;
}
