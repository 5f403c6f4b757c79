import { type DataScreenSettings, ERR, errorMessage, type Project } from '@netloom/domain';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, apiPost } from '../support/api';
import { fillField } from '../support/pages';
import { expectProjectDrawer } from '../support/projects';
import { openSelect, selectOptions } from '../support/select';
import { expect, test } from '../support/sim';
import { simulatedProject } from '../support/wireless';

/**
 * Issue 12 §4, the project data screen: a project placed with the location picker (gazetteer search,
 * then the pin moved on the map), the screen with its KPIs and markers on the world and China maps,
 * a custom title, five highlighted countries and a sixth refused with the catalogue's message; seen
 * at 1920×1080 and 1366×768.
 */
test('data screen: place a project with the picker, world and China maps, title, 5 countries', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await newSignedInAccount(page, mailbox, 'datascreen');
  const { projectId } = await simulatedProject(page, sim, { name: 'Harbour Hotel', tag: 'NLDSC', count: 4 });
  // More sites, placed by the API as the picker would; one left without a place.
  const places = [
    { name: 'Pudong Mall', place: { lat: 31.2304, lng: 121.4737, country: 'CN', city: 'Shanghai' } },
    { name: 'Berlin Office', place: { lat: 52.52, lng: 13.405, country: 'DE', city: 'Berlin' } },
    { name: 'Austin Campus', place: { lat: 30.2672, lng: -97.7431, country: 'US', city: 'Austin, Texas' } },
    {
      name: 'Chengdu Clinic',
      place: { lat: 30.5728, lng: 104.0668, country: 'CN', city: 'Chengdu, Sichuan' },
    },
  ];
  for (const p of places) {
    await apiPost(page, '/api/projects', {
      name: p.name,
      netMode: 0,
      scenario: 'enterprise',
      place: p.place,
    });
  }
  await apiPost(page, '/api/projects', { name: 'Old Warehouse', netMode: 0, scenario: 'factory' });

  await test.step('the location picker: search a city, then move the pin on the map', async () => {
    await page.goto('/overview/list');
    await page.getByRole('button', { name: 'Edit Harbour Hotel' }).click();
    const drawer = await expectProjectDrawer(page, 'edit');
    await expect(drawer.getByText('Not on the data screen’s map until a place is chosen.')).toBeVisible();
    const search = drawer.getByRole('combobox', { name: 'Search a city' });
    // The search opens its list once the gazetteer answers.
    await search.click();
    await search.pressSequentially('Hangzhou');
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    const dropdown = page
      .locator('.ant-select-dropdown')
      .filter({ has: page.locator(`[id="${await search.getAttribute('aria-controls')}"]`) });
    const option = selectOptions(dropdown).filter({ hasText: /^Hangzhou, Zhejiang · China$/ });
    await option.click();
    const coordinates = drawer.getByTestId('location-coordinates');
    await expect(coordinates).toContainText('Hangzhou, Zhejiang (CN)');
    const before = await coordinates.textContent();
    const pin = drawer.getByTestId('location-pin');
    await expect(pin).toBeVisible();
    // Click a little north-east of the pin: the pin moves there, the coordinates follow.
    const map = drawer.getByRole('img', { name: /Map around Hangzhou/ });
    const box = await map.boundingBox();
    if (!box) throw new Error('the picker map is not on screen');
    await map.click({ position: { x: box.width / 2 + 18, y: box.height / 2 - 12 } });
    await expect(coordinates).not.toHaveText(before ?? '');
    await snap(page, 'datascreen-location-picker');
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    await expect(drawer).toBeHidden();
    const saved = await apiGet<Project>(page, `/api/projects/${projectId}`);
    expect(saved.place).toMatchObject({ country: 'CN', city: 'Hangzhou, Zhejiang' });
    // Moved north-east of the city's centre (30.25 N, 120.17 E).
    expect(saved.place?.lat ?? 0).toBeGreaterThan(30.25);
    expect(saved.place?.lng ?? 0).toBeGreaterThan(120.17);
  });

  const screen = page.getByTestId('datascreen');
  const map = page.getByRole('img', { name: /map of projects/ });

  await test.step('the world map: KPIs, five projects plotted, one not on the map', async () => {
    await page.goto('/overview/preview/datascreen');
    await expect(screen).toBeVisible();
    await expect(page.getByTestId('kpi-Projects')).toContainText('6');
    await expect(page.getByTestId('kpi-Devices online')).toContainText('4');
    await expect(map).toHaveAttribute('data-range', 'world');
    await expect(map.locator('[data-project]')).toHaveCount(5);
    await expect(map.locator(`[data-project="${projectId}"]`)).toBeVisible();
    await expect(page.getByTestId('not-on-map')).toContainText('Not on the map (1)');
    await expect(page.getByTestId('not-on-map')).toContainText('Old Warehouse');
    // Default settings: China highlighted.
    await expect(map.locator('[data-region="CN"]')).toHaveClass(/is-highlighted/);
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await snap(page, 'datascreen-world-1920');
  });

  await test.step('China: the provinces, the Chinese projects plotted', async () => {
    await page.getByRole('radiogroup', { name: 'Map range' }).getByText('China', { exact: true }).click();
    await expect(map).toHaveAttribute('data-range', 'china');
    await expect(map.locator('[data-region]')).toHaveCount(34);
    await expect(map.locator('[data-region="330000"]')).toBeAttached(); // Zhejiang
    await snap(page, 'datascreen-china-1920');
    // Remembered for the account (server side).
    expect((await apiGet<DataScreenSettings>(page, '/api/datascreen/settings')).range).toBe('china');
  });

  await test.step('settings: a title and five countries; a sixth is refused with the message', async () => {
    await page.getByRole('button', { name: 'Screen settings' }).click();
    const drawer = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('form', { name: 'Data screen settings' }) });
    await expect(drawer).toBeVisible();
    await fillField(drawer.getByLabel('Title'), 'Harbour Group NOC');
    await drawer.getByText('World', { exact: true }).click();
    await expect(drawer.getByRole('radio', { name: 'World' })).toBeChecked();
    const countries = drawer.getByRole('combobox', { name: 'Highlighted countries' });
    const dropdown = await openSelect(page, countries);
    for (const [name, code] of [
      ['Germany', 'DE'],
      ['United States', 'US'],
      ['France', 'FR'],
      ['Japan', 'JP'],
    ] as const) {
      await countries.pressSequentially(name);
      await selectOptions(dropdown)
        .filter({ hasText: new RegExp(`^${name} \\(`) })
        .click();
      // The choice shows as a tag in the field.
      await expect(drawer.getByTitle(`${name} (${code})`)).toBeVisible();
    }
    // China (the default) + 4 = 5; a sixth shows the catalogue's message.
    await countries.pressSequentially('Brazil');
    await selectOptions(dropdown)
      .filter({ hasText: /^Brazil \(/ })
      .click();
    const message = errorMessage(ERR.DATA_SCREEN_TOO_MANY_COUNTRIES);
    await expect(drawer.getByText(message)).toBeVisible();
    await page.keyboard.press('Escape');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText(message)).toBeVisible();
    await snap(page, 'datascreen-six-countries');
    // The server refuses it too, with the same code.
    const refused = await page.request.put('/api/datascreen/settings', {
      data: { range: 'world', title: 'x', countries: ['CN', 'DE', 'US', 'FR', 'JP', 'BR'] },
      headers: {
        'X-CSRF-Token': (await page.context().cookies()).find((c) => c.name === 'nl_csrf')?.value ?? '',
      },
    });
    expect(((await refused.json()) as { code: number }).code).toBe(ERR.DATA_SCREEN_TOO_MANY_COUNTRIES);
    // Take Brazil off again (its tag's close button) and save the five.
    await drawer.getByTitle('Brazil (BR)').locator('.ant-select-selection-item-remove').click();
    await expect(drawer.getByText(message)).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('datascreen-title')).toHaveText('Harbour Group NOC');
    await expect(map).toHaveAttribute('data-range', 'world');
    for (const code of ['CN', 'DE', 'US', 'FR', 'JP']) {
      await expect(map.locator(`[data-region="${code}"]`)).toHaveClass(/is-highlighted/);
    }
    await expect(map.locator('[data-region="BR"]')).not.toHaveClass(/is-highlighted/);
    await snap(page, 'datascreen-world-countries-1920');
  });

  await test.step('1366×768: still readable', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    // The map follows its panel: narrower, everything still on screen.
    await expect.poll(async () => Number(await map.getAttribute('width'))).toBeLessThan(900);
    await expect(page.getByTestId('not-on-map')).toBeVisible();
    await snap(page, 'datascreen-world-1366');
  });
});
