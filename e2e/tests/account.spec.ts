import { imageFileIssue } from '@netloom/domain';
import { newSignedInAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { fillField, pageTitle } from '../support/pages';

// The smallest valid PNG (1×1, transparent).
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test.describe('my account', () => {
  test.beforeEach(async ({ page, mailbox }) => {
    const { email } = await newSignedInAccount(page, mailbox, 'account');
    await page.goto('/account');
    // The page shows this account: its form holds what the server sent.
    await expect(pageTitle(page, 'My account')).toBeVisible();
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  });

  test('the company name can be changed once per calendar year', async ({ page, snap }) => {
    const companyName = page.getByLabel('Company name');
    await expect(companyName).toBeEnabled();
    await expect(page.getByText('Can be changed once per calendar year.').first()).toBeVisible();
    await snap(page, 'account');
    await fillField(companyName, 'Acme Networks');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    await expect(companyName).toHaveValue('Acme Networks');
    await expect(companyName).toBeDisabled();
    await expect(page.getByText(/Already changed this year/)).toBeVisible();
    // The other company field keeps its own yearly allowance.
    await expect(page.getByLabel('Company location')).toBeEnabled();
  });

  test('an avatar of the wrong type is refused before upload; a PNG is accepted', async ({ page }) => {
    let uploads = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/account/avatar') uploads++;
    });
    const fileInput = page.locator('input[type="file"]');
    const notes = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') };
    await fileInput.setInputFiles(notes);
    const message = imageFileIssue({ name: notes.name, size: notes.buffer.length });
    expect(message).not.toBeNull();
    await expect(page.getByText(message ?? '')).toBeVisible();
    expect(uploads).toBe(0);

    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(page.getByText('Avatar updated.')).toBeVisible();
    expect(uploads).toBe(1);
    await expect(page.getByRole('img', { name: /Avatar of/ })).toHaveAttribute(
      'src',
      /\/api\/account\/avatar\//,
    );
  });
});
