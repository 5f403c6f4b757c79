/**
 * Every limit of the device protocol (normative text: docs/protocol.md, which names each number;
 * `limits.test.ts` keeps the two in agreement): timing, sizes, array caps and field bounds of the
 * messages, delivery, the reconnect back-off. The message schemas, the server and the simulator read
 * them from here so a number is written once. A bound the protocol shares with the console (ports
 * and radios of a device, the VLAN range, an IPv4 address as text, the transmit power) is the
 * domain's, imported from `@netloom/domain`.
 */
import { DEVICE_MAX_PORTS, DEVICE_MAX_RADIOS, NVR_DISKS_MAX, WIFI_SEARCH_MS } from '@netloom/domain';
import type { DownMessage, UpMessage } from './topics';

/**
 * Reconnecting (§1): after a lost connection or a refusal a device waits a random delay of
 * `firstMinMs`–`firstMaxMs`, then doubles it on every failed attempt up to `capMs`, with
 * ±{@link RECONNECT_JITTER} random jitter each time; after an authentication refusal the delay is at
 * least `authMinMs`.
 */
export const RECONNECT_BACKOFF = {
  firstMinMs: 1_000,
  firstMaxMs: 10_000,
  capMs: 60_000,
  authMinMs: 60_000,
} as const;
/** The random spread of every reconnect delay: ±25 % (§1). */
export const RECONNECT_JITTER = 0.25;

/** MQTT keep-alive a device must use, in seconds. The broker drops a silent device after 1.5×. */
export const KEEPALIVE_SECONDS = 60;
/** Default seconds between two `telemetry` (and periodic `state`/`clients`) publications. */
export const TELEMETRY_INTERVAL_SECONDS = 30;
/** Range a telemetry interval may be configured to (config issue); outside it the default applies. */
export const TELEMETRY_INTERVAL_MIN_SECONDS = 10;
export const TELEMETRY_INTERVAL_MAX_SECONDS = 300;

/** Largest payload of any message, in bytes, unless {@link MAX_PAYLOAD_BYTES_BY_MESSAGE} says more. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;
/**
 * Largest payload of the client table, of a configuration document, and of a `reply` and a
 * `command` (which carry a backed-up configuration file, §7.2 `backup`/`restore`) (§9).
 */
export const MAX_LARGE_PAYLOAD_BYTES = 256 * 1024;
/** Per-message payload caps: the client table, a configuration document and a file in a reply or command may be larger. */
export const MAX_PAYLOAD_BYTES_BY_MESSAGE: Record<UpMessage | DownMessage, number> = {
  hello: MAX_PAYLOAD_BYTES,
  state: MAX_PAYLOAD_BYTES,
  telemetry: MAX_PAYLOAD_BYTES,
  clients: MAX_LARGE_PAYLOAD_BYTES,
  events: MAX_PAYLOAD_BYTES,
  reply: MAX_LARGE_PAYLOAD_BYTES,
  progress: MAX_PAYLOAD_BYTES,
  configResult: MAX_PAYLOAD_BYTES,
  config: MAX_LARGE_PAYLOAD_BYTES,
  command: MAX_LARGE_PAYLOAD_BYTES,
  diagnostic: MAX_PAYLOAD_BYTES,
};
/** Deepest nesting of JSON objects/arrays accepted (the payload itself is depth 1). */
export const MAX_JSON_DEPTH = 16;

/** Array caps inside messages, so a payload under the byte cap still cannot carry absurd tables (§9). */
export const MAX_PORTS = DEVICE_MAX_PORTS;
export const MAX_RADIOS = DEVICE_MAX_RADIOS;
export const MAX_CLIENT_ROWS = 2048;
export const MAX_EVENTS_PER_MESSAGE = 100;
export const MAX_CAPABILITIES = 64;
export const MAX_DISKS = NVR_DISKS_MAX;
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
  diagnostic: { qos: 0, retain: false },
};

/**
 * Flood control: a device may publish this many messages per second on average with this burst.
 * The cloud drops messages beyond it; a device that stays over it for {@link FLOOD_DISCONNECT_SECONDS}
 * is disconnected. One malformed message never causes a disconnect.
 */
export const DEVICE_RATE_LIMIT = { messagesPerSecond: 10, burst: 60 } as const;
export const FLOOD_DISCONNECT_SECONDS = 60;

/**
 * Diagnostics (§11): the cloud tells a device about a message it dropped at most once per message
 * name per this many seconds (per cloud node); the refusals in between are counted in the next one's
 * `suppressed`, and only the reported ones are recorded for the console.
 */
export const DIAGNOSTIC_INTERVAL_SECONDS = 10;
/** A diagnostic's `reason` (the decoder's first problems) is at most this many characters. */
export const DIAGNOSTIC_REASON_MAX_LENGTH = 400;
/** A diagnostic's `path` (the first refused field, `ports.0.speed`) is at most this many characters. */
export const DIAGNOSTIC_PATH_MAX_LENGTH = 200;
/** A diagnostic's `message`: the refused message's name as the topic gave it, at most 32 characters. */
export const DIAGNOSTIC_MESSAGE_MAX_LENGTH = 32;
/** Managed devices a device reports linked to it wirelessly (`state.peers`): at most 64. */
export const MAX_WIRELESS_PEERS = 64;

/** How many recent command ids a device remembers to execute each id once (QoS 1 may redeliver). */
export const COMMAND_ID_MEMORY = 64;

/** A route's metric (`routeTable` rows): an unsigned 16-bit number, as routers keep it. */
export const ROUTE_METRIC_MAX = 65535;

// ── Field bounds of the messages (the field tables of docs/protocol.md §6–§7) ───────────────────
/** Free text for people: `reply.message`, `configResult.message`, `events[].text`, `state.note`. */
export const TEXT_MAX_LENGTH = 256;
/** `hello.model` (and an NVR channel's camera `model`): 1–64 characters. */
export const MODEL_MAX_LENGTH = 64;
/** `hello.firmwareVersion`: 1–64 characters. */
export const FIRMWARE_VERSION_MAX_LENGTH = 64;
/** `hello.hardwareVersion`: 1–32 characters. */
export const HARDWARE_VERSION_MAX_LENGTH = 32;
/** `progress.stage`: lower_snake_case of at most 32 characters. */
export const STAGE_MAX_LENGTH = 32;
/** `events[].code`: lower_snake_case of at most 48 characters. */
export const EVENT_CODE_MAX_LENGTH = 48;
/** `events[].subject`: what within the device an alarm is about ("port 3"), at most 32 characters. */
export const EVENT_SUBJECT_MAX_LENGTH = 32;
/** `events[].forSeconds`: how long a threshold was crossed before the alarm, at most a day. */
export const EVENT_FOR_SECONDS_MAX = 86_400;
/** A client's host name as it announces it (`clients[].name`). */
export const HOST_NAME_MAX_LENGTH = 64;
/** A received signal in dBm (`rssi` of uplinks, clients and scan results): −120 to 0. */
export const RSSI_MIN_DBM = -120;
export const RSSI_MAX_DBM = 0;
/** Negotiated link speed of a port in Mbit/s (`state.ports[].speed`; 0 while the link is down). */
export const PORT_SPEED_MAX_MBPS = 100_000;
/** PoE power a port draws now, in W (`state.ports[].poe.watts`): 0–100. */
export const POE_WATTS_MAX = 100;
/** Clients associated on one radio now (`state.radios[].clients`): 0–1024. */
export const RADIO_MAX_CLIENTS = 1024;
/** Networks one radio reports it broadcasts (`state.radios[].ssids`): at most 16 (a radio's BSSIDs). */
export const MAX_RADIO_SSIDS = 16;
/** Clients connected through a device now (`telemetry.clients`). */
export const DEVICE_MAX_CLIENTS = 100_000;
/** A rate in bytes per second (telemetry and clients): at most 1 TB/s, far above any port. */
export const BYTE_RATE_MAX = 1e12;
/** `routeTable` reply: at most 1,024 route rows; a row's interface name at most 32 characters. */
export const ROUTE_TABLE_MAX_ROWS = 1024;
export const INTERFACE_NAME_MAX_LENGTH = 32;
/**
 * `scan` command: the device listens 100 ms to 30 s (`durationMs`; §9 Wi-Fi search takes 30 s) and
 * reports at most 256 networks, each with its advertised security name (≤ 32) and power (0–36 dBm).
 */
export const SCAN_DURATION_MIN_MS = 100;
export const SCAN_DURATION_MAX_MS = WIFI_SEARCH_MS;
export const SCAN_MAX_NETWORKS = 256;
export const SCAN_SECURITY_MAX_LENGTH = 32;
export const SCAN_TX_POWER_MAX_DBM = 36;
/** `upgrade` command: the signed download link, at most 2,048 characters. */
export const DOWNLOAD_URL_MAX_LENGTH = 2048;

// ── Remote web management tunnel (§7.4) ─────────────────────────────────────────────────────────
/** HTTP status codes a device's answer may carry (RFC 9110: 100–599). */
export const HTTP_STATUS_MIN = 100;
export const HTTP_STATUS_MAX = 599;
/** Longest tunnel URL in a `remoteWeb` command. */
export const TUNNEL_URL_MAX_LENGTH = 512;
/** Largest body of one proxied request or response, in bytes (before base64). */
export const TUNNEL_BODY_MAX_BYTES = 512 * 1024;
/** Headers of one proxied request or response. */
export const TUNNEL_MAX_HEADERS = 64;
/** Longest header value (and request path) in a tunnel frame. */
export const TUNNEL_HEADER_MAX_LENGTH = 4096;
/** Requests the cloud may have waiting for answers on one tunnel at once. */
export const TUNNEL_MAX_IN_FLIGHT = 16;
/** Largest tunnel frame, in bytes: a full body in base64 plus its headers fit. */
export const TUNNEL_FRAME_MAX_BYTES = 1024 * 1024;
/** WebSockets of the page carried at once on one tunnel (waiting for `wsAccept` or open). */
export const TUNNEL_MAX_SOCKETS = 8;
/** Largest WebSocket message carried, in bytes (before base64); larger closes its socket with 1009. */
export const TUNNEL_WS_MESSAGE_MAX_BYTES = 512 * 1024;
/**
 * Bytes one carried socket may have queued for a slow reader (the browser, or the tunnel towards the
 * device); past it the socket is closed with `TUNNEL_SOCKET_CLOSE_CODES.TOO_SLOW`.
 */
export const TUNNEL_WS_BUFFER_MAX_BYTES = 2 * 1024 * 1024;
/** Subprotocols one `wsOpen` carries at most (the browser's offer, in its order). */
export const TUNNEL_WS_MAX_PROTOCOLS = 16;
/** A subprotocol: a token of the `Sec-WebSocket-Protocol` grammar (RFC 6455, RFC 9110 tchar), ≤ 64. */
export const TUNNEL_WS_PROTOCOL_PATTERN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;
/** A device refusing a socket answers as the HTTP error it would give: 400–599. */
export const TUNNEL_WS_REJECT_STATUS_MIN = 400;
/** Close codes a `wsClose` carries (RFC 6455 §7.4: 1000–4999). */
export const WS_CLOSE_CODE_MIN = 1000;
export const WS_CLOSE_CODE_MAX = 4999;
/** A close reason fits a control frame: 125 bytes less the 2-byte code (RFC 6455 §5.5). */
export const WS_CLOSE_REASON_MAX_LENGTH = 123;
