import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import type { DevicePlane } from '../../gateway/plane';
import type { Clock } from '../../lib/clock';
import { ConfigStore } from '../config/store';
import { rfRoutes } from './routes';
import { type RfOptions, RfService } from './service';
import { RfStore } from './store';

export interface RfFeatureOptions {
  plane: DevicePlane;
  clock: Clock;
  logger: Logger;
  options?: Partial<RfOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** RF optimisation runs (tests drive `autoTick()`). */
    rf: RfService;
  }
}

/**
 * RF optimisation (issue 5 §2), on top of the configuration feature (register it after
 * `configFeature`): runs save `radio` documents through its service, and its saves of `rf`/`radio`
 * are refused while a run is under way.
 */
export const rfFeature = fp(async (app: FastifyInstance, opts: RfFeatureOptions): Promise<void> => {
  const rf = new RfService({
    store: new RfStore(app.db),
    configStore: new ConfigStore(app.db),
    config: app.configService,
    facts: app.configFacts,
    replies: app.commandReplies,
    bus: opts.plane.bus,
    clock: opts.clock,
    logger: opts.logger.child({ component: 'rf' }),
    ...(opts.options ? { options: opts.options } : {}),
  });
  app.configService.addGuard((projectId, kind) => rf.guard(projectId, kind));
  app.configViews.rfRunning = (projectId) => rf.isRunning(projectId);
  app.decorate('rf', rf);
  app.addHook('onReady', async () => rf.start());
  app.addHook('preClose', async () => rf.stop());
  await app.register(rfRoutes, { prefix: '/api/projects', rf });
});
