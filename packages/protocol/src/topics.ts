/**
 * The device↔cloud MQTT topic layout (normative text: docs/protocol.md). A device publishes only under
 * its own `netloom/v1/{sn}/up/…` and subscribes only to its own `netloom/v1/{sn}/down/…`; the
 * payload schemas of each message are in `messages/`.
 */
import { SN_MAX_LENGTH, SN_MIN_LENGTH } from '@netloom/domain';

export const PROTOCOL_VERSION = 1;
export const TOPIC_ROOT = `netloom/v${PROTOCOL_VERSION}`;

/** Messages a device sends. */
export const UP_MESSAGES = [
  'hello',
  'state',
  'telemetry',
  'clients',
  'events',
  'reply',
  'progress',
  'configResult',
] as const;
export type UpMessage = (typeof UP_MESSAGES)[number];
/** Messages the cloud sends to a device. */
export const DOWN_MESSAGES = ['config', 'command', 'diagnostic'] as const;
export type DownMessage = (typeof DOWN_MESSAGES)[number];

const SN = new RegExp(`^[A-Za-z0-9]{${SN_MIN_LENGTH},${SN_MAX_LENGTH}}$`);

/** Whether a string is a serial number as the protocol uses it (16–32 ASCII letters or digits). */
export function isSerial(sn: string): boolean {
  return SN.test(sn);
}
export function isUpMessage(name: string): name is UpMessage {
  return (UP_MESSAGES as readonly string[]).includes(name);
}
export function isDownMessage(name: string): name is DownMessage {
  return (DOWN_MESSAGES as readonly string[]).includes(name);
}

export function upTopic(sn: string, message: UpMessage): string {
  assertSn(sn);
  return `${TOPIC_ROOT}/${sn}/up/${message}`;
}
export function downTopic(sn: string, message: DownMessage): string {
  assertSn(sn);
  return `${TOPIC_ROOT}/${sn}/down/${message}`;
}

export interface ParsedTopic {
  sn: string;
  direction: 'up' | 'down';
  message: string;
}
const ROOT_PREFIX = `${TOPIC_ROOT}/`;
/**
 * Splits a topic of the layout; null for anything else (including other roots and bad serials). On
 * every device message's path (the ACL, the rate limiter, the decoder): sliced, not split.
 */
export function parseTopic(topic: string): ParsedTopic | null {
  if (!topic.startsWith(ROOT_PREFIX)) return null;
  const snEnd = topic.indexOf('/', ROOT_PREFIX.length);
  if (snEnd < 0) return null;
  const directionEnd = topic.indexOf('/', snEnd + 1);
  if (directionEnd < 0 || topic.indexOf('/', directionEnd + 1) >= 0) return null;
  const sn = topic.slice(ROOT_PREFIX.length, snEnd);
  const direction = topic.slice(snEnd + 1, directionEnd);
  const message = topic.slice(directionEnd + 1);
  if (!SN.test(sn) || (direction !== 'up' && direction !== 'down') || message === '') return null;
  return { sn, direction, message };
}

function assertSn(sn: string): void {
  if (!SN.test(sn))
    throw new Error(`Not a serial number (${SN_MIN_LENGTH}–${SN_MAX_LENGTH} letters or digits): ${sn}`);
}

/** What the server subscribes to: every device's up messages. */
export const SERVER_UP_FILTER = `${TOPIC_ROOT}/+/up/#`;
/**
 * The server's subscription on an external broker: an MQTT 5 shared subscription, so the nodes of
 * one group split the devices' messages between them.
 */
export function sharedUpFilter(group = 'netloom'): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(group)) throw new Error(`Not a share group name: ${group}`);
  return `$share/${group}/${SERVER_UP_FILTER}`;
}
/** The one filter a device subscribes to. */
export function deviceDownFilter(sn: string): string {
  assertSn(sn);
  return `${TOPIC_ROOT}/${sn}/down/#`;
}

/**
 * ACL: a device (authenticated as `sn`) may publish only to `netloom/v1/{sn}/up/{message}`. Unknown
 * message names are allowed through the ACL (newer firmware) and dropped by the decoder.
 */
export function deviceMayPublish(sn: string, topic: string): boolean {
  const t = parseTopic(topic);
  return t !== null && t.sn === sn && t.direction === 'up' && !/[+#]/.test(t.message);
}
/**
 * ACL: a device may subscribe only to its own down topics: `…/{sn}/down/#`, `…/{sn}/down/+` or one
 * named down message. Anything wider (`netloom/#`, `+/…`) or another device's topics is refused.
 */
export function deviceMaySubscribe(sn: string, filter: string): boolean {
  if (!SN.test(sn)) return false;
  const own = `${TOPIC_ROOT}/${sn}/down/`;
  if (!filter.startsWith(own)) return false;
  const rest = filter.slice(own.length);
  return rest === '#' || rest === '+' || isDownMessage(rest);
}

/** The same ACL for Mosquitto (`acl_file`), where `%u` is the username, i.e. the serial number. */
export const MOSQUITTO_ACL_PATTERNS = [
  `pattern write ${TOPIC_ROOT}/%u/up/#`,
  `pattern read ${TOPIC_ROOT}/%u/down/#`,
] as const;
