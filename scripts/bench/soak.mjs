// Soak (issue 11 §4; not CI): `BENCH_SOAK_MIN=30 npm run bench` holds BENCH_SOAK_DEVICES (default
// 10,000) simulated devices at the nominal 30 s interval (time factor 1, embedded broker, SQLite) for
// that many minutes, and reports:
//   - RSS: the mean of the first window after warm-up vs the mean of the last window (budget: growth
//     < 5 %). Warm-up: every device online, then a fifth of the duration (at least 30 s) — caches,
//     the broker's sessions and the series sampler settle;
//   - latency trend: per window, publish→committed p99 (the server's metrics, window reset each time)
//     and the device list p95 (a request every 2 s); the mean of the last two windows against the
//     mean of the first two (budget: no rise beyond 1.5× + 10 ms, the noise of a shared machine);
//   - CPU of the server over the soak.
// Without BENCH_SOAK_MIN it returns no rows (and costs nothing).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  accountWithProject,
  api,
  cpuSeconds,
  exited,
  fmt,
  freePort,
  percentile,
  rssBytes,
  sleep,
  spawnTs,
  startBenchServer,
  stop,
} from './devicesLib.mjs';

const MINUTES = Number(process.env.BENCH_SOAK_MIN ?? 0);
const N = Number(process.env.BENCH_SOAK_DEVICES ?? 10_000);
const SIM_SEED = 7;
const WINDOWS = 6;
const RSS_GROWTH_BUDGET = 0.05;
const ONLINE = [1, 2, 7];

const mbOf = (b) => b / 1024 / 1024;

async function listMs(url, token, projectId) {
  const started = performance.now();
  const res = await fetch(`${url}/api/projects/${projectId}/devices?page=1&pageSize=20`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return performance.now() - started;
}

const rising = (first, last) => last > first * 1.5 + 10;

export async function run() {
  if (!(MINUTES > 0)) {
    console.log('  soak: skipped (set BENCH_SOAK_MIN to run it)');
    return [];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'netloom-bench-soak-'));
  const dbFile = join(dataDir, 'netloom.db');
  const codes = new Map();
  const logs = (e) => {
    if (e.msg === 'dev outbox: e-mail verification code') codes.set(e.to, e.code);
  };
  try {
    const first = await startBenchServer({ DATA_DIR: dataDir, MQTT_PORT: '0' }, logs);
    const { token, projectId } = await accountWithProject(first.url, codes);
    await stop(first.child);
    let seeded;
    const seed = spawnTs('scripts/bench/devicesSeed.ts', [dbFile, String(projectId), `${SIM_SEED}:${N}`], {
      onJson: (o) => (seeded = o.inserted),
    });
    await exited(seed);
    if (seeded !== N) throw new Error(`seeding failed:\n${seed.text.join('\n')}`);

    const mqttPort = await freePort();
    const server = await startBenchServer({ DATA_DIR: dataDir, MQTT_PORT: String(mqttPort) }, logs);
    const pid = server.child.pid;
    const ro = new Database(dbFile, { readonly: true });
    const online = ro.prepare(
      `select count(*) as n from devices where project_id = ? and status in (${ONLINE.join(',')})`,
    );
    const sim = spawnTs(
      'packages/sim/src/cli.ts',
      [
        ...['--server', `mqtt://127.0.0.1:${mqttPort}`, '--devices', String(N), '--seed', String(SIM_SEED)],
        ...['--time-factor', '1', '--churn', '0', '--json'],
      ],
      {},
    );
    try {
      const t0 = Date.now();
      while (online.get(projectId).n < N) {
        if (Date.now() - t0 > 300_000)
          throw new Error(`only ${online.get(projectId).n}/${N} online after 300 s`);
        if (sim.exitCode !== null) throw new Error(`simulator exited:\n${sim.text.join('\n')}`);
        await sleep(1000);
      }
      const onlineMs = Date.now() - t0;
      const durationMs = MINUTES * 60_000;
      const warmMs = Math.max(30_000, durationMs / 5);
      console.log(
        `  soak: ${N} devices online after ${fmt(onlineMs / 1000, 1)} s; warm-up ${fmt(warmMs / 1000)} s, then ${MINUTES} min in ${WINDOWS} windows`,
      );
      await sleep(warmMs);

      const windowMs = durationMs / WINDOWS;
      await api(server.url, '/api/internal/metrics?reset=1');
      const windows = [];
      const c0 = cpuSeconds(pid);
      const s0 = Date.now();
      for (let w = 0; w < WINDOWS; w++) {
        const end = Date.now() + windowMs;
        const rss = [];
        const list = [];
        while (Date.now() < end) {
          rss.push(rssBytes(pid));
          list.push(await listMs(server.url, token, projectId));
          await sleep(2000);
        }
        const m = await api(server.url, '/api/internal/metrics?reset=1');
        const row = {
          rss: rss.reduce((a, b) => a + b, 0) / rss.length,
          rssMax: Math.max(...rss),
          listP95: percentile(list, 0.95),
          commitP99: m.publishToCommittedMs?.p99 ?? Number.NaN,
          commitSamples: m.publishToCommittedMs?.samples ?? 0,
          online: online.get(projectId).n,
        };
        windows.push(row);
        console.log(
          `  soak window ${w + 1}/${WINDOWS}: RSS ${fmt(mbOf(row.rss))} MB (max ${fmt(mbOf(row.rssMax))}), device list p95 ${fmt(row.listP95, 1)} ms, publish→committed p99 ${fmt(row.commitP99)} ms (${row.commitSamples} samples), ${row.online}/${N} online`,
        );
      }
      const cpuPct = ((cpuSeconds(pid) - c0) * 100_000) / (Date.now() - s0);
      const a = windows[0];
      const z = windows[windows.length - 1];
      const growth = (z.rss - a.rss) / a.rss;
      const mean = (ws, k) => ws.reduce((n, w) => n + w[k], 0) / ws.length;
      const early = {
        listP95: mean(windows.slice(0, 2), 'listP95'),
        commitP99: mean(windows.slice(0, 2), 'commitP99'),
      };
      const late = {
        listP95: mean(windows.slice(-2), 'listP95'),
        commitP99: mean(windows.slice(-2), 'commitP99'),
      };
      const listRising = rising(early.listP95, late.listP95);
      const commitRising = rising(early.commitP99, late.commitP99);
      return [
        {
          name: `soak, ${N} devices for ${MINUTES} min: RSS after warm-up → end`,
          figure: `${fmt(mbOf(a.rss))} → ${fmt(mbOf(z.rss))} MB (${growth >= 0 ? '+' : ''}${fmt(growth * 100, 1)} %), server ${fmt(cpuPct, 1)}% of one core, ${z.online}/${N} online at the end`,
          ratio: `${fmt(Math.max(growth, 0) / RSS_GROWTH_BUDGET, 2)}× of the 5 % growth budget`,
          withinBudget: growth < RSS_GROWTH_BUDGET && z.online >= N,
        },
        {
          name: `soak, ${N} devices for ${MINUTES} min: latency trend (first two → last two windows)`,
          figure: `device list p95 ${fmt(early.listP95, 1)} → ${fmt(late.listP95, 1)} ms; publish→committed p99 ${fmt(early.commitP99)} → ${fmt(late.commitP99)} ms`,
          ratio: 'budget: the last windows ≤ 1.5× the first + 10 ms',
          withinBudget: !listRising && !commitRising,
        },
      ];
    } finally {
      ro.close();
      await stop(sim, 'SIGKILL');
      await stop(server.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node scripts/bench/soak.mjs`: this bench alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await run();
  for (const r of rows)
    console.log(`${r.withinBudget ? 'ok  ' : 'OVER'} ${r.name}: ${r.figure} (${r.ratio})`);
}
