import { ERR, errorMessage, SAME_EMAIL_MESSAGE } from '@netloom/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { input, newSignedInAccount, registerByApi, signInByUi, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { readCode } from '../support/mailbox';
import { codeCooldownMs, readSmsCode, SERVER_LOG_ENV, uniqueMobile } from '../support/outbox';
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
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Mobile' }).click();
  await expect(input(page, 'Country code')).toHaveValue('86');
  await input(page, 'Mobile number').fill(mobile);
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
async function waitForCodeCooldown(page: Page, sentAt: number): Promise<void> {
  const wait = codeCooldownMs(sentAt);
  test.setTimeout(test.info().timeout + wait);
  if (wait > 0) await page.waitForTimeout(wait);
}

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
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Mobile' }).click();
  await expect(input(page, 'Country code')).toHaveValue('86');
  await input(page, 'Mobile number').fill(mobile);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(/Code sent by SMS/);
  const code = await readSmsCode(serverLog, mobile, { since });
  expect(code).toMatch(/^\d{4}$/);
  await expect(smsCodeInput(page)).toHaveAttribute('maxlength', '4');
  await smsCodeInput(page).fill(code);
  await passwordInput(page).fill(password);
  await input(page, 'Confirm password').fill(password);
  await settled(page);
  await snap(page, 'register-mobile');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Back on the sign-in page, on the mobile tab with the number filled in.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your account is ready. Sign in to continue.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Mobile' })).toHaveAttribute('aria-selected', 'true');
  await expect(input(page, 'Mobile number')).toHaveValue(mobile);
  await passwordInput(page).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/overview\/preview/);
});

test('the e-mail and mobile tabs of the login page; a wrong password says so', async ({
  page,
  mailbox,
  snap,
}) => {
  const email = uniqueEmail('tabs');
  await registerByApi(page.request, mailbox, email, 'Right-pass1');
  await page.goto('/login');
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
  await input(page, 'Mobile number').fill('12345');
  await passwordInput(page).fill('whatever');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Enter an 11-digit mobile number starting with 1.')).toBeVisible();
  // The arrow keys move between the tabs (WAI-ARIA tablist).
  await mobileTab.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(emailTab).toHaveAttribute('aria-selected', 'true');

  await input(page, 'E-mail').fill(email);
  await passwordInput(page).fill('Wrong-pass9');
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
  await dialog.getByLabel('Current password', { exact: true }).fill('Not-my-pass1');
  await dialog.getByLabel('New password', { exact: true }).fill('Next-pass3');
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('Next-pass3');
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
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Change', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change e-mail' });
  await expect(dialog).toBeVisible();
  const newEmail = dialog.getByLabel('New e-mail', { exact: true });

  // Inline rules before anything is sent.
  await newEmail.fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await newEmail.fill(email.toUpperCase());
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(SAME_EMAIL_MESSAGE)).toBeVisible();
  await dialog.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(dialog.getByText('The e-mail code has 6 digits.')).toBeVisible();

  // 13: the address belongs to another account.
  await newEmail.fill(taken);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(errorMessage(ERR.ACCOUNT_EXISTS))).toBeVisible();

  const fresh = uniqueEmail('fresh');
  await newEmail.fill(fresh);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Code sent to ${fresh}`);
  await expect(dialog.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
  const code = await readCode(mailbox, fresh, { since });
  const wrong = code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
  await dialog.getByLabel('E-mail code', { exact: true }).fill(wrong);
  await dialog.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(dialog.getByText(errorMessage(ERR.WRONG_VERIFICATION_CODE))).toBeVisible();
  await settled(page);
  await snap(page, 'account-email-change');

  await dialog.getByLabel('E-mail code', { exact: true }).fill(code);
  await dialog.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('E-mail changed.')).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(fresh);

  // The old address no longer signs in; the new one does.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await input(otherPage, 'E-mail').fill(email);
  await input(otherPage, 'Password').fill(password);
  await otherPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signInError(otherPage)).toHaveText(errorMessage(ERR.WRONG_CREDENTIALS));
  await signInByUi(otherPage, fresh, password);
  await other.close();
});

test('a mobile account binds its first e-mail', async ({ page, mailbox, serverLog, snap }) => {
  const account = await registerMobileByApi(page.request, serverLog);
  await openMobileTab(page, account.mobile);
  await passwordInput(page).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/account');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('Not set');
  await settled(page);
  await snap(page, 'account-email-unset');
  await page.getByRole('button', { name: 'Bind e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bind e-mail' });
  const email = uniqueEmail('first');
  await dialog.getByLabel('New e-mail', { exact: true }).fill(email);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('E-mail code', { exact: true }).fill(await readCode(mailbox, email, { since }));
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
  await waitForCodeCooldown(page, sentAt);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await input(page, 'E-mail').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await readCode(mailbox, email, { since });
  await input(page, 'E-mail code').fill(code);
  await input(page, 'New password').fill('New-pass2');
  await input(page, 'Confirm password').fill('New-pass2');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your password was reset. Sign in with the new password.')).toBeVisible();
  await expect(input(page, 'E-mail')).toHaveValue(email);
  await passwordInput(page).fill('Old-pass1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signInError(page)).toHaveText(errorMessage(ERR.WRONG_CREDENTIALS));
  await passwordInput(page).fill('New-pass2');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
});

test('forgot password by SMS, then the new password signs in', async ({ page, serverLog }) => {
  await waitForCodeCooldown(page, smsReset.smsAt);
  await page.goto('/forgot-password');
  await page.getByRole('tab', { name: 'Mobile' }).click();
  await input(page, 'Mobile number').fill(smsReset.mobile);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await smsCodeInput(page).fill(await readSmsCode(serverLog, smsReset.mobile, { since }));
  await input(page, 'New password').fill('Reset-pass4');
  await input(page, 'Confirm password').fill('Reset-pass4');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your password was reset. Sign in with the new password.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Mobile' })).toHaveAttribute('aria-selected', 'true');
  await expect(input(page, 'Mobile number')).toHaveValue(smsReset.mobile);
  await passwordInput(page).fill('Reset-pass4');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
});

test('signs in with an SMS code ("Password / SMS code" switch)', async ({ page, serverLog, snap }) => {
  await waitForCodeCooldown(page, smsLogin.smsAt);
  await openMobileTab(page, smsLogin.mobile);
  await expect(passwordInput(page)).toBeVisible();
  await page.locator('.nl-login-method .ant-segmented-item', { hasText: 'SMS code' }).click();
  await expect(passwordInput(page)).toHaveCount(0);
  await expect(smsCodeInput(page)).toBeVisible();
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  const code = await readSmsCode(serverLog, smsLogin.mobile, { since });
  await smsCodeInput(page).fill(code);
  await settled(page);
  await snap(page, 'login-sms');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/overview\/preview/);
});
