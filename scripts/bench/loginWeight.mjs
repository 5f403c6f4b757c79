// Budget (issue 2): the login route's JavaScript + CSS ≤ 300 KB gzipped. Measured as a browser sees it:
// Chromium loads /login from the built console and every JS/CSS response is gzipped and summed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer } from './serverProcess.mjs';

const BUDGET_BYTES = 300 * 1024;

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'netloom-bench-login-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
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
  });
  try {
    const page = await browser.newPage();
    const assets = [];
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      try {
        const body = await res.body();
        assets.push({ url: res.url(), raw: body.length, gz: gzipSync(body, { level: 9 }).length });
      } catch {
        // a response without a body (redirect) carries no weight
      }
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const gz = assets.reduce((n, a) => n + a.gz, 0);
    const raw = assets.reduce((n, a) => n + a.raw, 0);
    for (const a of assets.sort((x, y) => y.gz - x.gz)) {
      console.log(`  ${(a.gz / 1024).toFixed(1).padStart(7)} KB gz  ${new URL(a.url).pathname}`);
    }
    return [
      {
        name: `login route JS + CSS (${assets.length} files, ${(raw / 1024).toFixed(0)} KB raw)`,
        figure: `${(gz / 1024).toFixed(1)} KB gzipped`,
        ratio: `${(gz / BUDGET_BYTES).toFixed(2)}× of the 300 KB budget`,
        withinBudget: gz <= BUDGET_BYTES,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
