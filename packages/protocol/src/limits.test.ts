import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as L from './limits';

// docs/protocol.md is the normative text and names each number of limits.ts: a change on one side
// only (a constant, or the document's wording of it) fails here. Whitespace is folded, since the
// document wraps its lines.
const doc = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

const thousands = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => ms / 1000;
const { firstMinMs, firstMaxMs, capMs, authMinMs } = L.RECONNECT_BACKOFF;

describe('docs/protocol.md states the limits of limits.ts', () => {
  it.each([
    // §1 connecting
    ['keep-alive', `| Keep alive | **${L.KEEPALIVE_SECONDS} s** |`],
    ['first reconnect delay', `waits a random delay of ${seconds(firstMinMs)}–${seconds(firstMaxMs)} s`],
    [
      'back-off cap and jitter',
      `up to ${seconds(capMs)} s, adding ±${L.RECONNECT_JITTER * 100} % random jitter`,
    ],
    [
      'delay after an auth refusal',
      `After an authentication refusal the delay is at least ${seconds(authMinMs)} s`,
    ],
    ['telemetry interval', `telemetry interval (default ${L.TELEMETRY_INTERVAL_SECONDS} s)`],
    [
      'telemetry interval range',
      `within ${L.TELEMETRY_INTERVAL_MIN_SECONDS}–${L.TELEMETRY_INTERVAL_MAX_SECONDS} s`,
    ],
    // §6 field tables: generated from the schemas, which use these constants (fieldTable.test.ts).
    // §7.2 commands
    ['route rows', `at most ${thousands(L.ROUTE_TABLE_MAX_ROWS)} rows`],
    [
      'scan duration',
      `\`durationMs\`, ${thousands(L.SCAN_DURATION_MIN_MS)}–${thousands(L.SCAN_DURATION_MAX_MS)} ms`,
    ],
    ['scan networks', `every beacon heard, at most ${L.SCAN_MAX_NETWORKS};`],
    // §7.3 diagnostics
    ['diagnostic interval', `at most **one per message name per ${L.DIAGNOSTIC_INTERVAL_SECONDS} s**`],
    ['diagnostic rate in §11', `at most one per message name per ${L.DIAGNOSTIC_INTERVAL_SECONDS} s`],
    ['command ids remembered', `remembers at least the last ${L.COMMAND_ID_MEMORY} command ids`],
    // §7.4 the remote web management tunnel
    ['tunnel url', `\`ws://…\` or \`wss://…\`, at most ${L.TUNNEL_URL_MAX_LENGTH} characters`],
    ['tunnel requests in flight', `at most ${L.TUNNEL_MAX_IN_FLIGHT} waiting at once per tunnel`],
    [
      'tunnel body',
      `at most ${L.TUNNEL_BODY_MAX_BYTES / 1024} KiB (${thousands(L.TUNNEL_BODY_MAX_BYTES)} bytes) before encoding`,
    ],
    [
      'tunnel frame',
      `a frame is at most ${L.TUNNEL_FRAME_MAX_BYTES / 1024 / 1024} MiB (${thousands(L.TUNNEL_FRAME_MAX_BYTES)} bytes)`,
    ],
    [
      'tunnel headers',
      `at most ${L.TUNNEL_MAX_HEADERS} headers a frame, each value (and the request path) at most ${thousands(L.TUNNEL_HEADER_MAX_LENGTH)} characters`,
    ],
    ['tunnel status', `\`status\` (${L.HTTP_STATUS_MIN}–${L.HTTP_STATUS_MAX})`],
    ['tunnel sockets', `at most ${L.TUNNEL_MAX_SOCKETS} streams at once per tunnel`],
    [
      'tunnel socket message',
      `a message is at most ${L.TUNNEL_WS_MESSAGE_MAX_BYTES / 1024} KiB (${thousands(L.TUNNEL_WS_MESSAGE_MAX_BYTES)} bytes) before encoding`,
    ],
    [
      'tunnel socket buffer',
      `more than ${L.TUNNEL_WS_BUFFER_MAX_BYTES / 1024 / 1024} MiB (${thousands(L.TUNNEL_WS_BUFFER_MAX_BYTES)} bytes) wait`,
    ],
    // §9 sizes and rates
    [
      'large payloads',
      `| Payload of \`clients\`, \`config\`, \`reply\` and \`command\` | ${L.MAX_LARGE_PAYLOAD_BYTES / 1024} KiB |`,
    ],
    ['other payloads', `| Payload of any other message | ${L.MAX_PAYLOAD_BYTES / 1024} KiB |`],
    ['JSON nesting', `| JSON nesting | ${L.MAX_JSON_DEPTH} levels`],
    [
      'array lengths',
      `ports ${L.MAX_PORTS}, radios ${L.MAX_RADIOS}, clients ${L.MAX_CLIENT_ROWS}, events ${L.MAX_EVENTS_PER_MESSAGE} per message, capabilities ${L.MAX_CAPABILITIES}, disks ${L.MAX_DISKS}, channels ${L.MAX_CHANNELS}, peers ${L.MAX_WIRELESS_PEERS}`,
    ],
    [
      'publish rate',
      `${L.DEVICE_RATE_LIMIT.messagesPerSecond} messages/s on average per device, bursts of ${L.DEVICE_RATE_LIMIT.burst}`,
    ],
    ['flood disconnect', `stays over it for ${L.FLOOD_DISCONNECT_SECONDS} s is disconnected`],
  ] as const)('%s', (_name, text) => {
    expect(doc).toContain(text);
  });

  it('caps every message payload at one of the two sizes of §9', () => {
    for (const cap of Object.values(L.MAX_PAYLOAD_BYTES_BY_MESSAGE)) {
      expect([L.MAX_PAYLOAD_BYTES, L.MAX_LARGE_PAYLOAD_BYTES]).toContain(cap);
    }
  });
});
