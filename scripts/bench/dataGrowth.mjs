// Data that stays bounded (issue 11 §4).
//   1. Bytes per device per day, on SQLite and PostgreSQL: a day of a sample fleet (BENCH_GROWTH_DEVICES,
//      default 40; telemetry, state and clients every 30 s, 8 events a day) written through the
//      server's own writers on a moved clock (dataGrowthDay.ts), then each table's size — raw
//      telemetry, rollups (per device and per project), clients (the daily history; the current
//      table is a snapshot, not growth), events and alarms. From these, the steady-state size of an
//      18,000-device database under the retention periods (raw ~48 h, 5-minute rollups 7 days,
//      hourly rollups, client days, events and the change log TELEMETRY_RETENTION_DAYS, here 30).
//      And the longest statement of a retention run deleting that day's raw rows (budget 100 ms: the
//      SQLite write lock it holds delays the ingest's commits, whose p99 budget is 250 ms).
//   2. A 30-day chart of a 5,000-device project (BENCH_CHART_DEVICES) on a SQLite database holding
//      30 days of history (generated: dataGrowthHistory.ts): the built server answers the network
//      status, client data and one device's telemetry at range=30d; p50/p95 of each, budget p95 < 100 ms.
// Set BENCH_GROWTH_PG=0 to leave PostgreSQL out (it is skipped, and said so, when it is not reachable);
// BENCH_GROWTH_PARTS=growth or =chart runs one part only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  accountWithProject,
  exited,
  fmt,
  percentile,
  spawnTs,
  startBenchServer,
  stop,
} from './devicesLib.mjs';

const DEVICES = Number(process.env.BENCH_GROWTH_DEVICES ?? 40);
const FLEET = 18_000;
const RETENTION_DAYS = 30;
const CHART_DEVICES = Number(process.env.BENCH_CHART_DEVICES ?? 5000);
const CHART_DAYS = 30;
const CHART_REQUESTS = 60;
const CHART_BUDGET_MS = 100;
const PRUNE_BATCH_BUDGET_MS = 100;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const MB = 1024 * 1024;
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const gb = (b) => (b >= 1024 * MB ? `${(b / 1024 / MB).toFixed(2)} GB` : `${(b / MB).toFixed(0)} MB`);

/** Table groups, and how many days of each a steady-state database keeps. */
const CATEGORIES = [
  { name: 'raw telemetry', tables: ['telemetry_raw'], keepDays: 2 },
  { name: '5-minute rollups', tables: ['telemetry_5m', 'project_series_5m'], keepDays: 7 },
  { name: 'hourly rollups', tables: ['telemetry_1h', 'project_series_1h'], keepDays: RETENTION_DAYS },
  { name: 'client history', tables: ['client_days'], keepDays: RETENTION_DAYS + 1 },
  { name: 'events and alarms', tables: ['device_events'], keepDays: RETENTION_DAYS },
];
/** Not growth: the current clients table is replaced by each snapshot (a constant per device). */
const SNAPSHOT_TABLES = ['clients'];

function runDay(url) {
  let result;
  const child = spawnTs('scripts/bench/dataGrowthDay.ts', [url, String(DEVICES)], {
    onJson: (o) => (result = o),
  });
  return exited(child).then(() => {
    if (!result) throw new Error(`data growth run failed:\n${child.text.join('\n')}`);
    return result;
  });
}

async function withPgDatabase(fn) {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (err) {
    return { skipped: `PostgreSQL not reachable at ${PG_URL} (${err.message})` };
  }
  const name = `bench_growth_${process.pid}_${Date.now()}`;
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

function growthRows(r) {
  const label = r.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const perDay = (tables) => tables.reduce((a, t) => a + (r.sizes[t] ?? 0), 0) / r.devices;
  const parts = CATEGORIES.map((c) => ({ ...c, perDay: perDay(c.tables) }));
  const snapshot = perDay(SNAPSHOT_TABLES);
  const steady = parts.reduce((a, c) => a + c.perDay * c.keepDays, 0) + snapshot;
  console.log(
    `  ${label}: ${r.devices} devices, one day written in ${(r.writeMs / 1000).toFixed(1)} s; rows ${JSON.stringify(r.counts)}`,
  );
  for (const c of parts)
    console.log(
      `    ${c.name}: ${kb(c.perDay)}/device/day, kept ${c.keepDays} d → ${kb(c.perDay * c.keepDays)}/device`,
    );
  console.log(`    current clients (a snapshot): ${kb(snapshot)}/device`);
  const p = r.prune;
  console.log(
    `    retention run 2 days later: ${p.rows} rows in ${p.batches} batches, ${fmt(p.ms)} ms, longest batch ${fmt(p.longestBatchMs, 1)} ms (${p.largestBatchRows} rows)`,
  );
  return [
    {
      name: `data growth, ${label}: bytes per device per day`,
      figure: `${parts.map((c) => `${c.name} ${kb(c.perDay)}`).join(', ')}; current clients ${kb(snapshot)}/device`,
      ratio: `measured on ${r.devices} devices, one day through the server's writers`,
      withinBudget: true,
    },
    {
      name: `data growth, ${label}: ${FLEET.toLocaleString('en-US')} devices at steady state (retention ${RETENTION_DAYS} d)`,
      figure: `${gb(steady * FLEET)} (${kb(steady)}/device; raw telemetry ${gb(parts[0].perDay * 2 * FLEET)})`,
      ratio: 'bounded: every table pruned by its retention',
      withinBudget: true,
    },
    {
      name: `retention, ${label}: longest delete batch (${p.rows} rows pruned)`,
      figure: `${fmt(p.longestBatchMs, 1)} ms (≤ ${p.largestBatchRows} rows; ${p.batches} batches, mean ${fmt(p.ms / Math.max(p.batches, 1), 1)} ms, ${fmt(p.ms)} ms in all)`,
      ratio: `${(p.longestBatchMs / PRUNE_BATCH_BUDGET_MS).toFixed(2)}× of the ${PRUNE_BATCH_BUDGET_MS} ms budget`,
      withinBudget: p.longestBatchMs < PRUNE_BATCH_BUDGET_MS,
    },
  ];
}

async function timed(url, token, path) {
  const started = performance.now();
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  const ms = performance.now() - started;
  if (body.code !== 0) throw new Error(`${path}: ${JSON.stringify(body).slice(0, 300)}`);
  return ms;
}

async function chartRows() {
  const dataDir = mkdtempSync(join(tmpdir(), 'netloom-bench-growth-'));
  const dbFile = join(dataDir, 'netloom.db');
  const codes = new Map();
  const logs = (e) => {
    if (e.msg === 'dev outbox: e-mail verification code') codes.set(e.to, e.code);
  };
  const env = { DATA_DIR: dataDir, MQTT_PORT: '0' };
  try {
    const first = await startBenchServer(env, logs);
    const { token, projectId } = await accountWithProject(first.url, codes);
    await stop(first.child);
    const seedStarted = Date.now();
    let seeded;
    const seed = spawnTs(
      'scripts/bench/dataGrowthHistory.ts',
      [dbFile, String(projectId), String(CHART_DEVICES), String(CHART_DAYS)],
      { onJson: (o) => (seeded = o.rows) },
    );
    await exited(seed);
    if (!seeded) throw new Error(`history seed failed:\n${seed.text.join('\n')}`);
    console.log(
      `  chart: ${seeded.toLocaleString('en-US')} rows of ${CHART_DAYS} days generated in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
    );
    const server = await startBenchServer(env);
    try {
      const list = await fetch(`${server.url}/api/projects/${projectId}/devices?page=1&pageSize=1`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json());
      const deviceId = list.data?.items?.[0]?.id;
      const paths = [
        ['network status', `/api/projects/${projectId}/status?range=30d`],
        ['client data', `/api/projects/${projectId}/client-data?range=30d`],
        ...(deviceId
          ? [['one device', `/api/projects/${projectId}/devices/${deviceId}/telemetry?range=30d`]]
          : []),
      ];
      const rows = [];
      for (const [what, path] of paths) {
        const warm = [];
        for (let i = 0; i < 5; i++) warm.push(await timed(server.url, token, path));
        // A route far over budget (seconds a request) is timed 10 times, not 60: the verdict is the same.
        const count = Math.min(...warm) > 10 * CHART_BUDGET_MS ? 10 : CHART_REQUESTS;
        const ms = [];
        for (let i = 0; i < count; i++) ms.push(await timed(server.url, token, path));
        const p50 = percentile(ms, 0.5);
        const p95 = percentile(ms, 0.95);
        console.log(
          `  chart 30 d, ${what}: p50 ${fmt(p50, 1)} ms, p95 ${fmt(p95, 1)} ms (${count} requests; the first warm-up request ${fmt(warm[0], 0)} ms)`,
        );
        rows.push({
          name: `30-day chart, ${CHART_DEVICES.toLocaleString('en-US')}-device project, SQLite, ${what}`,
          // Client data: the first request summarises the generated days (no day-end job saw them).
          figure: `p95 ${fmt(p95, 1)} ms, p50 ${fmt(p50, 1)} ms (first request ${fmt(warm[0], 0)} ms)`,
          ratio: `${(p95 / CHART_BUDGET_MS).toFixed(2)}× of the ${CHART_BUDGET_MS} ms budget`,
          withinBudget: p95 < CHART_BUDGET_MS,
        });
      }
      if (!deviceId)
        console.log('  (no device id from the device list: the one-device chart was not measured)');
      return rows;
    } finally {
      await stop(server.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  const parts = (process.env.BENCH_GROWTH_PARTS ?? 'growth,chart').split(',');
  const rows = [];
  if (parts.includes('growth')) rows.push(...(await growth()));
  if (parts.includes('chart')) rows.push(...(await chartRows()));
  return rows;
}

async function growth() {
  const rows = [];
  const dir = mkdtempSync(join(tmpdir(), 'netloom-bench-growth-'));
  try {
    rows.push(...growthRows(await runDay(`sqlite:${join(dir, 'growth.db')}`)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.BENCH_GROWTH_PG !== '0') {
    const r = await withPgDatabase((url) => runDay(url));
    if (r.skipped) console.log(`  PostgreSQL: skipped — ${r.skipped}`);
    else rows.push(...growthRows(r));
  }
  return rows;
}

// `node scripts/bench/dataGrowth.mjs`: this bench alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await run();
  for (const r of rows)
    console.log(`${r.withinBudget ? 'ok  ' : 'OVER'} ${r.name}: ${r.figure} (${r.ratio})`);
}
