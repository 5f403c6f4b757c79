import { readFileSync } from 'node:fs';
import { DEVICE_CAPABILITIES, DEVICE_MODELS } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { decodeDown, decodeUp, encode, lastWill, packet } from './codec';
import { PROTOCOL_EXAMPLES } from './examples';
import { MESSAGE_DELIVERY, TUNNEL_WS_MESSAGE_MAX_BYTES } from './limits';
import {
  COMMAND_ARGS,
  COMMAND_NAMES,
  DOWN_SCHEMAS,
  isFullState,
  type MessageName,
  tunnelDownSchema,
  tunnelUpSchema,
  UP_SCHEMAS,
} from './messages';
import { DOWN_MESSAGES, UP_MESSAGES } from './topics';

const SN = 'NL0123456789ABCDEF';
const NAMES = [...UP_MESSAGES, ...DOWN_MESSAGES] as MessageName[];

function roundTrip(name: MessageName) {
  const body = PROTOCOL_EXAMPLES[name];
  const bytes = encode(name, body as never);
  const topic = `netloom/v1/${SN}/${(UP_MESSAGES as readonly string[]).includes(name) ? 'up' : 'down'}/${name}`;
  return (UP_MESSAGES as readonly string[]).includes(name)
    ? decodeUp(topic, bytes)
    : decodeDown(topic, bytes);
}

describe('message schemas', () => {
  it('has a schema for every message name of the topic layout', () => {
    expect(Object.keys(UP_SCHEMAS).sort()).toEqual([...UP_MESSAGES].sort());
    expect(Object.keys(DOWN_SCHEMAS).sort()).toEqual([...DOWN_MESSAGES].sort());
  });

  it.each(NAMES)('round-trips the %s example unchanged', (name) => {
    const r = roundTrip(name);
    expect(r).toEqual({ ok: true, sn: SN, message: name, data: PROTOCOL_EXAMPLES[name] });
  });

  it('fills v and ts when the body leaves them out, and upper-cases MACs', () => {
    const { v: _v, ts: _ts, ...body } = PROTOCOL_EXAMPLES.hello;
    const before = Date.now();
    const r = decodeUp(`netloom/v1/${SN}/up/hello`, encode('hello', { ...body, mac: '3c:52:a1:00:12:7f' }));
    expect(r.ok && r.message === 'hello' && r.data.v === 1 && r.data.ts >= before).toBe(true);
    expect(r.ok && r.message === 'hello' && r.data.mac).toBe('3C:52:A1:00:12:7F');
  });

  it('drops unknown fields so newer firmware can add them', () => {
    const payload = new TextEncoder().encode(
      JSON.stringify({ ...PROTOCOL_EXAMPLES.telemetry, futureField: 1 }),
    );
    const r = decodeUp(`netloom/v1/${SN}/up/telemetry`, payload);
    expect(r.ok).toBe(true);
    expect(r.ok && 'futureField' in r.data).toBe(false);
  });

  it('reads an unknown client type as unknown instead of refusing the table', () => {
    const [row] = PROTOCOL_EXAMPLES.clients.clients;
    const body = { ...PROTOCOL_EXAMPLES.clients, clients: [{ ...row, type: 'smart_fridge' }] };
    const r = decodeUp(`netloom/v1/${SN}/up/clients`, new TextEncoder().encode(JSON.stringify(body)));
    expect(r.ok && r.message === 'clients' && r.data.clients[0]?.type).toBe('unknown');
  });

  it('refuses a failed reply without a code, accepts a successful one without', () => {
    expect(() => encode('reply', { id: 'c1', ok: false })).toThrow();
    expect(() => encode('reply', { id: 'c1', ok: true })).not.toThrow();
  });

  it('refuses to encode an invalid body (our bug, not input)', () => {
    expect(() => encode('state', { ...PROTOCOL_EXAMPLES.state, cpu: 120 })).toThrow();
    expect(() => encode('command', { ...PROTOCOL_EXAMPLES.command, id: 'has space' })).toThrow();
  });
});

describe('delivery and last will', () => {
  it('publishes state retained QoS 1, telemetry QoS 0, commands QoS 1 not retained, config retained', () => {
    expect(MESSAGE_DELIVERY.state).toEqual({ qos: 1, retain: true });
    expect(MESSAGE_DELIVERY.telemetry).toEqual({ qos: 0, retain: false });
    expect(MESSAGE_DELIVERY.command).toEqual({ qos: 1, retain: false });
    expect(MESSAGE_DELIVERY.config).toEqual({ qos: 1, retain: true });
  });

  it('builds packets on the right topic with the message delivery', () => {
    const up = packet(SN, 'telemetry', PROTOCOL_EXAMPLES.telemetry);
    expect(up).toMatchObject({ topic: `netloom/v1/${SN}/up/telemetry`, qos: 0, retain: false });
    const down = packet(SN, 'command', PROTOCOL_EXAMPLES.command);
    expect(down).toMatchObject({ topic: `netloom/v1/${SN}/down/command`, qos: 1, retain: false });
  });

  it('has a last will that decodes as a retained offline state', () => {
    const will = lastWill(SN, 1_000);
    expect(will).toMatchObject({ topic: `netloom/v1/${SN}/up/state`, qos: 1, retain: true });
    const r = decodeUp(will.topic, will.payload);
    expect(r).toEqual({ ok: true, sn: SN, message: 'state', data: { v: 1, ts: 1_000, status: 0 } });
    expect(r.ok && r.message === 'state' && isFullState(r.data)).toBe(false);
  });

  it('reserves a capability for every command name', () => {
    for (const name of COMMAND_NAMES) expect(DEVICE_CAPABILITIES).toContain(name);
  });
});

describe('docs/protocol.md', () => {
  const doc = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
  // Every example in the document is marked `<!-- example: up/state -->` right before its json block.
  const examples = [...doc.matchAll(/<!-- example: (up|down)\/(\w+) -->\s*```json\n([\s\S]*?)```/g)];

  it('shows an example of every message', () => {
    const shown = new Set(examples.map((m) => m[2]));
    for (const name of NAMES) expect(shown.has(name), name).toBe(true);
  });

  it('lists every catalogue model', () => {
    for (const m of DEVICE_MODELS) expect(doc, m.model).toContain(`| \`${m.model}\` `);
  });

  it.each(examples.map((m) => [`${m[1]}/${m[2]}`, m] as const))('example %s parses', (_label, m) => {
    const [, direction, name, json] = m;
    const topic = `netloom/v1/${SN}/${direction}/${name}`;
    const bytes = new TextEncoder().encode(json);
    const r = direction === 'up' ? decodeUp(topic, bytes) : decodeDown(topic, bytes);
    expect(r.ok ? 'ok' : r.reason).toBe('ok');
  });
});

describe('docs/protocol.md §7.4: the remote web management tunnel', () => {
  const doc = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
  const frames = [...doc.matchAll(/<!-- tunnel: (\w+) -->\s*```json\n([\s\S]*?)```/g)];
  const remoteWeb = [...doc.matchAll(/<!-- example: down\/command -->\s*```json\n([\s\S]*?)```/g)]
    .map((m) => JSON.parse(m[1] ?? '{}') as { name?: string; args?: unknown })
    .filter((c) => c.name === 'remoteWeb');

  const UP = ['response', 'wsAccept', 'wsReject'];
  const DOWN = ['request', 'close', 'wsOpen'];
  it('shows every frame, each parsing with its schema (wsMessage and wsClose go both ways)', () => {
    expect([...new Set(frames.map((m) => m[1]))].sort()).toEqual(
      ['close', 'request', 'response', 'wsAccept', 'wsClose', 'wsMessage', 'wsOpen', 'wsReject'].sort(),
    );
    for (const [, type, json] of frames) {
      const value: unknown = JSON.parse(json ?? '');
      if (!DOWN.includes(type ?? ''))
        expect(tunnelUpSchema.safeParse(value).success, `${type} up`).toBe(true);
      if (!UP.includes(type ?? ''))
        expect(tunnelDownSchema.safeParse(value).success, `${type} down`).toBe(true);
    }
  });

  it.each([
    ['a wsOpen without protocols', { type: 'wsOpen', id: 1, path: '/ws', headers: [] }, tunnelDownSchema],
    [
      'a wsOpen path not from /',
      { type: 'wsOpen', id: 1, path: 'ws', headers: [], protocols: [] },
      tunnelDownSchema,
    ],
    ['a wsAccept down', { type: 'wsAccept', id: 1 }, tunnelDownSchema],
    ['a wsReject with a success status', { type: 'wsReject', id: 1, status: 200 }, tunnelUpSchema],
    ['a wsMessage without binary', { type: 'wsMessage', id: 1, data: 'hi' }, tunnelUpSchema],
    [
      'a wsMessage over the size',
      {
        type: 'wsMessage',
        id: 1,
        binary: false,
        data: 'x'.repeat(TUNNEL_WS_MESSAGE_MAX_BYTES) + 'x'.repeat(TUNNEL_WS_MESSAGE_MAX_BYTES),
      },
      tunnelUpSchema,
    ],
    ['a wsClose code under 1000', { type: 'wsClose', id: 1, code: 999, reason: '' }, tunnelDownSchema],
    [
      'a wsClose reason over 123',
      { type: 'wsClose', id: 1, code: 1000, reason: 'x'.repeat(124) },
      tunnelUpSchema,
    ],
    ['a wsMessage of id 0', { type: 'wsMessage', id: 0, binary: false, data: '' }, tunnelDownSchema],
  ] as const)('refuses %s', (_name, frame, schema) => {
    expect(schema.safeParse(frame).success).toBe(false);
  });

  it('carries a text and a binary message, and a wsAccept with or without a protocol', () => {
    expect(
      tunnelUpSchema.safeParse({ type: 'wsMessage', id: 3, binary: false, data: '{"a":1}' }).success,
    ).toBe(true);
    expect(tunnelDownSchema.safeParse({ type: 'wsMessage', id: 3, binary: true, data: 'AAEC' }).success).toBe(
      true,
    );
    expect(tunnelUpSchema.safeParse({ type: 'wsAccept', id: 3 }).success).toBe(true);
    expect(tunnelUpSchema.safeParse({ type: 'wsAccept', id: 3, protocol: 'status.v1' }).success).toBe(true);
  });

  it('shows a remoteWeb command whose args parse', () => {
    expect(remoteWeb).toHaveLength(1);
    expect(COMMAND_ARGS.remoteWeb.safeParse(remoteWeb[0]?.args).success).toBe(true);
  });
});
