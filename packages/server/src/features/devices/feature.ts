import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { DeviceWriter } from '../../gateway/deviceWriter';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { LiveBus } from '../../live/bus';
import { DeviceIngest, type DeviceOnline, type HotDevice, type StatusChange } from './device';
import { DeviceImport } from './import';
import { LateKindCheck } from './late';
import { type Admission, type Candidate, Onboarding } from './onboarding';
import { ProblemLog } from './problems';
import { deviceRoutes } from './routes';
import { DeviceService } from './service';
import { type DeviceSnapshot, projectSnapshots, snapshotsByIds } from './snapshot';
import { DeviceStore } from './store';

/** What other features ask of devices. */
export interface Devices {
  /** This node's hot state of a device (what it last said in `hello` and `state`), claimed or not. */
  get(sn: string): HotDevice | undefined;
  /**
   * Claims for the system at start-up, before devices may connect (the live demo's fleet): the
   * onboarding rules without the account device limit, and no per-claim broker credentials — the
   * gateway provisions every claimed device when it starts accepting devices.
   */
  seed(projectId: number, candidates: readonly Candidate[]): Promise<Admission[]>;
  /**
   * Claims for the system at run time (an experience project's simulated fleet): the onboarding
   * rules without the account device limit, with broker credentials like any claim.
   */
  claimForSystem(projectId: number, candidates: readonly Candidate[]): Promise<Admission[]>;
  /** The project's devices: each row overlaid with this node's hot state (the configuration engine). */
  snapshots(projectId: number): Promise<DeviceSnapshot[]>;
  /** These devices (those that exist), as {@link Devices.snapshots} gives them. */
  snapshotsOf(deviceIds: readonly number[]): Promise<DeviceSnapshot[]>;
  /** Devices and online devices per project (absent: none), online as the device list counts it. */
  countsByProject(projectIds: readonly number[]): Promise<Map<number, { devices: number; online: number }>>;
  /**
   * The project of each of these devices that still exists (absent: deleted) — a device filter's
   * check, or the samples of a device deleted while they were queued.
   */
  projectsOf(deviceIds: readonly number[]): Promise<Map<number, number>>;
  /** Which of these SNs (exactly as given) are claimed, in any project. */
  claimedSns(sns: readonly string[]): Promise<Set<string>>;
  /** The devices whose last stored state reported local management (management mode 2). */
  locallyManaged(): Promise<number[]>;
  /** Status transitions of claimed devices heard by this node (offline, back online…). */
  onStatusChanged(fn: (change: StatusChange) => void): () => void;
  /**
   * A claimed device online in its project on this node: back from offline, or claimed while
   * connected (the moment a device is first online in a project is its activation).
   */
  onOnline(fn: (e: DeviceOnline) => void): () => void;
}

export interface DevicesDeps {
  db: Db;
  registry: DeviceRegistry;
  gateway: Pick<DeviceGateway, 'provision' | 'deprovision' | 'clearRetained' | 'isConnected'>;
  writer: DeviceWriter;
  bus: LiveBus;
  clock: Clock;
  logger: Logger;
  /** The change log: add, claim, delete and imports are recorded there. */
  activity: ActivityLog;
  /** Devices per account across the projects it owns (code 1162). */
  accountDeviceLimit: number;
  /** Embedded broker: every connection died with the previous process, so start all offline. */
  resetStatusesOnStart: boolean;
}

export interface DevicesFeature extends Feature, Devices {}

/**
 * Devices: onboarding (add by SN, claim, import) and the device list under `/api/projects/:id/devices`,
 * and the ingest of `hello`/`state`/`events` into the hot state and the batched `devices` writes.
 */
export function createDevicesFeature(deps: DevicesDeps): DevicesFeature {
  const { db, registry, gateway, bus, clock, logger } = deps;
  const store = new DeviceStore(db);
  const ingest = new DeviceIngest({
    db,
    registry,
    writer: deps.writer,
    bus,
    resetStatusesOnStart: deps.resetStatusesOnStart,
  });
  const hot = {
    get: (sn: string) => ingest.get(sn),
    offer: (sn: string, at: number) => ingest.offerAgain(sn, at),
  };
  const onboarding = new Onboarding(
    store,
    { registry, gateway, bus, hot },
    clock,
    logger,
    deps.accountDeviceLimit,
  );
  const seeding = new Onboarding(
    store,
    {
      registry,
      gateway: {
        provision: async () => {},
        deprovision: (sn) => gateway.deprovision(sn),
        clearRetained: (sn) => gateway.clearRetained(sn),
        isConnected: (sn) => gateway.isConnected(sn),
      },
      bus,
      hot,
    },
    clock,
    logger,
    Number.MAX_SAFE_INTEGER,
  );
  const systemClaims = new Onboarding(
    store,
    { registry, gateway, bus, hot },
    clock,
    logger,
    Number.MAX_SAFE_INTEGER,
  );
  const late = new LateKindCheck(db, store, logger, bus);
  const problems = new ProblemLog({ db, writer: deps.writer, bus, logger });
  const devices = new DeviceService(store, onboarding, clock, deps.activity);
  const seen = ingest.seen.bind(ingest);
  return {
    name: 'devices',
    device: {
      // The hot state first (what the device is and says), then the kind check of a device added
      // by SN before it ever connected (its type is learnt here).
      hello: [(ctx, d) => ingest.handleHello(ctx, d), (ctx, d) => late.onHello(ctx, d)],
      state: (ctx, d) => ingest.handleState(ctx, d),
      events: (ctx, d) => ingest.handleEvents(ctx, d),
      telemetry: seen,
      clients: seen,
      reply: seen,
      progress: seen,
      connection: (sn, connected, at) => ingest.handleConnection(sn, connected, at),
      refused: (r, device) => problems.record(r, device),
    },
    routes: (app) =>
      deviceRoutes(app, { devices, importer: new DeviceImport(store, onboarding, deps.activity, clock) }),
    start: async () => {
      await ingest.start();
      problems.start();
    },
    stop: async () => {
      ingest.stop();
      await problems.stop();
    },
    get: hot.get,
    seed: (projectId, candidates) => seeding.admit(projectId, candidates),
    snapshots: (projectId) => projectSnapshots(db, hot, projectId),
    snapshotsOf: (deviceIds) => snapshotsByIds(db, hot, deviceIds),
    countsByProject: (projectIds) => store.countsByProject(projectIds),
    projectsOf: (deviceIds) => store.projectsOf(deviceIds),
    claimedSns: (sns) => store.claimedSns(sns),
    locallyManaged: () => store.locallyManaged(),
    claimForSystem: (projectId, candidates) => systemClaims.admit(projectId, candidates),
    onStatusChanged: (fn) => ingest.onStatusChanged(fn),
    onOnline: (fn) => ingest.onOnline(fn),
  };
}
