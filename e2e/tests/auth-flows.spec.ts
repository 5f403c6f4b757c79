import { ERR, errorMessage, SAME_EMAIL_MESSAGE } from '@netloom/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  fillSignIn,
  input,
  newSignedInAccount,
  registerByApi,
  signInByUi,
  uniqueEmail,
} from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { readCode } from '../support/mailbox';
import {
  codeCooldownMs,
  readSmsCode,
  SERVER_LOG_ENV,
  uniqueMobile,
  waitOutCodeCooldown,
} from '../support/outbox';
import {
  expectConsole,
  expectResetPasswordPage,
  expectSignInPage,
  fillField,
  openRegisterPage,
  openResetPasswordPage,
  openSignInPage,
  pageTitle,
} from '../support/pages';
import { settled } from '../support/settle';
import { openAccountMenu } from '../support/shell';

/**
 * Sign-in, registration and recovery flows of issue 2 §4 beyond the main journey: mobile accounts
 * (country prefix 86, 4-digit SMS codes from the development outbox in the server log), password or
 * SMS sign-in, forgotten passwords by e-mail and SMS, the login tabs, wrong passwords (4, 100), and
 * binding a new e-mail to an account (12, 13).
 */

interface MobileAccount {
  mobile: string;
  password: string;
  /** When its registration SMS went out: a second SMS to the number must wait a minute (53). */
  smsAt: number;
}

async function post(request: APIRequestContext, path: string, body: unknown): Promise<void> {
  const res = await request.post(path, { data: body });
  const json = (await res.json()) as { code: number; message?: string };
  if (json.code !== 0) throw new Error(`${path} answered code ${json.code}: ${json.message ?? ''}`);
}

/** Registers a mobile account through the API with the SMS code read from the server log. */
async function registerMobileByApi(request: APIRequestContext, serverLog: string): Promise<MobileAccount> {
  const mobile = uniqueMobile();
  const password = 'Mobile-pass1';
  const smsAt = Date.now();
  await post(request, '/api/auth/codes', { channel: 'sms', purpose: 'register', mobile });
  const code = await readSmsCode(serverLog, mobile, { since: smsAt });
  await post(request, '/api/auth/register', {
    method: 'mobile',
    mobile,
    code,
    password,
    confirmPassword: password,
  });
  return { mobile, password, smsAt };
}

/** The login page's mobile tab with the number typed in. */
async function openMobileTab(page: Page, mobile: string): Promise<void> {
  await openSignInPage(page);
  await page.getByRole('tab', { name: 'Mobile' }).click();
  await expect(input(page, 'Country code')).toHaveValue('86');
  await fillField(input(page, 'Mobile number'), mobile);
}

// On the mobile tab the "Password / SMS code" switch has radios with the same names as the fields.
function smsCodeInput(page: Page) {
  return page.getByRole('textbox', { name: 'SMS code', exact: true });
}
function passwordInput(page: Page) {
  return page.getByRole('textbox', { name: 'Password', exact: true });
}
/** The sign-in form's error (a success note from a reset may sit above the tabs). */
function signInError(page: Page) {
  return page.getByRole('tabpanel').getByRole('alert');
}

/**
 * A second code to an address or number must wait a minute after the first (2010 for e-mail, 53 for
 * SMS). Tests needing one run last and wait only for what is left; their timeout grows by as much.
 */
async function waitForCodeCooldown(sentAt: number): Promise<void> {
  test.setTimeout(test.info().timeout + codeCooldownMs(sentAt));
  await waitOutCodeCooldown(sentAt);
}

// The accounts below are shared by the tests of this file, and the last tests rely on the time the
// first ones take: the file runs in order, in one worker, even when the suite runs fully parallel.
test.describe.configure({ mode: 'default' });

// Accounts registered up front: their second code (SMS sign-in, resets) comes in the last tests, by
// when the one-code-per-minute rule of their number or address has mostly passed.
let smsLogin: MobileAccount;
let smsReset: MobileAccount;
let emailReset: { email: string; sentAt: number };
test.beforeAll(async ({ playwright }) => {
  const serverLog = process.env[SERVER_LOG_ENV] ?? '';
  const request = await playwright.request.newContext({ baseURL: process.env.NETLOOM_E2E_BASE_URL });
  smsLogin = await registerMobileByApi(request, serverLog);
  smsReset = await registerMobileByApi(request, serverLog);
  emailReset = { email: uniqueEmail('forgot'), sentAt: Date.now() };
  await registerByApi(request, process.env.NETLOOM_E2E_MAILBOX ?? '', emailReset.email, 'Old-pass1');
  await request.dispose();
});

test('registers with a mobile number (+86, 4-digit SMS code) and signs in with the password', async ({
  page,
  serverLog,
  snap,
}) => {
  const mobile = uniqueMobile();
  const password = 'Mobile-pass1';
  await openRegisterPage(page);
  await page.getByRole('tab', { name: 'Mobile' }).click();
  await expect(input(page, 'Country code')).toHaveValue('86');
  await fillField(input(page, 'Mobile number'), mobile);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(/Code sent by SMS/);
  const code = await readSmsCode(serverLog, mobile, { since });
  expect(code).toMatch(/^\d{4}$/);
  await expect(smsCodeInput(page)).toHaveAttribute('maxlength', '4');
  await fillField(smsCodeInput(page), code);
  await fillField(passwordInput(page), password);
  await fillField(input(page, 'Confirm password'), password);
  await settled(page);
  await snap(page, 'register-mobile');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Back on the sign-in page, on the mobile tab with the number filled in.
  await expect(page).toHaveURL(/\/login/);
  await expectSignInPage(page);
  await expect(page.getByText('Your account is ready. Sign in to continue.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Mobile' })).toHaveAttribute('aria-selected', 'true');
  await expect(input(page, 'Mobile number')).toHaveValue(mobile);
  await fillField(passwordInput(page), password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/overview\/preview/);
  await expectConsole(page);
});

test('the e-mail and mobile tabs of the login page; a wrong password says so', async ({
  page,
  mailbox,
  snap,
}) => {
  const email = uniqueEmail('tabs');
  await registerByApi(page.request, mailbox, email, 'Right-pass1');
  await openSignInPage(page);
  const emailTab = page.getByRole('tab', { name: 'E-mail' });
  const mobileTab = page.getByRole('tab', { name: 'Mobile' });
  await expect(emailTab).toHaveAttribute('aria-selected', 'true');
  await expect(input(page, 'E-mail')).toBeVisible();

  await mobileTab.click();
  await expect(mobileTab).toHaveAttribute('aria-selected', 'true');
  await expect(input(page, 'E-mail')).toHaveCount(0);
  await expect(input(page, 'Mobile number')).toBeVisible();
  await expect(page.getByText('Sign in with')).toBeVisible();
  // The number rule of +86 shows before anything is sent.
  await fillField(input(page, 'Mobile number'), '12345');
  await fillField(passwordInput(page), 'whatever');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Enter an 11-digit mobile number starting with 1.')).toBeVisible();
  // The arrow keys move between the tabs (WAI-ARIA tablist).
  await mobileTab.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(emailTab).toHaveAttribute('aria-selected', 'true');

  await fillSignIn(page, email, 'Wrong-pass9');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signInError(page)).toHaveText(errorMessage(ERR.WRONG_CREDENTIALS));
  await expect(page).toHaveURL(/\/login/);
  await settled(page);
  await snap(page, 'login-wrong-password');
});

test('change password: a wrong current password is code 100 and nothing changes', async ({
  page,
  browser,
  baseURL,
  mailbox,
  snap,
}) => {
  const { email, password } = await newSignedInAccount(page, mailbox, 'oldpw');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  await fillField(dialog.getByLabel('Current password', { exact: true }), 'Not-my-pass1');
  await fillField(dialog.getByLabel('New password', { exact: true }), 'Next-pass3');
  await fillField(dialog.getByLabel('Confirm new password', { exact: true }), 'Next-pass3');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText(errorMessage(ERR.WRONG_OLD_PASSWORD))).toBeVisible();
  await expect(dialog).toBeVisible();
  await settled(page);
  await snap(page, 'change-password-wrong-old');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The old password still signs in.
  const other = await browser.newContext({ baseURL });
  await signInByUi(await other.newPage(), email, password);
  await other.close();
});

test('binds a new e-mail with the code sent to it (12 and 13 shown on their fields)', async ({
  page,
  browser,
  baseURL,
  mailbox,
  snap,
}) => {
  const { email, password } = await newSignedInAccount(page, mailbox, 'bind');
  const taken = uniqueEmail('taken');
  await registerByApi(page.request, mailbox, taken, 'Taken-pass1');
  await page.goto('/account');
  await expect(pageTitle(page, 'My account')).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Change', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change e-mail' });
  await expect(dialog).toBeVisible();
  const newEmail = dialog.getByLabel('New e-mail', { exact: true });

  // Inline rules before anything is sent.
  await fillField(newEmail, 'not-an-address');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await fillField(newEmail, email.toUpperCase());
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(SAME_EMAIL_MESSAGE)).toBeVisible();
  await dialog.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(dialog.getByText('The e-mail code has 6 digits.')).toBeVisible();

  // 13: the address belongs to another account.
  await fillField(newEmail, taken);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(errorMessage(ERR.ACCOUNT_EXISTS))).toBeVisible();

  const fresh = uniqueEmail('fresh');
  await fillField(newEmail, fresh);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Code sent to ${fresh}`);
  await expect(dialog.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
  const code = await readCode(mailbox, fresh, { since });
  const wrong = code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
  await fillField(dialog.getByLabel('E-mail code', { exact: true }), wrong);
  await dialog.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(dialog.getByText(errorMessage(ERR.WRONG_VERIFICATION_CODE))).toBeVisible();
  await settled(page);
  await snap(page, 'account-email-change');

  await fillField(dialog.getByLabel('E-mail code', { exact: true }), code);
  await dialog.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(page.getByText('E-mail changed.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(fresh);

  // The old address no longer signs in; the new one does.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await openSignInPage(otherPage);
  await fillSignIn(otherPage, email, password);
  await otherPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signInError(otherPage)).toHaveText(errorMessage(ERR.WRONG_CREDENTIALS));
  await signInByUi(otherPage, fresh, password);
  await other.close();
});

test('a mobile account binds its first e-mail', async ({ page, mailbox, serverLog, snap }) => {
  const account = await registerMobileByApi(page.request, serverLog);
  await openMobileTab(page, account.mobile);
  await fillField(passwordInput(page), account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectConsole(page);
  await page.goto('/account');
  await expect(pageTitle(page, 'My account')).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('Not set');
  await settled(page);
  await snap(page, 'account-email-unset');
  await page.getByRole('button', { name: 'Bind e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bind e-mail' });
  await expect(dialog).toBeVisible();
  const email = uniqueEmail('first');
  await fillField(dialog.getByLabel('New e-mail', { exact: true }), email);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Code sent to ${email}`);
  await fillField(
    dialog.getByLabel('E-mail code', { exact: true }),
    await readCode(mailbox, email, { since }),
  );
  await dialog.getByRole('button', { name: 'Bind e-mail' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Mobile', { exact: true })).toHaveValue(`+86 ${account.mobile}`);
});

test('forgot password by e-mail: the code from the mailbox, then the new password signs in', async ({
  page,
  mailbox,
}) => {
  const { email, sentAt } = emailReset;
  await waitForCodeCooldown(sentAt);
  await openSignInPage(page);
  // The reset page's "E-mail" field has the same label as the sign-in page's: wait for its heading.
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await expectResetPasswordPage(page);
  await fillField(input(page, 'E-mail'), email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  const code = await readCode(mailbox, email, { since });
  await fillField(input(page, 'E-mail code'), code);
  await fillField(input(page, 'New password'), 'New-pass2');
  await fillField(input(page, 'Confirm password'), 'New-pass2');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/login/);
  await expectSignInPage(page);
  await expect(page.getByText('Your password was reset. Sign in with the new password.')).toBeVisible();
  await expect(input(page, 'E-mail')).toHaveValue(email);
  await fillField(passwordInput(page), 'Old-pass1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signInError(page)).toHaveText(errorMessage(ERR.WRONG_CREDENTIALS));
  await fillField(passwordInput(page), 'New-pass2');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectConsole(page);
});

test('forgot password by SMS, then the new password signs in', async ({ page, serverLog }) => {
  await waitForCodeCooldown(smsReset.smsAt);
  await openResetPasswordPage(page);
  await page.getByRole('tab', { name: 'Mobile' }).click();
  await expect(input(page, 'Country code')).toHaveValue('86');
  await fillField(input(page, 'Mobile number'), smsReset.mobile);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await fillField(smsCodeInput(page), await readSmsCode(serverLog, smsReset.mobile, { since }));
  await fillField(input(page, 'New password'), 'Reset-pass4');
  await fillField(input(page, 'Confirm password'), 'Reset-pass4');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/login/);
  await expectSignInPage(page);
  await expect(page.getByText('Your password was reset. Sign in with the new password.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Mobile' })).toHaveAttribute('aria-selected', 'true');
  await expect(input(page, 'Mobile number')).toHaveValue(smsReset.mobile);
  await fillField(passwordInput(page), 'Reset-pass4');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectConsole(page);
});

test('signs in with an SMS code ("Password / SMS code" switch)', async ({ page, serverLog, snap }) => {
  await waitForCodeCooldown(smsLogin.smsAt);
  await openMobileTab(page, smsLogin.mobile);
  await expect(passwordInput(page)).toBeVisible();
  await page.locator('.nl-login-method .ant-segmented-item', { hasText: 'SMS code' }).click();
  await expect(passwordInput(page)).toHaveCount(0);
  await expect(smsCodeInput(page)).toBeVisible();
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  const code = await readSmsCode(serverLog, smsLogin.mobile, { since });
  await fillField(smsCodeInput(page), code);
  await settled(page);
  await snap(page, 'login-sms');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/overview\/preview/);
  await expectConsole(page);
});
