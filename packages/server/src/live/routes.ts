import {
  ERR,
  LIVE_ALL_PROJECTS,
  LIVE_CLOSE_CODES,
  LIVE_MAX_BUFFERED_BYTES,
  LIVE_PATH,
  LIVE_SESSION_RECHECK_MS,
  type LiveServerMessage,
  liveClientMessageSchema,
  type ProjectRight,
} from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../lib/errors';
import { sessionOf, webSocketBearer } from '../plugins/auth';
import type { LiveBus } from './bus';

/** What the live channel needs of a membership to let a socket follow a project. */
export interface LiveMemberAccess {
  right: ProjectRight;
  expired?: boolean;
}

export interface LiveRoutesOptions {
  bus: LiveBus;
  /**
   * The caller's membership of a project: its right, and whether its share has expired (the same
   * rule and the same answers as `requireProjectRight`: 73 not a member, 74 share expired).
   */
  memberAccess: (projectId: number, accountId: number) => Promise<LiveMemberAccess | undefined>;
  /** The ids of the account's projects, for a subscription to all of them (`LIVE_ALL_PROJECTS`). */
  projectsOf?: (accountId: number) => Promise<number[]>;
  /**
   * Sign-outs on this node: a socket of an ended session re-checks it at once and closes with its
   * code (69 "signed in elsewhere", 401); on other nodes the periodic re-check does it.
   */
  onSessionEnded?: (fn: (sessionId: number) => void) => void;
}

/** Longest text frame a browser sends (a subscribe is a few dozen bytes); longer ones are refused. */
const MAX_CLIENT_FRAME_CHARS = 1024;

/**
 * `GET /api/live` (WebSocket): the browser live channel. A plain route, not a domain `endpoint()`:
 * an upgrade has no JSON envelope; its contract is the message schemas and constants of
 * domain `api/live.ts`. Authenticated like every API route (session
 * cookie or bearer, before the upgrade); the browser sends `{ op: 'subscribe', projectId }` and
 * receives `{ op: 'event', event }` for that project. Membership is checked on the server at every
 * subscribe; a cookie session must come from our own origin (no cross-site WebSocket hijacking).
 */
export async function liveRoutes(app: FastifyInstance, opts: LiveRoutesOptions): Promise<void> {
  // The re-checks of the open sockets, by session id.
  const bySession = new Map<number, Set<() => void>>();
  opts.onSessionEnded?.((sessionId) => {
    for (const recheck of bySession.get(sessionId) ?? []) recheck();
  });
  app.get(
    LIVE_PATH,
    {
      websocket: true,
      schema: { tags: ['live'], summary: 'WebSocket: live events of one project (see api/live.ts)' },
      preHandler: [
        async (request) => {
          const origin = request.headers.origin;
          const bearer =
            request.headers.authorization?.startsWith('Bearer ') ||
            webSocketBearer(request.headers['sec-websocket-protocol']) !== null;
          if (origin && !bearer && safeHost(origin) !== request.headers.host) {
            throw new AppError(ERR.NO_PERMISSION);
          }
        },
        app.requireSession,
      ],
    },
    (socket, request) => {
      const { accountId, id: sessionId } = sessionOf(request);
      // Held in an object: TypeScript would narrow a `let` to null across the awaits below.
      // One unsubscribe per project followed (one, or every project of the account).
      const sub: { offs: Map<number, () => void>; seq: number } = { offs: new Map(), seq: 0 };
      const unsubscribeAll = () => {
        for (const off of sub.offs.values()) off();
        sub.offs.clear();
      };
      const send = (m: LiveServerMessage) => {
        if (socket.readyState !== socket.OPEN) return;
        if (socket.bufferedAmount > LIVE_MAX_BUFFERED_BYTES) {
          socket.close(LIVE_CLOSE_CODES.TOO_SLOW, 'too slow');
          return;
        }
        socket.send(JSON.stringify(m));
      };
      socket.on('message', (raw, isBinary) => {
        void handle(socket, raw.toString(), isBinary);
      });
      // What is addressed to the account (a project transferred to it or shared with it) reaches
      // every socket of the account, whatever project it follows.
      const offAccount = opts.bus.subscribeAccount(accountId, (event) => send({ op: 'event', event }));
      // The session is re-checked on every subscribe and once a minute: a signed-out or revoked
      // session must not keep receiving a project's events on a long-lived socket.
      const sessionValid = async (): Promise<boolean> => {
        try {
          // requireSession reads only the request (its reply argument is unused).
          await app.requireSession(request, undefined as never);
          return true;
        } catch (err) {
          const code = err instanceof AppError ? err.code : ERR.NOT_SIGNED_IN;
          send({ op: 'error', code });
          socket.close(LIVE_CLOSE_CODES.SESSION_ENDED, 'session ended');
          return false;
        }
      };
      const recheck = setInterval(() => void sessionValid(), LIVE_SESSION_RECHECK_MS);
      recheck.unref();
      const recheckNow = () => void sessionValid();
      const ofSession = bySession.get(sessionId) ?? new Set();
      ofSession.add(recheckNow);
      bySession.set(sessionId, ofSession);
      socket.on('close', () => {
        clearInterval(recheck);
        ofSession.delete(recheckNow);
        if (ofSession.size === 0) bySession.delete(sessionId);
        sub.seq++;
        unsubscribeAll();
        offAccount();
      });

      async function handle(ws: WebSocket, text: string, isBinary: boolean): Promise<void> {
        let json: unknown;
        try {
          json = isBinary || text.length > MAX_CLIENT_FRAME_CHARS ? null : JSON.parse(text);
        } catch {
          json = null;
        }
        const parsed = liveClientMessageSchema.safeParse(json);
        if (!parsed.success) return send({ op: 'error', code: ERR.INVALID_PARAMETERS });
        const m = parsed.data;
        if (m.op === 'ping') return send({ op: 'pong' });
        const seq = ++sub.seq;
        unsubscribeAll();
        if (m.op === 'unsubscribe') return;
        if (!(await sessionValid())) return;
        if (m.projectId === LIVE_ALL_PROJECTS) {
          // Every project the account is a member of now (the data screen across them); a project
          // joined later is followed from the next subscribe (the page resubscribes on reconnect).
          const ids = await (opts.projectsOf?.(accountId) ?? Promise.resolve([])).catch(() => null);
          if (seq !== sub.seq || ws.readyState !== ws.OPEN) return;
          if (ids === null) return send({ op: 'error', code: ERR.SERVER_ERROR, projectId: m.projectId });
          for (const id of ids) follow(id);
          return send({ op: 'subscribed', projectId: m.projectId });
        }
        const member = await opts.memberAccess(m.projectId, accountId).catch(() => undefined);
        // A later subscribe (or the close) won the race: this one is void.
        if (seq !== sub.seq || ws.readyState !== ws.OPEN) return;
        // A share that expired is told as such, whether its event was sent before this subscribe or
        // not: the browser says "expired", not "not yours", as an API call would answer it.
        if (member?.expired) return send({ op: 'error', code: ERR.PROJECT_EXPIRED, projectId: m.projectId });
        if (!member) return send({ op: 'error', code: ERR.PROJECT_INVALID, projectId: m.projectId });
        follow(m.projectId);
        send({ op: 'subscribed', projectId: m.projectId });
      }

      // A share of this account ended (revoked, left, expired): its events stop at once — before
      // any other event of the project reaches this socket — and the browser is told why.
      function follow(projectId: number): void {
        const off = opts.bus.subscribe(projectId, (event) => {
          if (event.type === 'member.changed' && event.accountId === accountId && event.reason !== 'shared') {
            if (event.reason === 'changed') return send({ op: 'event', event });
            sub.offs.get(projectId)?.();
            sub.offs.delete(projectId);
            // The browser's console lets go of the project (the sharing feature's watcher), then
            // the channel's refusal: nothing of the project follows.
            send({ op: 'event', event });
            const code = event.reason === 'expired' ? ERR.PROJECT_EXPIRED : ERR.PROJECT_INVALID;
            return send({ op: 'error', code, projectId });
          }
          send({ op: 'event', event });
        });
        sub.offs.set(projectId, off);
      }
    },
  );
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
