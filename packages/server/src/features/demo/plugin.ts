import { isDemoProject } from '@netloom/domain';
import { createFleet, type Fleet } from '@netloom/sim';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { DevicePlane } from '../../gateway/plane';
import type { Clock } from '../../lib/clock';
import type { AccountStore } from '../account/store';
import type { SessionService } from '../auth/sessions';
import type { AuthStore } from '../auth/store';
import { Onboarding } from '../devices/onboarding';
import { DeviceStore } from '../devices/store';
import { installDemoGuard } from './guard';
import { DEMO_TELEMETRY_INTERVAL_MS, type DemoPlan, demoPlan } from './plan';
import { renameDemoPayload } from './rename';
import { demoRoutes } from './routes';
import { DEMO_CLOUD_CODE, DemoSetup } from './setup';

export interface DemoFeatureOptions {
  config: Pick<
    Config,
    'DEMO_ENABLED' | 'HOST' | 'MQTT_URL' | 'PROVISIONING_KEY' | 'AUTH_RATE_LIMIT' | 'COOKIE_SECURE'
  >;
  plane: Pick<DevicePlane, 'registry' | 'gateway' | 'bus' | 'devices'>;
  sessions: SessionService;
  accounts: AccountStore;
  authStore: AuthStore;
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live demo: its plan, the demo account once known, and the in-process fleet (if running). */
    demo: DemoRuntime;
  }
}

export interface DemoRuntime {
  readonly enabled: boolean;
  readonly plan: DemoPlan;
  accountId: number | undefined;
  fleet: Fleet | null;
}

/**
 * The live demo (issue 3 §6). Registered in app.ts right after the project-access plugin and BEFORE
 * the features, because its `onRoute` guard must see their routes. It owns: the demo guard (405 on
 * every change in a demo project or by the demo account), the `exper_cfg` renaming of demo-project
 * responses, `POST /api/auth/demo`, `GET /api/meta/server-config`, and — when DEMO_ENABLED — the demo
 * account, projects, claims and the in-process simulated fleet, connected to this server's own
 * broker exactly like real devices (after the device plane started; stopped before it stops).
 */
export const demoFeature = fp(async (app: FastifyInstance, opts: DemoFeatureOptions) => {
  const { config } = opts;
  const gateway = opts.plane.gateway;
  const plan = demoPlan();
  const runtime: DemoRuntime = { enabled: config.DEMO_ENABLED, plan, accountId: undefined, fleet: null };
  app.decorate('demo', runtime);

  installDemoGuard(app, { accountId: () => runtime.accountId });

  const cfgByProject = new Map(
    plan.projects.map((p) => [p.id, plan.experCfg.find((c) => c.exper_mode === p.netMode)]),
  );
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const projectId = request.projectAccess?.projectId;
    if (projectId === undefined || !isDemoProject({ id: projectId })) return payload;
    const cfg = cfgByProject.get(projectId);
    return cfg ? renameDemoPayload(payload, cfg) : payload;
  });

  await app.register(demoRoutes, { runtime, ...opts });

  // Start-up: the demo's rows on `onReady` (after migrations), the fleet on `onListen` — by then the
  // device plane (whose hooks were registered later) has started its broker, and the WebSocket
  // endpoint exists when the embedded broker could not get its TCP port.
  app.addHook('onReady', async () => {
    if (!runtime.enabled) {
      // A demo account from an earlier run stays guarded even with the demo off.
      const row = await app.db
        .selectFrom('accounts')
        .select('id')
        .where('cloud_code', '=', DEMO_CLOUD_CODE)
        .executeTakeFirst();
      runtime.accountId = row?.id;
      return;
    }
    const onboarding = new Onboarding(
      new DeviceStore(app.db),
      {
        registry: opts.plane.registry,
        // This runs before the device plane starts (its hooks come later), and its start gives broker
        // credentials to every claimed device (external broker) — so no per-claim provisioning here.
        gateway: {
          provision: async () => {},
          deprovision: (sn) => gateway.deprovision(sn),
          isConnected: (sn) => gateway.isConnected(sn),
        },
        bus: opts.plane.bus,
        hot: opts.plane.devices,
      },
      opts.clock,
      app.log,
      Number.MAX_SAFE_INTEGER,
    );
    const state = await new DemoSetup(app.db, onboarding, opts.clock, app.log).ensure(plan);
    runtime.accountId = state.accountId;
  });
  const startFleet = (url: string) => {
    if (!runtime.enabled || runtime.fleet) return;
    const fleet = createFleet({
      url,
      provisioningKey: config.PROVISIONING_KEY,
      seed: plan.fleet.seed,
      mix: plan.fleet.mix,
      devices: plan.fleet.devices.length,
      telemetryIntervalMs: DEMO_TELEMETRY_INTERVAL_MS,
      // A demo that drops devices on its own looks broken; keep the fleet steady.
      churnPerHour: 0,
      rampMs: 2_000,
      onError: (err, sn) => app.log.debug({ err, sn }, 'demo device error'),
    });
    runtime.fleet = fleet;
    const wanted = new Set(plan.sns);
    // Only the demo's devices start: the plan's other units (extra gateways) stay unborn.
    for (const d of fleet.devices) if (wanted.has(d.sn)) d.start(Math.random() * 2_000);
    app.log.info({ devices: wanted.size, url: url.replace(/\/\/[^@]*@/, '//') }, 'live demo fleet started');
  };
  const loopback = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  app.addHook('onListen', async () => {
    if (!runtime.enabled || runtime.fleet) return;
    const stats = opts.plane.gateway.stats();
    if (config.MQTT_URL !== '') startFleet(deviceUrl(config.MQTT_URL));
    else if (stats.tcpPort !== null) startFleet(`mqtt://${loopback}:${stats.tcpPort}`);
    else {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      startFleet(`ws://${loopback}:${port}/mqtt`);
    }
  });
  app.addHook('preClose', async () => {
    await runtime.fleet?.stop();
    runtime.fleet = null;
  });
});

/** The external broker's address for devices: the server's own credentials are not theirs. */
function deviceUrl(mqttUrl: string): string {
  const u = new URL(mqttUrl);
  u.username = '';
  u.password = '';
  return u.toString();
}
