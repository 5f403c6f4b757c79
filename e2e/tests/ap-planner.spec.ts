import { readFileSync } from 'node:fs';
import { AP_PLAN_COVERAGE_MIN_PCT, type MapList } from '@netloom/domain';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, apiPut, createProject } from '../support/api';
import { openProject } from '../support/devices';
import { expect, SCREENSHOT_DIR, test } from '../support/fixtures';
import { fillField, pageTitle } from '../support/pages';

/**
 * Issue 15, "plan on a floor plan": on a 50 m × 30 m office with a concrete corridor wall and brick
 * rooms, the planner proposes APs for −67 dBm over 95 % of the floor. The proposal shows as numbered
 * markers with its heat map and a summary; the screenshot carries it; "Use in a solution" opens the
 * generator with the model and count.
 */

const METRES_PER_PX = 0.05;
/** Walls in metres: the corridor (concrete), four room partitions (brick), a glass meeting room. */
const WALLS = [
  {
    shape: 'line',
    material: 'concrete',
    points: [
      { x: 1, y: 12 },
      { x: 49, y: 12 },
    ],
  },
  ...[10, 20, 30, 40].map((x) => ({
    shape: 'line',
    material: 'brick',
    points: [
      { x, y: 1 },
      { x, y: 12 },
    ],
  })),
  {
    shape: 'rectangle',
    material: 'glass',
    points: [
      { x: 30, y: 18 },
      { x: 42, y: 18 },
      { x: 42, y: 28 },
      { x: 30, y: 28 },
    ],
  },
];

/** The same walls drawn on a 1000 × 600 plan, so the screenshot reads like an office. */
async function officePng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ walls, mpp }) => {
      const c = document.createElement('canvas');
      c.width = 1000;
      c.height = 600;
      const ctx = c.getContext('2d') as CanvasRenderingContext2D;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 1000, 600);
      ctx.strokeStyle = '#444';
      ctx.lineWidth = 5;
      ctx.strokeRect(20, 20, 960, 560);
      ctx.lineWidth = 3;
      for (const w of walls) {
        ctx.beginPath();
        for (const [i, p] of w.points.entries()) {
          if (i === 0) ctx.moveTo(p.x / mpp, p.y / mpp);
          else ctx.lineTo(p.x / mpp, p.y / mpp);
        }
        if (w.shape === 'rectangle') ctx.closePath();
        ctx.stroke();
      }
      return c.toDataURL('image/png');
    },
    { walls: WALLS, mpp: METRES_PER_PX },
  );
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

test('plan APs on a floor plan: proposal, heat map, screenshot, then a solution', async ({
  page,
  mailbox,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'applan');
  const projectId = await createProject(page, { name: 'Planned office', netMode: 0, scenario: 'enterprise' });
  await openProject(page, 'Planned office');
  await page.goto('/manage/visualization/td');
  await page.getByRole('button', { name: 'Upload map' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload map' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'Office.png', mimeType: 'image/png', buffer: await officePng(page) });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();

  const plan = page.getByRole('button', { name: 'Plan APs' });
  await test.step('the planner waits for the scale', async () => {
    await expect(plan).toBeDisabled();
    await expect(page.getByText('Scale line must be drawn first.').first()).toBeVisible();
  });

  const map = (await apiGet<MapList>(page, `/api/projects/${projectId}/maps`)).maps[0];
  const base = `/api/projects/${projectId}/maps/${map?.id}`;
  await apiPut(page, `${base}/scale`, { from: { x: 0, y: 10 }, to: { x: 500, y: 10 }, lengthM: 25 });
  await apiPut(page, `${base}/walls`, { walls: WALLS });
  await page.reload();
  await expect(page.getByTestId('map-scalebar')).toBeVisible();

  const panel = page.getByTestId('ap-plan-panel');
  const run = panel.getByRole('button', { name: /Plan( again)?$/ });
  await test.step('the panel checks its inputs with the domain rules', async () => {
    await plan.click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('switch', { name: 'Keep the placed APs' })).toBeDisabled();
    await fillField(panel.getByLabel('Coverage goal'), String(AP_PLAN_COVERAGE_MIN_PCT - 10));
    await run.click();
    await expect(
      panel.getByText(`Enter a whole number from ${AP_PLAN_COVERAGE_MIN_PCT} to 100.`),
    ).toBeVisible();
    await fillField(panel.getByLabel('Coverage goal'), '95');
  });

  await test.step('a proposal: numbered markers, its heat map and why this many', async () => {
    await run.click();
    const summary = page.getByTestId('ap-plan-summary');
    await expect(summary).toContainText(
      /^\d+ APs: (9[5-9]|100) % of 1,500 m² at ≥ -67 dBm; \d+ APs? reach(es)? only \d+ %\.$/,
      {
        timeout: 20_000,
      },
    );
    const count = Number((await summary.textContent())?.match(/^(\d+) APs/)?.[1]);
    expect(count).toBeGreaterThan(1);
    await expect(page.getByTestId('ap-plan-ap')).toHaveCount(count);
    await expect(page.getByTestId('map-stage')).toHaveAttribute('data-proposed-aps', String(count));
    await expect(page.getByTestId('heatmap-legend')).toContainText('-67 dBm');
    await snap(page, 'ap-plan-proposal');
  });

  await test.step('the screenshot carries the proposal', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Screenshot' }).click();
    const file = await download;
    await file.saveAs(`${SCREENSHOT_DIR}/ap-plan-export.png`);
    const bytes = readFileSync(await file.path());
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  await test.step('discard, plan again, then use it in a solution', async () => {
    await panel.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByTestId('ap-plan-summary')).toHaveCount(0);
    await expect(page.getByTestId('map-stage')).toHaveAttribute('data-proposed-aps', '0');
    await run.click();
    const summary = page.getByTestId('ap-plan-summary');
    await expect(summary).toContainText(/^\d+ APs:/, { timeout: 20_000 });
    const count = Number((await summary.textContent())?.match(/^(\d+) APs/)?.[1]);
    await panel.getByRole('button', { name: 'Use in a solution' }).click();
    await expect(pageTitle(page, 'New solution')).toBeVisible();
    await expect(page.getByTestId('solution-planned-aps')).toContainText(
      `From the floor plan: ${count} × NL-A3000C`,
    );
    await page
      .getByRole('button', { name: /Enterprise office/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Next: site' }).click();
    await expect(page.getByLabel('Floor area (m² per floor)', { exact: true })).toHaveValue('1500');
    await page.getByRole('button', { name: 'Generate solution' }).click();
    const apRow = page.locator('.nl-device-row').filter({ hasText: 'NL-A3000C' });
    await expect(apRow.getByLabel('Quantity')).toHaveValue(String(count));
    await expect(apRow.getByLabel('Remarks')).toHaveValue(/^Floor plan: Office: /);
    // The switches, PoE and gateway are sized for the planned APs, not for the generator's own count.
    await expect(page.getByText(new RegExp(`manages ${count} of up to \\d+ APs`))).toBeVisible();
    await snap(page, 'ap-plan-solution');
  });
});
