import { DEFAULT_DEVICE_PAGE_SIZE } from '@netloom/domain';
import { newSignedInAccount } from '../support/accounts';
import { createProject } from '../support/api';
import { deviceRow, markDocument, openProject, sameDocument, statusTag } from '../support/devices';
import { fillTemplate } from '../support/excel';
import { fillField } from '../support/pages';
import { expect, plannedNames, serialNumbers, simClient, test } from '../support/sim';

const PROJECT = 'Riverside Office';
const BY_SN = 3;
const BY_EXCEL = 20;

/**
 * Issue 3 acceptance, one account from start to finish: sign in → add 3 devices by serial number and
 * 20 from an Excel workbook (the downloaded template, filled with exceljs) → simulated devices with
 * those serial numbers come online in the open list without a reload → the network status charts
 * fill → a client forced offline disappears from the client list.
 */
test('devices added by SN and Excel come alive in the browser', async ({
  page,
  mailbox,
  sim,
  snap,
}, info) => {
  const sns = serialNumbers(BY_SN + BY_EXCEL, 'NLE2E');
  const bySn = sns.slice(0, BY_SN);
  const byExcel = sns.slice(BY_SN);
  const names = plannedNames(sns);

  await test.step('sign in and open a project', async () => {
    await newSignedInAccount(page, mailbox, 'devices');
    await createProject(page, { name: PROJECT, netMode: 0, scenario: 'enterprise', location: 'Porto' });
    await openProject(page, PROJECT);
    await page.goto('/manage/devconf');
    await expect(page.getByText('No devices yet — Add device')).toBeVisible();
  });

  const dialog = page.getByRole('dialog', { name: /Add device/ });

  await test.step(`add ${BY_SN} devices by serial number`, async () => {
    await page.getByRole('button', { name: 'Add device' }).first().click();
    await expect(dialog).toBeVisible();
    for (const [i, sn] of bySn.entries()) {
      await fillField(dialog.getByRole('textbox', { name: 'Serial number' }), sn);
      await fillField(dialog.getByRole('textbox', { name: 'Device name' }), names[i] ?? '');
      await fillField(dialog.getByRole('textbox', { name: /^Location/ }), 'Server room');
      await dialog.getByRole('button', { name: 'Add device' }).click();
      // Each success is listed and the form clears for the next device.
      await expect(dialog.locator(`[data-testid="added-device"][data-sn="${sn}"]`)).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Serial number' })).toHaveValue('');
    }
  });

  await test.step(`import ${BY_EXCEL} devices from an Excel workbook`, async () => {
    await dialog.getByRole('tab', { name: 'Import from Excel' }).click();
    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download template' }).click();
    const template = info.outputPath('template.xlsx');
    await (await download).saveAs(template);
    const workbook = info.outputPath('devices.xlsx');
    const rows = byExcel.map((sn, i) => ({
      sn,
      name: names[BY_SN + i] ?? '',
      location: `Floor ${1 + (i % 4)}`,
    }));
    await fillTemplate(template, rows, workbook);
    await dialog.getByTestId('import-file').locator('input[type=file]').setInputFiles(workbook);
    const result = dialog.getByTestId('import-result');
    await expect(result).toContainText(`${BY_EXCEL} of ${BY_EXCEL} devices added.`);
    await expect(result.locator('tr[data-outcome="added"]').first()).toBeVisible();
    await expect(result.locator('tr[data-outcome="failed"]')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  const total = BY_SN + BY_EXCEL;
  const fleet = await test.step('the devices come online live, without a reload', async () => {
    const summary = page.getByText(/devices? in this project, \d+ online/);
    await expect(summary).toContainText(`${total} devices in this project, 0 online.`);
    await expect(page.getByTestId('device-tab-unknown')).toContainText(String(total));
    // The summary and the table are separate queries: read the rows once the table holds the
    // imported devices too (a full first page), not the three added by hand.
    const rows = page.locator('tr[data-sn]');
    await expect(rows).toHaveCount(Math.min(total, DEFAULT_DEVICE_PAGE_SIZE));
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-sn') ?? ''));
    for (const sn of shown)
      await expect(statusTag(deviceRow(page, sn))).toHaveAttribute('data-status', 'offline');

    await markDocument(page);
    const fleet = sim.start(sns);
    // Every row on screen turns online in place, and the counts follow: all devices online, none
    // left "Not connected yet" (each said hello and got its type).
    for (const sn of shown) {
      await expect(statusTag(deviceRow(page, sn))).toHaveAttribute('data-status', 'online', {
        timeout: 20_000,
      });
    }
    await expect(summary).toContainText(`${total} devices in this project, ${total} online.`, {
      timeout: 20_000,
    });
    await expect(page.getByTestId('device-tab-unknown')).toHaveCount(0);
    await expect(page.getByTestId('device-tab-v7')).toBeVisible();
    await expect(page.getByTestId('device-tab-ap')).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    await snap(page, 'devices-list');
    return fleet;
  });

  await test.step('a client forced offline disappears from the client list', async () => {
    await page.goto('/manage/onlinelist');
    const rows = page.locator('tr[data-mac]');
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    await snap(page, 'client-list');
    await markDocument(page);
    const mac = (await rows.first().getAttribute('data-mac')) ?? '';
    expect(simClient(fleet, mac)?.at, `simulated client ${mac}`).not.toBeNull();
    const row = page.locator(`tr[data-mac="${mac}"]`);
    await row.getByTestId('force-offline').click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'offline?' });
    await confirm.getByRole('button', { name: 'Force offline' }).click();
    await expect(row).toHaveCount(0, { timeout: 15_000 });
    // The simulated device really disconnected it (it did not just roam or leave on its own).
    expect(simClient(fleet, mac)?.at).toBeNull();
    expect(fleet.stats().commands).toBeGreaterThan(0);
    expect(await sameDocument(page)).toBe(true);
  });

  await test.step('the network status charts fill', async () => {
    await page.goto('/manage/status');
    // The cards are live at once: every device online, clients counted.
    await expect(page.getByTestId('kpi-devices')).toHaveText(`${total} / ${total}`);
    await expect(page.getByTestId('kpi-clients')).toHaveText(/^[1-9][\d,]*$/);
    // A chart point needs the server's series sampler, which the e2e console runs every 5 s
    // (SERIES_SAMPLE_SECONDS in global-setup.ts).
    for (const panel of ['internet', 'switch', 'ap', 'client']) {
      const chart = page.getByTestId(`panel-${panel}-chart`);
      await expect(chart).toHaveAttribute('data-points', /^[1-9]\d*$/, { timeout: 20_000 });
    }
    await snap(page, 'network-status');
  });
});
