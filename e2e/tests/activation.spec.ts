import type { ActivationStats } from '@netloom/domain';
import ExcelJS from 'exceljs';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, apiPost, officeHoursZone } from '../support/api';
import { fillField } from '../support/pages';
import { pickOption } from '../support/select';
import { openAccountMenu } from '../support/shell';
import { expect, plannedNames, serialNumbers, test } from '../support/sim';
import { makeManufacturer } from '../support/sql';

/**
 * Issue 15 §2. A manufacturer's activation statistics: devices of a project in Iceland (the only
 * project of the run with that country) come online through the simulator — their activation — and
 * the manufacturer opens the dashboard from the account menu (hidden before the role), filters it to
 * Iceland, grouped by week, and exports it: the downloaded workbook (read with exceljs) holds what
 * the page shows. Then the supported models page: searched, and filtered by type.
 */

const DEVICES = 3;

test('a manufacturer filters and exports activations, then browses the supported models', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  const me = await newSignedInAccount(page, mailbox, 'act-maker');
  const today = new Date().toISOString().slice(0, 10);

  await test.step('three devices of a project in Iceland come online', async () => {
    const sns = serialNumbers(DEVICES, 'ACT');
    const names = plannedNames(sns);
    const project = await apiPost<{ id: number }>(page, '/api/projects', {
      name: `Reykjavik ${Date.now().toString(36).slice(-5)}`,
      netMode: 0,
      scenario: 'hotel',
      timeZone: officeHoursZone(),
      place: { lat: 64.1466, lng: -21.9426, country: 'IS', city: 'Reykjavik' },
    });
    for (const [i, sn] of sns.entries()) {
      await apiPost(page, `/api/projects/${project.id}/devices`, { sn, name: names[i] });
    }
    sim.start(sns);
    await expect
      .poll(
        async () =>
          (await apiGet<{ online: number }>(page, `/api/projects/${project.id}/devices/types`)).online,
        { timeout: 30_000 },
      )
      .toBe(DEVICES);
  });

  await test.step('the account menu shows the dashboard to the manufacturer only', async () => {
    await openAccountMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Supported models' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Activation statistics' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    makeManufacturer(me.email);
    // The activations are recorded once a second: the dashboard is opened when they are there.
    await expect
      .poll(
        async () =>
          (await apiGet<ActivationStats>(page, `/api/activations?from=${today}&to=${today}&country=IS`))
            .total,
        { timeout: 15_000 },
      )
      .toBe(DEVICES);
    await page.reload();
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Activation statistics' }).click();
    await expect(page.getByRole('heading', { name: 'Activation statistics' })).toBeVisible();
  });

  await test.step('filter to Iceland, grouped by week', async () => {
    await pickOption(page, page.getByRole('combobox', { name: 'Country filter' }), 'Iceland');
    await page.getByTestId('activation-filters').getByText('Week', { exact: true }).click();
    await expect(page.getByTestId('activation-total')).toHaveText(String(DEVICES));
    const byCountry = page.getByTestId('activation-by-country');
    await expect(byCountry.getByRole('row')).toHaveCount(2);
    await expect(byCountry).toContainText('Iceland');
    await expect(page.getByText('Activations per week')).toBeVisible();
    await snap(page, 'activation-dashboard');
  });

  await test.step('export: the workbook holds what the page shows', async () => {
    // The link carries the page's filters: the same query without `/export.xlsx` is what is shown.
    const href = (await page.getByTestId('activation-export').getAttribute('href')) ?? '';
    const shown = await apiGet<ActivationStats>(page, href.replace('/export.xlsx', ''));
    expect(shown).toMatchObject({ total: DEVICES, country: 'IS', period: 'week' });
    const download = page.waitForEvent('download');
    await page.getByTestId('activation-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activations-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    const rows = (name: string) =>
      (wb.getWorksheet(name)?.getSheetValues() ?? [])
        .filter((r) => Array.isArray(r))
        .map((r) => (r as unknown[]).slice(1));
    expect(rows('Summary')).toContainEqual(['Country', 'Iceland']);
    expect(rows('Summary')).toContainEqual(['Grouped by', 'Week']);
    expect(rows('Summary')).toContainEqual(['Total activations', DEVICES]);
    expect(rows('By model').slice(1)).toEqual(shown.byModel.map((m) => [m.model, m.count]));
    expect(rows('By country').slice(1)).toEqual([['Iceland', 'IS', DEVICES]]);
    expect(rows('Activations').slice(1)).toEqual(shown.series.map((s) => [s.label, s.count]));
    // The page's model table lists the same models.
    for (const m of shown.byModel)
      await expect(page.getByTestId('activation-by-model')).toContainText(m.model);
  });

  await test.step('supported models: search and filter by type', async () => {
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Supported models' }).click();
    await expect(page.getByRole('heading', { name: 'Supported models' })).toBeVisible();
    const cards = page.getByTestId('model-card');
    await expect(cards.first()).toBeVisible();
    await snap(page, 'supported-models');
    await fillField(page.getByLabel('Search models'), 'A1200');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('NL-A1200C Ceiling AP');
    await expect(cards.first().getByTestId('model-firmware')).toContainText(
      /V\d+\.\d+\.\d+ · \d{4}-\d{2}-\d{2}/,
    );
    await fillField(page.getByLabel('Search models'), '');
    await pickOption(page, page.getByRole('combobox', { name: 'Type filter' }), 'Switch');
    await expect(page.getByTestId('models-count')).toContainText(/^\d+ of \d+ models$/);
    await expect(cards.filter({ hasNotText: 'Switch' })).toHaveCount(0);
    await expect(cards.first()).toContainText('PoE');
    await snap(page, 'supported-models-switches');
  });
});
