// Saturation bench (issue 11 §1): the message rate is raised until the receiver falls behind
// (publish → committed/delivered p99 > 1 s, any message lost, or the broker pushing back on the
// generator), in one run, for four receivers of the same load:
//   1. bare in-process aedes + in-process subscriber (saturationBare.mjs aedes) — the baseline of
//   2. the console with its embedded broker (SQLite, METRICS_ENABLED: p99 from the server's
//      publish → committed window, loss = sent − received + telemetry received − committed);
//   3. the console in external mode (MQTT_URL) on an own Mosquitto with dynamic security;
//   4. bare Mosquitto: the same broker (the devices' dynsec clients in place) with a plain
//      subscriber subscribing the way the console does (saturationBare.mjs mqtt) — the baseline of 3.
// The load: BENCH_SAT_DEVICES (default 4,000; BENCH_SAT_EXTERNAL_DEVICES, default 5,000, for Mosquitto) real MQTT device connections in one generator process
// (saturationLoad.ts), claimed into one project, sending periodic rounds of a simulator fleet's
// bodies (saturationCapture.ts): telemetry QoS 0, state QoS 1 retained, clients QoS 0 — the QoS of
// docs/protocol.md §8. Steps: from BENCH_SAT_START (default 2,000 msg/s; twice that for the bare
// brokers) ×1.4, BENCH_SAT_STEP_S (default 3) seconds each, then one refining step. The console's rate is capped at 9.5 messages/s
// per device (the protocol's limit is 10). After each console's stepping, one more step at its best
// rate runs with the server's CPU profiler on (inspector): the top self-time functions and areas.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_ARGS } from '../lib.mjs';
import {
  accountWithProject,
  api,
  exited,
  fmt,
  freePort,
  rssBytes,
  sleep,
  spawnTs,
  startBenchServer,
  stop,
} from './devicesLib.mjs';
import {
  fmtRate,
  freshLine,
  mosquittoAvailable,
  spawnPiped,
  startMosquitto,
  stepUp,
  waitFor,
} from './saturationLib.mjs';
import { startProfile, summarise } from './saturationProfile.mjs';

/**
 * Devices of the embedded runs. The console's rate is capped per device (PER_DEVICE_CAP), so the
 * fleet must be large enough that the cap lies above what the console sustains: with 2,000 devices
 * (a cap of 19,000 msg/s) a fast machine's console reached the cap before it fell behind.
 */
const N = Number(process.env.BENCH_SAT_DEVICES ?? 4000);
/**
 * Devices of the Mosquitto runs (a project of their own), their broker clients written into the
 * dynsec file before Mosquitto starts (startMosquitto's `fleets`), so the console's start finds them
 * current and the fleet connects at once. Its cap, 47,500 msg/s: with 2,000, 3,000 and 4,000 devices
 * (19,000, 28,500 and 38,000 msg/s) a fast machine's console reached the cap before it fell behind
 * (29 Nov 2026), so those rows were floors, not its limit.
 */
const N_EXT = Number(process.env.BENCH_SAT_EXTERNAL_DEVICES ?? 5000);
const START = Number(process.env.BENCH_SAT_START ?? 2000);
const STEP_MS = Number(process.env.BENCH_SAT_STEP_S ?? 3) * 1000;
const FACTOR = 1.4;
/** Devices whose bodies the simulator really produces (the rest reuse them by device kind). */
const CAPTURE = 300;
/** Per device: under the protocol's 10 messages/s, so the console's rate limiter never drops. */
const PER_DEVICE_CAP = 9.5;
/** Each target's stepping stops starting new steps after this long. */
const TARGET_BUDGET_MS = 60_000;
const SEED = 3;
/** BENCH_SAT_ONLY=bare-aedes,embedded,external,bare-mosquitto: the targets to run (default all). */
const ONLY = new Set(
  (process.env.BENCH_SAT_ONLY ?? 'bare-aedes,embedded,external,bare-mosquitto').split(','),
);
/** BENCH_SAT_PROFILE_DIR: where each console's CPU profile is also saved (opens in Chrome DevTools). */
const PROFILE_DIR = process.env.BENCH_SAT_PROFILE_DIR ?? '';

const sum = (o) => Object.values(o ?? {}).reduce((n, v) => n + v, 0);
const mbOf = (b) => b / 1024 / 1024;
const log = (s) => console.log(s);

/** The generator for one target: all devices connected, the §4 traffic settled at the receiver. */
async function startGenerator(url, fleetFile) {
  let ready = null;
  const gen = spawnPiped('scripts/bench/saturationLoad.ts', [url, fleetFile], {
    nodeArgs: ['--import', 'tsx'],
    onJson: (o) => {
      if (o.connected !== undefined) ready = o;
    },
  });
  const started = Date.now();
  await waitFor(
    'the devices to connect',
    () => ready ?? (gen.exitCode !== null ? 'exit' : null),
    180_000,
    100,
  );
  if (ready === null || ready.connected === 0)
    throw new Error(`generator: no device connected:\n${gen.text.join('\n')}`);
  const n = ready.connected + ready.refused + ready.failed;
  log(
    `    ${ready.connected}/${n} devices connected in ${((Date.now() - started) / 1000).toFixed(1)} s${ready.refused ? `, ${ready.refused} refused` : ''}${ready.failed ? `, ${ready.failed} failed` : ''}`,
  );
  gen.connected = ready.connected;
  return gen;
}

/** Waits until the receiver's count stops moving (connect traffic handled, a backlog drained). */
async function settle(target) {
  let prev = -1;
  for (let i = 0; i < 60; i++) {
    const s = await target.snapshot();
    if (s.received === prev && (s.idle ?? true)) return;
    prev = s.received;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The adapter of a bare receiver (saturationBare.mjs): its counters and latency window. */
function bareTarget(bare, pid) {
  return {
    pid,
    extraPids: bare.pid === pid ? [] : [bare.pid],
    snapshot: async () => {
      const l = await freshLine(bare);
      return { received: l.delivered, byMessage: l.byMessage };
    },
    reset: async () => bare.send('reset'),
    latency: async () => {
      bare.stats = null;
      bare.send('stats');
      return waitFor('latency stats', () => bare.stats, 10_000, 10);
    },
    drained: (b, a, published) => a.received - b.received >= published,
    loss: (b, a, published) => Math.max(0, published - (a.received - b.received)),
  };
}

function startBare(args) {
  let port = null;
  let subscribed = false;
  const bare = spawnPiped('scripts/bench/saturationBare.mjs', args, {
    onJson: (o) => {
      if (o.port) port = o.port;
      else if (o.subscribed) subscribed = true;
      else if (o.stats) bare.stats = o.stats;
    },
  });
  return { bare, ready: () => port ?? (subscribed ? true : null) };
}

/** The adapter of the console: its metrics (received per message, committed telemetry, drops). */
function consoleTarget(server, extraPids = []) {
  const metrics = () => api(server.url, '/api/internal/metrics');
  const read = (m) => ({
    received: sum(m.gateway.received),
    telemetry: m.gateway.received.telemetry ?? 0,
    committed: m.telemetry.committed,
    dropped: m.gateway.rateLimited + sum(m.gateway.malformed) + m.gateway.handlerErrors,
    failedBatches: m.telemetry.failedBatches,
    idle: m.gateway.queue === 0 && m.telemetry.queued === 0,
    loopP99: m.process.eventLoopDelayMs.p99,
    queueHigh: m.gateway.queueHigh,
    latency: m.publishToCommittedMs,
  });
  return {
    pid: server.child.pid,
    extraPids,
    snapshot: async () => read(await metrics()),
    reset: async () => {
      await api(server.url, '/api/internal/metrics?reset=1');
    },
    latency: async () => {
      const l = (await metrics()).publishToCommittedMs;
      return { p50: l.p50, p99: l.p99, samples: l.samples };
    },
    drained: (b, a, published) =>
      a.received - b.received >= published &&
      a.idle &&
      a.committed - b.committed >= a.telemetry - b.telemetry,
    loss: (b, a, published) =>
      Math.max(0, published - (a.received - b.received)) +
      Math.max(0, a.telemetry - b.telemetry - (a.committed - b.committed)),
    detail: (b, a) =>
      `dropped ${a.dropped - b.dropped}, failed batches ${a.failedBatches - b.failedBatches}, event-loop p99 ${fmt(a.loopP99)} ms`,
  };
}

/**
 * Steps one target with a fresh generator. A console (`profileOf`: its process) is capped at the
 * per-device rate and gets one more step at its best rate under the profiler.
 */
async function measure({ name, url, fleetFile, target, profileOf }) {
  log(`  ${name}`);
  const gen = await startGenerator(url, fleetFile);
  try {
    await settle(target);
    // A console also writes what the connections changed (device rows, live events): let it finish.
    if (profileOf) await sleep(2000);
    const result = await stepUp({
      name,
      gen,
      target,
      start: profileOf ? START : 2 * START,
      factor: FACTOR,
      stepMs: STEP_MS,
      maxRate: profileOf ? PER_DEVICE_CAP * gen.connected : Number.POSITIVE_INFINITY,
      deadline: Date.now() + TARGET_BUDGET_MS,
      log,
      settle,
    });
    result.connected = gen.connected;
    if (profileOf && result.best) {
      const profiler = await startProfile(profileOf);
      const again = await stepUp({
        name: `${name} (profiled)`,
        gen,
        target,
        start: result.best.target,
        factor: 1,
        stepMs: STEP_MS,
        maxRate: result.best.target,
        deadline: 0,
        log,
        settle,
      });
      const profile = await profiler.stop();
      if (PROFILE_DIR) {
        mkdirSync(PROFILE_DIR, { recursive: true });
        const file = join(PROFILE_DIR, `${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        log(`    profile saved: ${file}`);
      }
      result.profile = summarise(profile);
      result.profiledStep = again.steps[0];
    }
    return result;
  } finally {
    gen.send(JSON.stringify({ rate: 0 }));
    await stop(gen, 'SIGTERM', 3000);
  }
}

export async function run() {
  const root = mkdtempSync(join(tmpdir(), 'netloom-bench-sat-'));
  const dataDir = join(root, 'embedded');
  const dataDirExt = join(root, 'external');
  const fleetFile = join(root, 'fleet.json');
  const fleetExtFile = join(root, 'fleet-external.json');
  const codes = new Map();
  const logs = (e) => {
    if (e.msg === 'dev outbox: e-mail verification code') codes.set(e.to, e.code);
    else if (e.level >= 50) log(`    server: ${e.msg} ${e.err?.message ?? ''}`);
  };
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const loadBefore = load();
  const startedAt = Date.now();
  const results = {};
  let mosquitto = null;
  try {
    // Set-up: account and project through the API, the fleet claimed in the DB, its bodies captured.
    mkdirSync(dataDir);
    const first = await startBenchServer({ DATA_DIR: dataDir, MQTT_PORT: '0' }, logs);
    const { projectId } = await accountWithProject(first.url, codes);
    await stop(first.child);
    cpSync(dataDir, dataDirExt, { recursive: true });
    const seeded = [];
    const seeds = [
      [dataDir, N],
      [dataDirExt, N_EXT],
    ].map(([dir, n]) =>
      spawnTs('scripts/bench/devicesSeed.ts', [join(dir, 'netloom.db'), String(projectId), `${SEED}:${n}`], {
        onJson: (o) => seeded.push(o.inserted),
      }),
    );
    const captured = [];
    const capture = spawnTs(
      'scripts/bench/saturationCapture.ts',
      [String(SEED), String(CAPTURE), `${fleetFile}:${N}`, `${fleetExtFile}:${N_EXT}`],
      { onJson: (o) => captured.push(o) },
    );
    await Promise.all([...seeds.map(exited), exited(capture)]);
    if (seeded.length !== 2) throw new Error(`seeding failed:\n${seeds.flatMap((c) => c.text).join('\n')}`);
    const mix = captured[0]?.mix;
    if (!mix || captured.length !== 2) throw new Error(`capture failed:\n${capture.text.join('\n')}`);
    const perRound = (mix.telemetry + mix.state + (mix.clients ?? 0)) / N;
    log(
      `  ${N} devices claimed into project ${projectId} (${N_EXT} in the external-mode copy); rounds of ${perRound.toFixed(2)} messages (telemetry QoS 0, state QoS 1, clients QoS 0 on ${mix.clients ?? 0} devices), bodies of ${captured[0].captured} simulated devices; steps of ${STEP_MS / 1000} s ×${FACTOR} from ${fmtRate(START)}/s`,
    );

    // 1. Bare aedes.
    if (ONLY.has('bare-aedes')) {
      const { bare, ready } = startBare(['aedes']);
      try {
        const port = await waitFor('the bare broker', ready, 10_000);
        results.bareAedes = await measure({
          name: 'bare aedes',
          url: `mqtt://127.0.0.1:${port}`,
          fleetFile,
          target: bareTarget(bare, bare.pid),
        });
      } finally {
        await stop(bare);
      }
    }

    // 2. The console, embedded broker.
    if (ONLY.has('embedded')) {
      const mqttPort = await freePort();
      const server = await startServerInspectable({ DATA_DIR: dataDir, MQTT_PORT: String(mqttPort) }, logs);
      try {
        results.embedded = await measure({
          name: 'console, embedded broker',
          url: `mqtt://127.0.0.1:${mqttPort}`,
          fleetFile,
          target: consoleTarget(server),
          profileOf: server.child,
        });
        results.embedded.rssEnd = rssBytes(server.child.pid);
      } finally {
        await stop(server.child);
      }
    }

    // 3 and 4. Mosquitto: the console in external mode, then the bare broker with a subscriber.
    if (mosquittoAvailable && (ONLY.has('external') || ONLY.has('bare-mosquitto'))) {
      mosquitto = await startMosquitto({ fleets: [`${SEED}:${N_EXT}`] });
      const url = `mqtt://127.0.0.1:${mosquitto.port}`;
      if (ONLY.has('external')) {
        const server = await startServerInspectable(
          { DATA_DIR: dataDirExt, MQTT_PORT: '0', MQTT_URL: mosquitto.adminUrl },
          logs,
        );
        try {
          results.external = await measure({
            name: 'console, external Mosquitto',
            url,
            fleetFile: fleetExtFile,
            target: consoleTarget(server, [mosquitto.child.pid]),
            profileOf: server.child,
          });
        } finally {
          await stop(server.child);
        }
      }
      if (ONLY.has('bare-mosquitto')) {
        const { bare, ready } = startBare(['mqtt', mosquitto.adminUrl]);
        try {
          await waitFor('the bare subscriber', ready, 10_000);
          results.bareMosquitto = await measure({
            name: 'bare Mosquitto',
            url,
            fleetFile: fleetExtFile,
            target: bareTarget(bare, mosquitto.child.pid),
          });
        } finally {
          await stop(bare);
        }
      }
    } else if (!mosquittoAvailable)
      log('  (no Mosquitto with the dynamic-security plugin here: external mode not measured)');
    else log('  (Mosquitto left out by BENCH_SAT_ONLY: external mode not measured)');
  } finally {
    await mosquitto?.stop();
    rmSync(root, { recursive: true, force: true });
  }
  log(
    `  machine: load average before ${loadBefore}, after ${load()} on ${availableParallelism()} cores; ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
  );
  printTable(results);
  return rows(results);
}

/** The built server with its inspector on a free loopback port (for the profile step). */
function startServerInspectable(env, logs) {
  return startBenchServerWith(env, logs, ['--inspect=127.0.0.1:0']);
}
async function startBenchServerWith(env, logs, nodeArgs) {
  return startBenchServer(env, logs, [...SERVER_NODE_ARGS, ...nodeArgs]);
}

function describe(r) {
  if (!r?.best) return { rate: Number.NaN, text: 'no sustained step' };
  const b = r.best;
  return {
    rate: b.rate,
    text: `${fmtRate(b.rate)} msg/s (p50 ${b.p50} ms, p99 ${b.p99} ms, CPU ${fmt(b.cpuPct)}% = ${fmt(usPerMsg(b.cpuPct, b.rate), 1)} µs/msg, RSS ${fmt(mbOf(b.rssMax))} MB)`,
  };
}

/** CPU µs per message of a process at a step (its CPU share over the received rate). */
const usPerMsg = (pct, rate) => (pct * 10_000) / rate;

function printTable(results) {
  const line = (label, r, bare) => {
    if (!r) return;
    const b = r.best;
    const ratio = bare?.best && b ? (b.rate / bare.best.rate).toFixed(2) : '—';
    const broke = r.failed
      ? `${fmtRate(r.failed.target)}/s: ${r.failed.why}`
      : r.capped
        ? 'per-device cap'
        : '—';
    const cpu = b ? `${fmt(b.cpuPct)}%${b.extraCpuPct.map((c) => ` +${fmt(c)}%`).join('')}` : '';
    const us = b
      ? `${fmt(usPerMsg(b.cpuPct, b.rate), 1)}${b.extraCpuPct.map((c) => ` +${fmt(usPerMsg(c, b.rate), 1)}`).join('')}`
      : '';
    console.log(
      `  ${label.padEnd(28)} ${(b ? fmtRate(b.rate) : 'n/a').padStart(7)} ${ratio.padStart(6)} ${cpu.padEnd(11)} ${us.padEnd(12)} ${(b ? `${fmt(mbOf(b.rssMax))} MB` : '').padStart(7)} ${(b ? `${b.p50}/${b.p99}` : '').padStart(9)} ${(b ? `${b.readsPerMsg.toFixed(2)}/${b.writesPerMsg.toFixed(2)}/${b.mainWritesPerMsg.toFixed(2)}` : '').padStart(14)}  ${broke}`,
    );
  };
  console.log(
    `\n  ${'max sustained'.padEnd(28)} ${'msg/s'.padStart(7)} ${'×bare'.padStart(6)} ${'CPU'.padEnd(11)} ${'CPU µs/msg'.padEnd(12)} ${'RSS'.padStart(7)} ${'p50/p99ms'.padStart(9)} ${'rd/wr/loop wr'.padStart(14)}  first step behind`,
  );
  line('bare aedes', results.bareAedes);
  line('console, embedded (SQLite)', results.embedded, results.bareAedes);
  line('bare Mosquitto (+subscriber)', results.bareMosquitto);
  line('console, Mosquitto (+broker)', results.external, results.bareMosquitto);
  console.log(
    '  (CPU: % of one core during the step; µs/msg: that CPU per message received; RSS: the process measured;\n' +
      '   rd/wr/loop wr: its read and write system calls per message received, and the writes of its main\n' +
      "   thread alone (the event loop: socket writes; the others are the SQLite thread's), /proc/<pid>/io)",
  );
  for (const [label, r] of [
    ['embedded', results.embedded],
    ['external', results.external],
  ]) {
    if (!r?.profile) continue;
    const p = r.profile;
    const s = r.profiledStep;
    console.log(
      `\n  CPU profile, console ${label}, at ${fmtRate(s?.target)} msg/s (${p.samples} samples, ${fmt(p.idlePct)}% idle; that step: received ${fmtRate(s?.rate)}/s, p99 ${s?.p99} ms, CPU ${fmt(s?.cpuPct)}%, ${s?.detail ?? ''}):`,
    );
    console.log('    top functions (self time, % of the busy samples):');
    for (const f of p.functions)
      console.log(`      ${f.pct.toFixed(1).padStart(5)}%  ${f.label}${f.via ? `  ← ${f.via}` : ''}`);
    console.log('    top areas (self time, % of the busy samples):');
    for (const a of p.areas) console.log(`      ${a.pct.toFixed(1).padStart(5)}%  ${a.label}`);
  }
}

function rows(results) {
  const out = [];
  const pair = (name, r, bare, bareName) => {
    const c = describe(r);
    const b = describe(bare);
    const ratio = c.rate / b.rate;
    const capped = r?.capped ? ' (reached the per-device cap: the console was not saturated)' : '';
    out.push({
      name: `saturation ingest, ${name}`,
      figure: `${c.text}${capped} vs ${bareName} ${b.text}; behind at ${r?.failed ? `${fmtRate(r.failed.target)}/s (${r.failed.why})` : 'n/a'}`,
      ratio: `${fmt(ratio, 2)}× the bare broker's saturated rate (goal ≥ 0.5× with zero loss)`,
      withinBudget: Number.isFinite(ratio) && ratio >= 0.5 && r.best.loss === 0,
    });
  };
  pair('console with the embedded broker (SQLite)', results.embedded, results.bareAedes, 'bare aedes');
  if (results.external)
    pair('console on external Mosquitto (SQLite)', results.external, results.bareMosquitto, 'bare Mosquitto');
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rs = await run();
  for (const r of rs)
    console.log(
      `  ${r.name}: ${r.figure}  (${r.ratio})  ${r.withinBudget ? 'within budget' : 'OVER BUDGET'}`,
    );
}
