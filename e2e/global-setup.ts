import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eConsoleEnv, startConsole } from './support/console';
import { setHarness } from './support/harness';
import { startSmtpCapture } from './support/mailbox';
import { MQTT_URL_ENV, MQTT_WS_URL_ENV, readyMqtt } from './support/mqtt';
import { startOidcProvider } from './support/oidc';
import { SERVER_LOG_ENV } from './support/outbox';

/** Generous: on a busy machine (other jobs on both cores) the first start may take a while. */
const CONSOLE_START_TIMEOUT_MS = 60_000;

/**
 * Starts what the suite runs against: an SMTP capture server and the built console with a fresh
 * data directory. Their addresses reach the test workers through environment variables, which the
 * workers inherit from this (the runner) process.
 */
export default async function globalSetup(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'netloom-e2e-'));
  const mailbox = join(root, 'mailbox.jsonl');
  writeFileSync(mailbox, '');
  const smtp = await startSmtpCapture(mailbox);
  // A real OpenID provider for social sign-in (social-login.spec.ts); told the console's address below.
  const oidc = await startOidcProvider();
  try {
    const server = await startConsole(
      {
        ...e2eConsoleEnv(root, smtp.port),
        // Status charts sample online devices and clients every 5 s, so they fill within a test.
        SERIES_SAMPLE_SECONDS: '5',
        SOCIAL_PROVIDERS: oidc.env,
      },
      CONSOLE_START_TIMEOUT_MS,
    );
    oidc.attach(server.url);
    setHarness({ smtp, server: server.process, root, oidc });
    // The server's output, also as a file: SMS codes go to its development outbox (the log).
    const serverLog = join(root, 'server.log');
    writeFileSync(serverLog, server.output());
    const tee = (chunk: Buffer) => appendFileSync(serverLog, chunk);
    server.process.stdout?.on('data', tee);
    server.process.stderr?.on('data', tee);
    process.env[SERVER_LOG_ENV] = serverLog;
    process.env.NETLOOM_E2E_MAILBOX = mailbox;
    process.env.NETLOOM_E2E_DATA_DIR = join(root, 'data');
    process.env.NETLOOM_E2E_BASE_URL = server.url;
    const mqtt = readyMqtt(server.output());
    if (mqtt) {
      process.env[MQTT_URL_ENV] = mqtt.url;
      process.env[MQTT_WS_URL_ENV] = mqtt.websocket;
    }
  } catch (error) {
    await smtp.close();
    await oidc.close();
    throw error;
  }
}
