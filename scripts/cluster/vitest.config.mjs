import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: the two-node deployment test (issue 11 §3), outside `npm test` because it
// runs the built server, 5,000 simulated devices and several bounded waits — minutes, not seconds.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../packages/server', import.meta.url)),
    include: ['test/cluster/**/*.cluster.ts'],
    testTimeout: 15 * 60_000,
    hookTimeout: 120_000,
    // The figures the test prints are its report.
    silent: false,
  },
});
