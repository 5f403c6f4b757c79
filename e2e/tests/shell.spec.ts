import type { Page } from '@playwright/test';
import { newSignedInAccount, registerByApi, signInByUi, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { expectCurrentProject, pageTitle } from '../support/pages';
import { createProjectByApi } from '../support/projects';
import { openSelect, selectOptions } from '../support/select';
import { settled } from '../support/settle';
import { openAccountMenu, storedItems } from '../support/shell';

/**
 * The console shell of issue 2 §6: the account menu (cloud code, version info, help center, online
 * service), honest "not available yet" pages, the header's project switcher, the menu following the
 * project's network mode, and the bolder font weight on Windows (§2).
 */

// Both explicit: the suite's default context (Playwright's "Desktop Chrome") already has a Windows UA.
const LINUX_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const WINDOWS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

function currentProjectCombobox(page: Page) {
  return page.getByRole('combobox', { name: 'Current project', exact: true });
}

/**
 * Chooses a project in the header switcher and waits until the console shows it: the header names
 * it (the menu follows the same state) and it is the session project (§3).
 */
async function switchProject(page: Page, name: string): Promise<void> {
  const dropdown = await openSelect(page, currentProjectCombobox(page));
  await selectOptions(dropdown).filter({ hasText: name }).click();
  await expect(dropdown).toBeHidden();
  await expectCurrentProject(page, name);
  await expect
    .poll(async () => JSON.parse((await storedItems(page)).session['nl.project'] ?? '{}').projectName)
    .toBe(name);
}

test.describe('the account menu', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('cloud code, version info, help center and online service', async ({ page, mailbox, snap }) => {
    await newSignedInAccount(page, mailbox, 'menu');
    const session = (await (await page.request.get('/api/auth/session')).json()) as {
      data: { account: { cloudCode: string; nick: string } };
    };
    const { cloudCode, nick } = session.data.account;

    await openAccountMenu(page);
    const cloudItem = page.getByRole('menuitem', { name: /Cloud code/ });
    await expect(cloudItem).toContainText(cloudCode);
    await expect(page.locator('.nl-account-who')).toContainText(nick);
    // The icons' stylesheet is in the page once, put there at start (styles/iconStyles.ts): the
    // icons on screen did not each look for it and insert their own.
    const iconStyles = await page.evaluate(() => ({
      icons: document.querySelectorAll('.anticon').length > 0,
      own: document.head.querySelectorAll('style[data-nl-icons]').length,
      perIcon: document.querySelectorAll('style[rc-util-key="@ant-design-icons"]').length,
    }));
    expect(iconStyles).toEqual({ icons: true, own: 1, perIcon: 0 });
    await settled(page);
    await snap(page, 'account-menu');
    await cloudItem.click();
    await expect(page.getByText('Cloud code copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cloudCode);

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Version info' }).click();
    const version = page.getByRole('dialog', { name: 'Version info' });
    await expect(version).toBeVisible();
    const info = (await (await page.request.get('/api/meta/version')).json()) as {
      data: { version: string };
    };
    await expect(version.getByText('Release time')).toBeVisible();
    await expect(version).toContainText(info.data.version);
    await settled(page);
    await snap(page, 'version-info');
    await version.getByRole('button', { name: 'Close' }).click();
    await expect(version).toBeHidden();

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Help center' }).click();
    await expect(page).toHaveURL(/\/help\/center$/);
    await expect(page.getByRole('heading', { name: 'Help center' })).toBeVisible();
    await settled(page);
    await snap(page, 'help-center');

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Online service' }).click();
    await expect(page).toHaveURL(/\/help\/service$/);
    await expect(page.getByRole('heading', { name: 'Online service' })).toBeVisible();
    await settled(page);
    await snap(page, 'online-service');
  });
});

test('the project switcher changes project; RF optimization is for WLAN projects only', async ({
  page,
  mailbox,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'switch');
  expect((await createProjectByApi(page, { name: 'Alpha WLAN', netMode: 0, scenario: 'hotel' })).code).toBe(
    0,
  );
  expect(
    (await createProjectByApi(page, { name: 'Beta Mesh', netMode: 1, scenario: 'restaurant' })).code,
  ).toBe(0);
  await page.goto('/overview/list');
  await expect(page.getByText('2 projects')).toBeVisible();

  const dropdown = await openSelect(page, currentProjectCombobox(page));
  const options = selectOptions(dropdown);
  await expect(options).toHaveCount(2);
  await expect(options.filter({ hasText: 'Alpha WLAN' })).toContainText('Traditional WLAN · Owner');
  await expect(options.filter({ hasText: 'Beta Mesh' })).toContainText('Cable-free (mesh) WLAN · Owner');
  await settled(page);
  await snap(page, 'project-switcher');
  await page.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();

  await switchProject(page, 'Alpha WLAN');
  await expect(page).not.toHaveURL(/\/overview\/list/);
  await expect(mainMenu(page).getByRole('menuitem', { name: 'RF optimization' })).toBeVisible();

  // The mesh menu is shown (Wireless is there) before RF optimization is asserted away.
  await switchProject(page, 'Beta Mesh');
  await expect(mainMenu(page).getByRole('menuitem', { name: /Wireless/ })).toBeVisible();
  await expect(mainMenu(page).getByRole('menuitem', { name: 'RF optimization' })).toHaveCount(0);
  await settled(page);
  await snap(page, 'mesh-menu');

  await switchProject(page, 'Alpha WLAN');
  await expect(mainMenu(page).getByRole('menuitem', { name: 'RF optimization' })).toBeVisible();
});

test('Windows user agents get font weight 700 (§2)', async ({ browser, baseURL, mailbox }) => {
  const email = uniqueEmail('windows');
  const password = 'Windows-pass1';
  const weights = async (userAgent: string) => {
    const context = await browser.newContext({ baseURL, userAgent });
    const page = await context.newPage();
    await signInByUi(page, email, password);
    await page.goto('/overview/list');
    const title = pageTitle(page, 'Projects');
    await expect(title).toBeVisible();
    const result = {
      windowsClass: await page.evaluate(() => document.documentElement.classList.contains('nl-windows')),
      title: await title.evaluate((el) => getComputedStyle(el).fontWeight),
    };
    await context.close();
    return result;
  };
  const setup = await browser.newContext({ baseURL });
  await registerByApi(setup.request, mailbox, email, password);
  await setup.close();

  expect(await weights(WINDOWS_UA)).toEqual({ windowsClass: true, title: '700' });
  const linux = await weights(LINUX_UA);
  expect(linux.windowsClass).toBe(false);
  expect(linux.title).not.toBe('700');
});
