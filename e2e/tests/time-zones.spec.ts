import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { fillField } from '../support/pages';
import { chooseOption, expectProjectDrawer } from '../support/projects';
import { openSelect, selectOptions } from '../support/select';

// Issue 10 §6: a project's time zone is an IANA zone, found in the picker by city.
const SCREENSHOT_DIR = '/tmp/netloom-time-zones';
mkdirSync(SCREENSHOT_DIR, { recursive: true });

/** A screenshot with drawers and dropdowns at the end of their opening animation. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, animations: 'disabled' });
}

const LISBON_LABEL = 'Lisbon — Europe/Lisbon (UTC+00:00, summer UTC+01:00)';

test.describe('project time zones', () => {
  test.beforeEach(async ({ page, mailbox }) => {
    await newSignedInAccount(page, mailbox, 'time-zones');
  });

  test('creates a project in Lisbon found by searching the city, and sees it in the project settings', async ({
    page,
  }) => {
    await page.goto('/overview/list');
    await page.getByRole('button', { name: 'Create project' }).first().click();
    const drawer = await expectProjectDrawer(page, 'create');
    await fillField(drawer.getByLabel('Project name'), 'Lisbon Hotel');
    await chooseOption(page, drawer, 'Scenario', 'Hotel');
    await fillField(drawer.getByLabel('Location'), 'Lisbon');

    // The spec's default "+8" is a city now.
    const zone = drawer.getByLabel('Time zone', { exact: true });
    await expect(drawer.getByText('Shanghai — Asia/Shanghai (UTC+08:00)')).toBeVisible();

    // Search by city: exactly one zone, with its winter and summer offsets.
    const dropdown = await openSelect(page, zone);
    await zone.fill('Lisbon');
    const options = selectOptions(dropdown);
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText('Europe/Lisbon');
    await expect(options.first()).toContainText('UTC+00:00, summer UTC+01:00');
    await shot(page, '1-search-lisbon');
    await options.first().click();
    await expect(dropdown).toBeHidden();
    // Leave the picker (while focused it shows the choice as the search box's placeholder).
    await drawer.getByLabel('Location').focus();
    await expect(drawer.getByText(LISBON_LABEL)).toBeVisible();
    await shot(page, '2-lisbon-chosen');

    await drawer.getByRole('button', { name: 'Create project' }).click();
    await expect(drawer).toBeHidden();
    const row = page.getByRole('row', { name: /Lisbon Hotel/ });
    // The list shows the city and the offset in force today (winter or summer).
    await expect(row).toContainText(/Lisbon \(UTC\+[01]\)/);

    // Project settings: the saved zone, and another search by region and city.
    await page.getByRole('button', { name: 'Edit Lisbon Hotel' }).click();
    const edit = await expectProjectDrawer(page, 'edit');
    const editZone = edit.getByLabel('Time zone', { exact: true });
    await editZone.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(edit.getByText(LISBON_LABEL)).toBeVisible();
    await shot(page, '3-settings-lisbon');
    const again = await openSelect(page, editZone);
    await editZone.fill('america new york');
    await expect(selectOptions(again)).toHaveCount(1);
    await expect(selectOptions(again).first()).toContainText('UTC-05:00, summer UTC-04:00');
    await selectOptions(again).first().click();
    await expect(again).toBeHidden();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(/New York \(UTC-[45]\)/);
    await shot(page, '4-list-new-york');
  });
});
