// Budget (issue 15 §2, activation statistics): the manufacturer dashboard's queries p95 < 200 ms at
// 1 million activations (BENCH_ACTIVATION_ROWS), on SQLite and on PostgreSQL. activationRun.ts loads
// the rows in batches, builds the rollup and times the dashboard's service over five filter sets; the
// ratio is against the budget, and against the same year's per-model count grouped from the raw
// rows (the baseline the rollup replaces). PostgreSQL runs in a scratch database created and dropped
// here (BENCH_ACTIVATION_PG_URL, default postgres://postgres@127.0.0.1:5432/test); set
// BENCH_ACTIVATION_PG=0 to leave it out (it is skipped, and said so, when it is not reachable).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { exited, fmt, spawnTs } from './devicesLib.mjs';

const ROWS = Number(process.env.BENCH_ACTIVATION_ROWS ?? 1_000_000);
const BUDGET_MS = 200;
const PG_URL = process.env.BENCH_ACTIVATION_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function runOn(url) {
  let result;
  const child = spawnTs('scripts/bench/activationRun.ts', [url, String(ROWS)], {
    onJson: (o) => (result = o),
  });
  await exited(child);
  if (!result) throw new Error(`activation bench failed:\n${child.text.join('\n')}`);
  return result;
}

async function withPgDatabase(fn) {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (err) {
    return { skipped: `PostgreSQL not reachable at ${PG_URL} (${err.message})` };
  }
  const name = `bench_activation_${process.pid}_${Date.now()}`;
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

function rowsOf(r) {
  const label = r.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  console.log(
    `  ${label}: ${r.rows.toLocaleString('en-US')} activations loaded in ${(r.loadMs / 1000).toFixed(1)} s, rollup of ${r.rollupRows.toLocaleString('en-US')} rows built in ${(r.rollupMs / 1000).toFixed(1)} s`,
  );
  for (const [name, s] of Object.entries(r.sets))
    console.log(
      `    ${name}: p50 ${fmt(s.p50, 1)} ms, p95 ${fmt(s.p95, 1)} ms, max ${fmt(s.max, 1)} ms (${s.total} activations)`,
    );
  console.log(
    `    export workbook (a year by week): ${fmt(r.exportMs)} ms, ${(r.exportBytes / 1024).toFixed(0)} KB`,
  );
  const worst = Math.max(...Object.values(r.sets).map((s) => s.p95));
  return [
    {
      name: `activation dashboard, ${label}: ${r.rows.toLocaleString('en-US')} activations, five filter sets`,
      figure: `p95 ${fmt(r.p95, 1)} ms over all requests, worst set p95 ${fmt(worst, 1)} ms`,
      ratio: `${(worst / BUDGET_MS).toFixed(2)}× of the ${BUDGET_MS} ms budget; one per-model count from the raw rows takes ${fmt(r.rawGroupMs)} ms (${(r.rawGroupMs / Math.max(worst, 0.1)).toFixed(0)}× the dashboard's worst p95)`,
      withinBudget: worst < BUDGET_MS,
    },
  ];
}

export async function run() {
  const out = [];
  const dir = mkdtempSync(join(tmpdir(), 'netloom-activation-'));
  try {
    out.push(...rowsOf(await runOn(`sqlite:${join(dir, 'bench.db')}`)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.BENCH_ACTIVATION_PG === '0') return out;
  const r = await withPgDatabase((url) => runOn(url));
  if (r.skipped) {
    console.log(`  PostgreSQL skipped: ${r.skipped}`);
    out.push({
      name: 'activation dashboard, PostgreSQL',
      figure: 'skipped',
      ratio: r.skipped,
      withinBudget: true,
    });
  } else out.push(...rowsOf(r));
  return out;
}
