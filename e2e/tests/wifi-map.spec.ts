import { readFileSync } from 'node:fs';
import { CALIBRATION_MIN_MEASUREMENTS, GENERAL_MESSAGES, type MapList, type RfRun } from '@netloom/domain';
import { CALIBRATION_FLOOR, calibrationFloorPlan } from '@netloom/sim';
import type { Locator, Page } from '@playwright/test';
import { PDFDocument, rgb } from 'pdf-lib';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, apiPost, apiPut, createProject } from '../support/api';
import { expectVersionApplied } from '../support/config';
import { openProject } from '../support/devices';
import { SCREENSHOT_DIR } from '../support/fixtures';
import { enterLiveDemo, openDemoTab } from '../support/pages';
import { pickOption } from '../support/select';
import { expect, serialNumbers, test } from '../support/sim';
import { deviceIdOf, simulatedProject } from '../support/wireless';

/**
 * Issue 12 §1–§2, the Wi-Fi map page through the real pieces: a simulated office (seed default, two
 * APs). A PNG made here and a 2-page PDF made with pdf-lib are uploaded (split → 2 maps, merged → 1);
 * the scale is drawn, one wall of each shape drawn and saved, an AP dragged onto the plan, the heat
 * map's legend shown, and the screenshot downloaded as a PNG.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

/** A floor-plan PNG drawn in the browser: 1000 × 600, a few rooms. */
async function floorPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 1000;
    c.height = 600;
    const ctx = c.getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 1000, 600);
    ctx.strokeStyle = '#333';
    ctx.lineWidth = 6;
    ctx.strokeRect(20, 20, 960, 560);
    ctx.beginPath();
    ctx.moveTo(400, 20);
    ctx.lineTo(400, 580);
    ctx.moveTo(20, 300);
    ctx.lineTo(400, 300);
    ctx.stroke();
    return c.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const shade of [0.2, 0.5]) {
    const p = doc.addPage([600, 400]);
    p.drawRectangle({
      x: 40,
      y: 40,
      width: 520,
      height: 320,
      borderColor: rgb(shade, shade, shade),
      borderWidth: 4,
    });
  }
  return Buffer.from(await doc.save());
}

async function mapList(page: Page, projectId: number) {
  return (await apiGet<MapList>(page, `/api/projects/${projectId}/maps`)).maps;
}

async function upload(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  mode?: RegExp,
  shot?: () => Promise<void>,
) {
  await page.getByRole('button', { name: 'Upload map' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload map' });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByText(file.name)).toBeVisible();
  if (mode) await dialog.getByRole('radio', { name: mode }).check();
  if (shot) await shot();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Clicks at an offset from the canvas's centre, in screen pixels. */
async function clickAt(page: Page, stage: Locator, dx: number, dy: number, double = false) {
  const box = await stage.boundingBox();
  if (!box) throw new Error('the canvas is not on screen');
  const x = box.x + box.width / 2 + dx;
  const y = box.y + box.height / 2 + dy;
  if (double) await page.mouse.dblclick(x, y);
  else await page.mouse.click(x, y);
}

test('Wi-Fi map: upload PNG and PDF, scale, walls, an AP and its heat map, screenshot', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'wifimap');
  const { projectId } = await simulatedProject(page, sim, { name: 'Floors', tag: 'NLWM', count: 4 });
  await openProject(page, 'Floors');
  await page.goto('/manage/visualization/td');
  await expect(page.getByRole('heading', { name: /Wi-Fi map/ })).toBeVisible();
  await snap(page, 'wifi-map-empty');

  await test.step('a PNG, and a 2-page PDF split then merged', async () => {
    await upload(page, { name: 'Ground floor.png', mimeType: 'image/png', buffer: await floorPng(page) });
    const pdf = await twoPagePdf();
    await upload(
      page,
      { name: 'Wing.pdf', mimeType: 'application/pdf', buffer: pdf },
      /One map per page/,
      () => snap(page, 'wifi-map-upload-pdf'),
    );
    await upload(
      page,
      { name: 'Wing merged.pdf', mimeType: 'application/pdf', buffer: pdf },
      /One map of all pages/,
    );
    const maps = await mapList(page, projectId);
    expect(maps.map((m) => m.name).sort()).toEqual(
      ['Ground floor', 'Wing (1/2)', 'Wing (2/2)', 'Wing merged'].sort(),
    );
    const merged = maps.find((m) => m.name === 'Wing merged');
    const page1 = maps.find((m) => m.name === 'Wing (1/2)');
    expect(merged && page1 && merged.height).toBeGreaterThan(1.9 * (page1?.height ?? 0));
  });

  await test.step('a GIF is refused in the form with the catalogue message', async () => {
    await page.getByRole('button', { name: 'Upload map' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload map' });
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'plan.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(dialog.getByText('The file is not a JPG, PNG or PDF.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  const stage = page.getByTestId('map-stage');
  await test.step('the scale first: walls wait for it', async () => {
    await pickOption(page, page.getByRole('combobox', { name: 'Map', exact: true }), /Ground floor/);
    await expect(page.getByText('Scale line must be drawn first.').first()).toBeVisible();
    await expect(page.getByRole('radio', { name: /Line/ }).first()).toBeDisabled();
    await page.getByTestId('tool-scale').click();
    await clickAt(page, stage, -200, 100);
    await clickAt(page, stage, 200, 100);
    await page.getByTestId('scale-length').fill('20');
    await page.getByRole('button', { name: 'Save scale' }).click();
    await expect(page.getByText('Scale saved')).toBeVisible();
    await expect(page.getByTestId('map-scalebar')).toBeVisible();
  });

  await test.step('one wall of each shape, saved as one set', async () => {
    await page.getByTestId('tool-line').click();
    await clickAt(page, stage, -150, -150);
    await clickAt(page, stage, 150, -150);
    await page.getByTestId('tool-rectangle').click();
    await clickAt(page, stage, -250, -100);
    await clickAt(page, stage, -120, 20);
    await page.getByTestId('tool-polyline').click();
    await clickAt(page, stage, 20, -100);
    await clickAt(page, stage, 100, -60);
    await clickAt(page, stage, 180, -100, true);
    await page.getByTestId('tool-polygon').click();
    await clickAt(page, stage, 50, 20);
    await clickAt(page, stage, 150, 20);
    await clickAt(page, stage, 100, 80, true);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Redo' }).click();
    await page.getByRole('button', { name: 'Save walls' }).click();
    await expect(page.getByText('Walls saved.')).toBeVisible();
    const ground = (await mapList(page, projectId)).find((m) => m.name === 'Ground floor');
    expect(ground?.wallCount).toBe(4);
    const detail = await apiGet<{ walls: { shape: string }[] }>(
      page,
      `/api/projects/${projectId}/maps/${ground?.id}`,
    );
    expect(detail.walls.map((w) => w.shape).sort()).toEqual(['line', 'polygon', 'polyline', 'rectangle']);
  });

  await test.step('an AP dragged onto the plan, its heat map and legend', async () => {
    const ap = page.getByTestId('map-device').first();
    await ap.dragTo(stage, { targetPosition: { x: 200, y: 150 } });
    await expect(ap).toContainText('On this map');
    const ground = (await mapList(page, projectId)).find((m) => m.name === 'Ground floor');
    expect(ground?.placements).toHaveLength(1);
    await expect(page.getByTestId('heatmap-legend')).toContainText('-30 dBm');
    await expect(stage.locator('canvas').first()).toBeVisible();
    await snap(page, 'wifi-map-heatmap');
    await page.getByText('Co-channel overlap', { exact: true }).first().click();
    await expect(page.getByTestId('heatmap-legend')).toContainText('Co-channel overlap');
    await page.getByText('Signal strength', { exact: true }).first().click();
  });

  await test.step('the calibration line says where the exponent of the heat map comes from', async () => {
    // One AP placed, no RF run yet: no AP-to-AP measurement on this map.
    await expect(page.getByTestId('heatmap-calibration')).toContainText(
      `Not calibrated: needs at least ${CALIBRATION_MIN_MEASUREMENTS} measurements between placed APs (0 so far).`,
    );
    await expect(page.getByTestId('heatmap-calibration')).toContainText('Path-loss exponent 2.70');
  });

  await test.step("a channel and power saved on the AP's radio page redraw the heat map live", async () => {
    const ground = (await mapList(page, projectId)).find((m) => m.name === 'Ground floor');
    const apId = ground?.placements[0]?.deviceId as number;
    const controls = page.getByTestId('heatmap-controls');
    await expect(controls).toHaveAttribute('data-computed-radios', new RegExp(`\\b${apId}:2\\.4G:`));
    await expect(controls).not.toHaveAttribute(
      'data-computed-radios',
      new RegExp(`\\b${apId}:2\\.4G:6:12\\b`),
    );
    // The radio page in a second tab of the same session; the map stays open in the first.
    const radioPage = await page.context().newPage();
    await openProject(radioPage, 'Floors');
    await radioPage.goto(`/manage/devconf/${apId}`);
    const panel = radioPage.getByTestId('radio-settings');
    await pickOption(radioPage, panel.getByLabel('2.4 GHz channel', { exact: true }), '6');
    await pickOption(radioPage, panel.getByLabel('2.4 GHz transmit power'), '12 dBm');
    await radioPage.getByTestId('radio-save').click();
    await expectVersionApplied(panel, 1, 20_000);
    await radioPage.close();
    // No reload: the live channel brings the AP's new radios, the worker recomputes from them.
    await expect(page.getByTestId('map-device-radios').first()).toContainText('2.4 GHz ch 6 · 12 dBm', {
      timeout: 20_000,
    });
    await expect(controls).toHaveAttribute('data-computed-radios', new RegExp(`\\b${apId}:2\\.4G:6:12\\b`));
    await page.getByText('2.4 GHz', { exact: true }).first().click();
    await expect(page.getByTestId('heatmap-legend')).toContainText('-30 dBm');
    await snap(page, 'wifi-map-after-power-change');
    await page.getByText('5 GHz', { exact: true }).first().click();
  });

  await test.step('the screenshot downloads as a PNG', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Screenshot' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Ground floor.png');
    await file.saveAs(`${SCREENSHOT_DIR}/wifi-map-export.png`);
    const path = await file.path();
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 4)]).toEqual(PNG_SIGNATURE);
    expect(bytes.length).toBeGreaterThan(5_000);
  });

  await test.step('select a wall: change its material, delete it, undo', async () => {
    await page.getByTestId('tool-select').click();
    await clickAt(page, stage, 0, -150);
    await expect(page.getByTestId('wall-selection')).toContainText('line');
    await pickOption(page, page.getByRole('combobox', { name: 'Wall material' }), /^Glass · 12 dB/);
    await page.getByTestId('wall-selection').getByText('Delete wall').click();
    await expect(page.getByTestId('wall-selection')).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Save walls' }).click();
    await expect(page.getByText('Walls saved.').first()).toBeVisible();
    const ground = (await mapList(page, projectId)).find((m) => m.name === 'Ground floor');
    const detail = await apiGet<{ walls: { shape: string; material: string }[] }>(
      page,
      `/api/projects/${projectId}/maps/${ground?.id}`,
    );
    expect(detail.walls.find((w) => w.shape === 'line')?.material).toBe('glass');
    expect(detail.walls).toHaveLength(4);
  });

  await test.step('an AP dragged to a new place, then taken off the map', async () => {
    const box = await stage.boundingBox();
    if (!box) throw new Error('the canvas is not on screen');
    const before = (await mapList(page, projectId)).find((m) => m.name === 'Ground floor')?.placements[0];
    await page.mouse.move(box.x + 200, box.y + 150);
    await page.mouse.down();
    await page.mouse.move(box.x + 320, box.y + 220, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(
        async () => (await mapList(page, projectId)).find((m) => m.name === 'Ground floor')?.placements[0]?.x,
      )
      .toBeGreaterThan((before?.x ?? 0) + 1);
    await page.getByRole('button', { name: /Remove AP-.* from the map/ }).click();
    await expect
      .poll(
        async () =>
          (await mapList(page, projectId)).find((m) => m.name === 'Ground floor')?.placements.length,
      )
      .toBe(0);
    await expect(page.getByTestId('heatmap-legend')).toHaveCount(0);
  });

  await test.step('rename a map, delete another after confirming', async () => {
    await pickOption(page, page.getByRole('combobox', { name: 'Map', exact: true }), /Wing merged/);
    await page.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename map' });
    await rename.getByLabel('Map name').fill('Annex');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('combobox', { name: 'Map', exact: true }).locator('..')).toContainText(
      'Annex',
    );
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(async () => (await mapList(page, projectId)).map((m) => m.name).includes('Annex'))
      .toBe(false);
    await expect.poll(async () => (await mapList(page, projectId)).length).toBe(3);
    await pickOption(page, page.getByRole('combobox', { name: 'Map', exact: true }), /Ground floor/);
  });

  await test.step('full screen', async () => {
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.getByTestId('map-card')).toHaveClass(/nl-map-full/);
    await snap(page, 'wifi-map-full');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('map-card')).not.toHaveClass(/nl-map-full/);
  });
});

test("the live demo's prepared floor plan: APs placed, heat map at once, editing off", async ({
  page,
  snap,
}) => {
  await openDemoTab(page);
  await enterLiveDemo(page);
  await page.goto('/manage/visualization/td');
  await expect(page.getByRole('heading', { name: /Wi-Fi map/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Map', exact: true }).locator('..')).toContainText(
    'Ground floor',
  );
  await expect(page.getByTestId('map-scalebar')).toBeVisible();
  await expect(page.getByTestId('heatmap-legend')).toContainText('-30 dBm', { timeout: 20_000 });
  await expect(page.getByTestId('map-device').filter({ hasText: 'On this map' })).toHaveCount(6);
  await expect(page.getByTestId('heatmap-calibration')).toContainText('Not calibrated');
  // The demo's rule, in the catalogue's words: the page says it and every tool is off.
  await expect(page.getByTestId('map-view-only')).toContainText(GENERAL_MESSAGES.DEMO_BLOCKED);
  await expect(page.getByRole('button', { name: 'Upload map' }).first()).toBeDisabled();
  await expect(page.getByRole('radio', { name: /Line/ }).first()).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save walls' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Plan APs' })).toBeDisabled();
  await snap(page, 'wifi-map-demo');
  await page.getByText('Best AP', { exact: true }).first().click();
  await expect(page.getByTestId('heatmap-legend')).toContainText('Best AP');
  await snap(page, 'wifi-map-demo-best-ap');
});

/** The calibration floor the server's test shares (simulator package), on the 1000 px plan at 0.03 m/px. */
const { walls: CAL_WALLS, spots: CAL_SPOTS } = CALIBRATION_FLOOR;

test('Wi-Fi map calibration: after an RF run the map says it is calibrated from the APs’ scans', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  test.setTimeout(240_000);
  await newSignedInAccount(page, mailbox, 'wificalib');
  // The dense site plans a gateway, two switches, then the APs: those stand where the floor says.
  const sns = serialNumbers(9, 'NLWC');
  const aps = sns.slice(3);
  const projectId = await createProject(page, { name: 'Calibrated', netMode: 0, scenario: 'enterprise' });
  const names = ['Gateway', 'Switch-01', 'Switch-02', ...aps.map((_, i) => `AP-0${i + 1}`)];
  for (const [i, sn] of sns.entries())
    await apiPost(page, `/api/projects/${projectId}/devices`, { sn, name: names[i] });
  sim.start(sns, {
    site: 'dense',
    floorPlan: calibrationFloorPlan(aps),
  });
  await expect
    .poll(
      async () => (await apiGet<{ online: number }>(page, `/api/projects/${projectId}/devices/types`)).online,
      { timeout: 30_000 },
    )
    .toBe(sns.length);
  await openProject(page, 'Calibrated');
  await page.goto('/manage/visualization/td');
  await upload(page, { name: 'Calibration floor.png', mimeType: 'image/png', buffer: await floorPng(page) });
  const map = (await mapList(page, projectId))[0];
  const base = `/api/projects/${projectId}/maps/${map?.id}`;
  await apiPut(page, `${base}/scale`, { from: { x: 0, y: 10 }, to: { x: 500, y: 10 }, lengthM: 15 });
  await apiPut(page, `${base}/walls`, { walls: CAL_WALLS });
  for (const [i, sn] of aps.entries())
    await apiPut(page, `${base}/placements/${await deviceIdOf(page, projectId, sn)}`, CAL_SPOTS[i]);
  // Drawn through the API (the drawing itself is the first test's): the page reads it again.
  await page.reload();
  await expect(page.getByTestId('heatmap-calibration')).toContainText('Not calibrated', { timeout: 20_000 });

  // An RF optimisation run scans every AP; when it ends the open map refits without a reload.
  const run = await apiPost<RfRun>(page, `/api/projects/${projectId}/rf/runs`, {});
  await expect
    .poll(async () => (await apiGet<RfRun>(page, `/api/projects/${projectId}/rf/runs/${run.id}`)).status, {
      timeout: 150_000,
    })
    .not.toBe('running');
  const line = page.getByTestId('heatmap-calibration');
  await expect(line).toContainText(/Calibrated from \d+ measurements, error ± \d+\.\d dB\./, {
    timeout: 20_000,
  });
  await expect(line).toContainText(/Path-loss exponent 3\.[0-5]\d \(fitted/);
  await snap(page, 'wifi-map-calibrated');
});
