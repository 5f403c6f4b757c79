import { buildApp, createLogger } from './app';
import { ConfigError, loadConfigFromProcess } from './config';
import { migrateToLatest } from './db/migrate';

/**
 * Entry point (also bundled to dist/main.js): config → app → migrations → listen. Prints one
 * `Netloom console ready` line with the URL; the start script and e2e harness parse it.
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
  const logger = createLogger(config);
  const app = await buildApp(config, { logger });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    try {
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
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
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
      demo: app.demo.enabled ? { projects: app.demo.plan.projects.map((p) => p.id) } : 'off',
    },
    'Netloom console ready',
  );
}

void main();
