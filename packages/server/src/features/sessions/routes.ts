/** The routes of My account's session card (domain `sessionEndpoints`). */
import {
  ACCESS_TYPES,
  type AccessType,
  describeUserAgent,
  sessionEndpoints as E,
  ERR,
  type SessionList,
} from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import type { AccountSessions, SessionRecord } from '../auth';

export interface SessionsFeatureDeps {
  sessions: AccountSessions;
}

function accessOf(client: string): AccessType {
  return (ACCESS_TYPES as readonly string[]).includes(client) ? (client as AccessType) : 'openapi';
}

function view(r: SessionRecord, currentId: number): SessionList['sessions'][number] {
  const ua = describeUserAgent(r.userAgent);
  return {
    id: r.id,
    client: accessOf(r.client),
    browser: ua.browser,
    device: ua.device,
    deviceKind: ua.kind,
    ip: r.ip,
    signedInAt: r.createdAt,
    lastActiveAt: r.lastSeenAt,
    current: r.id === currentId,
  };
}

export async function sessionRoutes(app: FastifyInstance, { sessions }: SessionsFeatureDeps): Promise<void> {
  route(app, E.list, async (request) => {
    const me = sessionOf(request);
    const [rows, oneSession] = await Promise.all([
      sessions.activeOf(me.accountId),
      sessions.oneSession(me.accountId),
    ]);
    return { oneSession, sessions: rows.map((r) => view(r, me.id)) };
  });
  route(app, E.setPolicy, async (request) => {
    await sessions.setOneSession(sessionOf(request).accountId, request.body.oneSession);
    return { oneSession: request.body.oneSession };
  });
  route(app, E.signOut, async (request) => {
    const me = sessionOf(request);
    if (!(await sessions.endOne(me.accountId, request.params.sessionId))) throw new AppError(ERR.NOT_EXIST);
    return {};
  });
  route(app, E.signOutOthers, async (request) => {
    const me = sessionOf(request);
    return { signedOut: await sessions.endOthers(me.accountId, me.id) };
  });
}
