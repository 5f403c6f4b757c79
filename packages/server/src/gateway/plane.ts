import type { Logger } from 'pino';
import { type Config, DEV_PROVISIONING_KEY } from '../config';
import type { Db } from '../db';
import { CommandService } from '../features/commands/service';
import { CommandStore } from '../features/commands/store';
import { DeviceIngest } from '../features/devices/device';
import type { Clock } from '../lib/clock';
import { LiveBus } from '../live/bus';
import { DeviceWriter } from './deviceWriter';
import { Dispatcher } from './dispatch';
import { EmbeddedGateway } from './embedded';
import { ExternalGateway } from './external';
import { DeviceRegistry } from './registry';
import type { DeviceGateway } from './types';

/**
 * Everything of the device plane, built once in `buildApp` and handed to features:
 * - `registry`: claimed devices in memory (D3: `upsert` after claim, `remove` after delete);
 * - `gateway`: `onMessage(name, handler)`, `publish`, `isConnected`, `provision`/`deprovision`;
 * - `bus`: live events per project (`publish` → browsers on `/api/live`, and other nodes);
 * - `writer`: the batched `devices` row writer (`patch(deviceId, columns)` — never UPDATE directly
 *   on the hot path);
 * - `commands`: command jobs; `devices`: the hello/state/events ingest with the hot state.
 * `start()` runs when the app is ready (after migrations), `stop()` when it closes.
 */
export interface DevicePlane {
  registry: DeviceRegistry;
  gateway: DeviceGateway;
  bus: LiveBus;
  writer: DeviceWriter;
  commands: CommandService;
  devices: DeviceIngest;
  dispatcher: Dispatcher;
  /** The in-process broker (embedded mode only): the `/mqtt` WebSocket route feeds it. */
  embedded: EmbeddedGateway | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface DevicePlaneDeps {
  db: Db;
  logger: Logger;
  clock: Clock;
}

export function createDevicePlane(
  config: Pick<Config, 'MQTT_URL' | 'MQTT_PORT' | 'HOST' | 'PROVISIONING_KEY'>,
  { db, logger, clock }: DevicePlaneDeps,
): DevicePlane {
  const log = logger.child({ component: 'devices' });
  const registry = new DeviceRegistry(db);
  const bus = new LiveBus();
  const writer = new DeviceWriter(db, log);
  const dispatcher = new Dispatcher(registry, clock, log);
  const external = config.MQTT_URL !== '';
  const embedded = external
    ? null
    : new EmbeddedGateway({
        port: config.MQTT_PORT,
        host: config.HOST,
        provisioningKey: config.PROVISIONING_KEY,
        dispatcher,
        logger: log,
      });
  const gateway: DeviceGateway =
    embedded ??
    new ExternalGateway({
      url: config.MQTT_URL,
      provisioningKey: config.PROVISIONING_KEY,
      dispatcher,
      registry,
      bus,
      logger: log,
    });
  const devices = new DeviceIngest({
    db,
    gateway,
    registry,
    writer,
    bus,
    logger: log,
    resetStatusesOnStart: !external,
  });
  const commands = new CommandService({
    store: new CommandStore(db),
    gateway,
    bus,
    registry,
    clock,
    logger: log,
    sharedJobs: external,
  });
  devices.attach();
  commands.attach();

  let started = false;
  return {
    registry,
    gateway,
    bus,
    writer,
    commands,
    devices,
    dispatcher,
    embedded,
    async start() {
      if (config.PROVISIONING_KEY === DEV_PROVISIONING_KEY) {
        log.warn(
          'PROVISIONING_KEY is not set: using the public development key, so anyone can forge device secrets. Set PROVISIONING_KEY (docs/operations.md).',
        );
      }
      await registry.load();
      await devices.start();
      writer.start();
      await commands.start();
      await gateway.start();
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      await gateway.stop();
      await dispatcher.drain();
      commands.stop();
      devices.stop();
      await writer.stop();
    },
  };
}
