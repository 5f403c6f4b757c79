/**
 * The remote web management tunnel (docs/protocol.md §7.4): after a `remoteWeb` command the device
 * opens ONE WebSocket to the command's `url`, authenticated by its one-time `token`
 * (`Authorization: Bearer <token>`), and the cloud carries HTTP requests of the user's browser to
 * the device's own web server over it as JSON text frames: `request` frames down, one `response`
 * frame up per request id (requests may overlap; answers may come in any order). Bodies are base64.
 * WebSockets of the page ride the same tunnel as streams: `wsOpen` down, `wsAccept`/`wsReject` up,
 * then `wsMessage` and `wsClose` both ways, named by the id of their `wsOpen`.
 */
import { z } from 'zod';
import {
  HTTP_STATUS_MAX,
  HTTP_STATUS_MIN,
  TUNNEL_BODY_MAX_BYTES,
  TUNNEL_HEADER_MAX_LENGTH,
  TUNNEL_MAX_HEADERS,
  TUNNEL_URL_MAX_LENGTH,
  TUNNEL_WS_MAX_PROTOCOLS,
  TUNNEL_WS_MESSAGE_MAX_BYTES,
  TUNNEL_WS_PROTOCOL_PATTERN,
  TUNNEL_WS_REJECT_STATUS_MIN,
  WS_CLOSE_CODE_MAX,
  WS_CLOSE_CODE_MIN,
  WS_CLOSE_REASON_MAX_LENGTH,
} from '../limits';
import { epochMs } from './common';

/** `args` of the `remoteWeb` command. */
export const remoteWebArgsSchema = z.object({
  /** Where to open the tunnel: `ws://` or `wss://` of the cloud (the session is in its path). */
  url: z
    .string()
    .max(TUNNEL_URL_MAX_LENGTH)
    .regex(/^wss?:\/\/[^\s]+$/),
  /** One-time bearer token of the tunnel (base64url); good for this session's tunnel only. */
  token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/),
  /** The tunnel must be open before this instant (epoch ms); later the cloud refuses it. */
  openBefore: epochMs,
});
export type RemoteWebArgs = z.output<typeof remoteWebArgsSchema>;

const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/);
const headers = z
  .array(z.tuple([headerName, z.string().max(TUNNEL_HEADER_MAX_LENGTH)]))
  .max(TUNNEL_MAX_HEADERS);
const body = z
  .string()
  .max(Math.ceil(TUNNEL_BODY_MAX_BYTES / 3) * 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/);
/** A request id, unique on its tunnel while it waits (a counter is fine). */
const requestId = z.int().min(1);

/** Cloud → device: one HTTP request of the browser, for the device's own web server. */
export const tunnelRequestSchema = z.object({
  type: z.literal('request'),
  id: requestId,
  method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
  /** Path and query as the device serves them (the `/remote/<session>` prefix removed), from `/`. */
  path: z.string().startsWith('/').max(TUNNEL_HEADER_MAX_LENGTH),
  headers,
  /** Base64 of the body; empty when none. */
  body,
});
export type TunnelRequest = z.output<typeof tunnelRequestSchema>;

/** Device → cloud: the answer to one request. */
export const tunnelResponseSchema = z.object({
  type: z.literal('response'),
  id: requestId,
  status: z.int().min(HTTP_STATUS_MIN).max(HTTP_STATUS_MAX),
  headers,
  body,
});
export type TunnelResponse = z.output<typeof tunnelResponseSchema>;

/** Cloud → device: the session ended (idle, signed out, closed); the cloud closes the socket next. */
export const tunnelCloseSchema = z.object({
  type: z.literal('close'),
  reason: z.enum(['idle', 'expired', 'signedOut', 'closed', 'replaced']),
});
export type TunnelClose = z.output<typeof tunnelCloseSchema>;

// ── WebSockets of the page (streams) ──────────────────────────────────────────────────────────────
/**
 * Cloud → device: the browser asks to open a WebSocket on the device's web server. Its `id` comes
 * from the same counter as the request ids (an id names a request or a socket, never both).
 */
export const tunnelWsOpenSchema = z.object({
  type: z.literal('wsOpen'),
  id: requestId,
  /** Path and query as the device serves them, as for `request`. */
  path: z.string().startsWith('/').max(TUNNEL_HEADER_MAX_LENGTH),
  /** The browser's upgrade headers with the console's own and the hop-by-hop ones removed. */
  headers,
  /** The subprotocols the browser offered (`Sec-WebSocket-Protocol`), in its order; may be empty. */
  protocols: z.array(z.string().regex(TUNNEL_WS_PROTOCOL_PATTERN)).max(TUNNEL_WS_MAX_PROTOCOLS),
});
export type TunnelWsOpen = z.output<typeof tunnelWsOpenSchema>;

/** Device → cloud: the socket is open; `protocol` is one of the offered, or absent for none. */
export const tunnelWsAcceptSchema = z.object({
  type: z.literal('wsAccept'),
  id: requestId,
  protocol: z.string().regex(TUNNEL_WS_PROTOCOL_PATTERN).optional(),
});
export type TunnelWsAccept = z.output<typeof tunnelWsAcceptSchema>;

/** Device → cloud: the device will not open this socket; `status` is the HTTP status it would answer. */
export const tunnelWsRejectSchema = z.object({
  type: z.literal('wsReject'),
  id: requestId,
  status: z.int().min(TUNNEL_WS_REJECT_STATUS_MIN).max(HTTP_STATUS_MAX),
});
export type TunnelWsReject = z.output<typeof tunnelWsRejectSchema>;

/** Both ways: one WebSocket message; `data` is the text itself, or base64 of the bytes when `binary`. */
export const tunnelWsMessageSchema = z.object({
  type: z.literal('wsMessage'),
  id: requestId,
  binary: z.boolean(),
  data: z.string().max(Math.ceil(TUNNEL_WS_MESSAGE_MAX_BYTES / 3) * 4),
});
export type TunnelWsMessage = z.output<typeof tunnelWsMessageSchema>;

/** Both ways: the socket is closed (no answer is sent back); `code` and `reason` as in RFC 6455. */
export const tunnelWsCloseSchema = z.object({
  type: z.literal('wsClose'),
  id: requestId,
  code: z.int().min(WS_CLOSE_CODE_MIN).max(WS_CLOSE_CODE_MAX),
  reason: z.string().max(WS_CLOSE_REASON_MAX_LENGTH),
});
export type TunnelWsClose = z.output<typeof tunnelWsCloseSchema>;

export const tunnelDownSchema = z.discriminatedUnion('type', [
  tunnelRequestSchema,
  tunnelCloseSchema,
  tunnelWsOpenSchema,
  tunnelWsMessageSchema,
  tunnelWsCloseSchema,
]);
export type TunnelDown = z.output<typeof tunnelDownSchema>;
export const tunnelUpSchema = z.discriminatedUnion('type', [
  tunnelResponseSchema,
  tunnelWsAcceptSchema,
  tunnelWsRejectSchema,
  tunnelWsMessageSchema,
  tunnelWsCloseSchema,
]);
export type TunnelUp = z.output<typeof tunnelUpSchema>;

/** WebSocket close codes of the tunnel (4000–4999: the application's). */
export const TUNNEL_CLOSE_CODES = {
  /** The session ended normally (see the `close` frame's reason). */
  ENDED: 4000,
  /** A frame that is not JSON of this schema, or too large. */
  BAD_FRAME: 4001,
} as const;

/** WebSocket close codes of a carried socket (the browser's, and `wsClose` frames) set by the cloud. */
export const TUNNEL_SOCKET_CLOSE_CODES = {
  /** The remote session ended (idle, expired, signed out, closed, replaced, the tunnel closed). */
  SESSION_ENDED: 4000,
  /** A message over TUNNEL_WS_MESSAGE_MAX_BYTES (RFC 6455 "message too big"). */
  TOO_BIG: 1009,
  /** A reader too slow: over TUNNEL_WS_BUFFER_MAX_BYTES waited for it. */
  TOO_SLOW: 4008,
} as const;
