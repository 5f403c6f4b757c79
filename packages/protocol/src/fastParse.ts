/**
 * A quicker walk through a message schema for the payloads that are valid — nearly every message a
 * device sends. `compileFastParse(schema)` reads a zod schema's definition once and returns a
 * function that gives either what `schema.safeParse(value).data` would (the same values, unknown keys
 * dropped, transforms applied) or a miss: `NOT_VALID` where a rule of the schema plainly fails,
 * `UNSURE` where the schema uses something this does not model. Where nothing is dropped or changed —
 * a valid payload without unknown keys, nearly every message — the value itself is returned, not a
 * copy (its keys then in the payload's order, where zod's copy has the schema's): a copy of every
 * message's tree was a fifth of the event loop's garbage at saturation.
 * On a miss the caller asks zod itself, so zod stays the one statement of the rules and the source of
 * every error message; this only skips zod's general machinery (a result object per field and per
 * check, each check through closures), which cost 15–20 % of the server's event loop when the
 * saturation bench drove it to its limit. A differential test (fastParse.test.ts) holds the two
 * together on every example message and thousands of altered ones.
 */
import type { z } from 'zod';

export const NOT_VALID: unique symbol = Symbol('not valid');
export const UNSURE: unique symbol = Symbol('unsure');
export type FastMiss = typeof NOT_VALID | typeof UNSURE;
/** The parsed value, or a miss. */
export type FastParse = (value: unknown) => unknown;

interface Def {
  type: string;
  [key: string]: unknown;
}
interface Internals {
  def: Def;
  optin?: string;
  optout?: string;
}
const internalsOf = (schema: unknown) => (schema as { _zod: Internals })._zod;
/** Whether a fast parse missed (the caller then asks zod). */
export const isMiss = (v: unknown): v is FastMiss => v === NOT_VALID || v === UNSURE;
const unsure: FastParse = () => UNSURE;

export function compileFastParse(schema: z.ZodType, opts: { generate?: boolean } = {}): FastParse {
  const parse = compile(schema, opts.generate ?? true);
  return (v) => {
    try {
      return parse(v);
    } catch {
      // A refinement that threw, or one that answered asynchronously: zod's to handle.
      return UNSURE;
    }
  };
}

function compile(schema: unknown, generate: boolean): FastParse {
  const def = internalsOf(schema).def;
  const check = compileChecks(def.checks);
  if (check === null || def.coerce) return unsure;
  const checked = (parse: FastParse): FastParse =>
    check === pass
      ? parse
      : (v) => {
          const r = parse(v);
          return isMiss(r) || check(r) ? r : NOT_VALID;
        };
  switch (def.type) {
    case 'string':
      if (def.format !== undefined) return unsure;
      return checked((v) => (typeof v === 'string' ? v : NOT_VALID));
    case 'number':
      if (def.format === 'safeint') return checked((v) => (Number.isSafeInteger(v) ? v : NOT_VALID));
      if (def.format !== undefined) return unsure;
      return checked((v) => (typeof v === 'number' && Number.isFinite(v) ? v : NOT_VALID));
    case 'boolean':
      return checked((v) => (typeof v === 'boolean' ? v : NOT_VALID));
    case 'enum': {
      const values = Object.values(def.entries as Record<string, unknown>);
      if (!values.every((x) => typeof x === 'string')) return unsure;
      const set = new Set<unknown>(values);
      return checked((v) => (set.has(v) ? v : NOT_VALID));
    }
    case 'literal': {
      const set = new Set<unknown>(def.values as unknown[]);
      return checked((v) => (set.has(v) ? v : NOT_VALID));
    }
    case 'optional': {
      const inner = compile(def.innerType, generate);
      return checked((v) => (v === undefined ? undefined : inner(v)));
    }
    case 'nullable': {
      const inner = compile(def.innerType, generate);
      return checked((v) => (v === null ? null : inner(v)));
    }
    case 'catch': {
      // What zod puts in place of an invalid value is its to say.
      const inner = compile(def.innerType, generate);
      return checked((v) => {
        const r = inner(v);
        return r === NOT_VALID ? UNSURE : r;
      });
    }
    case 'pipe':
      return checked(compilePipe(def, generate));
    case 'array': {
      const element = compile(def.element, generate);
      return checked((v) => {
        if (!Array.isArray(v)) return NOT_VALID;
        // The array itself while every element comes back as it was; a copy from the first that does not.
        let out: unknown[] | null = null;
        for (let i = 0; i < v.length; i++) {
          const r = element(v[i]);
          if (isMiss(r)) return r;
          if (out) out[i] = r;
          else if (r !== v[i]) {
            out = v.slice(0, i);
            out[i] = r;
          }
        }
        return out ?? v;
      });
    }
    case 'object':
      return checked(compileObject(def, generate));
    case 'union': {
      // zod takes the first option that passes; an option this cannot judge makes the whole unsure.
      const options = (def.options as unknown[]).map((o) => compile(o, generate));
      return checked((v) => {
        for (const option of options) {
          const r = option(v);
          if (r !== NOT_VALID) return r;
        }
        return NOT_VALID;
      });
    }
    default:
      return unsure;
  }
}

function compilePipe(def: Def, generate: boolean): FastParse {
  const input = compile(def.in, generate);
  const out = internalsOf(def.out).def;
  if (out.type !== 'transform') {
    const output = compile(def.out, generate);
    return (v) => {
      const r = input(v);
      return isMiss(r) ? r : output(r);
    };
  }
  const transform = out.transform as (
    value: unknown,
    payload: { value: unknown; issues: unknown[] },
  ) => unknown;
  return (v) => {
    const r = input(v);
    if (isMiss(r)) return r;
    const payload = { value: r, issues: [] };
    const t = transform(r, payload);
    return t instanceof Promise || payload.issues.length > 0 ? UNSURE : t;
  };
}

function compileObject(def: Def, generate: boolean): FastParse {
  if (def.catchall !== undefined) return unsure; // strict or loose objects: zod's to judge
  const shape = def.shape as Record<string, unknown>;
  const fields: Field[] = Object.keys(shape).map((key) => {
    const { optin, optout } = internalsOf(shape[key]);
    return {
      key,
      parse: compile(shape[key], generate),
      // An absent key: dropped (`.optional()`), refused (a required field), or zod's to decide.
      absent: optin === 'optional' && optout === 'optional' ? 'skip' : optin === undefined ? 'refuse' : 'ask',
    };
  });
  if (fields.some((f) => f.key === '__proto__')) return unsure;
  return (generate ? generatedObject(fields) : null) ?? walkedObject(fields);
}

interface Field {
  key: string;
  parse: FastParse;
  absent: 'skip' | 'refuse' | 'ask';
}

/**
 * The object's parser as generated code: each key a literal, so every property access has an inline
 * cache of its own (a loop over the keys made them all one megamorphic access, and the walk cost about
 * as much as zod). Null where code cannot be generated (a page whose content policy forbids it).
 */
function generatedObject(fields: readonly Field[]): FastParse | null {
  // Each field's result in a local (`r0`…), absent ones `undefined`; `n` counts the present ones and
  // `same` says whether each came back as it was. Then the object itself when nothing changed and it
  // has no other keys (`keyCount`), else a copy in the schema's order, as zod builds it.
  const lines = [
    'if (typeof v !== "object" || v === null || Array.isArray(v)) return NOT_VALID;',
    'let n = 0, same = true;',
  ];
  const build = ['const out = {};'];
  fields.forEach((f, i) => {
    const k = JSON.stringify(f.key);
    const r = `r${i}`;
    const parse = `${r} = p${i}(v[${k}]); if (${r} === NOT_VALID || ${r} === UNSURE) return ${r}; n++; if (${r} !== v[${k}]) same = false;`;
    lines.push(`let ${r};`);
    if (f.absent === 'skip') {
      lines.push(`const h${i} = ${k} in v; if (h${i}) { ${parse} }`);
      build.push(`if (h${i}) out[${k}] = ${r};`);
    } else {
      lines.push(`if (!(${k} in v)) return ${f.absent === 'refuse' ? 'NOT_VALID' : 'UNSURE'};`, parse);
      build.push(`out[${k}] = ${r};`);
    }
  });
  lines.push('if (same && keyCount(v) === n) return v;', ...build, 'return out;');
  const names = fields.map((_, i) => `p${i}`);
  try {
    const make = new Function(
      'NOT_VALID',
      'UNSURE',
      'keyCount',
      ...names,
      `return function (v) {\n${lines.join('\n')}\n};`,
    );
    return make(NOT_VALID, UNSURE, keyCount, ...fields.map((f) => f.parse)) as FastParse;
  } catch {
    return null;
  }
}

/**
 * How many keys a `for…in` visits on an object (a JSON object's keys), without building their list.
 * Not filtered with `Object.hasOwn`, which made this ten times slower (136 against 14 ns for a client
 * entry of 15 keys): a parsed JSON object's prototype is `Object.prototype`, which has no enumerable
 * keys unless something added one — and then the count is only higher than the fields found, so the
 * caller builds its copy of the schema's keys, the safe way round.
 */
function keyCount(o: object): number {
  let n = 0;
  for (const _ in o) n++;
  return n;
}

function walkedObject(fields: readonly Field[]): FastParse {
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return NOT_VALID;
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    let n = 0;
    let same = true;
    for (const f of fields) {
      if (!(f.key in input)) {
        if (f.absent === 'skip') continue;
        return f.absent === 'refuse' ? NOT_VALID : UNSURE;
      }
      const r = f.parse(input[f.key]);
      if (isMiss(r)) return r;
      n++;
      if (r !== input[f.key]) same = false;
      out[f.key] = r;
    }
    return same && keyCount(input) === n ? input : out;
  };
}

type Check = (value: unknown) => boolean;
const pass: Check = () => true;

/** All of a schema's checks as one test; null when one of them is not modelled here. */
function compileChecks(checks: unknown): Check | null {
  if (checks === undefined) return pass;
  const list = (checks as unknown[]).map((c) => compileCheck(internalsOf(c).def));
  if (list.some((c) => c === null)) return null;
  const all = list as Check[];
  if (all.length === 0) return pass;
  if (all.length === 1) return all[0] as Check;
  return (v) => {
    for (const c of all) if (!c(v)) return false;
    return true;
  };
}

function compileCheck(def: Def): Check | null {
  const kind = def.check;
  // Length checks come with zod's own `when` (the value has a length), which the type test before them ensures.
  if (def.when !== undefined && kind !== 'min_length' && kind !== 'max_length') return null;
  switch (kind) {
    case 'greater_than': {
      const limit = def.value as number;
      return def.inclusive ? (v) => (v as number) >= limit : (v) => (v as number) > limit;
    }
    case 'less_than': {
      const limit = def.value as number;
      return def.inclusive ? (v) => (v as number) <= limit : (v) => (v as number) < limit;
    }
    case 'min_length': {
      const min = def.minimum as number;
      return (v) => (v as { length: number }).length >= min;
    }
    case 'max_length': {
      const max = def.maximum as number;
      return (v) => (v as { length: number }).length <= max;
    }
    case 'string_format': {
      if (def.format !== 'regex') return null;
      const pattern = def.pattern as RegExp;
      return (v) => {
        pattern.lastIndex = 0;
        return pattern.test(v as string);
      };
    }
    case 'custom': {
      const fn = def.fn as (value: unknown) => unknown;
      return (v) => {
        const r = fn(v);
        // An asynchronous refinement cannot be judged here; a failed one is a plain refusal.
        if (r instanceof Promise) throw new Error('asynchronous refinement');
        return Boolean(r);
      };
    }
    default:
      return null;
  }
}
