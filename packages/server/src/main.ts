import v8 from 'node:v8';
import { createFleet, type Fleet, planFleet } from '@netloom/sim';
import type { FastifyInstance } from 'fastify';
import { buildApp, createLogger } from './app';
import { ConfigError, loadConfigFromProcess } from './config';
import { migrateToLatest } from './db/migrate';
import { DEMO_FLEET } from './features/demo';
import type { ExperienceSimulator } from './features/experience';

/**
 * Entry point (also bundled to dist/main.js): config → app → migrations → listen → the live demo's
 * fleet. Prints one `Netloom console ready` line with the URL; the start script and e2e harness
 * parse it. The only module of the server that knows the simulator: the demo fleet is a device
 * client of this server, like real devices, not a part of the app.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfigFromProcess>;
  try {
    config = loadConfigFromProcess();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee docs/operations.md for every option.\n`);
      process.exit(1);
    }
    throw err;
  }
  // Before the heap grows: V8 reads the factor at every full collection (docs/operations.md, Capacity).
  if (config.HEAP_GROWING_PERCENT > 0)
    v8.setFlagsFromString(`--heap-growing-percent=${config.HEAP_GROWING_PERCENT}`);
  const logger = createLogger(config);
  // Planned whatever DEMO_ENABLED says: the renaming rules of demo projects name their devices.
  const app = await buildApp(config, {
    logger,
    demoUnits: planFleet(DEMO_FLEET).devices,
    experienceSimulator: experienceSimulator((err, sn) =>
      logger.debug({ err, sn }, 'experience device error'),
    ),
  });
  let fleet: Fleet | null = null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    try {
      // The simulated devices leave first, like devices losing their cloud, then the server stops.
      await fleet?.stop();
      await app.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // `on`, not `once`: a signal can arrive twice (a supervisor and a wrapper such as tsx both relaying
  // it), and a second one must not hit Node's default handler mid-shutdown (exit 143, nothing flushed).
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    const applied = await migrateToLatest(app.db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    logger.fatal({ err }, 'start failed');
    await app.close().catch(() => {});
    process.exit(1);
  }
  const port = listeningPort(app, config.PORT);
  if (app.features.demo.enabled && !closing) fleet = startDemoFleet(app, port);
  // The device plane's endpoints too (MQTT_PORT=0 picks a free port; the simulator needs to know it).
  const mqtt = app.devicePlane.gateway.stats();
  logger.info(
    {
      url: `http://127.0.0.1:${port}`,
      database: app.dbKind,
      mqtt:
        mqtt.mode === 'embedded'
          ? { tcpPort: mqtt.tcpPort, websocket: `ws://127.0.0.1:${port}/mqtt` }
          : 'external',
      // The live demo (DEMO_ENABLED): "Enter live demo" on the sign-in screen.
      demo: app.features.demo.enabled
        ? { projects: app.features.demo.plan.projects.map((p) => p.id) }
        : 'off',
    },
    'Netloom console ready',
  );
}

function listeningPort(app: FastifyInstance, configured: number): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : configured;
}

/**
 * The live demo's simulated fleet, connected to this server's broker exactly like real devices
 * (after the server listens: the broker has its port, and `/mqtt` exists when 1883 was taken).
 * Only the demo's devices start: the plan's other units (extra gateways) stay unborn.
 */
function startDemoFleet(app: FastifyInstance, httpPort: number): Fleet {
  const demo = app.features.demo;
  const url = demo.fleetUrl(httpPort);
  const fleet = createFleet({
    url,
    ...demo.fleetOptions,
    onError: (err, sn) => app.log.debug({ err, sn }, 'demo device error'),
  });
  const wanted = new Set(demo.plan.sns);
  const rampMs = demo.fleetOptions.rampMs;
  for (const d of fleet.devices) if (wanted.has(d.sn)) d.start(Math.random() * rampMs);
  app.log.info({ devices: wanted.size, url: url.replace(/\/\/[^@]*@/, '//') }, 'live demo fleet started');
  return fleet;
}

/**
 * Experience projects' fleets (issue 15 §5): one small office of the simulator per project (its
 * site 0: a gateway, a switch, APs, cameras), started like the demo's fleet and connected the same way.
 */
function experienceSimulator(onError: (err: unknown, sn: string) => void): ExperienceSimulator {
  const plan = (seed: number, devices: number) =>
    planFleet({ seed, devices, mix: 'office' }).devices.filter((d) => d.site === 0);
  return {
    plan,
    start(o) {
      const fleet = createFleet({ ...o, mix: 'office', churnPerHour: 0, onError });
      const wanted = new Set(plan(o.seed, o.devices).map((d) => d.sn));
      for (const d of fleet.devices) if (wanted.has(d.sn)) d.start(Math.random() * o.rampMs);
      return fleet;
    },
  };
}

void main();
