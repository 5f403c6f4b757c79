import { expect, type Locator, type Page } from '@playwright/test';
import { escapeRegExp, expectCurrentProject, openProjectList } from './pages';

/**
 * Page helpers for the device screens (issue 3): opening a project as the current one, the add
 * device dialog and the device list. Locators follow the accessible names and `data-*` hooks the
 * device pages expose (see the web device feature): rows carry `data-sn`, status tags
 * `data-testid="device-status"` with `data-status` = the display status key.
 */

/**
 * Makes `projectName` the current project the way a user does: Open in the project list. Returns
 * once the console has left the list and its header names the project.
 */
export async function openProject(page: Page, projectName: string): Promise<void> {
  await openProjectList(page);
  await page
    .getByRole('row', { name: new RegExp(escapeRegExp(projectName)) })
    .getByRole('button', { name: 'Open', exact: true })
    .click();
  await expect(page).not.toHaveURL(/\/overview\/list/);
  await expectCurrentProject(page, projectName);
}

/** The device list row of a serial number. */
export function deviceRow(page: Page, sn: string): Locator {
  return page.locator(`tr[data-sn="${sn}"]`);
}

/** The display status tag of a device row. */
export function statusTag(row: Locator): Locator {
  return row.getByTestId('device-status');
}

/** Marks the current document, so a test can prove later that the page was never reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload = true;
  });
}

/** True while the document marked by {@link markDocument} is still the one shown. */
export async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload === true);
}
