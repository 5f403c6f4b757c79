import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = 'packages/server/dist/main.js';
const READY_MESSAGE = 'Netloom console ready';

export interface RunningConsole {
  url: string;
  process: ChildProcess;
  /** Everything the server printed so far (stdout and stderr), for error messages. */
  output(): string;
}

/**
 * The settings every console of the suite runs with (the shared one and a test file's private one):
 * its own data under `root`, its mail to the SMTP capture on `smtpPort`.
 */
export function e2eConsoleEnv(root: string, smtpPort: number): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(root, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: 'info',
    // One browser signs in dozens of accounts a minute from 127.0.0.1; the per-IP limit of
    // /api/auth/* has its own server tests and would only make this suite flaky.
    AUTH_RATE_LIMIT: '0',
    // The embedded broker on a free TCP port (never the machine's 1883, where Mosquitto runs);
    // simulated devices learn it from the ready line.
    MQTT_PORT: '0',
  };
}

/**
 * Starts the BUILT console (`node packages/server/dist/main.js`) the way an operator would, and
 * resolves with the URL from its "ready" log line. Fails with the server's own output when it exits
 * or does not become ready in time, so a broken start is diagnosable from the test report.
 */
export function startConsole(env: Record<string, string>, timeoutMs = 20_000): Promise<RunningConsole> {
  if (!existsSync(`${REPO_ROOT}/${SERVER_ENTRY}`)) {
    return Promise.reject(new Error(`${SERVER_ENTRY} is missing: build first (node scripts/build.mjs).`));
  }
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let pending = '';
  return new Promise<RunningConsole>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${why}\n--- server output ---\n${output.slice(-8000)}`));
    };
    const timer = setTimeout(() => fail(`The console was not ready within ${timeoutMs} ms.`), timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const url = readyUrl(line);
        if (url) {
          clearTimeout(timer);
          resolve({ url, process: child, output: () => output });
        }
      }
    });
    child.once('error', (error) => fail(`The console could not be started: ${error.message}`));
    child.once('exit', (code, signal) => fail(`The console exited (code ${code}, signal ${signal}).`));
  });
}

function readyUrl(line: string): string | null {
  if (!line.trim().startsWith('{')) return null;
  try {
    const record = JSON.parse(line) as { msg?: unknown; url?: unknown };
    return record.msg === READY_MESSAGE && typeof record.url === 'string' ? record.url : null;
  } catch {
    return null;
  }
}

/** SIGTERM (the server shuts down gracefully), then SIGKILL if it lingers. */
export async function stopProcess(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
