import { DEFAULT_DAILY_PROJECT_LIMIT, ERR, errorMessage } from '@netloom/domain';
import { newSignedInAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { fillField } from '../support/pages';
import { chooseOption, createProjectByApi, expectProjectDrawer } from '../support/projects';

test.describe('project list', () => {
  test.beforeEach(async ({ page, mailbox }) => {
    await newSignedInAccount(page, mailbox, 'projects');
  });

  test('edits a project in the drawer and the list shows the change', async ({ page }) => {
    expect((await createProjectByApi(page, { name: 'Old Name', netMode: 0, scenario: 'mall' })).code).toBe(0);
    await page.goto('/overview/list');
    await page.getByRole('button', { name: 'Edit Old Name' }).click();
    const drawer = await expectProjectDrawer(page, 'edit');
    // The drawer holds this project before anything is typed over it.
    await expect(drawer.getByLabel('Project name')).toHaveValue('Old Name');
    // No devices yet, so the network mode may still change.
    await expect(drawer.getByRole('radio', { name: /Cable-free/ })).toBeEnabled();
    await fillField(drawer.getByLabel('Project name'), 'New Name');
    await chooseOption(page, drawer, 'Scenario', 'Campus');
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    await expect(drawer).toBeHidden();
    const row = page.getByRole('row', { name: /New Name/ });
    await expect(row).toContainText('Campus');
    await expect(page.getByRole('row', { name: /Old Name/ })).toHaveCount(0);
    // At 1440 × 900 with the menu open every column fits: no sideways scroll, and the last column
    // before the pinned actions ("Created") is not drawn under them.
    const body = page.locator('.ant-table-content, .ant-table-body').first();
    expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const created = await page.getByRole('columnheader', { name: /Created/ }).boundingBox();
    const actions = await page.getByRole('columnheader', { name: 'Actions' }).boundingBox();
    if (!created || !actions) throw new Error('the Created and Actions headers are not laid out');
    expect(created.x + created.width).toBeLessThanOrEqual(actions.x);
  });

  test('deletes a project after a confirmation that says what will happen', async ({ page }) => {
    await createProjectByApi(page, { name: 'Short Lived', netMode: 1, scenario: 'home' });
    await page.goto('/overview/list');
    await page.getByRole('button', { name: 'Delete Short Lived' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete project “Short Lived”?' });
    await expect(confirm).toContainText('deleted for everyone');
    await expect(confirm).toContainText('It has no devices.');
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete project' }).click();
    await expect(page.getByRole('row', { name: /Short Lived/ })).toHaveCount(0);
    await expect(page.getByText('No projects yet')).toBeVisible();
  });

  test('search and the network-mode filter narrow the list', async ({ page }) => {
    await createProjectByApi(page, {
      name: 'Alpha Office',
      netMode: 0,
      scenario: 'enterprise',
      location: 'Berlin',
    });
    await createProjectByApi(page, { name: 'Beta Villa', netMode: 1, scenario: 'home', location: 'Rome' });
    await page.goto('/overview/list');
    await expect(page.getByText('2 projects')).toBeVisible();
    const modeFilter = page.getByRole('radiogroup', { name: 'Network mode filter' });

    await modeFilter.getByText('Mesh', { exact: true }).click();
    await expect(page.getByRole('row', { name: /Beta Villa/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Alpha Office/ })).toHaveCount(0);

    await modeFilter.getByText('All modes', { exact: true }).click();
    await fillField(page.getByRole('textbox', { name: 'Search projects' }), 'berlin');
    await expect(page.getByRole('row', { name: /Alpha Office/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Beta Villa/ })).toHaveCount(0);
    await expect(page.getByText('1 of 2 projects')).toBeVisible();

    await fillField(page.getByRole('textbox', { name: 'Search projects' }), 'nothing like this');
    await expect(page.getByText('No projects match your search or filter.')).toBeVisible();
  });

  test('a refusal by the server shows the catalogue message and keeps what was typed', async ({ page }) => {
    // Use up today's allowance through the API, then try once more in the form.
    for (let i = 1; i <= DEFAULT_DAILY_PROJECT_LIMIT; i++) {
      expect(
        (await createProjectByApi(page, { name: `Site ${i}`, netMode: 0, scenario: 'other' })).code,
      ).toBe(0);
    }
    await page.goto('/overview/list?create=1');
    const drawer = await expectProjectDrawer(page, 'create');
    await fillField(drawer.getByLabel('Project name'), 'One Too Many');
    await chooseOption(page, drawer, 'Scenario', 'Hotel');
    await fillField(drawer.getByLabel('Location'), 'Lisbon');
    await drawer.getByRole('button', { name: 'Create project' }).click();

    await expect(drawer.getByRole('alert')).toHaveText(errorMessage(ERR.DAILY_PROJECT_LIMIT));
    await expect(drawer.getByLabel('Project name')).toHaveValue('One Too Many');
    await expect(drawer.getByLabel('Location')).toHaveValue('Lisbon');
  });
});
