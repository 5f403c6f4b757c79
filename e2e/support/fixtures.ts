import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots', import.meta.url));

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through e2e/playwright.config.ts.`);
  return value;
}

interface Fixtures {
  /** Path of the JSON-lines file the SMTP capture server appends each message to. */
  mailbox: string;
  /** Path of the file holding the console's log output (SMS codes of the development outbox). */
  serverLog: string;
  /** Saves a full-viewport screenshot of a key screen to e2e/screenshots/<name>.png. */
  snap: (page: Page, name: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  // The console listens on an ephemeral port chosen at start, so baseURL comes from global setup.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(requiredEnv('NETLOOM_E2E_BASE_URL'));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  mailbox: async ({}, use) => {
    await use(requiredEnv('NETLOOM_E2E_MAILBOX'));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  serverLog: async ({}, use) => {
    await use(requiredEnv('NETLOOM_E2E_SERVER_LOG'));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  snap: async ({}, use) => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await use(async (page, name) => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
    });
  },
});
