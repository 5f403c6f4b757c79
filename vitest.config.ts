import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './vitest.sequencer';

// One Vitest run covers every package's unit and integration tests; end-to-end lives in e2e/ (Playwright).
export default defineConfig({
  test: {
    // `isolate: false`: the files of a worker share one module graph instead of importing every module
    // again for each file. Importing was most of the time of the small projects: domain, protocol and
    // the repository rules took 15 s isolated and 6 s shared here, the simulator 17.8 s and 15.8 s. It
    // is safe where no test file mocks a module or stubs a global and no module keeps state between
    // files: tests/sharedModuleGraph.test.ts holds these packages to that. The web's tests mock
    // modules and stub browser globals, so they stay isolated.
    projects: [
      {
        test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], isolate: false },
      },
      // Repository rules that read the source of every package (each rule written once).
      { test: { name: 'repo', root: '.', include: ['tests/**/*.test.ts'], isolate: false } },
      { test: { name: 'web', root: 'packages/web', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] } },
      {
        test: { name: 'protocol', root: 'packages/protocol', include: ['src/**/*.test.ts'], isolate: false },
      },
      { test: { name: 'sim', root: 'packages/sim', include: ['src/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files of a worker share one module graph: each builds its own app, database and broker
          // from it, and no server module keeps state of its own between apps (tests/sharedModuleGraph.test.ts
          // holds the files to that: no module mocks, no stubbed environment or globals, no fake
          // timers). Importing the server once per file was most of the suite's time.
          isolate: false,
        },
      },
    ],
    passWithNoTests: false,
    // Two files at a time on the 2-core machines CI runs on (Vitest's default is one fewer than the
    // cores: one): most server suites wait on sockets, brokers and timers, not on the CPU.
    maxWorkers: 2,
    // The long files start first (vitest.sequencer.ts): none of them runs alone at the end.
    sequence: { sequencer: LongFilesFirst },
  },
});
