/**
 * Decoding and encoding payloads. `decodeUp`/`decodeDown` never throw: every way a payload can be
 * wrong (topic, size, encoding, JSON, depth, schema) comes back as `{ ok: false, code, reason }`
 * for the caller to log and drop (docs/protocol.md "Malformed messages"). `encode` is for our own
 * senders and throws on an invalid body: that is a bug in our code, not input.
 */
import type { z } from 'zod';
import { compileFastParse, type FastParse, isMiss } from './fastParse';
import { MAX_JSON_DEPTH, MAX_PAYLOAD_BYTES_BY_MESSAGE, MESSAGE_DELIVERY } from './limits';
import {
  type Body,
  type DecodeFailureCode,
  DOWN_SCHEMAS,
  type DownPayloads,
  type MessageName,
  type Payload,
  UP_SCHEMAS,
  type UpPayloads,
} from './messages';
import {
  DOWN_MESSAGES,
  type DownMessage,
  downTopic,
  isDownMessage,
  isUpMessage,
  PROTOCOL_VERSION,
  parseTopic,
  type UpMessage,
  upTopic,
} from './topics';

export { DECODE_FAILURES, type DecodeFailureCode } from './messages';

export interface DecodeFailure {
  ok: false;
  code: DecodeFailureCode;
  /** One line for the log, e.g. `state: cpu: Too big: expected number to be <=100`. */
  reason: string;
  /** Present when the topic named a device (for per-device logging and flood control). */
  sn?: string;
  message?: string;
  /** The first refused field of a schema failure (`ports.0.speed`; `(root)` for the payload itself). */
  path?: string;
}
export type DecodedUp = {
  [M in UpMessage]: { ok: true; sn: string; message: M; data: UpPayloads[M] };
}[UpMessage];
export type DecodedDown = {
  [M in DownMessage]: { ok: true; sn: string; message: M; data: DownPayloads[M] };
}[DownMessage];

const SCHEMAS: Record<MessageName, z.ZodType> = { ...UP_SCHEMAS, ...DOWN_SCHEMAS };
/** The quick path for valid payloads (fastParse.ts); any miss goes to zod. Compiled on first use. */
const FAST = new Map<MessageName, FastParse>();
function fastOf(name: MessageName): FastParse {
  let f = FAST.get(name);
  if (!f) {
    f = compileFastParse(SCHEMAS[name]);
    FAST.set(name, f);
  }
  return f;
}
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const encoder = new TextEncoder();

/** Decodes a message a device published. Never throws. */
export function decodeUp(topic: string, payload: Uint8Array): DecodedUp | DecodeFailure {
  return decode(topic, payload, 'up') as DecodedUp | DecodeFailure;
}
/** Decodes a message the cloud published (used by the simulator and by firmware tests). Never throws. */
export function decodeDown(topic: string, payload: Uint8Array): DecodedDown | DecodeFailure {
  return decode(topic, payload, 'down') as DecodedDown | DecodeFailure;
}

function decode(topic: unknown, payload: unknown, direction: 'up' | 'down') {
  try {
    const t = typeof topic === 'string' ? parseTopic(topic) : null;
    if (!t)
      return fail(
        'topic',
        `topic is not ${direction === 'up' ? 'netloom/v1/{sn}/up/{message}' : 'netloom/v1/{sn}/down/{message}'}`,
      );
    const { sn, message } = t;
    if (t.direction !== direction) return fail('direction', `expected an ${direction} topic`, sn, message);
    const known = direction === 'up' ? isUpMessage(message) : isDownMessage(message);
    if (!known) return fail('unknown_message', `unknown ${direction} message "${message.slice(0, 32)}"`, sn);
    const name = message as MessageName;
    const body = parseBody(name, payload);
    if (!body.ok) return { ...body, sn, message: name };
    return { ok: true as const, sn, message: name, data: body.data };
  } catch (e) {
    // Nothing above should throw; if it does, the caller still gets a refusal, not an exception.
    return fail('internal', `decoder error: ${e instanceof Error ? e.message : String(e)}`.slice(0, 200));
  }
}

type BodyResult = { ok: true; data: unknown } | DecodeFailure;

function parseBody(name: MessageName, payload: unknown): BodyResult {
  if (!(payload instanceof Uint8Array)) return fail('not_bytes', 'payload is not bytes');
  const cap = MAX_PAYLOAD_BYTES_BY_MESSAGE[name];
  if (payload.byteLength > cap) return fail('too_large', `${name}: ${payload.byteLength} bytes > ${cap}`);
  let text: string;
  try {
    text = utf8.decode(payload);
  } catch {
    return fail('not_utf8', `${name}: payload is not UTF-8`);
  }
  const tooDeep = () => fail('too_deep', `${name}: nesting deeper than ${MAX_JSON_DEPTH}`);
  let json: unknown;
  try {
    // V8 parses without recursion, and the byte cap above bounds the work: the nesting is checked on
    // the parsed value, a walk over its structure rather than a scan of every character of its text.
    json = JSON.parse(text);
  } catch (e) {
    // A nesting bomb is refused as too deep, whatever else is wrong with it.
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return tooDeep();
    return fail('not_json', `${name}: ${e instanceof Error ? e.message : 'not JSON'}`.slice(0, 200));
  }
  if (nestsDeeper(json, MAX_JSON_DEPTH)) return tooDeep();
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
    const v = (json as { v?: unknown }).v;
    if (typeof v === 'number' && v !== PROTOCOL_VERSION) {
      return fail('invalid', `${name}: v ${v} is not protocol version ${PROTOCOL_VERSION}`);
    }
  }
  const fast = fastOf(name)(json);
  if (!isMiss(fast)) return { ok: true, data: fast };
  const parsed = SCHEMAS[name].safeParse(json);
  if (!parsed.success) {
    const f = fail('invalid', `${name}: ${describeIssues(parsed.error.issues)}`);
    f.path = firstPath(parsed.error.issues);
    return f;
  }
  return { ok: true, data: parsed.data };
}

/** Whether a parsed JSON value nests deeper than `limit` (counted as `jsonDepth` counts; stops early). */
export function nestsDeeper(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit <= 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (nestsDeeper(item, limit - 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) if (nestsDeeper(record[key], limit - 1)) return true;
  return false;
}

/**
 * Nesting depth of JSON text, stopping as soon as it exceeds `limit` (so a 10 MB `[[[[…` costs
 * nothing). Brackets inside strings do not count. Malformed text is left to JSON.parse.
 */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  errors?: readonly (readonly Issue[])[];
}
// A union (state) reports each branch's issues; the first branch is the full form, the useful one.
function flatIssues(issues: readonly Issue[]): readonly Issue[] {
  return issues.flatMap((i) => (i.code === 'invalid_union' && i.errors?.[0] ? i.errors[0] : [i]));
}
/** The dotted path of the first problem (`ports.0.speed`), `(root)` for the payload as a whole. */
function firstPath(issues: readonly Issue[]): string {
  return flatIssues(issues)[0]?.path.map(String).join('.') || '(root)';
}
function describeIssues(issues: readonly Issue[]): string {
  const flat = flatIssues(issues);
  const shown = flat.slice(0, 3).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`);
  const more = flat.length > 3 ? ` (+${flat.length - 3} more)` : '';
  return `${shown.join('; ')}${more}`.slice(0, 400);
}

function fail(code: DecodeFailureCode, reason: string, sn?: string, message?: string): DecodeFailure {
  const f: DecodeFailure = { ok: false, code, reason };
  if (sn !== undefined) f.sn = sn;
  if (message !== undefined) f.message = message;
  return f;
}

/**
 * The payload bytes of a message: validated with its schema (unknown keys dropped, MACs upper-cased)
 * and with `v`/`ts` filled in when the body leaves them out. Throws when the body is invalid or
 * larger than the message's cap.
 */
export function encode<M extends MessageName>(message: M, body: Body<M>): Uint8Array {
  const parsed = SCHEMAS[message].parse({ v: PROTOCOL_VERSION, ts: Date.now(), ...body }) as Payload<M>;
  const bytes = encoder.encode(JSON.stringify(parsed));
  const cap = MAX_PAYLOAD_BYTES_BY_MESSAGE[message];
  if (bytes.byteLength > cap)
    throw new Error(`${message} payload of ${bytes.byteLength} bytes exceeds ${cap}`);
  return bytes;
}

/** Everything needed to publish a message: topic, payload, QoS and retain. */
export interface Packet {
  topic: string;
  payload: Uint8Array;
  qos: 0 | 1;
  retain: boolean;
}
/** The publish packet of a message for device `sn` (up or down by the message name). */
export function packet<M extends MessageName>(sn: string, message: M, body: Body<M>): Packet {
  const topic = isUpMessage(message) ? upTopic(sn, message) : downTopic(sn, message as DownMessage);
  return { topic, payload: encode(message, body), ...MESSAGE_DELIVERY[message] };
}

/**
 * The packets that clear the retained down messages of device `sn` (a zero-length retained publish
 * per retained message, MQTT 3.1.1 §3.3.1.3): sent when the device leaves its account, so whoever
 * claims it next never receives the previous owner's configuration at SUBSCRIBE.
 */
export function clearRetainedPackets(sn: string): Packet[] {
  return DOWN_MESSAGES.filter((m) => MESSAGE_DELIVERY[m].retain).map((m) => ({
    topic: downTopic(sn, m),
    payload: new Uint8Array(0),
    qos: MESSAGE_DELIVERY[m].qos,
    retain: true,
  }));
}

/**
 * The last will a device registers at CONNECT: a retained `state` with status 0, so the broker marks
 * it offline the moment the connection is lost. `ts` is the connect time.
 */
export function lastWill(sn: string, ts = Date.now()): Packet {
  return packet(sn, 'state', { status: 0, ts });
}
