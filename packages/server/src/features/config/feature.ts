/**
 * The configuration feature (issue 4): the generic desired-state engine. Settings documents of
 * every kind the kind features register, their saves, history, audit, restore and "retry delivery",
 * and the engine on the device plane (it publishes desired versions and follows what devices
 * report). Other features ask it through {@link ConfigApi}; none reaches into its store.
 */
import type { AuditAction, ProjectDocuments, SaveConfigResult } from '@netloom/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { LiveBus } from '../../live/bus';
import type { Devices } from '../devices';
import type { Projects } from '../projects';
import { ProjectClocks } from './clocks';
import { parseDocuments } from './documents';
import { ConfigEngine, type ConfigEngineOptions } from './engine';
import { type DeviceFacts, type FactsSource, projectDevices } from './facts';
import { ConfigHistory, type DocumentView, type ViewTargets } from './history';
import { type KindRecord, KindRegistry } from './kinds';
import { type ProjectLog, projectLog } from './projectLog';
import { DeliveryRetry } from './retry';
import { configRoutes } from './routes';
import { ConfigSaves, type SaveActor, type SaveInput } from './save';
import { ConfigStore } from './store';

export interface ConfigFeatureDeps {
  db: Db;
  gateway: DeviceGateway;
  registry: DeviceRegistry;
  bus: LiveBus;
  /** The devices the engine renders for, checks and delivers to (rows overlaid with the hot state). */
  devices: Pick<Devices, 'snapshots' | 'snapshotsOf'>;
  /** Each project's time zone (the documents' `time` section), and when it changes. */
  projects: Pick<Projects, 'settingsOf' | 'onTimeZoneChanged'>;
  clock: Clock;
  logger: Logger;
  /** The project activity other features record; this feature owns the change log and writes it. */
  activity: ActivityLog;
  engine?: Partial<ConfigEngineOptions>;
}

/** A device's delivery state changed (from any node: the live bus carries it). */
export interface DeliveryState {
  deviceId: number;
  status: 'applied' | 'pending' | 'failed';
  desiredVersion: number;
}

/** What other features ask the configuration engine. */
export interface ConfigApi {
  /** Registers a settings kind its feature owns (before the app starts; every kind must be). */
  registerKind<S>(record: KindRecord<S>): void;
  /** Saves a settings document (guards, rules, version check, delivery after the commit). */
  save(actor: SaveActor, input: SaveInput): Promise<SaveConfigResult>;
  /** The project's devices as the engine sees them (rows overlaid with live state). */
  devices(projectId: number): Promise<DeviceFacts[]>;
  /** The project's saved settings documents. */
  documents(projectId: number): Promise<ProjectDocuments>;
  /** A kind's document as its view shows it: the common view part and the saved settings. */
  view<S>(
    projectId: number,
    kind: SaveInput['kind'],
    targets: ViewTargets,
    devices: readonly DeviceFacts[],
  ): Promise<DocumentView<S>>;
  /** The current version of a document (0: never saved). */
  version(projectId: number, kind: SaveInput['kind'], deviceId: number | null): Promise<number>;
  /** Every project's saved document of a project-level kind (e.g. RF schedules). */
  projectDocumentsOf(kind: SaveInput['kind']): Promise<{ projectId: number; settings: unknown }[]>;
  /** Writes an audit row for a change another feature made (e.g. a PoE port reboot). */
  audit(
    actor: SaveActor,
    device: Pick<DeviceFacts, 'deviceId' | 'name'> | null,
    action: AuditAction,
    e: { summary: string; at: number },
  ): Promise<void>;
  /**
   * A device the saves skipped can be configured again (local management ended, issue 15): its
   * desired document is rendered and delivered as a new version. Returns the rows published.
   */
  redeliver(projectId: number, deviceId: number): Promise<number>;
  /** The project log (the change log's rows) as the system log reads and prunes it. */
  readonly log: ProjectLog;
  /** Follows the project's devices' delivery states; returns the unsubscribe. */
  onDeliveryState(projectId: number, listener: (s: DeliveryState) => void): () => void;
  /** The delivery states of devices now. */
  deliveryStates(deviceIds: readonly number[]): Promise<DeliveryState[]>;
}

export interface ConfigFeature extends Feature, ConfigApi {
  /** The desired-state engine (tests and operations drive `reconcile()` and `drain()`). */
  readonly engine: ConfigEngine;
}

export function createConfigFeature(deps: ConfigFeatureDeps): ConfigFeature {
  const store = new ConfigStore(deps.db);
  const facts: FactsSource = { devices: deps.devices, gateway: deps.gateway };
  const kinds = new KindRegistry();
  const clocks = new ProjectClocks({ projects: deps.projects, clock: deps.clock });
  const logger = deps.logger.child({ component: 'config' });
  let offZone: (() => void) | null = null;
  const engine = new ConfigEngine({
    store,
    clocks,
    gateway: deps.gateway,
    registry: deps.registry,
    bus: deps.bus,
    clock: deps.clock,
    logger,
    facts,
    ...(deps.engine ? { options: deps.engine } : {}),
  });
  const saves = new ConfigSaves({ store, engine, facts, kinds, clock: deps.clock, clocks });
  const history = new ConfigHistory(store, facts);
  deps.activity.setWriter(async (entries) => {
    await store.insertAudits(
      store.db,
      entries.map((e) => ({
        project_id: e.projectId,
        account_id: e.accountId,
        device_id: e.device?.deviceId ?? null,
        device_name: e.device?.name ?? null,
        action: e.action,
        summary: e.summary,
        created_at: e.at,
      })),
    );
  });
  const log = projectLog(deps.db);
  const retry = new DeliveryRetry({ facts, store, engine, clock: deps.clock });
  return {
    name: 'config',
    engine,
    routes: (app) => configRoutes(app, { saves, history, retry }),
    device: engine.deviceHandlers(),
    async start() {
      kinds.assertComplete();
      await engine.start();
      offZone = deps.projects.onTimeZoneChanged((projectId) => {
        saves
          .restageClock(projectId)
          .catch((err: unknown) => logger.error({ err, projectId }, 'time-zone change not staged'));
      });
    },
    async stop() {
      offZone?.();
      offZone = null;
      await engine.stop();
    },
    registerKind: (record) => kinds.register(record),
    save: (actor, input) => saves.save(actor, input),
    devices: (projectId) => projectDevices(facts, projectId),
    documents: async (projectId) => parseDocuments(await store.documentsOfProject(store.db, projectId)),
    view: (projectId, kind, targets, devices) => history.view(projectId, kind, targets, devices),
    version: async (projectId, kind, deviceId) =>
      (await store.document(store.db, projectId, deviceId, kind))?.version ?? 0,
    projectDocumentsOf: async (kind) =>
      (await store.projectDocumentsOf(kind)).map((r) => ({
        projectId: r.project_id,
        settings: JSON.parse(r.body) as unknown,
      })),
    audit: (actor, device, action, e) => saves.audit(store.db, actor, device, action, e),
    redeliver: (projectId, deviceId) => saves.redeliver(projectId, deviceId),
    log,
    onDeliveryState: (projectId, listener) =>
      deps.bus.subscribe(projectId, (e) => {
        if (e.type === 'config.status' && e.deviceId !== null && e.status !== null)
          listener({ deviceId: e.deviceId, status: e.status, desiredVersion: e.desiredVersion ?? 0 });
      }),
    deliveryStates: async (deviceIds) =>
      (await store.deviceConfigs(store.db, deviceIds)).map((r) => ({
        deviceId: r.device_id,
        status: r.status as DeliveryState['status'],
        desiredVersion: r.desired_version,
      })),
  };
}
