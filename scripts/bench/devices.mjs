// Budgets (issues 3 and 11, device scale, embedded broker, SQLite): N = BENCH_DEVICES (default
// 10,000; 18,000 on this machine size with BENCH_DEVICES=18000) simulated devices in simulator
// processes of at most 5,000 devices each (simGroup.mjs). Phases of one run:
//   1. bare: the same simulators (time factor BENCH_TIME_FACTOR, default 3) against a plain in-process
//      aedes + subscriber (devicesBare.mjs) → the bare delivered rate, the baseline, and the bare
//      broker's own unaccounted messages;
//   2. server: the built server (METRICS_ENABLED) with the devices claimed into one project, same load
//      → ingest rate, publish→committed p50/p99 (GET /api/internal/metrics, reset at the window's
//      start), server CPU (/proc) and RSS, device-list p95 while ingesting, status change → browser
//      p95 (devicesProbe.ts toggling a few more devices, a WebSocket on /api/live timing
//      `device.status`, every toggle judged); then the simulators and the probe pause (connections
//      open, nothing more published) and every message they published is compared with what the
//      server received;
//   3. reconnect storm: the simulators are killed, and once all devices are offline the whole fleet
//      starts again at once (time factor 1) → time until all N are online again in the database;
//      then server CPU/RSS/latency at the nominal 30 s interval.
// Budgets below 10,000 devices are scaled (budgetsFor); the CI guard runs 2,000 (scripts/test.mjs).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { account } from './accounting.mjs';
import {
  accountWithProject,
  exited,
  fmt,
  freePort,
  sampleAfter,
  sleep,
  spawnNode,
  spawnTs,
  startBenchServer,
  stop,
} from './devicesLib.mjs';
import { measureServer, ONLINE } from './devicesServer.mjs';
import { shardsOf, startSims } from './simGroup.mjs';

const N = Number(process.env.BENCH_DEVICES ?? 10_000);
const TIME_FACTOR = Number(process.env.BENCH_TIME_FACTOR ?? 3);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_S ?? 30) * 1000;
const PROBES = 8;
/** How far over a time budget the scale guard of `npm test` tolerates a figure (see `guard` below). */
const GUARD_SLACK = 3;
const PROBE_SEED = 99;

/** Waits for `check`; the elapsed ms, or Infinity (logged) when it did not happen in time. */
export async function until(what, check, timeoutMs, everyMs = 250) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) {
      console.log(
        `  (gave up waiting for ${what} after ${(timeoutMs / 1000).toFixed(0)} s; measuring what there is)`,
      );
      return Number.POSITIVE_INFINITY;
    }
    await sleep(everyMs);
  }
  return Date.now() - started;
}

/** The rate of a cumulative counter over [t0, t1] from samples {at, value}. */
export function rateOver(samples, value, t0, t1) {
  const a = sampleAfter(samples, t0);
  const b = sampleAfter(samples, t1);
  if (!a || !b || b.at <= a.at) return Number.NaN;
  return ((value(b) - value(a)) * 1000) / (b.at - a.at);
}

/**
 * Phase 1: the simulator against a bare aedes; the delivered rate, and the unaccounted messages:
 * what the simulators published (their totals once paused: connections open, nothing more sent)
 * minus what the subscriber received, per message (accounting.mjs).
 */
async function measureBare() {
  const bare = [];
  let port;
  const broker = spawnNode('scripts/bench/devicesBare.mjs', [], {
    onJson: (o) => {
      if (o.port) port = o.port;
      else bare.push(o);
    },
  });
  try {
    if (!Number.isFinite(await until('the bare broker', () => port !== undefined, 10_000, 50)))
      throw new Error(`bare broker did not start:\n${broker.text.join('\n')}`);
    const sims = startSims(port, TIME_FACTOR, N);
    try {
      const connectMs = await until(
        'all devices on the bare broker',
        () => (bare.at(-1)?.clients ?? 0) >= N,
        120_000,
      );
      const connected = bare.at(-1)?.clients ?? 0;
      await sleep(5000);
      const t0 = Date.now();
      await sleep(WINDOW_MS);
      const t1 = Date.now();
      const rate = rateOver(bare, (s) => s.delivered, t0, t1);
      const offered = rateOver(sims.samples, (s) => s.published, t0, t1);
      const paused = await sims.pause();
      await settled(() => bare.at(-1)?.delivered ?? 0);
      const { lost, state } = account(paused.byMessage, bare.at(-1)?.byMessage ?? {}, paused.wills);
      return { rate, offered, unaccounted: lost, stateAccount: state, connectMs, connected };
    } finally {
      await sims.kill();
    }
  } finally {
    await stop(broker);
  }
}

/** A counter once it stopped moving (unchanged for 1.5 s, at most 30 s): its final value. */
export async function settled(read) {
  let value = await read();
  for (let i = 0; i < 60; i++) {
    await sleep(1500);
    const next = await read();
    if (next === value) return value;
    value = next;
  }
  return value;
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'netloom-bench-devices-'));
  const dbFile = join(dataDir, 'netloom.db');
  const codes = new Map();
  const logs = (e) => {
    if (e.msg === 'dev outbox: e-mail verification code') codes.set(e.to, e.code);
  };
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const loadBefore = load();
  try {
    // Set-up: an account and a project through the API, then N + probe devices claimed in the DB.
    const first = await startBenchServer({ DATA_DIR: dataDir, MQTT_PORT: '0' }, logs);
    const { token, projectId } = await accountWithProject(first.url, codes);
    await stop(first.child);
    let seeded;
    const seed = spawnTs(
      'scripts/bench/devicesSeed.ts',
      [
        dbFile,
        String(projectId),
        ...shardsOf(N).map((x) => `${x.seed}:${x.devices}`),
        `${PROBE_SEED}:${PROBES}`,
      ],
      {
        onJson: (o) => (seeded = o.inserted),
      },
    );
    await exited(seed);
    if (seeded !== N + PROBES) throw new Error(`seeding failed:\n${seed.text.join('\n')}`);
    console.log(
      `  ${N} devices (+${PROBES} probe devices) claimed into project ${projectId}; time factor ${TIME_FACTOR}; ${shardsOf(N).length} simulator process(es)`,
    );

    const bare = await measureBare();
    console.log(
      `  bare aedes: ${fmt(bare.rate)} msg/s delivered (simulator offered ${fmt(bare.offered)}), unaccounted ${bare.unaccounted}, ${bare.connected}/${N} connected after ${fmt(bare.connectMs / 1000, 1)} s`,
    );

    const mqttPort = await freePort();
    const server = await startBenchServer({ DATA_DIR: dataDir, MQTT_PORT: String(mqttPort) }, logs);
    const ro = new Database(dbFile, { readonly: true });
    const online = ro.prepare(
      `select count(*) as n from devices where project_id = ? and status in (${ONLINE.join(',')})`,
    );
    try {
      const s = await measureServer({
        server,
        token,
        projectId,
        mqttPort,
        onlineCount: async () => online.get(projectId).n,
        n: N,
        probes: PROBES,
        probeSeed: PROBE_SEED,
        timeFactor: TIME_FACTOR,
        windowMs: WINDOW_MS,
        until,
        settled,
        rateOver,
        WebSocket,
      });
      const machine = `load average before ${loadBefore}, after ${load()} on ${availableParallelism()} cores`;
      console.log(`  machine: ${machine}`);
      return rows(s, bare);
    } finally {
      ro.close();
      await stop(server.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The budgets of the devices issues for N devices. From 10,000 up (the default; BENCH_DEVICES=18000
 * on this machine size) they are the issue's own, unscaled: < 60 % of a core, < 600 MB, storm < 30 s.
 * Below (the CI guard runs 2,000) the load-proportional ones scale with N over a fixed part (the
 * server's own timers and memory, the bench's metrics polling): CPU 8 % + 52 % × N/10,000; RSS
 * 180 MB + 42 MB per 1,000 devices (both reach the 10,000 budget at 10,000); storm 30 s × N/10,000,
 * at least 15 s (the simulators' own start-up and first back-off take most of it at small N).
 * Latencies (publish→committed, list, status) are per request and do not scale.
 */
export function budgetsFor(n) {
  if (n >= 10_000) return { cpuPct: 60, rssMb: 600, stormMs: 30_000 };
  return {
    cpuPct: 8 + (52 * n) / 10_000,
    // A fixed part first: the server before any device (about 190 MB since its SQLite write thread and
    // 32 MB young generation), then what devices add (about 25–35 KB each at 2,000–10,000 devices).
    rssMb: 300 + (30 * n) / 1000,
    stormMs: Math.max(15_000, (30_000 * n) / 10_000),
  };
}

export function rows(s, bare) {
  const b = budgetsFor(N);
  const mbOf = (x) => x / 1024 / 1024;
  const ratio = s.ingest.rate / bare.rate;
  const lossFree = s.ingest.unaccounted <= 0 && s.ingest.dbLoss === 0 && s.ingest.dropped === 0;
  const heldOk = s.nominal.cpuPct < b.cpuPct && mbOf(s.nominal.rssMax) < b.rssMb && s.nominal.online >= N;
  // The scale guard of `npm test` (BENCH_GUARD=1) fails on what cannot be load: a device not online,
  // a message lost, a status change missed, memory over budget, or a time GUARD_SLACK× over its budget.
  // Within that, a busy machine's latencies are reported, not failed on (benchmarks are not timed tests).
  const slack = (x, budget) => x <= budget * GUARD_SLACK;
  // What each device adds: CPU in µs per second, memory over the server's own before any connected.
  const cpuUsPerDevice = (s.nominal.cpuPct * 1e4) / N;
  const rssPerDeviceKb = (s.nominal.rssMax - s.base.rss) / N / 1024;
  const heapPerDeviceKb = (s.nominal.heapUsed - s.base.heapUsed) / N / 1024;
  return [
    {
      name: `${N} devices held at the 30 s interval (server CPU, RSS)`,
      figure: `${fmt(s.nominal.cpuPct, 1)}% of one core, ${fmt(mbOf(s.nominal.rssMax))} MB RSS (heap ${fmt(mbOf(s.nominal.heapUsed))} MB; per device ${fmt(cpuUsPerDevice)} µs CPU a second, ${fmt(rssPerDeviceKb, 1)} KB RSS and ${fmt(heapPerDeviceKb, 1)} KB heap over the server's ${fmt(mbOf(s.base.rss))} MB before any device), ${s.nominal.online}/${N} online, ${fmt(s.nominal.rate)} msg/s, publish→committed p99 ${fmt(s.nominal.p99)} ms`,
      ratio: `${fmt(s.nominal.cpuPct / b.cpuPct, 2)}× of ${fmt(b.cpuPct, 0)}% CPU, ${fmt(mbOf(s.nominal.rssMax) / b.rssMb, 2)}× of ${fmt(b.rssMb)} MB`,
      withinBudget: heldOk,
      guard: s.nominal.online >= N && mbOf(s.nominal.rssMax) < b.rssMb && slack(s.nominal.cpuPct, b.cpuPct),
    },
    {
      name: `sustained ingest through the server (time factor ${TIME_FACTOR})`,
      figure: `${fmt(s.ingest.rate)} msg/s with ${s.connected}/${N} connected (bare ${fmt(bare.rate)} with ${bare.connected}, bare unaccounted ${bare.unaccounted}), unaccounted ${s.ingest.unaccounted} (every message but state; ${s.ingest.stateAccount}), dropped ${s.ingest.dropped}, telemetry not committed ${s.ingest.dbLoss}; server ${fmt(s.ingest.cpuPct, 1)}% CPU, ${fmt(mbOf(s.ingest.rssMax))} MB`,
      ratio: `${fmt(ratio, 2)}× the bare broker rate (budget ≥ 0.5× with zero loss)`,
      withinBudget: ratio >= 0.5 && lossFree,
      guard: lossFree && ratio * GUARD_SLACK >= 0.5,
    },
    {
      name: 'publish→committed latency of telemetry (under the raised load)',
      figure: `p50 ${fmt(s.latency.p50)} ms, p99 ${fmt(s.latency.p99)} ms (${s.latency.samples} samples)`,
      ratio: `${fmt(s.latency.p99 / 250, 2)}× of the 250 ms p99 budget`,
      withinBudget: s.latency.p99 <= 250,
      guard: slack(s.latency.p99, 250),
    },
    {
      name: `reconnect storm: ${N} devices back online in the database`,
      figure: Number.isFinite(s.storm.ms)
        ? `${fmt(s.storm.ms / 1000, 1)} s (bare broker: all connected in ${fmt(bare.connectMs / 1000, 1)} s at the first start; ${s.storm.connectErrors} connection errors; all offline ${fmt(s.storm.offlineMs / 1000, 1)} s after the simulators were killed)`
        : `not all back within 120 s: ${s.storm.online}/${N} online`,
      ratio: `${fmt(s.storm.ms / b.stormMs, 2)}× of the ${fmt(b.stormMs / 1000)} s budget`,
      withinBudget: s.storm.ms <= b.stormMs,
      guard: slack(s.storm.ms, b.stormMs),
    },
    {
      name: `device list API p95 for a ${N + s.probes}-device project while ingesting`,
      figure: `p95 ${fmt(s.list.p95, 1)} ms, p50 ${fmt(s.list.p50, 1)} ms (${s.list.n} requests)`,
      ratio: `${fmt(s.list.p95 / 50, 2)}× of the 50 ms budget`,
      withinBudget: s.list.p95 < 50,
      guard: slack(s.list.p95, 50),
    },
    {
      name: 'status change → browser (device.status on /api/live)',
      figure: `p95 ${fmt(s.status.p95)} ms, p50 ${fmt(s.status.p50)} ms (${s.status.n} changes, ${s.status.missed} missed)`,
      ratio: `${fmt(s.status.p95 / 1000, 2)}× of the 1 s budget`,
      withinBudget: s.status.p95 < 1000 && s.status.missed === 0,
      guard: s.status.missed === 0 && slack(s.status.p95, 1000),
    },
  ];
}
