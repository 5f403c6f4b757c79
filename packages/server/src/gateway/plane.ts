import { DEV_PROVISIONING_KEY } from '@netloom/protocol';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db, WriteThread } from '../db';
import type { Clock } from '../lib/clock';
import { LiveBus } from '../live/bus';
import { DeviceWriter } from './deviceWriter';
import { Dispatcher } from './dispatch';
import { EmbeddedGateway } from './embedded';
import { ExternalGateway } from './external';
import { DeviceRegistry } from './registry';
import type { DeviceGateway } from './types';

/**
 * The device plane: infrastructure that knows no feature, built once in `buildApp` and handed to
 * the features that need a piece of it.
 * - `registry`: claimed devices in memory (onboarding `upsert`s after a claim, `remove`s after a delete);
 * - `gateway`: `onMessage(name, handler)`, `publish`, `isConnected`, `provision`/`deprovision`;
 * - `dispatcher`: decoding, rate limits and the handler lists the gateway feeds;
 * - `bus`: live events per project (`publish` → browsers on `/api/live`, and other nodes);
 * - `writer`: the batched `devices` row writer (`patch(deviceId, columns)` — never UPDATE directly
 *   on the hot path).
 *
 * Its life cycle brackets the features' (see `mountFeatures`): `open` (registry loaded, writer
 * running) → features start → `accept` (devices may connect); `quiesce` (no more device messages,
 * handlers in flight finished) → features stop → `close` (the writer flushed, last).
 */
export interface DevicePlane {
  /** Embedded (aedes in this process) or external (a shared broker, several nodes). */
  readonly mode: 'embedded' | 'external';
  readonly registry: DeviceRegistry;
  readonly gateway: DeviceGateway;
  readonly bus: LiveBus;
  readonly writer: DeviceWriter;
  readonly dispatcher: Dispatcher;
  /** The in-process broker (embedded mode only): the `/mqtt` WebSocket route feeds it. */
  readonly embedded: EmbeddedGateway | null;
  /** Loads the registry and starts the writer: before any feature starts. */
  open(): Promise<void>;
  /** Lets devices in (broker listening, or subscribed to the external one): after every feature started. */
  accept(): Promise<void>;
  /** Stops taking device messages and waits for the handlers in flight: before features stop. */
  quiesce(): Promise<void>;
  /** Flushes and stops the writer: after every feature stopped (their last writes go through it). */
  close(): Promise<void>;
  /** `open` then `accept`: a plane with no features (a second node in tests). */
  start(): Promise<void>;
  /** `quiesce` then `close`. */
  stop(): Promise<void>;
}

export interface DevicePlaneDeps {
  db: Db;
  logger: Logger;
  clock: Clock;
  /** The SQLite write thread: the device writer's flushes run there (none: on `db`). */
  writeThread?: WriteThread | null;
}

export function createDevicePlane(
  config: Pick<
    Config,
    | 'MQTT_URL'
    | 'MQTT_PORT'
    | 'HOST'
    | 'PROVISIONING_KEY'
    | 'MQTT_MAX_CONNECTIONS'
    | 'MQTT_CONNECTS_PER_ADDRESS'
  >,
  { db, logger, clock, writeThread }: DevicePlaneDeps,
): DevicePlane {
  const log = logger.child({ component: 'devices' });
  const registry = new DeviceRegistry(db);
  const bus = new LiveBus();
  const writer = new DeviceWriter(db, log, writeThread ?? null);
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
        maxConnections: config.MQTT_MAX_CONNECTIONS,
        connectsPerAddress: config.MQTT_CONNECTS_PER_ADDRESS,
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

  // The device hears why its message was dropped (docs/protocol.md §7.3); QoS 0, nothing awaited.
  // Published whether or not this node counts the device as connected: the message came from it.
  dispatcher.onRefused((r) => {
    gateway
      .publish(r.sn, 'diagnostic', {
        message: r.message,
        code: r.code,
        path: r.path,
        reason: r.reason,
        at: r.at,
        suppressed: r.suppressed,
      })
      .catch((err: unknown) => log.debug({ err, sn: r.sn }, 'diagnostic not sent'));
  });

  let opened = false;
  let accepting = false;
  const plane: DevicePlane = {
    mode: external ? 'external' : 'embedded',
    registry,
    gateway,
    bus,
    writer,
    dispatcher,
    embedded,
    async open() {
      if (config.PROVISIONING_KEY === DEV_PROVISIONING_KEY) {
        log.warn(
          'PROVISIONING_KEY is not set: using the public development key, so anyone can forge device secrets. Set PROVISIONING_KEY (docs/operations.md).',
        );
      }
      await registry.load();
      writer.start();
      opened = true;
    },
    async accept() {
      await gateway.start();
      accepting = true;
    },
    async quiesce() {
      if (!accepting) return;
      accepting = false;
      await gateway.stop();
      await dispatcher.drain();
    },
    async close() {
      if (!opened) return;
      opened = false;
      await writer.stop();
    },
    async start() {
      await plane.open();
      await plane.accept();
    },
    async stop() {
      await plane.quiesce();
      await plane.close();
    },
  };
  return plane;
}
