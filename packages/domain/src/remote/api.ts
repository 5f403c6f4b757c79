/**
 * The remote web management endpoints (issue 13 §3): open a session on one device (the console
 * sends the device a `remoteWeb` command, waits for its tunnel, and answers the launch link that
 * the web opens in a new tab), and end one. The proxied pages themselves (`/remote/<id>/…`) and the
 * device's tunnel (`/api/remote/tunnel/<id>`) are plain routes of the server: they carry no JSON
 * envelope (docs/architecture.md "Remote web management").
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { projectDeviceParamsSchema, projectParamsSchema } from '../api/params';
import { REMOTE_SESSION_ID_PATTERN } from './rules';

export const remoteSessionSchema = z.object({
  sessionId: z.string(),
  deviceId: z.number().int(),
  /** The launch link (same origin): it sets the session's browser token once and redirects to the page. */
  url: z.string(),
  /** The session ends at this instant whatever its use (epoch ms). */
  expiresAt: z.number(),
  /** …and after this many seconds without a request. */
  idleSeconds: z.number().int(),
});
export type RemoteSession = z.infer<typeof remoteSessionSchema>;

export const remoteSessionParamsSchema = projectParamsSchema.extend({
  sessionId: z.string().regex(REMOTE_SESSION_ID_PATTERN),
});

const tag = 'remote';
const group = 'remote';

export const remoteEndpoints = {
  open: endpoint({
    method: 'POST',
    path: '/api/projects/:id/remote/devices/:deviceId',
    summary:
      "Open the device's own web page through the console: the launch link of a new session; 901 unknown, 326 unsupported, 76 local mode, 912 secondary mesh node, 71 upgrading, 917 rebooting, 322 offline, 323 another user's session on it, 495 too many sessions, 320 the device refused, 321 no answer, 324 no tunnel",
    tag,
    auth: { project: 'rw' },
    group,
    params: projectDeviceParamsSchema,
    response: remoteSessionSchema,
  }),
  close: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/remote/sessions/:sessionId',
    summary: 'End one of your remote sessions (its tunnel closes); 496 when it is not yours or already ended',
    tag,
    auth: { project: 'rw' },
    group,
    params: remoteSessionParamsSchema,
    response: z.object({ ended: z.boolean() }),
  }),
};
