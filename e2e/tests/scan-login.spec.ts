import { SCAN_TICKET_LIFETIME_SECONDS, SCAN_VIEW_TEXT } from '@netloom/domain';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { input, registerByApi, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { accountMenuButton, expectConsole, fillField, openSignInPage } from '../support/pages';

/**
 * Issue 14 §3, scan-to-login: the desktop's "App scan" tab shows a QR code; a phone (its own
 * browser context, a phone's viewport) opens the code's link, confirms or refuses, and the desktop
 * follows live. Expiry is the desktop's own clock, moved forward (never waited for).
 */

const PASSWORD = 'Secret-123';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function openScanTab(page: Page): Promise<string> {
  await openSignInPage(page);
  await page.getByRole('tab', { name: 'App scan' }).click();
  const code = page.getByRole('img', { name: 'QR code to sign in with your phone' });
  await expect(code).toBeVisible();
  await expect(scanPanel(page)).toHaveAttribute('data-state', 'waiting');
  const link = await code.getAttribute('data-link');
  if (!link) throw new Error('the QR code carries no link');
  return link;
}

const scanPanel = (page: Page) => page.getByTestId('scan-login');

async function expectScanState(page: Page, state: keyof typeof SCAN_VIEW_TEXT): Promise<void> {
  await expect(scanPanel(page)).toHaveAttribute('data-state', state);
  await expect(scanPanel(page).getByText(SCAN_VIEW_TEXT[state].title, { exact: true })).toBeVisible();
}

/** A phone's browser; signed in through the API when `email` is given. */
async function phoneContext(browser: Browser, baseURL: string, email?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, baseURL, locale: 'en-US', timezoneId: 'UTC' });
  if (email) {
    const res = await context.request.post('/api/auth/login', {
      data: { method: 'email', email, password: PASSWORD },
    });
    expect((await res.json()).code).toBe(0);
  }
  return context;
}

const phoneCard = (page: Page) => page.getByTestId('scan-phone');

test('desktop shows the code, a phone signs in on the way and confirms: the desktop lands signed in', async ({
  page,
  browser,
  baseURL,
  mailbox,
  snap,
}) => {
  const email = uniqueEmail('scan');
  await registerByApi(page.request, mailbox, email, PASSWORD);
  const link = await openScanTab(page);
  await snap(page, 'scan-login-waiting');

  const phone = await phoneContext(browser, baseURL ?? '');
  const phonePage = await phone.newPage();
  await test.step('the phone, not signed in, goes through sign-in and comes back to the code', async () => {
    await phonePage.goto(link);
    await expect(phonePage.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    await fillField(input(phonePage, 'E-mail'), email);
    await fillField(input(phonePage, 'Password'), PASSWORD);
    await phonePage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(
      phoneCard(phonePage).getByRole('heading', { name: 'Sign in on another device?' }),
    ).toBeVisible();
    await expect(phoneCard(phonePage).getByText(/^Chrome on /)).toBeVisible();
    await snap(phonePage, 'scan-login-phone');
  });

  await test.step('the desktop says "scanned, confirm on your phone"', async () => {
    await expectScanState(page, 'scanned');
    await snap(page, 'scan-login-scanned');
  });

  await test.step('confirmed on the phone: the desktop shows "logging in", then the console', async () => {
    // Hold the desktop's sign-in request until its "logging in" state is seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/scan/*/session', async (route) => {
      await held;
      await route.continue();
    });
    await phoneCard(phonePage).getByRole('button', { name: 'Confirm sign-in' }).click();
    await expect(phoneCard(phonePage).getByText('Sign-in confirmed')).toBeVisible();
    await snap(phonePage, 'scan-login-phone-confirmed');
    await expectScanState(page, 'loggingIn');
    await snap(page, 'scan-login-logging-in');
    release();
    await expectConsole(page);
    const session = await page.request.get('/api/auth/session');
    expect((await session.json()).data.account.email).toBe(email);
    await expect(accountMenuButton(page)).toBeVisible();
  });
  await phone.close();
});

test('refused on the phone: the desktop says so and offers a new code', async ({
  page,
  browser,
  baseURL,
  mailbox,
  snap,
}) => {
  const email = uniqueEmail('scan-no');
  await registerByApi(page.request, mailbox, email, PASSWORD);
  const link = await openScanTab(page);
  const phone = await phoneContext(browser, baseURL ?? '', email);
  const phonePage = await phone.newPage();
  await phonePage.goto(link);
  await phoneCard(phonePage).getByRole('button', { name: 'Refuse' }).click();
  await expect(phoneCard(phonePage).getByText('Sign-in refused')).toBeVisible();
  await expectScanState(page, 'refused');
  await snap(page, 'scan-login-refused');
  // The phone page again (a reload) says what was answered; the desktop cannot use the code.
  await phonePage.reload();
  await expect(phoneCard(phonePage).getByText('Sign-in refused')).toBeVisible();
  await expect(phoneCard(phonePage).getByRole('button', { name: 'Confirm sign-in' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Refresh code' }).click();
  await expectScanState(page, 'waiting');
  await expect(page).toHaveURL(/\/login/);
  await phone.close();
});

test('the code expires on time (clock moved, not waited) and a lost connection says network error', async ({
  page,
  snap,
}) => {
  await page.clock.install();
  const first = await openScanTab(page);
  await page.clock.fastForward(SCAN_TICKET_LIFETIME_SECONDS * 1000);
  await expectScanState(page, 'expired');
  await snap(page, 'scan-login-expired');

  await page.getByRole('button', { name: 'Refresh code' }).click();
  await expectScanState(page, 'waiting');
  const second = await page
    .getByRole('img', { name: 'QR code to sign in with your phone' })
    .getAttribute('data-link');
  expect(second).not.toBe(first);

  // The server cannot be reached while a new code is followed (the tab opened again: a new code).
  await page.route('**/api/auth/scan/*?known=*', (route) => route.abort('internetdisconnected'));
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.getByRole('tab', { name: 'App scan' }).click();
  await expectScanState(page, 'networkError');
  await snap(page, 'scan-login-network-error');
});
