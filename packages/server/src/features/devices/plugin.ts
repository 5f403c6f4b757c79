import type { FastifyInstance } from 'fastify';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { Clock } from '../../lib/clock';
import type { LiveBus } from '../../live/bus';
import { DeviceImport } from './import';
import { LateKindCheck } from './late';
import { type DevicePlane, Onboarding } from './onboarding';
import { deviceRoutes, deviceTemplateRoutes } from './routes';
import { DeviceService } from './service';
import { DeviceStore } from './store';

export interface DevicesFeatureOptions {
  registry: Pick<DeviceRegistry, 'upsert' | 'remove'>;
  gateway: Pick<DeviceGateway, 'provision' | 'deprovision' | 'isConnected' | 'onMessage'>;
  bus?: Pick<LiveBus, 'publish'> | undefined;
  /** The ingest path's hot state (identity of connected devices that have no pending row). */
  hot?: DevicePlane['hot'];
  clock: Clock;
  /** Devices per account across the projects it owns (code 1162). */
  accountDeviceLimit: number;
}

/**
 * Onboarding and the device list: `/api/projects/:id/devices/…` and `/api/devices/import-template.xlsx`,
 * plus the kind check at a claimed device's first `hello`. Registered once in app.ts.
 */
export async function devicesFeature(app: FastifyInstance, opts: DevicesFeatureOptions): Promise<void> {
  const store = new DeviceStore(app.db);
  const onboarding = new Onboarding(
    store,
    { registry: opts.registry, gateway: opts.gateway, bus: opts.bus, hot: opts.hot },
    opts.clock,
    app.log,
    opts.accountDeviceLimit,
  );
  const devices = new DeviceService(store, onboarding, opts.clock);
  new LateKindCheck(app.db, store, app.log, opts.bus).attach(opts.gateway);
  await app.register(deviceRoutes, {
    prefix: '/api/projects',
    devices,
    importer: new DeviceImport(store, onboarding),
  });
  await app.register(deviceTemplateRoutes, { prefix: '/api/devices' });
}
