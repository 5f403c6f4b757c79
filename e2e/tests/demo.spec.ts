import { DEMO_BLOCKED_ACKNOWLEDGE, GENERAL_MESSAGES } from '@netloom/domain';
import { expect, test } from '../support/fixtures';

/**
 * Issue 3 §6: the live demo from the login screen. The console's in-process simulated fleet drives
 * the demo projects through the same broker as real devices, so the demo shows a populated, online
 * network without an account.
 */
test('the live demo from the login screen shows a populated network', async ({ page, snap }) => {
  test.setTimeout(60_000);

  await test.step('enter the demo from the login screen', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Live demo' }).click();
    await expect(page.getByRole('tab', { name: 'Demo' })).toHaveAttribute('aria-selected', 'true');
    await snap(page, 'demo-login');
    await page.getByRole('button', { name: 'Enter live demo' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const stored = await page.evaluate(() => window.sessionStorage.getItem('nl.project'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ id: 500000 });
  });

  await test.step('the network status shows devices online and clients', async () => {
    await page.goto('/manage/status');
    await expect(page.getByTestId('kpi-clients')).not.toHaveText('0', { timeout: 20_000 });
    await expect(page.getByTestId('kpi-devices')).toHaveText(/^[1-9]\d* \/ [1-9]\d*$/);
    await snap(page, 'demo-status');
  });

  await test.step('the device list is populated and online', async () => {
    await page.goto('/manage/devconf');
    const rows = page.locator('tr[data-sn]');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(10);
    await expect(page.getByText(/devices in this project, [1-9]\d* online/)).toBeVisible();
    await expect(
      page.locator('tr[data-sn] [data-testid="device-status"][data-status="online"]').first(),
    ).toBeVisible({ timeout: 20_000 });
    await snap(page, 'demo-devices');
  });

  await test.step('a change in a demo project answers with the "unavailable" modal', async () => {
    const row = page.locator('tr[data-sn]').first();
    const sn = await row.getAttribute('data-sn');
    await row.getByRole('button', { name: /^Delete / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete device' }).click();
    const blocked = page.getByRole('dialog').filter({ hasText: GENERAL_MESSAGES.DEMO_BLOCKED });
    await expect(blocked).toBeVisible();
    await blocked.getByRole('button', { name: DEMO_BLOCKED_ACKNOWLEDGE }).click();
    await expect(blocked).toBeHidden();
    await expect(page.locator(`tr[data-sn="${sn}"]`)).toBeVisible();
  });

  await test.step('clients are online', async () => {
    await page.goto('/manage/onlinelist');
    await expect(page.locator('tr[data-mac]').first()).toBeVisible({ timeout: 20_000 });
    await snap(page, 'demo-clients');
  });
});
