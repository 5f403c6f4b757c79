import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ERR, errorMessage, type SolutionSummary } from '@netloom/domain';
import { request as playwrightRequest } from '@playwright/test';
import { newSignedInAccount, registerByApi, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { fillField, pageTitle } from '../support/pages';

/**
 * Issue 15 §1, scheme generation: from the account menu, a hotel solution is generated (scenario →
 * site → the sized devices with their reasons), edited (name, the AP quantity), saved, previewed,
 * downloaded as a PDF (its text read with poppler's pdftotext: the bill of materials), and shared
 * with another account, which finds its own copy (checked through that account's API).
 */
test('a hotel solution is generated, edited, exported and shared', async ({
  page,
  mailbox,
  baseURL,
  snap,
}) => {
  const friendEmail = uniqueEmail('solution-friend');
  const friendPassword = 'Secret-123';
  await registerByApi(page.request, mailbox, friendEmail, friendPassword);
  const { email } = await newSignedInAccount(page, mailbox, 'solutions');

  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Scheme generation' }).click();
  await expect(pageTitle(page, 'Scheme generation')).toBeVisible();
  await expect(page.getByText('No solutions yet')).toBeVisible();
  await page.getByRole('button', { name: 'New solution' }).first().click();

  // Step 1: the scenario.
  await expect(pageTitle(page, 'New solution')).toBeVisible();
  await page.getByRole('button', { name: /\bHotel\b/ }).click();
  await snap(page, 'solutions-scenario');
  await page.getByRole('button', { name: 'Next: site' }).click();

  // Step 2: the site.
  const numbers: [string, string][] = [
    ['Floor area (m² per floor)', '1200'],
    ['Floors', '5'],
    ['Rooms (all floors)', '150'],
    ['Concurrent users', '380'],
    ['Cameras', '24'],
    ['Internet bandwidth (Mbit/s)', '1000'],
  ];
  for (const [label, value] of numbers) await fillField(page.getByLabel(label, { exact: true }), value);
  await snap(page, 'solutions-site');
  await page.getByRole('button', { name: 'Generate solution' }).click();

  // Step 3: the result says why each number is what it is.
  const result = page.locator('.nl-result-card');
  await expect(result.getByText('Recommended for Hotel')).toBeVisible();
  await expect(
    result.getByText(/^Coverage: 5 × 1,200 m², 7\.\d m cells through brick \(20 dB\)/),
  ).toBeVisible();
  await expect(result.getByText(/^PoE: \d+ ports, \d+ W over 5 floors/)).toBeVisible();
  await expect(result.getByText('24 × NL-IPC4D')).toBeVisible();
  await snap(page, 'solutions-result');

  // Edit: the name and the APs (a lobby needs more).
  await fillField(page.getByLabel('Solution name'), 'Harbour Hotel');
  const apRow = page.locator('.nl-device-row').filter({ hasText: 'NL-A3000C Wi-Fi 6 Ceiling AP' });
  await fillField(apRow.getByLabel('Quantity'), '45');
  await fillField(apRow.getByLabel('Remarks'), 'Extra APs for the lobby and ballroom');
  await page.getByRole('button', { name: 'Save solution' }).click();
  await expect(pageTitle(page, 'Harbour Hotel')).toBeVisible();
  await expect(
    page.locator('.nl-device-row').filter({ hasText: 'NL-A3000C' }).getByLabel('Quantity'),
  ).toHaveValue('45');
  await page.locator('.nl-solutions').getByText('Scenario and site').scrollIntoViewIfNeeded();
  await snap(page, 'solutions-editor');

  // Preview, then the PDF itself.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: /^Preview/ });
  await expect(preview.getByRole('heading', { name: 'Bill of materials' })).toBeVisible();
  await expect(preview.getByRole('row').filter({ hasText: 'NL-A3000C' })).toContainText(
    'Extra APs for the lobby and ballroom',
  );
  await expect(preview.getByRole('heading', { name: 'Topology' })).toBeVisible();
  await snap(page, 'solutions-preview');
  const downloading = page.waitForEvent('download');
  await preview.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Harbour-Hotel.pdf');
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toContain('Harbour Hotel');
  expect(text).toContain('Bill of materials');
  expect(text).toMatch(/NL-A3000C\s+45\s+Extra APs for the lobby and ballroom/);
  expect(text).toMatch(/NL-IPC4D\s+24\s/);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Share: not with myself (28), then with the friend.
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share solution' });
  await fillField(share.getByLabel('E-mail or mobile number'), email);
  await share.getByRole('button', { name: 'Share' }).click();
  await expect(share.getByRole('alert')).toHaveText(errorMessage(ERR.SHARE_TO_SELF));
  await fillField(share.getByLabel('E-mail or mobile number'), friendEmail);
  await share.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText(`Shared with ${friendEmail}.`)).toBeVisible();
  await page.getByRole('button', { name: 'All solutions' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Harbour Hotel' })).toContainText('45');
  await snap(page, 'solutions-list');

  // The friend has a copy of their own, marked as shared by this account.
  const friend = await playwrightRequest.newContext({ baseURL });
  const login = await friend.post('/api/auth/login', {
    data: { method: 'email', email: friendEmail, password: friendPassword, client: 'web' },
  });
  expect((await login.json()).code).toBe(0);
  const theirs = (await (await friend.get('/api/solutions')).json()) as {
    data: { items: SolutionSummary[] };
  };
  expect(theirs.data.items).toHaveLength(1);
  expect(theirs.data.items[0]).toMatchObject({ name: 'Harbour Hotel', sharedBy: email, apCount: 45 });
  await friend.dispose();
});
