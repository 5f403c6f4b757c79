/**
 * The remote web management tunnel (docs/protocol.md §7.4): after a `remoteWeb` command the device
 * opens ONE WebSocket to the command's `url`, authenticated by its one-time `token`
 * (`Authorization: Bearer <token>`), and the cloud carries HTTP requests of the user's browser to
 * the device's own web server over it as JSON text frames: `request` frames down, one `response`
 * frame up per request id (requests may overlap; answers may come in any order). Bodies are base64.
 */
import { z } from 'zod';
import {
  HTTP_STATUS_MAX,
  HTTP_STATUS_MIN,
  TUNNEL_BODY_MAX_BYTES,
  TUNNEL_HEADER_MAX_LENGTH,
  TUNNEL_MAX_HEADERS,
  TUNNEL_URL_MAX_LENGTH,
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

export const tunnelDownSchema = z.discriminatedUnion('type', [tunnelRequestSchema, tunnelCloseSchema]);
export type TunnelDown = z.output<typeof tunnelDownSchema>;
export const tunnelUpSchema = tunnelResponseSchema;

/** WebSocket close codes of the tunnel (4000–4999: the application's). */
export const TUNNEL_CLOSE_CODES = {
  /** The session ended normally (see the `close` frame's reason). */
  ENDED: 4000,
  /** A frame that is not JSON of this schema, or too large. */
  BAD_FRAME: 4001,
} as const;
