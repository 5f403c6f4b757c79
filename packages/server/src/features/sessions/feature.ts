/**
 * The sessions feature (issue 14 §5): the account's active sessions in My account — which browser
 * and device, from where, signed in and last active, "this device" — signing any of them or all
 * the others out, and the "one active session" option. No table of its own: the sessions and the
 * option are the auth feature's, asked through its public `accountSessions`.
 */
import type { Feature } from '../../lib/feature';
import { type SessionsFeatureDeps, sessionRoutes } from './routes';

export type { SessionsFeatureDeps } from './routes';

export function createSessionsFeature(deps: SessionsFeatureDeps): Feature {
  return { name: 'sessions', routes: (app) => sessionRoutes(app, deps) };
}
