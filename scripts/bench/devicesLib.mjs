// Helpers of the devices bench (devices.mjs): child processes speaking JSON lines, the server with
// its log at hand, the HTTP API as an `openapi` client, /proc figures, percentiles.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { ROOT, SERVER_NODE_ARGS } from '../lib.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `node [nodeArgs] script args`, calling onJson for each JSON stdout line (the latest one with
 * an `at` is `child.last`; other lines are kept in `child.text`). `stdin: true` keeps stdin open for
 * commands (`child.send(line)`).
 */
export function spawnNode(script, args, { env = {}, nodeArgs = [], onJson = () => {}, stdin = false } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  child.text = [];
  child.last = null;
  if (stdin) {
    child.stdin.on('error', () => {});
    child.send = (line) => {
      if (child.exitCode === null && child.signalCode === null) child.stdin.write(`${line}\n`);
    };
  }
  const keep = (line) => {
    child.text.push(line);
    if (child.text.length > 200) child.text.shift();
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('{')) {
      try {
        const o = JSON.parse(line);
        if (o.at) child.last = o;
        onJson(o);
        return;
      } catch {
        // not JSON after all
      }
    }
    keep(line);
  });
  createInterface({ input: child.stderr }).on('line', keep);
  return child;
}

/** A TypeScript entry point (the simulator, the probe, the seed) run through tsx, one process. */
export function spawnTs(script, args, opts = {}) {
  return spawnNode(script, args, { ...opts, nodeArgs: ['--import', 'tsx', ...(opts.nodeArgs ?? [])] });
}

export function exited(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

export async function stop(child, signal = 'SIGTERM', graceMs = 15_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(t);
}

/**
 * The built server with METRICS_ENABLED; resolves when ready. `logs` receives every JSON log entry;
 * `nodeArgs` go to node (`--cpu-prof`, not allowed in NODE_OPTIONS).
 */
export function startBenchServer(env, logs = () => {}, nodeArgs = SERVER_NODE_ARGS) {
  return new Promise((resolve, reject) => {
    let done = false;
    const child = spawnNode('packages/server/dist/main.js', [], {
      nodeArgs,
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        METRICS_ENABLED: 'true',
        AUTH_RATE_LIMIT: '0',
        DEMO_ENABLED: 'false',
        ...env,
      },
      onJson: (entry) => {
        logs(entry);
        if (!done && entry.msg === 'Netloom console ready') {
          done = true;
          resolve({ child, url: entry.url });
        }
      },
    });
    child.once('exit', (code) => {
      if (!done) reject(new Error(`server exited with ${code}:\n${child.text.join('\n')}`));
    });
    setTimeout(() => {
      if (done) return;
      child.kill('SIGKILL');
      reject(new Error(`server not ready:\n${child.text.join('\n')}`));
    }, 30_000);
  });
}

export async function api(base, path, { method = 'GET', body, token } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

/** Registers an e-mail account (the code comes from the dev outbox log), signs in, makes a project. */
export async function accountWithProject(base, codes) {
  const email = `bench.${Date.now()}@example.com`;
  const password = 'bench-secret-123';
  const sent = await api(base, '/api/auth/codes', {
    method: 'POST',
    body: { channel: 'email', purpose: 'register', email },
  });
  if (sent.code !== 0) throw new Error(`send code: ${JSON.stringify(sent)}`);
  let code;
  for (let i = 0; i < 100 && !code; i++) {
    code = codes.get(email);
    if (!code) await sleep(50);
  }
  if (!code) throw new Error('no e-mail code in the server log');
  const reg = await api(base, '/api/auth/register', {
    method: 'POST',
    body: { method: 'email', email, code, password, confirmPassword: password },
  });
  if (reg.code !== 0) throw new Error(`register: ${JSON.stringify(reg)}`);
  const login = await api(base, '/api/auth/login', {
    method: 'POST',
    body: { method: 'email', email, password, client: 'openapi' },
  });
  const token = login.data?.token;
  if (!token) throw new Error(`login: ${JSON.stringify(login)}`);
  const project = await api(base, '/api/projects', {
    method: 'POST',
    token,
    body: { name: 'Bench devices', netMode: 0, scenario: 'hotel' },
  });
  if (project.code !== 0) throw new Error(`project: ${JSON.stringify(project)}`);
  return { token, projectId: project.data.id, email, password };
}

const CLK_TCK = 100; // Linux USER_HZ on every architecture Node supports

/** CPU seconds (user + system) of a process so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after "(comm)": index 0 is field 3 (state); utime is field 14, stime field 15.
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

/** Resident set size in bytes, from /proc/<pid>/status. */
export function rssBytes(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

export function percentile(values, q) {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

/** The first sample at or after `at` (samples sorted by `at`). */
export function sampleAfter(samples, at) {
  return samples.find((s) => s.at >= at) ?? samples.at(-1);
}

export const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
