#!/usr/bin/env node
// `npm run test:cluster`: builds what is stale (the test runs packages/server/dist/main.js), then runs
// the two-node deployment test. CLUSTER_DEVICES sets the fleet (default 5,000).
import { buildIfStale } from '../build.mjs';
import { ROOT, runStatus } from '../lib.mjs';

await buildIfStale();
const code = await runStatus('npx', ['vitest', 'run', '--config', 'scripts/cluster/vitest.config.mjs'], {
  cwd: ROOT,
});
process.exit(code);
