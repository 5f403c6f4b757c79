import type { Logger } from 'pino';
import type { Db, WriteThread } from '../../db';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { LiveBus } from '../../live/bus';
import type { CommandService } from '../commands';
import type { Devices } from '../devices';
import type { Projects } from '../projects';
import type { SeriesSink, Telemetry } from '../telemetry';
import { ClientIngest } from './device';
import { ClientPanel } from './panel';
import { ClientPanelStore } from './panelStore';
import { clientRoutes } from './routes';
import { ClientService } from './service';
import { ClientStore, type WiredClient } from './store';
import { ClientTraceback } from './traceback';
import { ClientSnapshotWriter, DEFAULT_SNAPSHOT_BATCH, type SnapshotBatchOptions } from './writer';

export interface ClientsDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  bus: Pick<LiveBus, 'publish'>;
  /** The telemetry feature's project series: snapshots feed the `client` series. */
  series: SeriesSink;
  /** The daily history is kept as long as telemetry's hourly rollups, pruned in the same run. */
  retention: Pick<Telemetry, 'onRetention'>;
  /** Projects' time zones: the local day a client's traffic counts in. */
  projects: Pick<Projects, 'settingsOf'>;
  /** Which devices still exist (a batch that failed on a device deleted while it was queued). */
  devices: Pick<Devices, 'projectsOf'>;
  /** The change log: a force-offline is recorded there. */
  activity: ActivityLog;
  /** Force-offline is a `kickClient` command job. */
  commands: Pick<CommandService, 'create' | 'onFinished'>;
  /** Claimed devices: by id to ask the gateway whether one is connected, by SN to clear a dropped one. */
  registry: Pick<DeviceRegistry, 'get' | 'getById'>;
  gateway: Pick<DeviceGateway, 'isConnected'>;
  batch?: Partial<SnapshotBatchOptions>;
  /** The SQLite write thread: the snapshot batches are written there (none: on `db`). */
  writeThread?: WriteThread | null;
}

/** What other features ask of clients. */
export interface Clients {
  /** Average signal of each radio's wireless clients now: device id → band → dBm (RF planning). */
  rssiByRadio(deviceIds: readonly number[]): Promise<Map<number, Map<string, number>>>;
  /** The wired clients a device reports on its ports now (a switch's "plugged in" column). */
  wiredOnPorts(deviceId: number): Promise<WiredClient[]>;
}

export interface ClientsFeature extends Feature, Clients {
  /** Writes every queued snapshot now (tests). */
  flush(): Promise<void>;
}

/**
 * Online clients: `clients` snapshots into the client table and daily history (batched), the client
 * list and force-offline under `/api/projects/:id/clients` (domain `clientEndpoints`), and each
 * client's connections for its traceback (domain `tracebackEndpoints`).
 */
export function createClientsFeature(deps: ClientsDeps): ClientsFeature {
  const { registry, gateway } = deps;
  const store = new ClientStore(deps.db);
  const writer = new ClientSnapshotWriter(
    store,
    deps.series,
    deps,
    deps.clock,
    deps.logger,
    deps.bus,
    { ...DEFAULT_SNAPSHOT_BATCH, ...deps.batch },
    deps.writeThread ?? null,
  );
  deps.retention.onRetention(async (cutoffs, batches) => ({
    client_days: await store.pruneDays(cutoffs.day, batches),
    // Connections (traceback) are kept as long as the hourly rollups, like the daily history.
    client_sessions: await store.sessions.prune(cutoffs.hourly, batches),
  }));
  const ingest = new ClientIngest(writer, (sn) => registry.get(sn));
  const presence = {
    isOnline: (deviceId: number) => {
      const sn = registry.getById(deviceId)?.sn;
      return sn !== undefined && gateway.isConnected(sn);
    },
  };
  const service = new ClientService(
    store,
    writer,
    deps.commands,
    presence,
    deps.bus,
    deps.clock,
    deps.logger,
    deps.activity,
  );
  const panelStore = new ClientPanelStore(deps.db);
  const panel = new ClientPanel(panelStore, store, deps.clock, deps.bus);
  const traceback = new ClientTraceback(store.sessions, panelStore, deps.clock);
  return {
    name: 'clients',
    device: {
      clients: (ctx, d) => ingest.handle(ctx, d),
      state: (ctx, d) => ingest.handleState(ctx, d),
      connection: (sn, connected, at) => ingest.handleConnection(sn, connected, at),
    },
    routes: (app) => clientRoutes(app, { clients: service, panel, traceback }),
    start: () => service.attach(),
    stop: () => writer.stop(),
    flush: () => writer.flush(),
    rssiByRadio: (deviceIds) => store.rssiByRadio(deviceIds),
    wiredOnPorts: (deviceId) => store.wiredOnPorts(deviceId),
  };
}
