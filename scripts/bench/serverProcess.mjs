// Starts the built server as a child process and resolves when it logs "Netloom console ready".
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ROOT } from '../lib.mjs';

export function startServer(env, { timeoutMs = 20_000 } = {}) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server not ready after ${timeoutMs} ms:\n${output.join('\n')}`));
    }, timeoutMs);
    child.stderr.on('data', (d) => output.push(String(d)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line);
      try {
        const entry = JSON.parse(line);
        if (entry.msg === 'Netloom console ready') {
          clearTimeout(timer);
          const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
          resolve({ child, url: entry.url, readyMs, stop: () => stopChild(child) });
        }
      } catch {
        // not a JSON log line
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output.join('\n')}`));
    });
  });
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
