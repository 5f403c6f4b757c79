import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeUp } from './codec';
import { PROTOCOL_EXAMPLES } from './examples';
import { compileFastParse, type FastParse, isMiss, NOT_VALID, UNSURE } from './fastParse';
import { DOWN_SCHEMAS, type MessageName, UP_SCHEMAS } from './messages';
import { upTopic } from './topics';

const SCHEMAS: Record<MessageName, z.ZodType> = { ...UP_SCHEMAS, ...DOWN_SCHEMAS };

/** Values put in place of each field in turn: right and wrong types, edges, sizes. */
const REPLACEMENTS: unknown[] = [
  null,
  undefined,
  0,
  -1,
  1,
  1.5,
  9,
  100,
  101,
  -200,
  2 ** 53,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  '',
  'x',
  'ok',
  'up',
  'wired',
  'phone',
  '2.4G',
  'wpa2-psk',
  'a'.repeat(33),
  'x'.repeat(300),
  'é'.repeat(17),
  '192.168.1.1',
  '256.1.1.1',
  'aa:bb:cc:dd:ee:ff',
  'AA:BB:CC:DD:EE:FG',
  'ABCDEFGH12345678',
  true,
  false,
  [],
  {},
  [1],
  { extra: 1 },
];

/** Every altered copy of a value: each field replaced, removed, an array emptied, grown, an unknown key added. */
function* variants(value: unknown): Generator<unknown> {
  if (Array.isArray(value)) {
    yield [];
    if (value.length > 0) {
      yield [...value, ...value];
      yield Array.from({ length: 70 }, () => value[0]);
    }
    for (let i = 0; i < value.length; i++)
      for (const inner of variants(value[i])) yield value.map((x, j) => (j === i ? inner : x));
    return;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    yield { ...record, unknownKey: 'kept out' };
    yield { unknownFirst: 1, ...record };
    for (const key of Object.keys(record)) {
      const { [key]: _, ...without } = record;
      yield without;
      for (const inner of variants(record[key])) yield { ...record, [key]: inner };
    }
    return;
  }
  yield* REPLACEMENTS;
  if (typeof value === 'string') {
    yield value.toLowerCase();
    yield `${value} `;
  }
  if (typeof value === 'number') {
    yield value + 1;
    yield -value;
    yield value + 0.5;
  }
}

/** JSON with every object's keys sorted: equal values whatever order their keys came in. */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function compare(name: string, fast: FastParse, schema: z.ZodType, value: unknown) {
  const expected = schema.safeParse(value);
  const got = fast(value);
  const where = `${name}: ${JSON.stringify(value)?.slice(0, 300)}`;
  if (!isMiss(got)) {
    // What the quick path returns must be what zod returns: the same values, the same keys (and no
    // key zod leaves out), in zod's order wherever the quick path had to build a copy.
    expect(expected.success, where).toBe(true);
    expect(got, where).toStrictEqual(expected.data);
    expect(sortedJson(got), where).toBe(sortedJson(expected.data));
    if (got !== value) expect(JSON.stringify(got), where).toBe(JSON.stringify(expected.data));
  } else if (expected.success) {
    // It may leave a valid payload to zod, but never call it plainly invalid.
    expect(got, where).toBe(UNSURE);
  }
  return got;
}

describe('compileFastParse', () => {
  it('parses every example message exactly as zod does, leaving no up message to zod', () => {
    for (const [name, example] of Object.entries(PROTOCOL_EXAMPLES)) {
      const schema = SCHEMAS[name as MessageName];
      const got = compare(name, compileFastParse(schema), schema, example);
      // The server's hot path decodes up messages; the cloud's own down messages (config's
      // cross-field refinements) may go to zod.
      if (name in UP_SCHEMAS) expect(isMiss(got), name).toBe(false);
    }
  });

  it.each([
    ['generated code', true],
    ['the walk without generated code', false],
  ])(
    'agrees with zod on thousands of altered messages (%s): the same output or a miss, never a wrong verdict',
    (_, generate) => {
      let checked = 0;
      let unsure = 0;
      let refused = 0;
      for (const [name, example] of Object.entries(PROTOCOL_EXAMPLES)) {
        const schema = SCHEMAS[name as MessageName];
        const fast = compileFastParse(schema, { generate });
        for (const v of variants(example)) {
          const got = compare(name, fast, schema, v);
          checked++;
          if (got === UNSURE) unsure++;
          if (got === NOT_VALID) refused++;
        }
      }
      expect(checked).toBeGreaterThan(4000);
      // Both verdicts occur: the walk refuses on its own, and leaves some to zod (a client type's catch).
      expect(refused).toBeGreaterThan(1000);
      expect(unsure).toBeGreaterThan(0);
    },
  );

  it('returns a valid payload itself, not a copy; a copy without the keys it drops, in zod’s order', () => {
    for (const name of ['hello', 'state', 'telemetry', 'clients'] as const) {
      const fast = compileFastParse(UP_SCHEMAS[name]);
      // As the wire gives it: a fresh tree, keys in the order the device wrote them.
      const payload = JSON.parse(JSON.stringify(PROTOCOL_EXAMPLES[name])) as Record<string, unknown>;
      expect(fast(payload), name).toBe(payload);
      // The same keys in another order: still the payload itself, equal to zod's copy.
      const reversed = Object.fromEntries(Object.entries(payload).reverse());
      expect(fast(reversed), name).toBe(reversed);
      // An unknown key: a copy without it, in the schema's order, as zod returns it.
      const extra = { ...payload, vendorExtra: { a: 1 } };
      const copy = fast(extra);
      expect(copy, name).not.toBe(extra);
      expect(JSON.stringify(copy), name).toBe(JSON.stringify(UP_SCHEMAS[name].parse(extra)));
    }
    // Keys a `for…in` sees beyond the fields found (here inherited, as an extended Object.prototype
    // would add them) make a copy, never the object itself with keys zod would have dropped.
    const object = compileFastParse(z.object({ a: z.number() }));
    const inheriting = Object.assign(Object.create({ inherited: 1 }) as object, { a: 1 });
    const copied = object(inheriting);
    expect(copied).not.toBe(inheriting);
    expect(copied).toStrictEqual({ a: 1 });
    // Arrays: the array itself while every element is unchanged, a copy once one is not.
    const list = compileFastParse(z.array(z.object({ a: z.number() })));
    const same = [{ a: 1 }, { a: 2 }];
    expect(list(same)).toBe(same);
    const stripped = [{ a: 1 }, { a: 2, b: 3 }];
    const out = list(stripped) as unknown[];
    expect(out).not.toBe(stripped);
    expect(out[0]).toBe(stripped[0]);
    expect(out).toStrictEqual([{ a: 1 }, { a: 2 }]);
  });

  it('leaves to zod what it does not model, and what a catch replaces', () => {
    const loose = compileFastParse(z.looseObject({ a: z.int() }));
    expect(loose({ a: 1 })).toBe(UNSURE);
    const email = compileFastParse(z.string().email());
    expect(email('a@b.example')).toBe(UNSURE);
    const caught = compileFastParse(z.object({ t: z.enum(['a', 'b']).catch('b') }));
    expect(caught({ t: 'a' })).toStrictEqual({ t: 'a' });
    expect(caught({ t: 'z' })).toBe(UNSURE);
    expect(caught({})).toBe(UNSURE);
    const asyncRefine = compileFastParse(z.string().refine(async () => true));
    expect(asyncRefine('x')).toBe(UNSURE);
    const throwing = compileFastParse(
      z.string().refine(() => {
        throw new Error('boom');
      }),
    );
    expect(throwing('x')).toBe(UNSURE);
  });

  it('follows zod on optional keys, nulls, transforms and unions', () => {
    const schema = z.object({
      id: z.int().min(1),
      mac: z
        .string()
        .regex(/^[0-9a-f:]+$/i)
        .transform((s) => s.toUpperCase())
        .optional(),
      parent: z.object({ sn: z.string() }).nullable(),
      either: z.union([z.object({ kind: z.literal('a'), n: z.int() }), z.object({ kind: z.literal('b') })]),
    });
    const fast = compileFastParse(schema);
    for (const v of [
      { id: 1, parent: null, either: { kind: 'b', n: 'x' } },
      { id: 2, mac: 'aa:bb', parent: { sn: 'S', x: 1 }, either: { kind: 'a', n: 3 } },
      { id: 0, parent: null, either: { kind: 'a', n: 1 } },
      { id: 1, either: { kind: 'a', n: 1 } },
      { id: 1, parent: null, either: { kind: 'c' } },
      { id: 1, mac: 'zz', parent: null, either: { kind: 'b' } },
    ])
      compare('sample', fast, schema, v);
    expect(fast({ id: 2, mac: 'aa:bb', parent: null, either: { kind: 'b', extra: 1 } })).toStrictEqual({
      id: 2,
      mac: 'AA:BB',
      parent: null,
      either: { kind: 'b' },
    });
  });

  it('is what decodeUp returns for a valid message', () => {
    const sn = 'NLTEST0000000001';
    const example = PROTOCOL_EXAMPLES.clients;
    const decoded = decodeUp(upTopic(sn, 'clients'), new TextEncoder().encode(JSON.stringify(example)));
    expect(decoded.ok && decoded.data).toStrictEqual(UP_SCHEMAS.clients.parse(example));
    const lower = { ...example, clients: example.clients.map((c) => ({ ...c, mac: c.mac.toLowerCase() })) };
    const again = decodeUp(upTopic(sn, 'clients'), new TextEncoder().encode(JSON.stringify(lower)));
    expect(again.ok && again.data).toStrictEqual(UP_SCHEMAS.clients.parse(example));
  });
});
