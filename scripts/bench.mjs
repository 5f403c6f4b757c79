#!/usr/bin/env node
// `npm run bench`: performance budgets of the issues, each printed as figures and as ratios against a
// baseline or budget measured in the same run. Benchmarks are not tests: they report, they do not assert,
// but the exit code is non-zero when a budget is exceeded so a regression is visible.
import { bold, ensureDependencies, green, red, step } from './lib.mjs';

ensureDependencies();
const { buildIfStale } = await import('./build.mjs');
await buildIfStale();

const benches = [
  ['server start', () => import('./bench/startup.mjs')],
  ['login route weight', () => import('./bench/loginWeight.mjs')],
  ['device scale', () => import('./bench/devices.mjs')],
  ['config delivery', () => import('./bench/config.mjs')],
  ['RF planner', () => import('./bench/rf.mjs')],
];

const rows = [];
for (const [name, load] of benches) {
  step(`bench: ${name}`);
  const mod = await load();
  rows.push(...(await mod.run()));
}

console.log(`\n${bold('Results')}`);
for (const r of rows) {
  const verdict = r.withinBudget ? green('within budget') : red('OVER BUDGET');
  console.log(`  ${r.name}: ${r.figure}  (${r.ratio})  ${verdict}`);
}
process.exit(rows.every((r) => r.withinBudget) ? 0 : 1);
