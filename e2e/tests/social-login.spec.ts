import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { input, registerByApi, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { E2E_PROVIDER } from '../support/oidc';
import { accountMenuButton, fillField, openSignInPage, pageTitle } from '../support/pages';

// Social sign-in (issue 14 §4) against the real OpenID provider global setup started: the person
// uses the provider's own login and consent pages in the browser, then binds the new identity to
// the account they already have. Later sign-ins go straight in.

/**
 * The console after a full page load (each social sign-in ends with one, from the server's redirect):
 * the whole console boots, which takes long on a machine shared with other jobs, hence the longer wait.
 */
async function expectConsoleLoaded(page: Page): Promise<void> {
  await expect(page).not.toHaveURL(/\/login/, { timeout: 60_000 });
  await expect(accountMenuButton(page)).toBeVisible({ timeout: 60_000 });
}

/** From the sign-in page's Social tab to the provider and back. */
async function continueWithProvider(page: Page): Promise<void> {
  await openSignInPage(page);
  await page.getByRole('tab', { name: 'Social' }).click();
  await page.getByRole('link', { name: `Continue with ${E2E_PROVIDER.label}` }).click();
}

async function openMyAccount(page: Page): Promise<void> {
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(pageTitle(page, 'My account')).toBeVisible();
}

test('signs in with an OpenID provider, binds the identity to an existing account, then goes straight in', async ({
  page,
  mailbox,
  snap,
}) => {
  const email = uniqueEmail('social');
  const password = 'Secret-123';
  await registerByApi(page.request, mailbox, email, password);
  const login = `e2e-${randomBytes(4).toString('hex')}`;

  // The provider's own pages: sign in, then consent.
  await continueWithProvider(page);
  await fillField(page.locator('input[name="login"]'), login);
  await fillField(page.locator('input[name="password"]'), 'whatever');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back at the console: the identity is new, so it asks which account it belongs to.
  const bind = page.getByTestId('social-bind');
  // (A full load of the sign-in page: the longer wait, as for the console below.)
  await expect(bind.getByRole('heading', { name: `Link your ${E2E_PROVIDER.label} account` })).toBeVisible({
    timeout: 60_000,
  });
  await expect(bind.getByText(`Person ${login}`)).toBeVisible();
  await snap(page, 'social-bind');
  await fillField(bind.getByRole('textbox', { name: 'E-mail', exact: true }), email);
  await fillField(input(bind, 'Password'), password);
  await bind.getByRole('button', { name: 'Link and sign in' }).click();
  await expectConsoleLoaded(page);

  // My account lists the binding (through the account menu: no reload of the console).
  await openMyAccount(page);
  const card = page.locator('.ant-card').filter({ hasText: 'Social sign-in' });
  await expect(card.getByText('Bound', { exact: true })).toBeVisible();
  await expect(card.getByText(new RegExp(`Person ${login} · since`))).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'social-account-card');

  // Sign out; the provider still knows the person, so the next sign-in goes straight in.
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  // Logging out lands on the sign-in page by itself (a full load: the longer wait).
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: 'Social' }).click();
  await snap(page, 'social-tab');
  await page.getByRole('link', { name: `Continue with ${E2E_PROVIDER.label}` }).click();
  await expectConsoleLoaded(page);
  // The same account: the header names it (its nickname is the e-mail's local part).
  await expect(accountMenuButton(page)).toHaveAccessibleName(new RegExp(email.split('@')[0] ?? email));
});
