import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { type DbHandle, openDatabase } from './db';
import { EmailBinding } from './features/account/email';
import { accountRoutes } from './features/account/routes';
import { AccountService } from './features/account/service';
import { AccountStore } from './features/account/store';
import { alarmsFeature } from './features/alarms/plugin';
import { CodeService } from './features/auth/codes';
import { PermissionStore } from './features/auth/permissions';
import { authRoutes } from './features/auth/routes';
import { AuthService } from './features/auth/service';
import { SessionService } from './features/auth/sessions';
import { AuthStore } from './features/auth/store';
import { type ConfigFeature, createConfigFeature } from './features/config';
import { type CpeFeature, createCpeFeature } from './features/cpe';
import { demoFeature } from './features/demo/plugin';
import { devicesFeature } from './features/devices/plugin';
import { metaRoutes } from './features/meta/routes';
import { metricsRoutes } from './features/metrics/routes';
import { createDeviceData, deviceDataPlugin } from './features/monitoring/plugin';
import { createNetworkFeature } from './features/network';
import { preferenceRoutes } from './features/preferences/routes';
import { projectRoutes } from './features/projects/routes';
import { ProjectService } from './features/projects/service';
import { ProjectStore } from './features/projects/store';
import { createRfFeature, type RfFeature } from './features/rf';
import { createSwitchingFeature } from './features/switching';
import { createWirelessFeature } from './features/wireless';
import { createDevicePlane } from './gateway/plane';
import { devicePlanePlugin } from './gateway/plugin';
import { type Clock, systemClock } from './lib/clock';
import { DEFAULT_SCRYPT_LOG_N } from './lib/crypto';
import { type Feature, mountFeatures } from './lib/feature';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { projectAccessPlugin } from './plugins/projectAccess';
import { rateLimitPlugin } from './plugins/rateLimit';
import { webPlugin } from './plugins/web';
import { type CodeMailer, logMailer, smtpMailer } from './transport/mail';
import { logSmsSender, type SmsSender, webhookSmsSender } from './transport/sms';

/** What tests (or an embedding process) may replace. Everything else comes from `Config`. */
export interface AppDeps {
  logger?: Logger;
  clock?: Clock;
  smsSender?: SmsSender;
  mailer?: CodeMailer;
  /** An already-open database (otherwise opened from DATABASE_URL and closed with the app). */
  database?: DbHandle;
  /** scrypt cost as log2(N); default 15. Tests lower it explicitly to stay fast. */
  scryptLogN?: number;
}

/** The features `buildApp` built, for tests and operations (features never read it: they get deps). */
export interface AppFeatures {
  config: ConfigFeature;
  network: Feature;
  switching: Feature;
  wireless: Feature;
  rf: RfFeature;
  cpe: CpeFeature;
}

declare module 'fastify' {
  interface FastifyInstance {
    features: AppFeatures;
  }
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({ level: config.LOG_LEVEL });
}

/** Builds the Fastify app (no listen, no migrations): infrastructure plugins, then features. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const logger = deps.logger ?? createLogger(config);
  const clock = deps.clock ?? systemClock;
  const database = deps.database ?? openDatabase(config.DATABASE_URL);
  const mailer =
    deps.mailer ?? (config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.SMTP_FROM) : logMailer(logger));
  const sms =
    deps.smsSender ??
    (config.SMS_PROVIDER === 'webhook' ? webhookSmsSender(config.SMS_WEBHOOK_URL) : logSmsSender(logger));

  const accountStore = new AccountStore(database.db);
  const authStore = new AuthStore(database.db);
  const projectStore = new ProjectStore(database.db);
  const permissionStore = new PermissionStore(database.db);
  // The device plane (issue 3): plane.registry / gateway / bus / writer / commands / devices.
  const plane = createDevicePlane(config, { db: database.db, logger, clock });
  // Telemetry rollups, client snapshots and monitoring (issue 3), fed by the plane's gateway.
  const deviceData = createDeviceData({
    db: database.db,
    clock,
    logger,
    retentionDays: config.TELEMETRY_RETENTION_DAYS,
    sampleIntervalMs: config.SERIES_SAMPLE_SECONDS * 1000,
    gateway: plane.gateway,
    live: plane.bus,
    commands: plane.commands,
    registry: plane.registry,
    hotState: plane.writer,
  });
  const sessions = new SessionService(authStore, clock);
  const codes = new CodeService(authStore, mailer, sms, clock, logger);
  const auth = new AuthService(accountStore, authStore, codes, sessions, clock, {
    scryptLogN: deps.scryptLogN ?? DEFAULT_SCRYPT_LOG_N,
  });
  const accounts = new AccountService(accountStore, clock);
  const projects = new ProjectService(projectStore, clock, {
    projectLimit: config.PROJECT_LIMIT,
    dailyProjectLimit: config.DAILY_PROJECT_LIMIT,
  });

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.TRUST_PROXY,
    // Per-request lines at info drown the log (every device WebSocket is a request); failures are
    // logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Infrastructure, wired here and only here.
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database, owned: deps.database === undefined });
  app.addHook('onClose', async () => mailer.close());
  await app.register(cookie);
  await app.register(authPlugin, { sessions });
  await app.register(projectAccessPlugin, {
    memberAccess: (projectId, accountId) => projectStore.memberAccess(projectId, accountId),
    permissionsOf: (accountId) => permissionStore.of(accountId),
  });
  await app.register(openapiPlugin);
  // The live demo before the features: its guard (405 in demo projects) must see every route.
  await app.register(demoFeature, {
    config,
    plane,
    sessions,
    accounts: accountStore,
    authStore,
    clock,
  });

  // Features, each encapsulated under its prefix.
  await app.register(
    async (scope) => {
      if (config.AUTH_RATE_LIMIT > 0)
        await scope.register(rateLimitPlugin, { perMinute: config.AUTH_RATE_LIMIT });
      await scope.register(authRoutes, {
        auth,
        clock,
        cookieSecure: config.COOKIE_SECURE,
        permissions: permissionStore,
      });
    },
    { prefix: '/api/auth' },
  );
  await app.register(accountRoutes, {
    prefix: '/api/account',
    accounts,
    emailBinding: new EmailBinding(accountStore, codes, clock),
  });
  await app.register(projectRoutes, { prefix: '/api/projects', projects });
  await app.register(metaRoutes, { prefix: '/api/meta' });
  await app.register(devicePlanePlugin, {
    plane,
    rightOf: (projectId, accountId) => projectStore.rightOf(projectId, accountId),
  });
  await app.register(devicesFeature, {
    registry: plane.registry,
    gateway: plane.gateway,
    bus: plane.bus,
    hot: plane.devices,
    clock,
    accountDeviceLimit: config.ACCOUNT_DEVICE_LIMIT,
  });
  await app.register(preferenceRoutes, { prefix: '/api/account/preferences', clock });
  // The desired-state engine (issue 4) and the features of its settings kinds (issues 4, 5). The
  // engine's device handlers (hello, state, configResult, then reply) run at this place in the order.
  const configFeature = createConfigFeature({
    db: database.db,
    gateway: plane.gateway,
    registry: plane.registry,
    bus: plane.bus,
    hot: plane.devices,
    commands: plane.commands,
    clock,
    logger,
  });
  const features: AppFeatures = {
    config: configFeature,
    network: createNetworkFeature({ config: configFeature, clock }),
    switching: createSwitchingFeature({ config: configFeature, commands: plane.commands, clock }),
    wireless: createWirelessFeature({ config: configFeature }),
    rf: createRfFeature({ db: database.db, config: configFeature, bus: plane.bus, clock, logger }),
    cpe: createCpeFeature({ config: configFeature, commands: plane.commands, clock }),
  };
  const { network, switching, wireless, rf, cpe } = features;
  await mountFeatures(app, plane.gateway, [configFeature, network, switching, wireless, rf, cpe]);
  app.decorate('features', features);
  await app.register(deviceDataPlugin, { data: deviceData, gateway: plane.gateway });
  // Alarms and device events (the alarm list, the header bell, mark read, CSV export).
  await app.register(alarmsFeature, { writer: plane.writer, bus: plane.bus });
  if (config.METRICS_ENABLED) {
    await app.register(metricsRoutes, {
      gateway: plane.gateway,
      deviceWriter: plane.writer,
      telemetry: deviceData.telemetry.writer,
    });
  }

  await app.register(webPlugin, { webDir: config.WEB_DIR });
  return app;
}
