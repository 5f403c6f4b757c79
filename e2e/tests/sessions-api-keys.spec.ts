import { ERR, errorMessage } from '@netloom/domain';
import { newSignedInAccount, signInByUi } from '../support/accounts';
import { createProject } from '../support/api';
import { openProject } from '../support/devices';
import { expect, SCREENSHOT_DIR, test } from '../support/fixtures';
import { expectSignInPage, fillField, pageTitle } from '../support/pages';
import { pickOptions } from '../support/select';

/**
 * Issue 14 §5 and §6 in My account: "one active session" signs the first browser out when a second
 * signs in (§8 69 on its sign-in page, told over the live channel without a click), and a personal
 * API key created in the console, used from a script (Node's fetch), and revoked.
 */

interface Envelope {
  code: number;
  data?: { items?: { id: number }[]; total?: number };
}

test.describe('sessions and API keys', () => {
  test('one active session: a new sign-in elsewhere ends this one with 69', async ({
    page,
    browser,
    mailbox,
  }) => {
    const { email, password } = await newSignedInAccount(page, mailbox, 'one-session');
    // A current project keeps the console's live channel open (as on any console page).
    await createProject(page, { name: 'Kick', netMode: 0, scenario: 'enterprise' });
    await openProject(page, 'Kick');
    await page.goto('/account');
    await expect(pageTitle(page, 'My account')).toBeVisible();
    // The header says the live channel is up (what the user sees of it).
    await expect(page.locator('.nl-header').getByText('Live', { exact: true })).toBeVisible();

    const card = page.locator('.nl-sessions-card');
    await expect(card.getByText('This device')).toBeVisible();
    const toggle = card.getByRole('switch', { name: 'One active session' });
    await toggle.click();
    await expect(page.getByText('One active session is on.')).toBeVisible();
    await expect(toggle).toBeChecked();

    await page.screenshot({ path: `${SCREENSHOT_DIR}/sessions-card.png`, fullPage: true });

    // Another browser signs in to the same account.
    const other = await browser.newContext();
    await signInByUi(await other.newPage(), email, password);

    // The first browser is told at once, without doing anything: the sign-in page says why.
    await expectSignInPage(page);
    await expect(page.getByText(errorMessage(ERR.LOGGED_IN_ELSEWHERE))).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/sessions-kicked.png` });
    await other.close();
  });

  test('an API key is created, used from a script and revoked', async ({ page, mailbox, baseURL }) => {
    await newSignedInAccount(page, mailbox, 'api-key');
    const inside = await createProject(page, { name: 'Scripted', netMode: 0, scenario: 'enterprise' });
    const outside = await createProject(page, { name: 'Private', netMode: 0, scenario: 'enterprise' });
    await page.goto('/account');
    await expect(pageTitle(page, 'My account')).toBeVisible();
    const card = page.locator('.nl-api-keys-card');
    await expect(card.getByText(/No API keys yet/)).toBeVisible();

    await card.getByRole('button', { name: 'Create API key' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create API key' });
    await fillField(drawer.getByLabel('Name'), 'Inventory sync');
    await drawer.getByText('Only these projects').click();
    await pickOptions(page, drawer.getByRole('combobox', { name: 'Projects of the key' }), ['Scripted']);
    await drawer.screenshot({ path: `${SCREENSHOT_DIR}/api-key-drawer.png` });
    await drawer.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'API key "Inventory sync" created' });
    const secret = ((await shown.getByTestId('api-key-secret').locator('code').textContent()) ?? '').trim();
    expect(secret).toMatch(/^nlk_/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-key-created.png` });
    await shown.getByRole('button', { name: 'I have copied the key' }).click();
    const row = card.getByRole('row', { name: /Inventory sync/ });
    await expect(row).toContainText('Read-only');
    await expect(row).toContainText('Scripted');
    await expect(row).toContainText('Never used');

    // A script with the key: Node's fetch, no cookie.
    const headers = { Authorization: `Bearer ${secret}` };
    const devices = (await (
      await fetch(`${baseURL}/api/projects/${inside}/devices`, { headers })
    ).json()) as Envelope;
    expect(devices).toMatchObject({ code: 0, data: { total: 0 } });
    const listed = (await (await fetch(`${baseURL}/api/projects`, { headers })).json()) as Envelope;
    expect(listed.data?.items?.map((p) => p.id)).toEqual([inside]);
    const elsewhere = (await (
      await fetch(`${baseURL}/api/projects/${outside}/devices`, { headers })
    ).json()) as Envelope;
    expect(elsewhere.code).toBe(ERR.PROJECT_INVALID);
    const change = await fetch(`${baseURL}/api/projects/${inside}`, {
      method: 'PATCH',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed' }),
    });
    expect(change.status).toBe(403);

    // The console shows when it was last used.
    await page.reload();
    await expect(row).not.toContainText('Never used');
    await expect(row).toContainText('127.0.0.1');
    await card.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-card.png` });

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('API key "Inventory sync" revoked.')).toBeVisible();
    await expect(card.getByText(/No API keys yet/)).toBeVisible();
    const after = await fetch(`${baseURL}/api/projects`, { headers });
    expect(after.status).toBe(401);
  });
});
