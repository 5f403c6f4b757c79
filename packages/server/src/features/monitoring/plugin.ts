/**
 * Wires telemetry, clients and monitoring into the app: MQTT handlers on the device gateway, the
 * batched writers and periodic jobs (started when the app is ready, flushed when it closes), and
 * the project-scoped routes under `/api/projects`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { Clock } from '../../lib/clock';
import { ClientsFeature } from '../clients';
import { clientRoutes } from '../clients/routes';
import type { KickCommands } from '../clients/service';
import { TelemetryFeature } from '../telemetry';
import type { HotStateSink, LivePublisher } from '../telemetry/writer';
import { monitoringRoutes } from './routes';
import { MonitoringService } from './service';
import { MonitoringStore } from './store';

export interface DeviceDataOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  retentionDays: number;
  /** How often the status charts' online/client counts are sampled (ms). */
  sampleIntervalMs?: number;
  /** D1's device plane; null where the app runs without one (then nothing is ingested). */
  gateway: Pick<DeviceGateway, 'onMessage' | 'onConnectionChange' | 'isConnected'> | null;
  live: LivePublisher | null;
  commands: KickCommands | null;
  /** Claimed devices (the registry): by id to ask the gateway whether one is connected, by SN. */
  registry: Pick<DeviceRegistry, 'get' | 'getById'> | null;
  /** The device plane's batched devices-row writer; null = telemetry updates the rows itself. */
  hotState: HotStateSink | null;
}

export interface DeviceData {
  telemetry: TelemetryFeature;
  clients: ClientsFeature;
  monitoring: MonitoringService;
}

export function createDeviceData(o: DeviceDataOptions): DeviceData {
  const telemetry = new TelemetryFeature(o.db, o.clock, o.logger, o.live, o.gateway, {
    retentionDays: o.retentionDays,
    hotState: o.hotState,
    ...(o.sampleIntervalMs !== undefined && { sampleIntervalMs: o.sampleIntervalMs }),
  });
  const { gateway, registry } = o;
  const clients = new ClientsFeature({
    db: o.db,
    clock: o.clock,
    logger: o.logger,
    live: o.live,
    series: telemetry.store,
    commands: o.commands,
    presence:
      gateway && registry
        ? {
            isOnline: (deviceId) => {
              const sn = registry.getById(deviceId)?.sn;
              return sn !== undefined && gateway.isConnected(sn);
            },
          }
        : null,
    ...(registry ? { deviceOf: (sn: string) => registry.get(sn) } : {}),
  });
  return { telemetry, clients, monitoring: new MonitoringService(new MonitoringStore(o.db), o.clock) };
}

/**
 * Registers handlers and routes; timers start on ready, queues flush on close. Not encapsulated:
 * `app.deviceData` is visible to tests (flush the writers, run the sampler).
 */
export const deviceDataPlugin = fp(
  async (
    app: FastifyInstance,
    { data, gateway }: { data: DeviceData; gateway: DeviceDataOptions['gateway'] },
  ) => {
    app.decorate('deviceData', data);
    data.telemetry.attach();
    data.clients.attach(gateway);
    app.addHook('onReady', async () => data.telemetry.start());
    app.addHook('onClose', async () => {
      await data.clients.stop();
      await data.telemetry.stop();
    });
    await app.register(
      async (scope) => {
        await scope.register(clientRoutes, { clients: data.clients.service });
        await scope.register(monitoringRoutes, { monitoring: data.monitoring });
      },
      { prefix: '/api/projects' },
    );
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Telemetry, clients and monitoring (features/monitoring/plugin.ts). */
    deviceData: DeviceData;
  }
}
