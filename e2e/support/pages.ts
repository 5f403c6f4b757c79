import { expect, type Locator, type Page } from '@playwright/test';

/**
 * "Open page X and wait until it is ready": what a user sees when a page has replaced the one
 * before it. Every screen is a lazy route and React Router may change the URL before the new page
 * is rendered, so a URL says nothing about which form is on screen; a heading or a field that only
 * the new page has does. Tests act only after one of these has returned.
 */

/**
 * Goes to `path` inside the console already on screen, as one of its links does: the router changes
 * the page and nothing is reloaded. A reload runs the whole console again: about half a second more of
 * a browser's CPU (measured on 2026-11-29), on two cores shared by three browsers. From a blank page
 * (nothing loaded yet) it loads the console at `path`. Tests that mean a reload (a deep link, what
 * survives one) use `page.goto` or `page.reload`.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  if (!/^https?:/.test(page.url())) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** Escapes `text` for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

// ── the sign-in screens ───────────────────────────────────────────────────────────────────────
// The login, register and reset pages share field labels (E-mail, Password…), so only their
// headings tell them apart.

/** Waits until the sign-in page (not the page before it) is on screen. */
export async function expectSignInPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
}

/** Opens `/login` (with `search`, e.g. `?access=openapi`) and waits for the sign-in page. */
export async function openSignInPage(page: Page, search = ''): Promise<void> {
  await page.goto(`/login${search}`);
  await expectSignInPage(page);
}

/** Waits until the registration page is on screen. */
export async function expectRegisterPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Create your account', exact: true })).toBeVisible();
}

export async function openRegisterPage(page: Page): Promise<void> {
  await page.goto('/register');
  await expectRegisterPage(page);
}

/** Waits until the forgotten-password page is on screen. */
export async function expectResetPasswordPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Reset your password', exact: true })).toBeVisible();
}

export async function openResetPasswordPage(page: Page): Promise<void> {
  await page.goto('/forgot-password');
  await expectResetPasswordPage(page);
}

// ── the console ───────────────────────────────────────────────────────────────────────────────

/** The header's account menu button: it shows once the console has the signed-in account. */
export function accountMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: /account menu/i });
}

/**
 * Waits until the console itself is shown (header with the account menu), not just until the URL
 * has left the sign-in page: the session is known and the console answers clicks.
 */
export async function expectConsole(page: Page): Promise<void> {
  await expect(page).not.toHaveURL(/\/login/);
  await expect(accountMenuButton(page)).toBeVisible();
}

/** A console page's title (the page header's heading). */
export function pageTitle(page: Page, title: string): Locator {
  return page.getByRole('heading', { name: title, exact: true });
}

/** The header's project switcher as the user sees it (its selected label). */
export function projectSwitcher(page: Page): Locator {
  return page
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: 'Current project', exact: true }) });
}

/**
 * Goes to the project list inside the console and waits until it is the page on screen (its search
 * field is the list's own): the page before it — the overview has a "Create project" button too —
 * stays until the list's lazy route has loaded.
 */
export async function openProjectList(page: Page): Promise<void> {
  await navigateInApp(page, '/overview/list');
  await expect(page).toHaveURL(/\/overview\/list/);
  await expect(page.getByPlaceholder('Search name, location or owner')).toBeVisible();
}

/** Waits until the header shows `name` as the current project. */
export async function expectCurrentProject(page: Page, name: string): Promise<void> {
  await expect(projectSwitcher(page)).toContainText(name);
}

// ── forms ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Fills a field and waits until it shows the value: a form replaced or reset after the keystrokes
 * fails here, on the field, instead of later with an empty value sent.
 */
export async function fillField(field: Locator, value: string): Promise<void> {
  await field.fill(value);
  await expect(field).toHaveValue(value);
}

/**
 * Closes every notification in the top-right corner (they can cover the page's own buttons and
 * popovers) and waits until the corner is empty. A notice may close on its own while this runs.
 */
export async function closeNotifications(page: Page): Promise<void> {
  const closeButtons = page.locator('.ant-notification-notice-close');
  for (let round = 0; round < 10 && (await closeButtons.count()) > 0; round++) {
    // Short: a notice that went away on its own meanwhile leaves nothing to click; count again.
    await closeButtons
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
}

// ── the live demo ─────────────────────────────────────────────────────────────────────────────

/** The demo project the console opens on entering the live demo (see DEMO_PROJECT_IDS). */
export const DEMO_HOTEL = 'Demo hotel';

/** Opens the sign-in page's Demo tab ("Live demo") and waits until it is selected. */
export async function openDemoTab(page: Page): Promise<void> {
  await openSignInPage(page);
  await page.getByRole('button', { name: 'Live demo' }).click();
  await expect(page.getByRole('tab', { name: 'Demo' })).toHaveAttribute('aria-selected', 'true');
}

/** "Enter live demo" on the Demo tab; returns once the console shows the demo hotel. */
export async function enterLiveDemo(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Enter live demo' }).click();
  await expectConsole(page);
  await expectCurrentProject(page, DEMO_HOTEL);
}
