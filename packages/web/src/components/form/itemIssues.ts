import type { CodedIssue } from '@netloom/domain';

/**
 * Where a document's issues go on the form that edits one item of it (a VLAN, a Wi-Fi policy…):
 * under the item's fields, or above the form when no field holds them. Pure, so it is unit-tested.
 */

/** A form field name from a dotted path relative to the item: `dns.1` → ['dns', 1]. */
export function namePath(path: string): (string | number)[] {
  return path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/**
 * The field (of `fields`) an item-relative issue path belongs to: itself, else the longest parent,
 * else its first child (an issue about `dns` as a whole shows under the primary DNS field).
 */
export function fieldFor(rest: string, fields: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const f of fields) {
    if ((rest === f || rest.startsWith(`${f}.`)) && (best === undefined || f.length > best.length)) best = f;
  }
  return best ?? fields.find((f) => f.startsWith(`${rest}.`));
}

export interface PlacedIssues<F extends string = string> {
  /** Field → its first message. */
  byField: Map<F, string>;
  /** Issues that belong to no field of the form. */
  general: CodedIssue[];
}

/** Splits issues into the form's fields (paths under `prefix`, '' for the root) and general ones. */
export function placeIssues(
  issues: readonly CodedIssue[],
  prefix: string,
  fields: readonly string[],
): PlacedIssues {
  const byField = new Map<string, string>();
  const general: CodedIssue[] = [];
  const p = prefix === '' ? '' : `${prefix}.`;
  for (const i of issues) {
    const field = i.path.startsWith(p) ? fieldFor(i.path.slice(p.length), fields) : undefined;
    if (field === undefined) general.push(i);
    else if (!byField.has(field)) byField.set(field, i.message);
  }
  return { byField, general };
}

const issueKey = (i: CodedIssue) => `${i.path}\u0000${i.message}`;

/** Issues of `candidate` that `saved` does not have already: what a change causes. */
export function newIssues<D>(issuesOf: (doc: D) => CodedIssue[], saved: D, candidate: D): CodedIssue[] {
  const before = new Set(issuesOf(saved).map(issueKey));
  return issuesOf(candidate).filter((i) => !before.has(issueKey(i)));
}
