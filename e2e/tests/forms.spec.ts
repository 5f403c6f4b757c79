import { errorMessage, PASSWORD_MISMATCH_MESSAGE, PROJECT_NAME_MAX_LENGTH } from '@netloom/domain';
import { fillSignIn, input, newSignedInAccount, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { fillField, openRegisterPage, openSignInPage } from '../support/pages';
import { expectProjectDrawer } from '../support/projects';

/** Form rules answer inline before anything is sent; server refusals show the catalogue's words. */
test.describe('forms', () => {
  test('a project name over the limit is refused inline, before submit, and nothing typed is lost', async ({
    page,
    mailbox,
  }) => {
    await newSignedInAccount(page, mailbox, 'forms');
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/projects') posted++;
    });

    await page.goto('/overview/list?create=1');
    const drawer = await expectProjectDrawer(page, 'create');
    const tooLong = 'A'.repeat(PROJECT_NAME_MAX_LENGTH + 1);
    await fillField(drawer.getByLabel('Project name'), tooLong);
    await fillField(drawer.getByLabel('Location'), 'Porto');
    await drawer.getByRole('button', { name: 'Create project' }).click();

    await expect(
      drawer.getByText(`Project name must be 1–${PROJECT_NAME_MAX_LENGTH} characters.`),
    ).toBeVisible();
    await expect(drawer.getByText('Choose a scenario.')).toBeVisible();
    await expect(drawer.getByLabel('Project name')).toHaveValue(tooLong);
    await expect(drawer.getByLabel('Location')).toHaveValue('Porto');
    expect(posted).toBe(0);
  });

  test('registration refuses a confirmation that does not match', async ({ page }) => {
    await openRegisterPage(page);
    await fillField(input(page, 'Password'), 'Secret-123');
    await fillField(input(page, 'Confirm password'), 'Secret-124');
    await input(page, 'Confirm password').blur();
    await expect(page.getByText(PASSWORD_MISMATCH_MESSAGE)).toBeVisible();
  });

  test('a wrong password is refused with the catalogue message', async ({ page, mailbox }) => {
    const { email } = await newSignedInAccount(page, mailbox, 'wrongpw');
    await page.context().clearCookies();
    await openSignInPage(page);
    await fillSignIn(page, email, 'Not-the-password1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: errorMessage(4) })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('signing in to an unknown account shows the same words as a wrong password', async ({ page }) => {
    await openSignInPage(page);
    await fillSignIn(page, uniqueEmail('nobody'), 'Whatever-123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong account or password.' })).toBeVisible();
  });
});
