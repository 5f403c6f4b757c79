#!/usr/bin/env node
// Type-checks every workspace with its own tsconfig (strict). Exits non-zero if any fails.
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib.mjs';

const projects = [
  'packages/domain',
  'packages/protocol',
  'packages/sim',
  'packages/server',
  'packages/web',
  'e2e',
  // The bench's TypeScript helpers run with tsx; checked here so a renamed API breaks the check, not the bench.
  'scripts/bench',
];
let failed = 0;
for (const p of projects) {
  const r = spawnSync('npx', ['tsc', '-p', p], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`type-check failed: ${p}`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
