/**
 * `GET /api/remote/tunnel/<session id>` (WebSocket): the device's end of a remote session
 * (docs/protocol.md §7.4). A plain route, not a domain endpoint: an upgrade has no JSON envelope;
 * its contract is the frame schemas of `@netloom/protocol`. Before the upgrade the device must show
 * the one-time tunnel token of THIS session (`Authorization: Bearer`), before the session's
 * `openBefore`, and only once: a token of another session, a second tunnel, a late or unknown one
 * are refused (496, HTTP 403) and never upgraded.
 */
import { ERR, REMOTE_SESSION_ID_PATTERN } from '@netloom/domain';
import { TUNNEL_CLOSE_CODES, TUNNEL_FRAME_MAX_BYTES, tunnelUpSchema } from '@netloom/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { TUNNEL_PATH } from './service';
import type { RemoteSessionRecord, RemoteSessions } from './sessions';

export interface TunnelDeps {
  sessions: RemoteSessions;
  now: () => number;
}

export async function remoteTunnelRoutes(app: FastifyInstance, deps: TunnelDeps): Promise<void> {
  const admitted = new WeakMap<FastifyRequest, RemoteSessionRecord>();
  app.get(
    `${TUNNEL_PATH}:sessionId`,
    {
      websocket: true,
      schema: { tags: ['remote'], summary: 'WebSocket: a device tunnel of remote web management (§7.4)' },
      preHandler: async (request) => {
        const { sessionId } = request.params as { sessionId: string };
        const header = request.headers.authorization;
        const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
        const s = REMOTE_SESSION_ID_PATTERN.test(sessionId) ? deps.sessions.get(sessionId) : undefined;
        if (
          !s ||
          s.socket ||
          deps.now() > s.openBefore ||
          !token ||
          !deps.sessions.tunnelTokenMatches(s, token)
        )
          throw new AppError(ERR.REMOTE_MGMT_SESSION_INVALID, 403);
        admitted.set(request, s);
      },
    },
    (socket, request) => {
      const s = admitted.get(request);
      // The session ended (or another tunnel won) between the check and the upgrade.
      if (!s || s.socket || deps.sessions.get(s.id) !== s) {
        socket.close(TUNNEL_CLOSE_CODES.ENDED, 'session ended');
        return;
      }
      deps.sessions.attachSocket(s, socket, (raw) => {
        let json: unknown = null;
        try {
          json = raw.length > TUNNEL_FRAME_MAX_BYTES ? null : JSON.parse(raw);
        } catch {
          json = null;
        }
        const frame = tunnelUpSchema.safeParse(json);
        if (!frame.success) {
          socket.close(TUNNEL_CLOSE_CODES.BAD_FRAME, 'bad frame');
          return;
        }
        deps.sessions.settle(s, frame.data);
      });
    },
  );
}
