import { ERR, isDemoProject } from '@netloom/domain';
import type {
  FastifyInstance,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import { AppError } from '../../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * State-changing routes a demo visitor may still call: ending the demo session, and the analytics
 * terminal key the console asks for in the background (issue 15 §3) — it changes nothing another
 * visitor sees, and the demo's usage is part of the product's analytics.
 */
const ALLOWED_IN_DEMO = new Set([
  '/api/auth/logout',
  '/api/auth/demo',
  '/api/auth/login',
  '/api/analytics/terminal',
]);

export interface DemoIdentity {
  /** The demo account (shared by every demo session), once known. */
  accountId(): number | undefined;
}

/** Code 405 with the catalogue message "This operation is unavailable in demo projects." */
export function demoBlocked(): AppError {
  return new AppError(ERR.DEMO_BLOCKED, 403);
}

/**
 * Blocks every state-changing API route in demo projects, written once: an `onRoute` hook appends
 * one hook to every non-GET `/api/…` route registered after it, after the route's own
 * `requireSession` / `requireProjectRight` (before validation for the endpoints of lib/route.ts). It refuses with 405 when the route's project is a
 * demo project, or when the caller is the demo account (creating projects, profile, password,
 * preferences — the demo visitor changes nothing that the next visitor would see). Reads stay open.
 */
export function installDemoGuard(app: FastifyInstance, identity: DemoIdentity): void {
  const refuse: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    const access = request.projectAccess;
    if (access && isDemoProject({ id: access.projectId })) throw demoBlocked();
    const demoAccount = identity.accountId();
    if (demoAccount !== undefined && request.auth?.accountId === demoAccount) throw demoBlocked();
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => SAFE_METHODS.has(m))) return;
    if (!route.url.startsWith('/api/') || ALLOWED_IN_DEMO.has(route.url)) return;
    // After the route's own guards, wherever they are: the endpoints of lib/route.ts check session
    // and project right before validation (so does this, then), plain routes in their preHandler.
    const guards = route.preValidation;
    if (guards !== undefined && (!Array.isArray(guards) || guards.length > 0)) {
      const list: preValidationHookHandler[] = Array.isArray(guards) ? [...guards] : [guards];
      route.preValidation = [...list, refuse as preValidationHookHandler];
      return;
    }
    const own = route.preHandler;
    const list: preHandlerHookHandler[] = own === undefined ? [] : Array.isArray(own) ? [...own] : [own];
    route.preHandler = [...list, refuse as preHandlerHookHandler];
  });
}
