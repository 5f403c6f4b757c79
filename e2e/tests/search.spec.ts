import { mkdirSync } from 'node:fs';
import type { ClientList } from '@netloom/domain';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet } from '../support/api';
import { openProject } from '../support/devices';
import { expectCurrentProject, fillField } from '../support/pages';
import { expect, test } from '../support/sim';
import { simulatedProject } from '../support/wireless';

const SHOTS = '/tmp/pw-search/shots';
const HOTEL = 'Harbour Hotel';
const OFFICE = 'Head Office';

function palette(page: Page) {
  return page.getByRole('dialog', { name: 'Search' });
}

async function search(page: Page, text: string) {
  const input = palette(page).getByTestId('search-input');
  await fillField(input, text);
  return input;
}

/**
 * Issue 10 §7 "Find anything": Ctrl-K and `/` open one search over every project of the account —
 * a device of another project by its SN (the console switches project and opens it), a client by
 * its name (the client panel: where it is, SSID, VLAN, signal, history), a settings page by a word
 * — and an alias set in the panel names the client in the list, which shows its VLAN.
 */
test('global search finds devices, clients and pages across projects; the client panel sets an alias', async ({
  page,
  mailbox,
  sim,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  await newSignedInAccount(page, mailbox, 'search');
  const hotel = await simulatedProject(page, sim, { name: HOTEL, tag: 'NLSRA', count: 4, seed: 3 });
  const office = await simulatedProject(page, sim, { name: OFFICE, tag: 'NLSRB', count: 4, seed: 3 });
  await openProject(page, HOTEL);

  await test.step('Ctrl-K, an SN of the other project → that project opens on the device', async () => {
    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeVisible();
    const sn = office.sns[1] ?? '';
    await search(page, sn.toLowerCase());
    const hit = palette(page).getByTestId('search-device');
    await expect(hit).toHaveCount(1);
    await expect(hit).toContainText(sn);
    await expect(hit).toContainText(OFFICE);
    await page.screenshot({ path: `${SHOTS}/search-device.png` });
    await page.keyboard.press('Enter');
    await expect(palette(page)).toBeHidden();
    await expectCurrentProject(page, OFFICE);
    const drawer = page.getByTestId('device-detail');
    await expect(drawer.getByText(office.names[1] ?? '', { exact: true }).first()).toBeVisible();
  });

  // A wireless client of the hotel with a name and a VLAN, once the client list shows clients.
  const client = await test.step('the hotel’s clients are listed', async () => {
    await openProject(page, HOTEL);
    await page.goto('/manage/onlinelist');
    await expect(page.locator('tr[data-mac]').first()).toBeVisible({ timeout: 30_000 });
    const list = await apiGet<ClientList>(page, `/api/projects/${hotel.projectId}/clients?pageSize=100`);
    const c = list.items.find((x) => x.connection === 'wireless' && x.vlan !== null && x.name.length >= 3);
    if (!c) throw new Error('no wireless client with a name and a VLAN in the simulated hotel');
    return c;
  });

  await test.step('`/` and a client’s name → the client panel with SSID and VLAN', async () => {
    await page.goto('/manage/status');
    await expectCurrentProject(page, HOTEL);
    await page.locator('body').press('/');
    await expect(palette(page)).toBeVisible();
    await search(page, client.name);
    const hit = palette(page).getByTestId('search-client').filter({ hasText: client.mac });
    await expect(hit).toBeVisible();
    await expect(hit).toContainText(`VLAN ${client.vlan}`);
    await page.screenshot({ path: `${SHOTS}/search-client.png` });
    await hit.click();
    const panel = page.getByTestId('client-panel');
    await expect(panel.getByTestId('client-panel-name')).toHaveText(client.name);
    const connection = panel.getByTestId('client-connection');
    await expect(connection.locator('tr').filter({ hasText: 'SSID' })).toContainText(client.ssid ?? '');
    await expect(connection.locator('tr').filter({ hasText: 'VLAN' })).toContainText(String(client.vlan));
    await expect(connection.getByTestId('client-device-link')).toHaveText(client.device.name);
    await expect(panel.getByTestId('client-history').locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/client-panel.png` });
  });

  const alias = 'Front desk iPad';
  await test.step('an alias is checked before saving, then names the client in the list', async () => {
    const panel = page.getByTestId('client-panel');
    await panel.getByRole('button', { name: 'Set alias' }).click();
    const field = panel.getByRole('textbox', { name: 'Alias' });
    await fillField(field, ' Front desk');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText('Alias cannot start or end with a space.')).toBeVisible();
    await fillField(field, alias);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByTestId('client-alias')).toHaveText(alias);
    await expect(panel.getByTestId('client-panel-name')).toHaveText(alias);
    await page.screenshot({ path: `${SHOTS}/client-panel-alias.png` });
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    const row = page.locator(`tr[data-mac="${client.mac}"]`);
    await expect(row.getByTestId('client-open')).toHaveText(alias);
  });

  await test.step('the client list shows the VLAN column', async () => {
    const header = page.getByRole('columnheader', { name: 'VLAN', exact: true });
    await expect(header).toBeVisible();
    const row = page.locator(`tr[data-mac="${client.mac}"]`);
    const column = await header.evaluate((th) => Array.from(th.parentElement?.children ?? []).indexOf(th));
    await expect(row.locator('td').nth(column)).toHaveText(String(client.vlan));
    await page.screenshot({ path: `${SHOTS}/client-list-vlan.png` });
  });

  await test.step('a setting by a word: "vlan" opens the VLAN page', async () => {
    await page.keyboard.press('Control+k');
    await search(page, 'vlan');
    const hit = palette(page).getByTestId('search-page').first();
    await expect(hit).toContainText('VLAN');
    await expect(hit).toContainText('Config › Gateway');
    await page.screenshot({ path: `${SHOTS}/search-page.png` });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/manage\/networkconf\/vlan$/);
    await expect(page.getByRole('heading', { name: 'VLAN' }).first()).toBeVisible();
  });

  await test.step('at 1280×720 the header keeps the search box and the dialog fits', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await search(page, alias.slice(0, 5));
    await expect(palette(page).getByTestId('search-client').first()).toContainText(alias);
    await page.screenshot({ path: `${SHOTS}/search-1280.png` });
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
  });
});
