/**
 * The field tables of docs/protocol.md, generated from the message schemas so the page cannot drift
 * from what the cloud accepts: each field's path, type (with its range, length, pattern or values)
 * and whether it is required. The prose ("Rules") column stays written by hand; `syncFieldTables`
 * rewrites the generated columns of every table marked `<!-- fields: <message> -->` and keeps each
 * row's rules, and the protocol's tests fail when the page and the schemas disagree.
 */
import { z } from 'zod';
import { DOWN_SCHEMAS, fullStateSchema, UP_SCHEMAS } from './messages';

export interface FieldRow {
  /** Dotted path; `[]` marks the items of an array (`ports[].poe.watts`). */
  field: string;
  type: string;
  required: boolean;
}

interface Json {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: Json | boolean;
  /** What the page calls a type the JSON schema cannot say (`IPv4`, `MAC`, `SN`): the schema's `.meta`. */
  docType?: string;
}

/** The messages whose tables are generated: the full form of `state`; the rest as they are. */
export const FIELD_TABLE_SCHEMAS: Record<string, z.ZodType> = {
  ...UP_SCHEMAS,
  state: fullStateSchema,
  ...DOWN_SCHEMAS,
};

/** The envelope (§5) is described once, not in every message's table. */
const ENVELOPE = new Set(['v', 'ts']);
/** Fields whose insides have tables of their own: the document's sections (§7.1), each command's `args` (§7.2). */
const OWN_TABLES = new Set(['document', 'args']);
/** Bounds at the limits of a JavaScript number say nothing: `z.int()` sets them. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

function range(min: number | undefined, max: number | undefined): string {
  const lo = min !== undefined && min > -UNBOUNDED ? min : undefined;
  const hi = max !== undefined && max < UNBOUNDED ? max : undefined;
  if (lo !== undefined && hi !== undefined) return lo === hi ? ` ${lo}` : ` ${lo}–${hi}`;
  if (lo !== undefined) return ` ≥ ${lo}`;
  if (hi !== undefined) return ` ≤ ${hi}`;
  return '';
}

const code = (v: unknown) => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;
/** Enums of more values than this are named, not listed (the rules say which). */
const ENUM_LISTED = 8;

/** One line for a schema's type: `integer 1–128`, `string ≤ 32`, `` `up` / `down` ``, `object or null`. */
export function describeType(s: Json): string {
  if (s.docType) return s.docType;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map(describeType).join(' or ');
  if (s.const !== undefined) return code(s.const);
  if (s.enum)
    return s.enum.length <= ENUM_LISTED ? s.enum.map(code).join(' / ') : `enum (${s.enum.length} values)`;
  // A schema with no JSON type takes any JSON value: the page says so in words (not a TypeScript any).
  const type = Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any value');
  switch (type) {
    case 'integer':
    case 'number':
      return `${type}${range(s.minimum ?? s.exclusiveMinimum, s.maximum ?? s.exclusiveMaximum)}`;
    case 'string': {
      if (s.format === 'ipv4') return 'IPv4';
      const length = range(s.minLength, s.maxLength);
      // A regular expression's source escapes `/`; the page shows the pattern as a reader writes it.
      const pattern = s.pattern ? ` \`${s.pattern.replace(/^\^|\$$/g, '').replace(/\\\//g, '/')}\`` : '';
      return `string${length}${pattern}`;
    }
    case 'array': {
      // Words for the page (an array whose items take any JSON value), not a TypeScript any.
      const item = s.items ? describeType(s.items) : 'any value';
      const array = `array${range(s.minItems, s.maxItems)}`;
      return item === 'object' ? array : `${array} of ${item}`;
    }
    default:
      return type;
  }
}

/** The object a field's subfields live on: itself, its items, or the object of a nullable union. */
function objectOf(s: Json): { object: Json; suffix: string } | null {
  if (s.properties) return { object: s, suffix: '.' };
  if (s.items) {
    const inner = objectOf(s.items);
    return inner ? { object: inner.object, suffix: `[]${inner.suffix}` } : null;
  }
  for (const alt of s.anyOf ?? s.oneOf ?? []) {
    const inner = objectOf(alt);
    if (inner) return inner;
  }
  return null;
}

function walk(s: Json, prefix: string, rows: FieldRow[]): void {
  const required = new Set(s.required ?? []);
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    if (prefix === '' && ENVELOPE.has(name)) continue;
    const field = `${prefix}${name}`;
    rows.push({ field, type: describeType(prop), required: required.has(name) });
    const inner = prefix === '' && OWN_TABLES.has(name) ? null : objectOf(prop);
    if (inner) walk(inner.object, `${field}${inner.suffix}`, rows);
  }
}

/** Every field of a message, in schema order, nested fields after their parent. */
export function fieldRows(schema: z.ZodType): FieldRow[] {
  // zod's option: a refinement JSON Schema cannot express becomes an unconstrained schema, not an error.
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Json;
  const root = json.allOf?.find((x) => x.properties) ?? json;
  const rows: FieldRow[] = [];
  walk(root, '', rows);
  return rows;
}

const MARKER = /^<!-- fields: ([A-Za-z]+) -->$/;
const HEADER = '| Field | Type | Required | Rules |';
const cell = (line: string, index: number) => (line.split(/(?<!\\)\|/)[index + 1] ?? '').trim();

export interface FieldTableProblem {
  message: string;
  problem: string;
}

/**
 * Rewrites every marked table of the page from the schemas, keeping each field's rules. Returns the
 * new page and what a reader would miss: a field without rules, a marker naming no message.
 */
export function syncFieldTables(page: string): { page: string; problems: FieldTableProblem[] } {
  const lines = page.split('\n');
  const out: string[] = [];
  const problems: FieldTableProblem[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    out.push(line);
    const marker = MARKER.exec(line);
    if (!marker) continue;
    const message = marker[1] as string;
    const schema = FIELD_TABLE_SCHEMAS[message];
    // The table that follows (after blank lines): its rows' rules by field, kept.
    let j = i + 1;
    while (j < lines.length && (lines[j] as string).trim() === '') j++;
    const rules = new Map<string, string>();
    let end = j;
    while (end < lines.length && (lines[end] as string).startsWith('|')) {
      const row = lines[end] as string;
      const columns = row.split(/(?<!\\)\|/).length - 2;
      // A row may name several fields (`` `txBytes`, `rxBytes` ``): each keeps the rules.
      const fields = [...cell(row, 0).matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
      if (end > j + 1) for (const field of fields) rules.set(field, cell(row, columns - 1));
      end++;
    }
    if (!schema) {
      problems.push({ message, problem: 'the marker names no message' });
      continue;
    }
    out.push('', HEADER, '|---|---|---|---|');
    for (const row of fieldRows(schema)) {
      // A table may name an array's item fields without the array's prefix (`id` for `events[].id`).
      const text = rules.get(row.field) ?? rules.get(row.field.replace(/^[^[]+\[\]\./, '')) ?? '';
      // A nested field may leave its rules to its parent's row; a top-level one may not.
      if (text === '' && !/[.[]/.test(row.field))
        problems.push({ message, problem: `\`${row.field}\` has no rules` });
      out.push(
        `| \`${row.field}\` | ${row.type.replace(/\|/g, '\\|')} | ${row.required ? 'yes' : 'no'} | ${text} |`,
      );
    }
    i = end - 1;
  }
  return { page: out.join('\n'), problems };
}
