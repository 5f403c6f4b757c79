import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import type { DevicePlane } from '../../gateway/plane';
import type { Clock } from '../../lib/clock';
import type { CommandService } from '../commands';
import type { Devices } from '../devices';
import { ConfigActions } from './actions';
import { CpeActions } from './cpe';
import { ConfigEngine, type ConfigEngineOptions } from './engine';
import type { FactsSource } from './facts';
import { CommandReplies } from './replies';
import { configRoutes } from './routes';
import { ConfigService } from './service';
import { ConfigStore } from './store';
import { ConfigViews } from './views';

export interface ConfigFeatureOptions {
  plane: DevicePlane & { commands: CommandService; devices: Devices };
  clock: Clock;
  logger: Logger;
  engine?: Partial<ConfigEngineOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The desired-state engine (tests drive `reconcile()` and `drain()`). */
    configEngine: ConfigEngine;
    /** Saves of settings documents (RF optimisation saves `radio` documents through it). */
    configService: ConfigService;
    configViews: ConfigViews;
    /** Commands whose reply carries a result (scans). */
    commandReplies: CommandReplies;
    configFacts: FactsSource;
  }
}

/**
 * The configuration feature (issue 4): settings documents, the desired-state engine on the device
 * plane, history, audit and the network/switch pages' actions. The engine starts with the app (after
 * migrations) and stops before the plane.
 */
export const configFeature = fp(async (app: FastifyInstance, opts: ConfigFeatureOptions): Promise<void> => {
  const { plane, clock } = opts;
  const store = new ConfigStore(app.db);
  const facts: FactsSource = { db: app.db, gateway: plane.gateway, hot: plane.devices };
  const engine = new ConfigEngine({
    store,
    gateway: plane.gateway,
    registry: plane.registry,
    bus: plane.bus,
    clock,
    logger: opts.logger.child({ component: 'config' }),
    facts,
    ...(opts.engine ? { options: opts.engine } : {}),
  });
  engine.attach();
  const service = new ConfigService(store, engine, facts, clock);
  const replies = new CommandReplies(plane.gateway, plane.commands);
  replies.attach();
  const actions = new ConfigActions({
    commands: plane.commands,
    replies,
    facts,
    store,
    service,
    engine,
    clock,
  });
  const cpe = new CpeActions({ commands: plane.commands, replies, facts, clock });
  const views = new ConfigViews(store, facts);
  service.uplinks = (deviceId) => cpe.lastSearch(deviceId)?.networks ?? null;
  views.lastSearch = (deviceId) => cpe.lastSearch(deviceId);
  app.decorate('configEngine', engine);
  app.decorate('configService', service);
  app.decorate('configViews', views);
  app.decorate('commandReplies', replies);
  app.decorate('configFacts', facts);
  app.addHook('onReady', async () => engine.start());
  app.addHook('preClose', async () => engine.stop());
  await app.register(configRoutes, {
    prefix: '/api/projects',
    service,
    views,
    actions,
    cpe,
  });
});
