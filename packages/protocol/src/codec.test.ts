import { seededRandom } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import {
  DECODE_FAILURES,
  type DecodeFailureCode,
  decodeDown,
  decodeUp,
  encode,
  jsonDepth,
  nestsDeeper,
} from './codec';
import { PROTOCOL_EXAMPLES } from './examples';
import { MAX_JSON_DEPTH } from './limits';
import type { MessageName } from './messages';
import { UP_MESSAGES, type UpMessage } from './topics';

const SN = 'NL0123456789ABCDEF';
const up = (m: string) => `netloom/v1/${SN}/up/${m}`;
const utf8 = (s: string) => new TextEncoder().encode(s);
const json = (o: unknown) => utf8(JSON.stringify(o));

const rnd = seededRandom(20261121);
const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rnd() * 256));

const state = PROTOCOL_EXAMPLES.state;
const validState = JSON.stringify(state);

type Case = [label: string, topic: string, payload: Uint8Array, expected: DecodeFailureCode];
const GARBAGE: Case[] = [
  ['random bytes', up('state'), randomBytes(512), 'not_utf8'],
  ['invalid UTF-8 sequence', up('state'), Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]), 'not_utf8'],
  ['lone surrogate encoded as UTF-8', up('state'), Uint8Array.from([0xed, 0xa0, 0x80]), 'not_utf8'],
  ['empty payload', up('state'), new Uint8Array(0), 'not_json'],
  ['truncated JSON', up('state'), utf8(validState.slice(0, validState.length / 2)), 'not_json'],
  ['trailing garbage', up('state'), utf8(`${validState}}`), 'not_json'],
  ['JSON null', up('state'), utf8('null'), 'invalid'],
  ['JSON array', up('hello'), utf8('[]'), 'invalid'],
  ['JSON string', up('telemetry'), utf8('"hello"'), 'invalid'],
  ['JSON number', up('events'), utf8('42'), 'invalid'],
  ['empty object', up('hello'), utf8('{}'), 'invalid'],
  ['cpu as a string', up('state'), json({ ...state, cpu: '12' }), 'invalid'],
  ['cpu over 100%', up('state'), json({ ...state, cpu: 101 }), 'invalid'],
  ['unknown status code', up('state'), json({ ...state, status: 42 }), 'invalid'],
  ['ports as an object', up('state'), json({ ...state, ports: { 1: 'up' } }), 'invalid'],
  [
    'txPower out of 8–29',
    up('state'),
    json({ ...state, radios: [{ band: '5G', channel: 36, txPower: 35, clients: 0 }] }),
    'invalid',
  ],
  ['malformed IP', up('state'), json({ ...state, ip: '192.168.1.300' }), 'invalid'],
  ['wrong protocol version', up('state'), json({ ...state, v: 2 }), 'invalid'],
  ['version missing', up('state'), json({ ...state, v: undefined }), 'invalid'],
  ['negative timestamp', up('telemetry'), json({ ...PROTOCOL_EXAMPLES.telemetry, ts: -1 }), 'invalid'],
  ['fractional counter', up('telemetry'), json({ ...PROTOCOL_EXAMPLES.telemetry, txBytes: 1.5 }), 'invalid'],
  ['counter beyond 2^53', up('telemetry'), utf8(validTelemetryWith('"txBytes":1e300')), 'invalid'],
  ['malformed MAC', up('hello'), json({ ...PROTOCOL_EXAMPLES.hello, mac: '3C-52-A1-00-12-7F' }), 'invalid'],
  ['unknown device type', up('hello'), json({ ...PROTOCOL_EXAMPLES.hello, type: 'toaster' }), 'invalid'],
  [
    '10 kB model name',
    up('hello'),
    json({ ...PROTOCOL_EXAMPLES.hello, model: 'x'.repeat(10_000) }),
    'invalid',
  ],
  [
    'huge ports array',
    up('state'),
    json({
      ...state,
      ports: Array.from({ length: 500 }, (_, i) => ({
        id: (i % 128) + 1,
        link: 'down',
        speed: 0,
        duplex: 'full',
      })),
    }),
    'invalid',
  ],
  [
    'client table over the row cap',
    up('clients'),
    json({ v: 1, ts: 1, clients: Array(60_000).fill(0) }),
    'invalid',
  ],
  [
    'client table over 256 KiB',
    up('clients'),
    json({ v: 1, ts: 1, clients: Array(200_000).fill(0) }),
    'too_large',
  ],
  [
    'many small events',
    up('events'),
    json({ v: 1, ts: 1, events: Array(1_000).fill(PROTOCOL_EXAMPLES.events.events[0]) }),
    'too_large',
  ],
  [
    'events over the array cap',
    up('events'),
    json({ v: 1, ts: 1, events: Array(101).fill(PROTOCOL_EXAMPLES.events.events[0]) }),
    'invalid',
  ],
  ['empty events list', up('events'), json({ v: 1, ts: 1, events: [] }), 'invalid'],
  ['failed reply without code', up('reply'), json({ v: 1, ts: 1, id: 'c1', ok: false }), 'invalid'],
  ['10 MB payload', up('state'), new Uint8Array(10 * 1024 * 1024).fill(0x20), 'too_large'],
  ['deeply nested arrays', up('reply'), utf8('['.repeat(60_000)), 'too_deep'],
  [
    'deeply nested objects',
    up('reply'),
    utf8(`{"v":1,"ts":1,"id":"c","ok":true,"result":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`),
    'too_deep',
  ],
  ['unknown message', up('firmware'), json(state), 'unknown_message'],
  [
    'down topic fed to decodeUp',
    `netloom/v1/${SN}/down/command`,
    json(PROTOCOL_EXAMPLES.command),
    'direction',
  ],
  ['other protocol version topic', `netloom/v2/${SN}/up/state`, json(state), 'topic'],
  ['other root', `devices/${SN}/up/state`, json(state), 'topic'],
  ['extra topic level', `netloom/v1/${SN}/up/state/extra`, json(state), 'topic'],
  ['short serial', 'netloom/v1/SHORT/up/state', json(state), 'topic'],
  ['wildcard in topic', `netloom/v1/+/up/state`, json(state), 'topic'],
  ['empty topic', '', json(state), 'topic'],
];

function validTelemetryWith(field: string): string {
  return JSON.stringify(PROTOCOL_EXAMPLES.telemetry).replace(/"txBytes":\d+/, field);
}

describe('decodeUp refuses garbage with a reason and never throws', () => {
  it.each(GARBAGE)('%s', (_label, topic, payload, expected) => {
    let r: ReturnType<typeof decodeUp> | undefined;
    expect(() => {
      r = decodeUp(topic, payload);
    }).not.toThrow();
    expect(r?.ok).toBe(false);
    if (r && !r.ok) {
      expect(r.code).toBe(expected);
      expect(r.reason.length).toBeGreaterThan(0);
      expect(r.reason.length).toBeLessThanOrEqual(400);
    }
  });

  it('names the device and message when the topic was good', () => {
    const r = decodeUp(up('state'), json({ ...state, cpu: 'high' }));
    expect(r).toMatchObject({ ok: false, code: 'invalid', sn: SN, message: 'state' });
    expect(!r.ok && r.reason).toMatch(/^state: cpu: /);
  });

  it('survives inputs of the wrong JavaScript type', () => {
    expect(decodeUp(up('state'), validState as unknown as Uint8Array)).toMatchObject({
      ok: false,
      code: 'not_bytes',
    });
    expect(decodeUp(undefined as unknown as string, utf8(validState))).toMatchObject({
      ok: false,
      code: 'topic',
    });
    expect(decodeUp(up('state'), null as unknown as Uint8Array)).toMatchObject({
      ok: false,
      code: 'not_bytes',
    });
  });

  it('accepts Node Buffers (what MQTT libraries hand over)', () => {
    expect(decodeUp(up('state'), Buffer.from(validState)).ok).toBe(true);
  });

  it('does not let __proto__ keys pollute objects', () => {
    const payload = utf8(`{"__proto__":{"polluted":true},${validState.slice(1)}`);
    const r = decodeUp(up('state'), payload);
    expect(r.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not count brackets inside strings as nesting', () => {
    const text = '['.repeat(50);
    const body = { ...PROTOCOL_EXAMPLES.events, events: [{ ...PROTOCOL_EXAMPLES.events.events[0], text }] };
    expect(decodeUp(up('events'), json(body)).ok).toBe(true);
    expect(jsonDepth(JSON.stringify({ a: '\\"[[[[' }))).toBe(1);
    expect(jsonDepth('[[[]]]')).toBe(3);
    expect(jsonDepth('['.repeat(1_000_000), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    // The parsed value is measured the same way.
    expect(nestsDeeper(JSON.parse('[[[]]]'), 3)).toBe(false);
    expect(nestsDeeper(JSON.parse('[[[]]]'), 2)).toBe(true);
    expect(nestsDeeper({ a: '[[[[', b: { c: [1] } }, 3)).toBe(false);
    expect(nestsDeeper({ a: '[[[[', b: { c: [{}] } }, 3)).toBe(true);
  });

  it('decodeDown refuses up topics and garbage the same way', () => {
    expect(decodeDown(up('state'), json(state))).toMatchObject({ ok: false, code: 'direction' });
    expect(decodeDown(`netloom/v1/${SN}/down/command`, randomBytes(64)).ok).toBe(false);
    expect(decodeDown(`netloom/v1/${SN}/down/reboot`, json({}))).toMatchObject({ code: 'unknown_message' });
  });
});

// Mutates a valid payload at random; whatever comes out, the decoder answers instead of throwing, and
// anything it accepts is a payload our own encoder accepts too (so accepted means well-formed).
describe('decodeUp on seeded random mutations of valid payloads', () => {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const oddValues = [null, -1, 1e308, '', 'x'.repeat(300), [], {}, true, 0.5, [[[[]]]], { v: 1 }];

  function mutateTree(value: unknown): unknown {
    if (Array.isArray(value)) {
      if (value.length === 0 || rnd() < 0.2) return pick(oddValues);
      const copy = [...value];
      const i = Math.floor(rnd() * copy.length);
      copy[i] = mutateTree(copy[i]);
      return copy;
    }
    if (value !== null && typeof value === 'object') {
      const copy: Record<string, unknown> = { ...value };
      const keys = Object.keys(copy);
      const k = pick(keys);
      const r = rnd();
      if (r < 0.2) delete copy[k];
      else if (r < 0.3) copy[`extra${Math.floor(rnd() * 10)}`] = pick(oddValues);
      else copy[k] = rnd() < 0.5 ? pick(oddValues) : mutateTree(copy[k]);
      return copy;
    }
    return pick(oddValues);
  }

  function mutateBytes(bytes: Uint8Array): Uint8Array {
    const copy = Uint8Array.from(bytes);
    const r = rnd();
    if (r < 0.4) copy[Math.floor(rnd() * copy.length)] = Math.floor(rnd() * 256);
    else if (r < 0.7) return copy.slice(0, Math.floor(rnd() * copy.length));
    else return Uint8Array.from([...copy.slice(0, 5), ...randomBytes(8), ...copy.slice(5)]);
    return copy;
  }

  it('2,000 mutations: no throw, every refusal has a code and reason, every acceptance re-encodes', () => {
    const counts = { ok: 0, refused: 0 };
    for (let i = 0; i < 2_000; i++) {
      const name = pick(UP_MESSAGES) as UpMessage;
      const example = PROTOCOL_EXAMPLES[name];
      const payload = rnd() < 0.7 ? json(mutateTree(example)) : mutateBytes(json(example));
      const r = decodeUp(up(name), payload);
      if (r.ok) {
        counts.ok++;
        const again = decodeUp(up(name), encode(name as MessageName, r.data as never));
        expect(again).toEqual(r);
      } else {
        counts.refused++;
        expect(DECODE_FAILURES).toContain(r.code);
        expect(r.reason).not.toBe('');
      }
    }
    // Both outcomes must occur, or the generator is not exercising the decoder.
    expect(counts.ok).toBeGreaterThan(50);
    expect(counts.refused).toBeGreaterThan(500);
  });
});
