import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end suite: the built console (started once by global-setup) in the system Chromium. Never
 * a downloaded browser: CI installs Debian's `chromium-headless-shell` package (the same Blink as
 * Debian's `chromium`, without the browser's own user interface: the same flows took about a quarter
 * less CPU, and on two cores with four workers the CPU is what the suite waits for).
 * `NETLOOM_E2E_CHROMIUM` names another binary (e.g. /usr/bin/chromium).
 *
 * Parallel: every test makes its own account, projects and simulated devices (fresh e-mail
 * addresses, mobile numbers and serial numbers), and mailbox and outbox lookups are keyed by the
 * test's own address or number, so tests run in parallel workers against the one console. The
 * files whose tests share state run in order inside one worker: `journey.spec.ts` (one account from
 * registration to logout, `describe.serial`) and `auth-flows.spec.ts` (accounts registered in
 * `beforeAll` whose second code waits out the server's one-code-a-minute rule). The live demo is
 * shared by everyone but only read: a change there is refused (the "unavailable" modal), so the demo
 * tests need no isolation. No test changes global server state (rate limits are off for the whole
 * run, simulated clocks belong to each test's own fleet).
 *
 * Workers: 3 by default on the 2-core machine the suite is written for. Much of a test's time is a
 * wait for a simulated device (a reboot, a telemetry sample, a configuration applied, a disk
 * formatted), when its worker needs no CPU. With 4 workers and 106 tests the machine was saturated
 * (load average near 20): opening a project — about 3 s of a browser's main thread on a quiet machine
 * — then took longer than a click's budget and most tests failed on it; 3 workers and the budgets
 * below hold. `NETLOOM_E2E_WORKERS` overrides it (e.g. 1 to debug, more on a bigger machine).
 */
const workers = Number(process.env.NETLOOM_E2E_WORKERS ?? 3);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  workers: Number.isInteger(workers) && workers > 0 ? workers : 3,
  fullyParallel: true,
  // A flaky test fails the run: readiness is waited for in the tests, never retried away.
  retries: 0,
  forbidOnly: true,
  // Budgets for a busy machine (three workers, a browser each, the console and simulated fleets on two
  // cores, maybe another job beside them). They bound a wait; every wait is for something on screen.
  // A click or an assertion may wait 30 s: a saturated machine makes a page's first render that slow.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['html', { outputFolder: './playwright-report', open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
    // The console honours reduced motion (no popover or drawer animations): what the tests see is
    // settled the moment it renders, on a loaded machine too, where animation frames come late.
    contextOptions: { reducedMotion: 'reduce' },
    actionTimeout: 30_000,
    navigationTimeout: 45_000,
    // No trace by default: recording one (a DOM snapshot and a screencast frame per action) doubled
    // the CPU of a test here (the browser's compositor drew every frame for it). A failure still leaves
    // its screenshot and error context; NETLOOM_E2E_TRACE=retain-on-failure records traces to debug.
    trace: process.env.NETLOOM_E2E_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    video: 'off',
    launchOptions: {
      executablePath: process.env.NETLOOM_E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
