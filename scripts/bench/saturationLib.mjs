// Helpers of the saturation bench (saturation.mjs): child processes with a command stdin, an own
// Mosquitto with the dynamic-security plugin, and the rate stepping that finds where a receiver
// falls behind. The receiver is an adapter (a bare broker's subscriber, or the console's metrics),
// so every target is stepped the same way.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../lib.mjs';
import { cpuSeconds, exited, freePort, rssBytes, sleep, spawnNode } from './devicesLib.mjs';

/** Over this publish → committed/delivered p99 (ms) a receiver has fallen behind. */
export const P99_LIMIT_MS = 1000;
/** A step whose generator sent less than this share of the asked rate was pushed back by the broker. */
const ACHIEVED_SHARE = 0.95;

/** `node [nodeArgs] script args` with stdin open for commands (`child.send(line)`): see spawnNode. */
export function spawnPiped(script, args, opts = {}) {
  return spawnNode(script, args, { ...opts, stdin: true });
}

/** Waits for `check` (polled); throws with `what` after `timeoutMs`. */
export async function waitFor(what, check, timeoutMs, everyMs = 50) {
  const started = Date.now();
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** The next status line of a child printing one every 250 ms (so counters are read after `at`). */
export function freshLine(child, after = Date.now()) {
  return waitFor('a status line', () => (child.last && child.last.at > after ? child.last : null), 5000, 10);
}

// ── Mosquitto ────────────────────────────────────────────────────────────────────────────────────
const MOSQUITTO = '/usr/sbin/mosquitto';
const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
export const mosquittoAvailable = existsSync(MOSQUITTO) && existsSync(DYNSEC_PLUGIN);

/**
 * An own Mosquitto on a free loopback port with the configuration of docs/operations.md ("External
 * broker"): dynamic security, no anonymous clients, Mosquitto's defaults otherwise.
 */
export async function startMosquitto({ fleets = [] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'netloom-sat-mosq-'));
  // Mosquitto started as root drops to its own user: it must be able to write the dynsec file.
  chmodSync(dir, 0o777);
  const dynsec = join(dir, 'dynamic-security.json');
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsec, 'admin', 'admin-pass'], { stdio: 'ignore' });
  // The devices' clients written into the file before the broker starts, exactly as the console
  // provisions them (devicesDynsec.ts): the console's start finds them current and the fleet connects
  // at once. Through the plugin each client rewrites the whole file, so the first connect of
  // thousands took minutes and grew with the square of the fleet.
  if (fleets.length > 0)
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/devicesDynsec.ts', dynsec, ...fleets], {
      cwd: ROOT,
      stdio: 'ignore',
    });
  chmodSync(dynsec, 0o666);
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  const lines = [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous false',
    `plugin ${DYNSEC_PLUGIN}`,
    `plugin_opt_config_file ${dynsec}`,
    'persistence false',
    // Mosquitto's defaults (20 QoS 1 messages in flight, 1,000 queued per client) drop a fast
    // subscriber's QoS 0 messages at a few thousand messages/s with the broker at ~15% CPU: the
    // bench measures the broker, so both the console and the bare subscriber get room.
    'max_inflight_messages 1000',
    'max_queued_messages 100000',
    '',
  ];
  writeFileSync(conf, lines.join('\n'));
  const child = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
  await waitFor(
    'mosquitto to listen',
    () =>
      new Promise((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      }),
    5000,
  );
  return {
    child,
    port,
    adminUrl: `mqtt://admin:admin-pass@127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited(child);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ── Stepping ─────────────────────────────────────────────────────────────────────────────────────
/**
 * Raises the aggregate rate by `factor` per step (each `stepMs` long, then the generator pauses
 * and the receiver drains) until a step falls behind: publish → committed/delivered p99 over
 * P99_LIMIT_MS, any message lost, or the generator unable to send the rate (the broker's TCP
 * back-pressure). One refining step between the last sustained rate and the first failed one
 * follows. `maxRate` caps the rate (the console's per-device limit × devices); a sustained step at
 * the cap ends the stepping too. Returns every step and the best sustained one.
 *
 * `target`: { pid, snapshot(), reset(), latency(), drained(before, after, published), loss(before,
 * after, published) } — the receiver's counters, its latency window, its drain condition.
 */
export async function stepUp({ name, gen, target, start, factor, stepMs, maxRate, deadline, log, settle }) {
  const steps = [];
  const runStep = async (rate) => {
    const s = await measureStep({ gen, target, rate, stepMs });
    steps.push(s);
    log(
      `    ${name} ${fmtRate(rate)}/s: sent ${fmtRate(s.achieved)}/s, received ${fmtRate(s.rate)}/s, p50 ${s.p50} ms p99 ${s.p99} ms, lost ${s.loss}, CPU ${s.cpuPct.toFixed(0)}%${s.extraCpuPct.map((c) => `+${c.toFixed(0)}%`).join('')} (generator ${s.genCpuPct.toFixed(0)}%), syscalls/msg ${s.readsPerMsg.toFixed(2)} read ${s.writesPerMsg.toFixed(2)} write (event loop ${s.mainWritesPerMsg.toFixed(2)}), drained in ${(s.drainMs / 1000).toFixed(1)} s${s.ok ? '' : `  ✗ ${s.why}`}`,
    );
    return s;
  };
  let rate = Math.min(start, maxRate);
  let best = null;
  let failed = null;
  for (;;) {
    const s = await runStep(rate);
    if (!s.ok) {
      failed = s;
      break;
    }
    best = s;
    if (rate >= maxRate) break;
    if (Date.now() > deadline) break;
    rate = Math.min(rate * factor, maxRate);
  }
  if (failed) await settle(target);
  if (!best && failed) {
    // Behind at the first rate: step down instead.
    for (let r = failed.target / factor; r >= 50 && !best && Date.now() < deadline; r /= factor) {
      const s = await runStep(r);
      if (s.ok) best = s;
      else {
        failed = s;
        await settle(target);
      }
    }
  }
  if (best && failed && Date.now() < deadline) {
    const s = await runStep(Math.sqrt(best.target * failed.target));
    if (s.ok) best = s;
    else {
      failed = s;
      await settle(target);
    }
  }
  return { best, failed, steps, capped: !!best && best.target >= maxRate };
}

/**
 * The process's read and write system calls so far (/proc/<pid>/io): per message they say how well
 * the sockets' reads and writes are batched (a PUBACK written on its own is one write call).
 */
export function syscalls(pid) {
  const read = (file) => {
    try {
      const io = readFileSync(file, 'utf8');
      const field = (name) => Number(new RegExp(`^${name}: (\\d+)`, 'm').exec(io)?.[1] ?? Number.NaN);
      return { reads: field('syscr'), writes: field('syscw') };
    } catch {
      return { reads: Number.NaN, writes: Number.NaN };
    }
  };
  // The process's, and its main thread's alone (the event loop: the sockets' reads and writes).
  return { ...read(`/proc/${pid}/io`), main: read(`/proc/${pid}/task/${pid}/io`) };
}

async function measureStep({ gen, target, rate, stepMs }) {
  const g0 = await freshLine(gen);
  const before = await target.snapshot();
  await target.reset();
  const pid = target.pid;
  const c0 = cpuSeconds(pid);
  const extra0 = (target.extraPids ?? []).map((p) => cpuSeconds(p));
  const genC0 = cpuSeconds(gen.pid);
  const io0 = syscalls(pid);
  const t0 = Date.now();
  gen.send(JSON.stringify({ rate }));
  let rssMax = 0;
  while (Date.now() - t0 < stepMs) {
    rssMax = Math.max(rssMax, rssBytes(pid));
    await sleep(Math.min(250, stepMs - (Date.now() - t0)));
  }
  gen.send(JSON.stringify({ rate: 0 }));
  const t1 = Date.now();
  const c1 = cpuSeconds(pid);
  const extra1 = (target.extraPids ?? []).map((p) => cpuSeconds(p));
  const genC1 = cpuSeconds(gen.pid);
  const g1 = await freshLine(gen, t1 + 30);
  const published = g1.published - g0.published;
  // Drain: until everything sent is received (and committed), or nothing moves for 3 s (≤ 10 s).
  const drainStart = Date.now();
  let after = await target.snapshot();
  let lastProgress = Date.now();
  let lastReceived = after.received;
  while (!target.drained(before, after, published)) {
    if (Date.now() - lastProgress > 3000 || Date.now() - drainStart > 10_000) break;
    await sleep(100);
    after = await target.snapshot();
    if (after.received !== lastReceived) {
      lastReceived = after.received;
      lastProgress = Date.now();
    }
  }
  // After the drain, like the messages counted below: the calls that received them are all in.
  const io1 = syscalls(pid);
  const received = Math.max(1, after.received - before.received);
  const drainMs = Date.now() - drainStart;
  const drained = target.drained(before, after, published);
  const lat = await target.latency();
  const seconds = (t1 - t0) / 1000;
  const loss = target.loss(before, after, published);
  const achieved = published / seconds;
  const why = [];
  if (loss > 0)
    why.push(
      drained
        ? `${loss} lost`
        : `${loss} not received or committed ${(drainMs / 1000).toFixed(0)} s after the step`,
    );
  if (!(lat.p99 <= P99_LIMIT_MS)) why.push(`p99 ${lat.p99} ms > ${P99_LIMIT_MS} ms`);
  if (achieved < ACHIEVED_SHARE * rate)
    why.push(
      g1.behind > g0.behind
        ? `the broker pushed back: ${fmtRate(achieved)}/s sent, ${g1.behind - g0.behind} rounds held`
        : `the generator reached only ${fmtRate(achieved)}/s (its CPU ${Math.round(((genC1 - genC0) * 100) / seconds)}%)`,
    );
  return {
    target: rate,
    achieved,
    rate: (after.received - before.received) / seconds,
    published,
    loss,
    p50: lat.p50,
    p99: lat.p99,
    samples: lat.samples,
    cpuPct: ((c1 - c0) * 100) / seconds,
    extraCpuPct: extra1.map((c, i) => ((c - extra0[i]) * 100) / seconds),
    genCpuPct: ((genC1 - genC0) * 100) / seconds,
    rssMax,
    // Per message received in the step and its drain (the target's process, all its threads).
    readsPerMsg: (io1.reads - io0.reads) / received,
    writesPerMsg: (io1.writes - io0.writes) / received,
    mainWritesPerMsg: (io1.main.writes - io0.main.writes) / received,
    drainMs,
    drained,
    detail: target.detail?.(before, after) ?? '',
    ok: why.length === 0,
    why: why.join(', '),
  };
}

export const fmtRate = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
