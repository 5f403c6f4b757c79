#!/usr/bin/env node
// `npm run bench`: performance budgets of the issues, each printed as figures and as ratios against a
// baseline or budget measured in the same run. Benchmarks are not tests: they report, they do not assert,
// but the exit code is non-zero when a budget is exceeded so a regression is visible.
import { bold, ensureDependencies, green, red, step } from './lib.mjs';

ensureDependencies();
const { buildIfStale } = await import('./build.mjs');
await buildIfStale();

// [key, title, module]: `npm run bench -- <key>…` runs only those (the CI guard runs `devices`).
const benches = [
  ['startup', 'server start', () => import('./bench/startup.mjs')],
  ['login', 'login route weight', () => import('./bench/loginWeight.mjs')],
  ['devices', 'device scale', () => import('./bench/devices.mjs')],
  [
    'devicesExternal',
    'device scale, external mode (BENCH_EXTERNAL=1)',
    () => import('./bench/devicesExternal.mjs'),
  ],
  ['saturation', 'saturation ingest', () => import('./bench/saturation.mjs')],
  ['growth', 'data growth', () => import('./bench/dataGrowth.mjs')],
  ['soak', 'soak (BENCH_SOAK_MIN)', () => import('./bench/soak.mjs')],
  ['config', 'config delivery', () => import('./bench/config.mjs')],
  ['rf', 'RF planner', () => import('./bench/rf.mjs')],
  ['heatmap', 'Wi-Fi heat map', () => import('./bench/heatmap.mjs')],
  ['topology', 'topology layout', () => import('./bench/topology.mjs')],
  ['upgrade', 'batch upgrade and firmware download', () => import('./bench/upgrade.mjs')],
  ['analytics', 'analytics ingest', () => import('./bench/analytics.mjs')],
  ['topology-ui', 'topology page pan and zoom (Chromium)', () => import('./bench/topologyUi.mjs')],
  ['activation', 'activation dashboard at 1 M activations', () => import('./bench/activation.mjs')],
];
const only = process.argv.slice(2);
const unknown = only.filter((k) => !benches.some(([key]) => key === k));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; one of ${benches.map(([k]) => k).join(', ')}`);
  process.exit(2);
}

const rows = [];
for (const [key, name, load] of benches) {
  if (only.length > 0 && !only.includes(key)) continue;
  step(`bench: ${name}`);
  const mod = await load();
  rows.push(...(await mod.run()));
}

// BENCH_GUARD=1 (the scale guard of `npm test`): the exit code follows each row's `guard` — what a
// busy machine cannot explain (a device not online, a message lost, a time far over budget) — where a
// row has one; the budgets are printed as always.
const guardMode = process.env.BENCH_GUARD === '1';
const passes = (r) => (guardMode && r.guard !== undefined ? r.guard : r.withinBudget);
console.log(`\n${bold('Results')}`);
for (const r of rows) {
  const verdict = r.withinBudget ? green('within budget') : red('OVER BUDGET');
  const guard =
    guardMode && r.guard !== undefined ? (r.guard ? '  (guard: ok)' : red('  (guard: FAILED)')) : '';
  console.log(`  ${r.name}: ${r.figure}  (${r.ratio})  ${verdict}${guard}`);
}
process.exit(rows.every(passes) ? 0 : 1);
