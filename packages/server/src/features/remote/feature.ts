/**
 * Remote web management (issue 13 §3): a device's own web page through the console. The open and
 * close endpoints (`routes.ts`), the device's tunnel (`tunnel.ts`), the proxied pages (`proxy.ts`)
 * and their WebSockets (`socketProxy.ts`, `streams.ts`) over this node's in-memory sessions
 * (`sessions.ts`); with several nodes on one broker, the relay of pages to the node holding a
 * session (`relay.ts`). It owns no table: sessions
 * are live sockets; the change log (through the activity log) keeps who opened and ended which.
 */
import type { Feature } from '../../lib/feature';
import type { SessionResolver } from '../../plugins/auth';
import type { Auth } from '../auth';
import { remoteProxyRoutes } from './proxy';
import { remoteRoutes } from './routes';
import { type RemoteDeps, RemoteService } from './service';
import { remoteSocketHandlers } from './socketProxy';
import { remoteTunnelRoutes } from './tunnel';

export interface RemoteFeatureDeps extends RemoteDeps {
  /** The sign-in of a proxied request, and sign-outs (a session ends with the sign-in that opened it). */
  auth: Pick<Auth, 'onSessionEnded'> & { sessions: Pick<SessionResolver, 'resolve'> };
}

export interface RemoteFeature extends Feature {
  /** Ends sessions past their idle time or end now (tests; a timer does it). */
  sweep(): void;
}

export function createRemoteFeature(deps: RemoteFeatureDeps): RemoteFeature {
  const service = new RemoteService(deps);
  deps.auth.onSessionEnded((id) => service.signedOut(id));
  const now = () => deps.clock.now();
  return {
    name: 'remote',
    async routes(app) {
      service.relay?.listen(app);
      await remoteRoutes(app, { service });
      await remoteTunnelRoutes(app, { sessions: service.sessions, now });
      // Its own scope: the pages' bodies are passed on raw, whatever their type.
      await app.register(async (scope) => {
        const proxy = { service, sessions: deps.auth.sessions, now };
        await remoteProxyRoutes(scope, proxy, remoteSocketHandlers(proxy));
      });
    },
    start: async () => service.start(),
    stop: async () => service.stop(),
    sweep: () => service.sweep(),
  };
}
