// Mosquitto for the external-mode devices bench (devicesExternal.mjs): an own broker on a free
// port, bare (anonymous, no plugin: the baseline) or with the dynamic-security plugin and the admin
// user the console signs in as; its CPU and RSS from /proc.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuSeconds, freePort, rssBytes, sleep } from './devicesLib.mjs';

export const MOSQUITTO = '/usr/sbin/mosquitto';
const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
export const ADMIN = { username: 'admin', password: 'admin-pass' };

/**
 * A broker directory (`remove()` when done); with `dynsec`, `dynamic-security.json` initialised with the
 * admin user, for the caller to add device clients before the start. Bare and dynsec brokers get the
 * same settings (startMosquitto), so the baseline differs only in authentication and ACLs: no
 * persistence, $SYS every second, queues per client large enough for a QoS 1 subscriber in a burst.
 */
export function prepareMosquitto(name, { dynsec }) {
  // Its own directory under the system's temporary one (not the bench's private 0700 one): Mosquitto
  // started as root drops to its own user, which must reach and write the dynsec file.
  const dir = mkdtempSync(join(tmpdir(), `netloom-bench-mosq-${name}-`));
  chmodSync(dir, 0o777);
  const dynsecFile = join(dir, 'dynamic-security.json');
  if (dynsec) {
    execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsecFile, ADMIN.username, ADMIN.password], {
      stdio: 'ignore',
    });
    chmodSync(dynsecFile, 0o666);
  }
  return { dir, dynsec, dynsecFile, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Starts a prepared broker on a free port; resolves once it accepts connections (a large dynsec file
 * takes a while). The port is picked right before the start, and picked again if it was taken in
 * between (the machine is shared, and a port is only known free until someone binds it).
 */
export async function startMosquitto(prepared, timeoutMs = 60_000) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(prepared, await freePort(), timeoutMs);
    } catch (err) {
      if (attempt >= 5 || !/Address already in use/.test(err.message)) throw err;
    }
  }
}

async function startOnce(prepared, port, timeoutMs) {
  const { dir, dynsec, dynsecFile } = prepared;
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      ...(dynsec
        ? ['allow_anonymous false', `plugin ${DYNSEC_PLUGIN}`, `plugin_opt_config_file ${dynsecFile}`]
        : ['allow_anonymous true']),
      'persistence false',
      'sys_interval 1',
      'max_queued_messages 100000',
      'log_type error',
      'log_type warning',
      'log_dest stderr',
      '',
    ].join('\n'),
  );
  const started = Date.now();
  const proc = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  const errors = [];
  proc.stderr.on('data', (b) => errors.push(String(b)));
  const exited = () => proc.exitCode !== null || proc.signalCode !== null;
  for (;;) {
    if (exited()) throw new Error(`mosquitto exited: ${errors.join('')}`);
    // Ours, not another process that took the port: still running a moment after it answered.
    if (await accepts(port)) {
      await sleep(300);
      if (exited()) throw new Error(`mosquitto exited: ${errors.join('')}`);
      break;
    }
    if (Date.now() - started > timeoutMs) {
      proc.kill('SIGKILL');
      throw new Error(`mosquitto not listening after ${timeoutMs} ms: ${errors.join('')}`);
    }
    await sleep(100);
  }
  return {
    port,
    pid: proc.pid,
    readyMs: Date.now() - started,
    /** What it wrote to stderr (errors and warnings only). */
    errors,
    adminUrl: `mqtt://${ADMIN.username}:${ADMIN.password}@127.0.0.1:${port}`,
    cpu: () => cpuSeconds(proc.pid),
    rss: () => rssBytes(proc.pid),
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(t);
    },
  };
}

function accepts(port) {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

/** Samples a broker's CPU seconds and RSS every 500 ms until stopped: { samples, stop() }. */
export function sampleBroker(broker) {
  const samples = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      try {
        samples.push({ at: Date.now(), cpu: broker.cpu(), rss: broker.rss() });
      } catch {
        // gone
      }
      await sleep(500);
    }
  })();
  return {
    samples,
    async stop() {
      on = false;
      await loop;
    },
  };
}

/** The broker's CPU (% of one core) and RSS max over [t0, t1] from sampleBroker's samples. */
export function brokerOver(samples, t0, t1) {
  const inside = samples.filter((s) => s.at >= t0 && s.at <= t1 + 500);
  const a = inside[0];
  const b = inside.at(-1);
  if (!a || !b || b.at <= a.at) return { cpuPct: Number.NaN, rssMax: Number.NaN };
  return {
    cpuPct: ((b.cpu - a.cpu) * 100_000) / (b.at - a.at),
    rssMax: Math.max(...inside.map((s) => s.rss)),
  };
}
