import {
  socialEndpoints as E,
  type ErrorCode,
  SOCIAL_FLOW_TTL_SECONDS,
  SOCIAL_LOGIN_TAB,
  SOCIAL_PAGE_PATHS,
  SOCIAL_PENDING_TTL_SECONDS,
  SOCIAL_QUERY,
} from '@netloom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import type { Auth } from '../auth';
import type { SocialService } from './service';

/** Ties a started sign-in to the browser that started it (httpOnly; sent back on the provider's redirect). */
const FLOW_COOKIE = 'nl_social_flow';
/** The identity waiting to be bound in this browser. */
const TICKET_COOKIE = 'nl_social_ticket';
/** Only the social routes see these cookies. */
const COOKIE_PATH = '/api/social';

export interface SocialRoutesOptions {
  social: SocialService;
  auth: Pick<Auth, 'openSession'>;
  cookieSecure: boolean;
  /** PUBLIC_URL, or '' to take each request's own scheme and host. */
  publicUrl: string;
}

/** Social sign-in routes (domain `socialEndpoints`). */
export async function socialRoutes(app: FastifyInstance, opts: SocialRoutesOptions): Promise<void> {
  const { social, auth } = opts;

  // Lax (not Strict): the provider's redirect back is a top-level navigation from its site, and
  // must carry the flow cookie. Secure as the session cookies are (auth/cookies.ts).
  function setCookie(reply: FastifyReply, name: string, value: string, maxAge: number): void {
    const secure = opts.cookieSecure || reply.request.protocol === 'https';
    reply.setCookie(name, value, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge });
  }
  const clearCookie = (reply: FastifyReply, name: string) => reply.clearCookie(name, { path: COOKIE_PATH });

  function redirectUri(request: FastifyRequest, provider: string): string {
    const base = opts.publicUrl || `${request.protocol}://${request.host}`;
    const path = E.callback.path.replace(':provider', encodeURIComponent(provider));
    return new URL(path, base).toString();
  }

  /** A failed browser step lands on the page it came from, the code's message shown (`?reason=`). */
  function failed(reply: FastifyReply, code: ErrorCode, linking: boolean): FastifyReply {
    const q = new URLSearchParams({ [SOCIAL_QUERY.reason]: String(code) });
    if (!linking) q.set(SOCIAL_QUERY.tab, SOCIAL_LOGIN_TAB);
    return reply.redirect(`${linking ? SOCIAL_PAGE_PATHS.account : SOCIAL_PAGE_PATHS.login}?${q}`);
  }

  async function begin(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: string,
    flow: { accountId: number | null; rememberSeconds: number },
  ): Promise<FastifyReply> {
    try {
      const started = await social.start(provider, redirectUri(request, provider), flow);
      setCookie(reply, FLOW_COOKIE, started.browserToken, SOCIAL_FLOW_TTL_SECONDS);
      return reply.redirect(started.url.toString());
    } catch (error) {
      if (error instanceof AppError) return failed(reply, error.code, flow.accountId !== null);
      throw error;
    }
  }

  route(app, E.providers, async () => ({ providers: social.providers() }));

  route(app, E.start, async (request, reply) =>
    begin(request, reply, request.params.provider, {
      accountId: null,
      rememberSeconds: request.query.remember,
    }),
  );

  route(app, E.link, async (request, reply) =>
    begin(request, reply, request.params.provider, {
      accountId: sessionOf(request).accountId,
      rememberSeconds: 0,
    }),
  );

  route(app, E.callback, async (request, reply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const result = await social.callback(request.params.provider, query, request.cookies[FLOW_COOKIE]);
    clearCookie(reply, FLOW_COOKIE);
    if (!result.ok) {
      request.log.info({ provider: request.params.provider, code: result.code }, 'social sign-in refused');
      return failed(reply, result.code, result.linking);
    }
    const { outcome } = result;
    if (outcome.kind === 'linked') {
      return reply.redirect(`${SOCIAL_PAGE_PATHS.account}?${SOCIAL_QUERY.bound}=bound`);
    }
    if (outcome.kind === 'pending') {
      setCookie(reply, TICKET_COOKIE, outcome.ticket, SOCIAL_PENDING_TTL_SECONDS);
      return reply.redirect(SOCIAL_PAGE_PATHS.bind);
    }
    await auth.openSession(reply, outcome.accountId, 'web', outcome.rememberSeconds);
    return reply.redirect(SOCIAL_PAGE_PATHS.signedIn);
  });

  route(app, E.pending, async (request) => social.pending(request.cookies[TICKET_COOKIE]));

  route(app, E.bind, async (request, reply) => {
    const { accountId } = await social.bindPending(request.cookies[TICKET_COOKIE], request.body);
    clearCookie(reply, TICKET_COOKIE);
    await auth.openSession(reply, accountId, 'web', request.body.rememberSeconds);
    return {};
  });

  route(app, E.register, async (request, reply) => {
    const { accountId } = await social.registerPending(request.cookies[TICKET_COOKIE], request.body);
    clearCookie(reply, TICKET_COOKIE);
    await auth.openSession(reply, accountId, 'web', request.body.rememberSeconds);
    return {};
  });

  route(app, E.bindings, async (request) => social.bindings(sessionOf(request).accountId));

  route(app, E.unbind, async (request) => {
    await social.unbind(sessionOf(request).accountId, request.params.provider);
    return {};
  });
}
