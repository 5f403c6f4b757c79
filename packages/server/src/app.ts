import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { type DbHandle, openDatabase, WriteThread } from './db';
import { type AccountFeature, createAccountFeature } from './features/account';
import { createAccountsFeature } from './features/accounts';
import { type ActivationFeature, createActivationFeature } from './features/activation';
import { type AlarmsFeature, createAlarmsFeature } from './features/alarms';
import { createAnalyticsFeature } from './features/analytics';
import { createApiKeysFeature } from './features/apiKeys';
import { type AuthFeature, createAuthFeature } from './features/auth';
import { createBackupFeature } from './features/backup';
import { createBlacklistFeature } from './features/blacklist';
import { type ClientsFeature, createClientsFeature } from './features/clients';
import { createClockControlFeature } from './features/clockControl';
import { type CommandsFeature, createCommandsFeature } from './features/commands';
import { type ConfigFeature, createConfigFeature } from './features/config';
import { type CpeFeature, createCpeFeature } from './features/cpe';
import { createDataScreenFeature } from './features/datascreen';
import { createDemoFeature, type DemoFeature, type DemoUnit } from './features/demo';
import { createDevicesFeature, type DevicesFeature } from './features/devices';
import {
  createExperienceFeature,
  type ExperienceFeature,
  type ExperienceSimulator,
} from './features/experience';
import { createFirmwareFeature } from './features/firmware';
import { createMaintenanceFeature } from './features/maintenance';
import { createManagementModeFeature } from './features/managementMode';
import { createMapsFeature, type MapsFeature } from './features/maps';
import { createMetaFeature } from './features/meta';
import { createMetricsFeature } from './features/metrics';
import { createMonitoringFeature } from './features/monitoring';
import { createNetworkFeature } from './features/network';
import { createNotificationsFeature } from './features/notifications';
import { createNvrFeature } from './features/nvr';
import { createPreferencesFeature } from './features/preferences';
import { createProjectsFeature, type ProjectsFeature } from './features/projects';
import { createProtocolFeature } from './features/protocol';
import { createRebootSchedulesFeature, type RebootSchedulesFeature } from './features/rebootSchedules';
import { createRemoteFeature, type RemoteFeature } from './features/remote';
import { createRfFeature, type RfFeature } from './features/rf';
import { createRunlogFeature, type RunlogFeature } from './features/runlog';
import { createScanLoginFeature } from './features/scanLogin';
import { createSearchFeature } from './features/search';
import { createSessionsFeature } from './features/sessions';
import { createSharingFeature, type SharingFeature } from './features/sharing';
import { createSocialFeature } from './features/social';
import { createSolutionsFeature } from './features/solutions';
import { createSupportedModelsFeature } from './features/supportedModels';
import { createSwitchingFeature } from './features/switching';
import { createTelemetryFeature, type TelemetryFeature } from './features/telemetry';
import { createTopologyFeature } from './features/topology';
import { createTransferFeature } from './features/transfer';
import { createVerificationFeature } from './features/verification';
import { createWirelessFeature } from './features/wireless';
import { createDevicePlane } from './gateway/plane';
import { devicePlanePlugin } from './gateway/plugin';
import { ActivityLog } from './lib/activity';
import { type Clock, MovableClock, systemClock } from './lib/clock';
import { DEFAULT_SCRYPT_LOG_N } from './lib/crypto';
import { type Feature, mountFeatures } from './lib/feature';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { clientErrorHandler, frameworkErrors } from './plugins/frameworkErrors';
import { nulTextPlugin } from './plugins/nulText';
import { openapiPlugin } from './plugins/openapi';
import { projectAccessPlugin } from './plugins/projectAccess';
import { securityPlugin } from './plugins/security';
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
  /**
   * The simulator's plan of the live demo's fleet (`DEMO_FLEET`): `main.ts` makes it, since the app
   * knows no simulator. Without it the demo has no devices.
   */
  demoUnits?: readonly DemoUnit[];
  /** The embedded simulator experience projects run their fleets with (`main.ts`); none: they are off. */
  experienceSimulator?: ExperienceSimulator;
}

/**
 * The built features, for tests and `main.ts` (`app.features`). Features never read it: each gets
 * what it asks for as a typed dependency in `buildApp`.
 */
export interface AppFeatures {
  readonly account: AccountFeature;
  readonly auth: AuthFeature;
  readonly projects: ProjectsFeature;
  readonly alarms: AlarmsFeature;
  readonly devices: DevicesFeature;
  readonly commands: CommandsFeature;
  readonly telemetry: TelemetryFeature;
  readonly clients: ClientsFeature;
  readonly config: ConfigFeature;
  readonly network: Feature;
  readonly switching: Feature;
  readonly wireless: Feature;
  readonly rf: RfFeature;
  readonly cpe: CpeFeature;
  readonly demo: DemoFeature;
  readonly maps: MapsFeature;
  readonly runlog: RunlogFeature;
  readonly rebootSchedules: RebootSchedulesFeature;
  readonly remote: RemoteFeature;
  readonly sharing: SharingFeature;
  readonly experience: ExperienceFeature;
  readonly activation: ActivationFeature;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The built features (see {@link AppFeatures}). */
    features: AppFeatures;
  }
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({ level: config.LOG_LEVEL });
}

/** The write thread's module: beside this one in the sources (tests, through tsx) and in the bundle. */
const WRITE_WORKER = new URL(
  `./writeWorker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
  import.meta.url,
);

/**
 * Builds the Fastify app (no listen, no migrations), in one readable place: the infrastructure, the
 * features built with what each asks for, then the feature list — the order of their device-message
 * handlers, of their start (stop in reverse) — and the infrastructure plugins that serve them.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const logger = deps.logger ?? createLogger(config);
  const movable = !deps.clock && config.CLOCK_CONTROL ? new MovableClock() : null;
  const clock = deps.clock ?? movable ?? systemClock;
  const database = deps.database ?? openDatabase(config.DATABASE_URL);
  const db = database.db;
  const mailer =
    deps.mailer ?? (config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.SMTP_FROM) : logMailer(logger));
  const sms =
    deps.smsSender ??
    (config.SMS_PROVIDER === 'webhook' ? webhookSmsSender(config.SMS_WEBHOOK_URL) : logSmsSender(logger));
  // A SQLite file: the ingest path's batch transactions run on a thread of their own (db/writeThread.ts).
  const writeThread = database.sqliteFile
    ? new WriteThread(WRITE_WORKER, database.sqliteFile.path, database.sqliteFile.lock, logger)
    : null;
  await writeThread?.open();
  // The device plane: registry, gateway, dispatcher, live bus, batched device writer. It knows no feature.
  const plane = createDevicePlane(config, { db, logger, clock, writeThread });
  const { registry, gateway, bus, writer } = plane;
  const deviceLog = logger.child({ component: 'devices' });
  // What people do in a project (device added, client forced offline…), written by the change log's owner.
  const activity = new ActivityLog();

  // ── Features, each built from the infrastructure and the public interfaces it asks for ──────────
  const verification = createVerificationFeature({ db, clock, logger, mailer, sms });
  const account = createAccountFeature({ db, clock, codes: verification });
  const auth = createAuthFeature({
    db,
    clock,
    accounts: account,
    codes: verification,
    cookieSecure: config.COOKIE_SECURE,
    rateLimitPerMinute: config.AUTH_RATE_LIMIT,
    codesPerSource: config.CODE_RATE_LIMIT,
    scryptLogN: deps.scryptLogN ?? DEFAULT_SCRYPT_LOG_N,
    peers: gateway.peers(),
  });
  // Scan-to-login: the phone's confirmation opens the desktop's session through sign-in's public interface.
  const scanLogin = createScanLoginFeature({
    db,
    clock,
    accounts: account,
    auth,
    cookieSecure: config.COOKIE_SECURE,
    authRateLimit: config.AUTH_RATE_LIMIT,
  });
  // Social sign-in (OpenID Connect): proves accounts and opens sessions through auth.
  const social = createSocialFeature({
    db,
    clock,
    auth,
    accounts: account,
    codes: verification,
    providers: config.SOCIAL_PROVIDERS,
    publicUrl: config.PUBLIC_URL,
    cookieSecure: config.COOKIE_SECURE,
    rateLimitPerMinute: config.AUTH_RATE_LIMIT,
  });
  const devices = createDevicesFeature({
    db,
    registry,
    gateway,
    writer,
    bus,
    clock,
    logger: deviceLog,
    activity,
    accountDeviceLimit: config.ACCOUNT_DEVICE_LIMIT,
    // Embedded broker: every device connection died with the previous process.
    resetStatusesOnStart: plane.mode === 'embedded',
  });
  const projects = createProjectsFeature({
    db,
    clock,
    limits: { projectLimit: config.PROJECT_LIMIT, dailyProjectLimit: config.DAILY_PROJECT_LIMIT },
    devices,
  });
  const alarms = createAlarmsFeature({ db, logger: deviceLog, projects, devices, writer, bus });
  const commands = createCommandsFeature({
    db,
    gateway,
    bus,
    registry,
    clock,
    logger: deviceLog,
    sharedJobs: plane.mode === 'external',
  });
  const telemetry = createTelemetryFeature({
    db,
    clock,
    logger,
    bus,
    hotState: writer,
    devices,
    retentionDays: config.TELEMETRY_RETENTION_DAYS,
    sampleIntervalMs: config.SERIES_SAMPLE_SECONDS * 1000,
    writeThread,
  });
  telemetry.onRetention(alarms.pruneHistory);
  const clients = createClientsFeature({
    db,
    clock,
    logger,
    bus,
    series: telemetry.series,
    retention: telemetry,
    projects,
    devices,
    commands,
    activity,
    registry,
    gateway,
    writeThread,
  });
  // The desired-state engine and the features of its settings kinds (network, switching, wireless,
  // RF and radios, CPE bridges): each kind feature registers its kinds with the engine.
  const configFeature = createConfigFeature({
    db,
    gateway,
    registry,
    bus,
    devices,
    projects,
    clock,
    logger,
    activity,
  });
  const network = createNetworkFeature({ config: configFeature, commands, clock });
  const switching = createSwitchingFeature({ config: configFeature, commands, clients, clock });
  const wireless = createWirelessFeature({ config: configFeature });
  const rf = createRfFeature({ db, config: configFeature, commands, clients, projects, bus, clock, logger });
  const cpe = createCpeFeature({ config: configFeature, commands, clock });
  const blacklist = createBlacklistFeature({ config: configFeature, clock });
  const clockControl = movable ? createClockControlFeature({ clock: movable }) : null;
  const metrics = config.METRICS_ENABLED
    ? createMetricsFeature({ gateway, deviceWriter: writer, telemetry })
    : null;
  const monitoring = createMonitoringFeature({ db, clock, logger, alarms, projects, retention: telemetry });
  const topology = createTopologyFeature({ db, clock, config: configFeature });
  // The data screen asks projects, monitoring and alarms (their public interfaces) for its figures.
  const dataScreen = createDataScreenFeature({ db, clock, projects, monitoring, alarms });
  const notifications = createNotificationsFeature({
    db,
    clock,
    logger,
    mailer,
    alarms,
    projects,
    batchWindowMs: config.NOTIFY_BATCH_SECONDS * 1000,
  });
  const preferences = createPreferencesFeature({ db, clock });
  const maintenance = createMaintenanceFeature({ devices, registry, gateway, commands, activity, clock });
  const managementMode = createManagementModeFeature({
    devices,
    registry,
    gateway,
    commands,
    config: configFeature,
    activity,
    clock,
    logger: deviceLog,
  });
  // Scheduled and cyclic reboots: the restart is maintenance's (asked through its public interface).
  const rebootSchedules = createRebootSchedulesFeature({
    db,
    devices,
    projects,
    maintenance,
    activity,
    clock,
    logger,
    timeFactor: config.REBOOT_SCHEDULE_TIME_FACTOR,
  });
  const nvr = createNvrFeature({ devices, registry, gateway, commands, activity, clock });
  const backup = createBackupFeature({
    db,
    logger,
    devices,
    registry,
    gateway,
    commands,
    config: configFeature,
    activity,
    bus,
    clock,
  });
  // The system log: the change log's rows (config), plus what it records itself — maintenance
  // results (commands), status transitions (devices) — pruned per project in telemetry's run.
  const runlog = createRunlogFeature({
    db,
    clock,
    logger,
    config: configFeature,
    activity,
    commands,
    devices,
    projects,
    retention: telemetry,
    defaultRetentionDays: config.TELEMETRY_RETENTION_DAYS,
  });
  const maps = createMapsFeature({ db, clock, logger, dataDir: config.DATA_DIR, rf });
  // Remote web management: sessions end with the sign-in that opened them (auth's sign-outs).
  const remote = createRemoteFeature({
    devices,
    registry,
    gateway,
    commands,
    activity,
    clock,
    logger,
    auth,
    openTimeoutMs: config.REMOTE_OPEN_TIMEOUT_MS,
    tunnelUrl: config.REMOTE_TUNNEL_URL,
  });
  const firmware = createFirmwareFeature({
    db,
    dataDir: config.DATA_DIR,
    devices,
    registry,
    gateway,
    commands,
    activity,
    accounts: account,
    clock,
  });
  const meta = createMetaFeature();
  const transfer = createTransferFeature({
    accounts: account,
    projects,
    devices,
    codes: verification,
    activity,
    bus,
    clock,
    limits: { projectLimit: config.PROJECT_LIMIT, accountDeviceLimit: config.ACCOUNT_DEVICE_LIMIT },
  });
  const accountsAdmin = createAccountsFeature({ db, accounts: account, auth, clock });
  const activation = createActivationFeature({ db, clock, logger, auth, devices, projects });
  const supportedModels = createSupportedModelsFeature({ firmware });
  // Analytics: the signed upload, terminal keys (ending with auth's sign-outs) and the data pivot.
  const analytics = createAnalyticsFeature({
    db,
    clock,
    auth,
    retention: telemetry,
    retentionDays: config.ANALYTICS_RETENTION_DAYS,
  });
  const demo = createDemoFeature({
    db,
    clock,
    logger,
    enabled: config.DEMO_ENABLED,
    units: deps.demoUnits ?? [],
    accounts: account,
    auth,
    projects,
    devices,
    maps,
    gateway,
    server: { mqttUrl: config.MQTT_URL, host: config.HOST, provisioningKey: config.PROVISIONING_KEY },
    authRateLimit: config.AUTH_RATE_LIMIT,
    historyDays: config.DEMO_BACKFILL_DAYS,
  });
  // Experience projects: a user's own simulated fleet, run like the demo's (its fleet URL and options).
  const experience = createExperienceFeature({
    db,
    clock,
    logger,
    simulator: deps.experienceSimulator,
    accounts: account,
    projects,
    devices,
    demo,
    devicesPerProject: config.EXPERIENCE_DEVICES,
    maxDevices: config.EXPERIENCE_MAX_DEVICES,
  });
  const sharing = createSharingFeature({ db, clock, bus, logger, accounts: account, projects });
  // After the demo: its names show in demo projects' search hits.
  const search = createSearchFeature({ db, projects, auth, demo });
  // My account's sessions (auth's) and personal API keys (resolved by the auth plugin below).
  const sessions = createSessionsFeature({ sessions: auth.accountSessions });
  const apiKeys = createApiKeysFeature({
    db,
    clock,
    projects,
    accounts: account,
    ratePerSecond: config.API_KEY_RATE_PER_SECOND,
    rateBurst: config.API_KEY_RATE_BURST,
  });
  // The solution generator: per account, routes only.
  const solutions = createSolutionsFeature({ db, clock, accounts: account });

  // ── The feature list ────────────────────────────────────────────────────────────────────────────
  // Read top to bottom: each device message runs its handlers in this order (one after the other,
  // per device), features start in this order once the registry is loaded and before devices may
  // connect, and stop in reverse before the device writer's last flush.
  const features: Feature[] = [
    // hello, state, events; and every message marks the device seen. First: the hot state and the
    // devices row are what every later handler reads (a claimed device's type, its last state).
    devices,
    // hello: resend the device's open command jobs (it has subscribed to its down topics by now);
    // reply: the job (done or failed), then its result to whoever waits for it (route table, Wi-Fi
    // scans); progress: the job.
    commands,
    // hello/state: the configuration version a device runs (it reads the hot state above; a device
    // joining a project with saved documents gets its document at its first hello); configResult:
    // applied or refused.
    configFeature,
    // No device handlers of their own: each registers its settings kinds with the engine above.
    network,
    switching,
    wireless,
    rf,
    cpe,
    blacklist,
    // hello: counters restart on a new boot id; state: CPU/memory for the next sample; telemetry.
    telemetry,
    // clients snapshots; an offline state or a lost connection empties the device's client list.
    clients,
    // state: a threshold alarm (CPU, memory) back under its threshold clears (reads nothing above).
    alarms,
    // reply: a `backup` reply's file onto its backup (after commands: the job is finished first);
    // configResult: an applied version starts the project's automatic backup (after configuration).
    backup,
    // state: a device asked back to cloud management that reports it gets its configuration again
    // (after devices, whose hot state the engine renders from, and after configuration's own).
    managementMode,
    // telemetry: remembers the device's timestamp until the sample commits (after telemetry's own).
    ...(metrics ? [metrics] : []),
    ...(clockControl ? [clockControl] : []),
    // No device handlers below: their position is only their start order.
    verification,
    account,
    auth,
    scanLogin,
    sessions,
    apiKeys,
    social,
    projects,
    monitoring,
    // The network topology: a read model over the devices rows and the saved settings, plus its
    // manual nodes; no device handlers.
    topology,
    // Global search: a read model over devices and clients, no device handlers.
    search,
    // After alarms (it follows what they raise and clear); it stops before them, sending what it collected.
    notifications,
    preferences,
    // Restart, locate, reset: no device handlers (its jobs' replies are the commands feature's).
    maintenance,
    // Reboot schedules: no device handlers; its tick starts once devices and maintenance are up and
    // stops (awaiting a slot in progress) before them.
    rebootSchedules,
    // NVR disk formatting: no device handlers (its jobs' progress and replies are the commands feature's).
    nvr,
    // The system log: no device handlers; it follows devices' status transitions and jobs' ends
    // through their public interfaces, and writes what it collected when it stops.
    runlog,
    // Firmware files and upgrades: no device handlers (its jobs' progress and replies are the commands
    // feature's); at start it sweeps the files no row names.
    firmware,
    // Floor-plan maps: no device handlers, nothing to start.
    maps,
    // Remote web management: no device handlers (its `remoteWeb` replies are the commands feature's;
    // the tunnels are WebSockets of its own); it sweeps idle sessions and ends them all when it stops.
    remote,
    // The data screen: a read across projects, monitoring and alarms plus its settings; no device handlers.
    dataScreen,
    // Transfer of ownership and account management: routes only, no device handlers.
    transfer,
    accountsAdmin,
    // Activation statistics: no device handlers; it follows devices coming online through the devices
    // feature's public interface and writes what it collected when it stops. Supported models: routes only.
    activation,
    supportedModels,
    // Analytics upload and data pivot: no device handlers; its events are pruned in telemetry's retention run.
    analytics,
    // Sharing: no device handlers; its expiry watcher starts with the app and stops before projects.
    sharing,
    // The solution generator: routes only, no device handlers.
    solutions,
    meta,
    // The device protocol's JSON Schemas, public: no device handlers, nothing to start.
    createProtocolFeature(),
    // Last to start: it claims its fleet through devices (started above) before devices may connect.
    demo,
    // After the demo (its fleet URL); its fleets start when the server listens and stop first.
    experience,
  ];

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.TRUST_PROXY,
    // Per-request lines at info drown the log (every device WebSocket is a request); failures are
    // logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // Refusals before routing answer in the envelope too (plugins/frameworkErrors.ts).
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // ── Infrastructure plugins, wired here and only here ────────────────────────────────────────────
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(nulTextPlugin);
  await app.register(dbPlugin, { database, owned: deps.database === undefined, writeThread });
  app.addHook('onClose', async () => mailer.close());
  await app.register(cookie);
  await app.register(authPlugin, { sessions: auth.sessions, keys: apiKeys.keys });
  await app.register(projectAccessPlugin, {
    memberAccess: (projectId, accountId) => projects.memberAccess(projectId, accountId),
    permissionsOf: (accountId) => auth.permissionsOf(accountId),
    onVisit: (visit) => void runlog.visited(visit),
  });
  // Before every route, so the document has them all.
  await app.register(openapiPlugin, { version: meta.version });
  // WebSockets: MQTT at /mqtt (embedded broker) and the browser live channel /api/live.
  await app.register(devicePlanePlugin, {
    plane,
    memberAccess: (p, a) => projects.memberAccess(p, a),
    projectsOf: async (a) => (await projects.ofMember(a)).map((p) => p.id),
    onSessionEnded: (fn) => auth.onSessionEndedAnywhere(fn),
  });

  // The features: handlers, app-wide hooks, routes; start and stop inside the plane's life cycle
  // (registry loaded and writer running → features start → devices may connect; the reverse on close).
  await mountFeatures(app, gateway, features, plane);

  await app.register(webPlugin, { webDir: config.WEB_DIR });
  app.decorate('features', {
    account,
    auth,
    projects,
    alarms,
    devices,
    commands,
    telemetry,
    clients,
    config: configFeature,
    network,
    switching,
    wireless,
    rf,
    cpe,
    demo,
    maps,
    runlog,
    rebootSchedules,
    remote,
    sharing,
    experience,
    activation,
  } satisfies AppFeatures);
  return app;
}
