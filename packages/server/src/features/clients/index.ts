/**
 * The clients feature: snapshot ingest and writer, the client list and force-offline. Constructing
 * it does no I/O; `attach` wires the MQTT handler and the force-offline reaction.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { RegistryEntry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { Clock } from '../../lib/clock';
import type { TelemetryStore } from '../telemetry/store';
import type { LivePublisher } from '../telemetry/writer';
import { ClientIngest } from './device';
import { ClientService, type DevicePresence, type KickCommands } from './service';
import { ClientStore } from './store';
import { ClientSnapshotWriter, DEFAULT_SNAPSHOT_BATCH, type SnapshotBatchOptions } from './writer';

export interface ClientsDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  live: LivePublisher | null;
  series: Pick<TelemetryStore, 'upsertSeries'>;
  commands: KickCommands | null;
  presence: DevicePresence | null;
  /** Claimed device by serial number (the registry), to clear the clients of a device that drops. */
  deviceOf?: (sn: string) => RegistryEntry | undefined;
  batch?: Partial<SnapshotBatchOptions>;
}

export class ClientsFeature {
  readonly store: ClientStore;
  readonly writer: ClientSnapshotWriter;
  readonly ingest: ClientIngest;
  readonly service: ClientService;

  constructor(d: ClientsDeps) {
    this.store = new ClientStore(d.db);
    this.writer = new ClientSnapshotWriter(this.store, d.series, d.clock, d.logger, d.live, {
      ...DEFAULT_SNAPSHOT_BATCH,
      ...d.batch,
    });
    this.ingest = new ClientIngest(this.writer, d.deviceOf);
    this.service = new ClientService(
      this.store,
      this.writer,
      d.commands,
      d.presence,
      d.live,
      d.clock,
      d.logger,
    );
  }

  attach(gateway: Pick<DeviceGateway, 'onMessage' | 'onConnectionChange'> | null): void {
    if (gateway) this.ingest.register(gateway);
    this.service.attach();
  }

  stop(): Promise<void> {
    return this.writer.stop();
  }
}
