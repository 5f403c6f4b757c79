/**
 * Protocol timing, size and delivery constants (normative text: docs/protocol.md). The server, the
 * simulator and the document read them from here so a number is written once.
 */
import type { DownMessage, UpMessage } from './topics';

/** MQTT keep-alive a device must use, in seconds. The broker drops a silent device after 1.5×. */
export const KEEPALIVE_SECONDS = 60;
/** Default seconds between two `telemetry` (and periodic `state`/`clients`) publications. */
export const TELEMETRY_INTERVAL_SECONDS = 30;
/** Range a telemetry interval may be configured to (config issue); outside it the default applies. */
export const TELEMETRY_INTERVAL_MIN_SECONDS = 10;
export const TELEMETRY_INTERVAL_MAX_SECONDS = 300;

/** Largest payload of any message, in bytes, unless {@link MAX_PAYLOAD_BYTES_BY_MESSAGE} says more. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;
/** Per-message payload caps: the client table and a configuration document may be larger. */
export const MAX_PAYLOAD_BYTES_BY_MESSAGE: Record<UpMessage | DownMessage, number> = {
  hello: MAX_PAYLOAD_BYTES,
  state: MAX_PAYLOAD_BYTES,
  telemetry: MAX_PAYLOAD_BYTES,
  clients: 256 * 1024,
  events: MAX_PAYLOAD_BYTES,
  reply: MAX_PAYLOAD_BYTES,
  progress: MAX_PAYLOAD_BYTES,
  configResult: MAX_PAYLOAD_BYTES,
  config: 256 * 1024,
  command: MAX_PAYLOAD_BYTES,
};
/** Deepest nesting of JSON objects/arrays accepted (the payload itself is depth 1). */
export const MAX_JSON_DEPTH = 16;

/** Array caps inside messages, so a payload under the byte cap still cannot carry absurd tables. */
export const MAX_PORTS = 128;
export const MAX_RADIOS = 4;
export const MAX_CLIENT_ROWS = 2048;
export const MAX_EVENTS_PER_MESSAGE = 100;
export const MAX_CAPABILITIES = 64;
export const MAX_DISKS = 16;
export const MAX_CHANNELS = 64;

/** How a message is published: MQTT QoS and the retain flag. */
export interface Delivery {
  qos: 0 | 1;
  retain: boolean;
}

/**
 * QoS and retain per message. `state` is retained so a subscriber (the server after a restart) gets
 * every device's latest state at once, and the last will overwrites it with "offline". `config` is
 * retained so a device that (re)subscribes gets its desired configuration without asking.
 * Telemetry and the client table are QoS 0: the next one supersedes a lost one.
 */
export const MESSAGE_DELIVERY: Record<UpMessage | DownMessage, Delivery> = {
  hello: { qos: 1, retain: false },
  state: { qos: 1, retain: true },
  telemetry: { qos: 0, retain: false },
  clients: { qos: 0, retain: false },
  events: { qos: 1, retain: false },
  reply: { qos: 1, retain: false },
  progress: { qos: 1, retain: false },
  configResult: { qos: 1, retain: false },
  config: { qos: 1, retain: true },
  command: { qos: 1, retain: false },
};

/**
 * Flood control: a device may publish this many messages per second on average with this burst.
 * The cloud drops messages beyond it; a device that stays over it for {@link FLOOD_DISCONNECT_SECONDS}
 * is disconnected. One malformed message never causes a disconnect.
 */
export const DEVICE_RATE_LIMIT = { messagesPerSecond: 10, burst: 60 } as const;
export const FLOOD_DISCONNECT_SECONDS = 60;

/** How many recent command ids a device remembers to execute each id once (QoS 1 may redeliver). */
export const COMMAND_ID_MEMORY = 64;

/** A route's metric (`routeTable` rows): an unsigned 16-bit number, as routers keep it. */
export const ROUTE_METRIC_MAX = 65535;
