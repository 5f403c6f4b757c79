/**
 * Readable differences between two versions of a settings document, and the one-line change
 * summary stored with each version ("Added VLAN 20 "Guest"; changed DHCP pool "lan_pool" lease").
 * Arrays of items are matched by their identity (VLAN id, rule/pool name, port id), not by index,
 * so inserting an item does not show every later one as changed.
 */
import type { ConfigKind } from './document';

export type ConfigDiffOp = 'added' | 'removed' | 'changed';

export interface ConfigDiffEntry {
  op: ConfigDiffOp;
  /** Human path, e.g. ["VLANs", "Guest (20)", "IP address"]. */
  path: string[];
  /** Values as shown to people ("192.168.20.1", "On", "TCP + UDP"); absent for added/removed items. */
  before?: string;
  after?: string;
}

/** Entries from `before` to `after` (null = factory settings / nothing). Implemented by the rules work. */
export function diffSettings(_kind: ConfigKind, _before: unknown, _after: unknown): ConfigDiffEntry[] {
  return [];
}

/** A one-line summary of a diff, at most 240 characters ("No changes" when empty). */
export function summarizeDiff(entries: readonly ConfigDiffEntry[]): string {
  if (entries.length === 0) return 'No changes';
  const text = entries.map((e) => `${e.op} ${e.path.join(' › ')}`).join('; ');
  return text.length > 240 ? `${text.slice(0, 237)}…` : text;
}
