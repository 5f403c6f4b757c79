/**
 * WebSocket upgrades under `/remote/<session id>/…` (docs/protocol.md §7.4 "WebSockets through the
 * tunnel"): the upgrade passes exactly the checks of a proxied page (`admit`: the sign-in that
 * opened the session, its path-scoped browser-token cookie, a session not ended) and one more — its
 * `Origin` must be the console's own, since a page of another site may open a WebSocket with the
 * user's cookies (cross-site WebSocket hijacking). Then the device is asked (`wsOpen`) and only its
 * `wsAccept` completes the upgrade; every refusal is an HTTP answer before any upgrade. With several
 * nodes only the node holding the session carries its sockets: another node refuses with 533 (pages
 * are relayed, sockets not: docs/decisions.md).
 */
import { ERR, LIVE_BEARER_PREFIX, REMOTE_SESSION_ID_PATTERN, remoteSessionPath } from '@netloom/domain';
import {
  TUNNEL_HEADER_MAX_LENGTH,
  TUNNEL_SOCKET_CLOSE_CODES,
  TUNNEL_WS_MAX_PROTOCOLS,
  TUNNEL_WS_PROTOCOL_PATTERN,
} from '@netloom/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../lib/errors';
import { admit, type ProxyDeps, REMOTE_COOKIE, refuse, requestHeaders, type SocketHandlers } from './proxy';
import type { RemoteSessionRecord } from './sessions';

export function remoteSocketHandlers(deps: ProxyDeps): SocketHandlers {
  const admitted = new WeakMap<FastifyRequest, { s: RemoteSessionRecord; id: number }>();

  async function preHandler(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    if (!request.ws) return;
    const { sessionId } = request.params as { sessionId: string };
    const sessions = deps.service.sessions;
    if (request.headers.origin !== `${request.protocol}://${request.host}`)
      return refuse(reply, 403, ERR.REMOTE_MGMT_SESSION_INVALID);
    const valid = REMOTE_SESSION_ID_PATTERN.test(sessionId);
    const s = valid ? sessions.get(sessionId) : undefined;
    // Several nodes: whether another node holds it is not asked; the socket could not reach it anyway.
    if (!s && valid && deps.service.relay && sessions.endedOwner(sessionId) === undefined)
      return refuse(reply, 421, ERR.REMOTE_MGMT_SOCKET_OTHER_NODE);
    // The browser token only from its cookie: the launch link is a page's, never a socket's.
    const refusal = await admit(deps, request, sessionId, s, request.cookies[REMOTE_COOKIE]);
    if (refusal || !s)
      return refuse(reply, refusal?.status ?? 404, refusal?.code ?? ERR.REMOTE_MGMT_SESSION_INVALID);

    const path = request.url.slice(remoteSessionPath(s.id).length - 1) || '/';
    const id = s.nextRequestId++;
    let protocol: string | undefined;
    try {
      protocol = await s.streams.open({
        type: 'wsOpen',
        id,
        path: path.slice(0, TUNNEL_HEADER_MAX_LENGTH),
        headers: requestHeaders(request),
        protocols: offeredProtocols(request),
      });
    } catch (err) {
      if (err instanceof AppError) return refuse(reply, err.statusCode, err.code);
      throw err;
    }
    // The upgrade answers with the device's choice: the server picks among the offered ones, so
    // only that one is left offered (none: no protocol in the answer).
    if (protocol) request.raw.headers['sec-websocket-protocol'] = protocol;
    else delete request.raw.headers['sec-websocket-protocol'];
    // A browser gone before its upgrade completed: the device is told, the stream freed.
    request.raw.socket.once('close', () => s.streams.abandon(id));
    admitted.set(request, { s, id });
  }

  function wsHandler(socket: WebSocket, request: FastifyRequest): void {
    const a = admitted.get(request);
    // The session (or the stream) ended between the device's yes and the upgrade.
    if (!a || deps.service.sessions.get(a.s.id) !== a.s || !a.s.streams.attach(a.id, socket))
      socket.close(TUNNEL_SOCKET_CLOSE_CODES.SESSION_ENDED, 'session ended');
  }

  return { preHandler, wsHandler };
}

/** The subprotocols the browser offered, in order; never a bearer token of the console's own. */
function offeredProtocols(request: FastifyRequest): string[] {
  const header = request.headers['sec-websocket-protocol'];
  return (typeof header === 'string' ? header.split(',') : [])
    .map((p) => p.trim())
    .filter((p) => TUNNEL_WS_PROTOCOL_PATTERN.test(p) && !p.startsWith(LIVE_BEARER_PREFIX))
    .slice(0, TUNNEL_WS_MAX_PROTOCOLS);
}
