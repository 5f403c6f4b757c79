/**
 * How a settings document reads in a diff, as data its kind declares (`diff` of a kind definition):
 * its sections, the identity of list items, the labels of fields, and the formatters that show
 * values to people ("On", "Enabled", "••••••"). Formatters of one kind's own values live with the
 * kind (`network/diff.ts`…); the ones here serve every kind.
 */

/** Shows a stored value to people. */
export type Fmt = (value: unknown) => string;
/** One field of a section: its key in the document, its label, how its value shows. */
export interface FieldDef {
  key: string;
  label: string;
  fmt?: Fmt;
}
/** A list of items matched by identity, e.g. the VLANs by id. */
export interface ListDef {
  type: 'list';
  key: string;
  /** The section name in paths, or null when items are top-level ("Port 5 › PoE"). */
  section: string | null;
  identity: (item: Record<string, unknown>) => string;
  label: (item: Record<string, unknown>) => string;
  /**
   * How the one-line change summary names an item from its label in a diff path (`Guest (20)` →
   * `VLAN 20 "Guest"`), so the changes of one item read as one phrase; null for a label that is not
   * one of this list's items (top-level lists share the first path element with values). Absent:
   * the summary names the section and lists the items as its changed fields.
   */
  summary?: (label: string) => string | null;
  fields: FieldDef[];
}
/** A fixed object whose fields show under one section ("LAN › IP address"), or top-level (null). */
export interface ObjectDef {
  type: 'object';
  key: string;
  section: string | null;
  fields: FieldDef[];
}
/** One top-level value ("DHCP snooping"). */
export interface ValueDef {
  type: 'value';
  key: string;
  label: string;
  fmt?: Fmt;
}
/** One section of a document as its kind declares it for diffs. */
export type SectionDef = ListDef | ObjectDef | ValueDef;

/** What a secret shows as in a diff: never its value. */
export const SECRET_MASK = '••••••';
/** Plain text; '—' when empty. */
export const text: Fmt = (v) => (v === null || v === undefined || v === '' ? '—' : String(v));
/** A switch: On / Off. */
export const onOff: Fmt = (v) => (v ? 'On' : 'Off');
/** A status: Enabled / Disabled. */
export const enabled: Fmt = (v) => (v ? 'Enabled' : 'Disabled');
/** A secret: the mask when set, None when empty — never its value. */
export const secret: Fmt = (v) => (v === '' || v === null || v === undefined ? 'None' : SECRET_MASK);
/** A list of values, comma-separated; `empty` when there is none. */
export const list =
  (empty: string): Fmt =>
  (v) =>
    Array.isArray(v) && v.filter((x) => x !== '').length > 0 ? v.filter((x) => x !== '').join(', ') : empty;
/** An enum value by its label for people. */
export const label =
  <K extends string | number>(labels: Record<K, string>): Fmt =>
  (v) =>
    labels[v as K] ?? text(v);
/** A value as a string ('' for null or undefined), for labels and identities. */
export const str = (v: unknown): string => String(v ?? '');

/** Formats a value with a field's formatter (plain text by default). */
export function formatDiffValue(field: { fmt?: Fmt }, value: unknown): string {
  return (field.fmt ?? text)(value);
}
