/**
 * Readable differences between two versions of a settings document, and the one-line change
 * summary stored with each version ("Added VLAN 20 "Guest"; changed DHCP pool "lan_pool" (lease
 * time)"), driven by the sections a kind declares (`diffFormat.ts`). Arrays of items are matched by
 * their identity (VLAN id, rule/pool name, port id), not by index, so inserting an item does not
 * show every later one as changed. Secrets never appear.
 */
import { SUMMARY_MAX_LENGTH } from '../limits';
import { type FieldDef, formatDiffValue, type ListDef, type SectionDef } from './diffFormat';

export type ConfigDiffOp = 'added' | 'removed' | 'changed';

export interface ConfigDiffEntry {
  op: ConfigDiffOp;
  /** Human path, e.g. ["VLANs", "Guest (20)", "IP address"]. */
  path: string[];
  /** Values as shown to people ("192.168.20.1", "On", "TCP + UDP"); absent for added/removed items. */
  before?: string;
  after?: string;
}

type Rec = Record<string, unknown>;
function rec(v: unknown): Rec {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {};
}
function items(v: unknown): Rec[] {
  return Array.isArray(v) ? v.map(rec) : [];
}
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Entries from `before` to `after` of a document whose kind reads as `sections`. `before` null
 * means factory settings: `factory` when given (the default document), otherwise everything in
 * `after` shows as added.
 */
export function diffSections(
  sections: readonly SectionDef[],
  before: unknown,
  after: unknown,
  factory?: unknown,
): ConfigDiffEntry[] {
  const base = before ?? factory ?? null;
  const out: ConfigDiffEntry[] = [];
  const fieldEntry = (path: string[], f: FieldDef, b: unknown, a: unknown, fresh: boolean) => {
    if (fresh) {
      // A fresh document lists what is set, not every empty optional field.
      if (!same(a, null) && !same(a, '') && !same(a, []))
        out.push({ op: 'added', path, after: formatDiffValue(f, a) });
    } else if (!same(b, a))
      out.push({ op: 'changed', path, before: formatDiffValue(f, b), after: formatDiffValue(f, a) });
  };
  for (const def of sections) {
    const b = rec(base)[def.key];
    const a = rec(after)[def.key];
    if (def.type === 'value') {
      fieldEntry([def.label], def, b, a, base === null);
    } else if (def.type === 'object') {
      for (const f of def.fields) {
        const path = def.section === null ? [f.label] : [def.section, f.label];
        fieldEntry(path, f, rec(b)[f.key], rec(a)[f.key], base === null);
      }
    } else {
      out.push(...listDiff(def, items(b), items(a)));
    }
  }
  return out;
}

function listDiff(def: ListDef, before: Rec[], after: Rec[]): ConfigDiffEntry[] {
  const out: ConfigDiffEntry[] = [];
  const prefix = def.section === null ? [] : [def.section];
  const old = new Map(before.map((x) => [def.identity(x), x]));
  const kept = new Set<string>();
  for (const item of after) {
    const id = def.identity(item);
    const was = old.get(id);
    const path = [...prefix, def.label(item)];
    if (!was) {
      out.push({ op: 'added', path });
      continue;
    }
    kept.add(id);
    for (const f of def.fields) {
      if (!same(was[f.key], item[f.key])) {
        out.push({
          op: 'changed',
          path: [...path, f.label],
          before: formatDiffValue(f, was[f.key]),
          after: formatDiffValue(f, item[f.key]),
        });
      }
    }
  }
  for (const item of before) {
    if (!kept.has(def.identity(item))) out.push({ op: 'removed', path: [...prefix, def.label(item)] });
  }
  return out;
}

// ── Summary ─────────────────────────────────────────────────────────────────────────────────────

interface Group {
  subject: string;
  op: ConfigDiffOp | null;
  fields: string[];
  /** Every field entry was "added" (a document saved for the first time). */
  fresh: boolean;
  value?: string;
}

/** Lower-case the first letter of a field label unless it starts an acronym ("IP address", "PoE"). */
function lowerLabel(label: string): string {
  return /^[A-Z][a-z]*(\s|$)/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** How the summary names list items: by the section a path starts with, or for top-level items. */
interface Subjects {
  bySection: Map<string, (label: string) => string | null>;
  topLevel: ((label: string) => string | null)[];
}

function subjectsOf(sections: readonly SectionDef[]): Subjects {
  const out: Subjects = { bySection: new Map(), topLevel: [] };
  for (const d of sections) {
    if (d.type !== 'list' || !d.summary) continue;
    if (d.section === null) out.topLevel.push(d.summary);
    else out.bySection.set(d.section, d.summary);
  }
  return out;
}

function groupEntries(entries: readonly ConfigDiffEntry[], subjects: Subjects): Group[] {
  const groups = new Map<string, Group>();
  for (const e of entries) {
    const [first = '', second, ...rest] = e.path;
    const subjectOf = subjects.bySection.get(first);
    const itemSubject = subjectOf && second !== undefined ? subjectOf(second) : null;
    let key: string;
    let subject: string;
    let field: string | undefined;
    if (itemSubject !== null && second !== undefined) {
      key = `${first}\u0000${second}`;
      subject = itemSubject;
      field = rest.at(-1);
    } else {
      key = first;
      subject = topLevelSubject(subjects, first);
      field = second;
    }
    const g = groups.get(key) ?? { subject, op: null, fields: [], fresh: true };
    groups.set(key, g);
    if (field === undefined) {
      g.op = e.op;
      if (e.op === 'changed' || (e.op === 'added' && e.after !== undefined)) g.value = e.after;
    } else {
      if (e.op !== 'added') g.fresh = false;
      if (!g.fields.includes(field)) g.fields.push(field);
    }
  }
  return [...groups.values()];
}

function topLevelSubject(subjects: Subjects, first: string): string {
  for (const of of subjects.topLevel) {
    const subject = of(first);
    if (subject !== null) return subject;
  }
  return first;
}

function phrase(g: Group): string {
  if (g.value !== undefined) return `set ${g.subject} to ${g.value}`;
  if (g.op === 'added' && g.fields.length === 0) return `added ${g.subject}`;
  if (g.op === 'removed') return `removed ${g.subject}`;
  const shown = g.fields.slice(0, 3).map(lowerLabel);
  const more = g.fields.length > 3 ? `, +${g.fields.length - 3}` : '';
  return `${g.fresh ? 'set' : 'changed'} ${g.subject} (${shown.join(', ')}${more})`;
}

/**
 * A one-line summary of a diff, at most 240 characters ("No changes" when empty); `sections` are
 * the diff sections of the document's kind (how list items are named).
 */
export function summarizeDiff(entries: readonly ConfigDiffEntry[], sections: readonly SectionDef[]): string {
  if (entries.length === 0) return 'No changes';
  const phrases = groupEntries(entries, subjectsOf(sections)).map(phrase);
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  for (let n = phrases.length; n >= 1; n--) {
    const left = phrases.length - n;
    const tail = left === 0 ? [] : [`${left} more ${left === 1 ? 'change' : 'changes'}`];
    const text = capital([...phrases.slice(0, n), ...tail].join('; '));
    if (text.length <= SUMMARY_MAX_LENGTH) return text;
  }
  const first = capital(phrases[0] ?? '');
  return first.length <= SUMMARY_MAX_LENGTH ? first : `${first.slice(0, SUMMARY_MAX_LENGTH - 1)}…`;
}
