#!/usr/bin/env node
// Type-checks every workspace with its own tsconfig (strict). Exits non-zero if any fails.
// Two projects at a time (the machines have two cores); each project's output is printed whole when it ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { ROOT } from './lib.mjs';

const projects = [
  // The largest first, so the two lanes end together.
  'packages/web',
  'packages/server',
  'e2e',
  'packages/sim',
  'packages/domain',
  'packages/protocol',
  // The bench's TypeScript helpers run with tsx; checked here so a renamed API breaks the check, not the bench.
  'scripts/bench',
];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => {
      if (output) process.stdout.write(output);
      if (code !== 0) console.error(`type-check failed: ${project}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
let failed = 0;
const lanes = Array.from({ length: Math.min(2, availableParallelism()) }, async () => {
  for (let p = queue.shift(); p !== undefined; p = queue.shift()) if (!(await check(p))) failed++;
});
await Promise.all(lanes);
process.exit(failed ? 1 : 0);
