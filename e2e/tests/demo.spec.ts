import { DEMO_BLOCKED_ACKNOWLEDGE, GENERAL_MESSAGES } from '@netloom/domain';
import { deviceRow } from '../support/devices';
import { expect, test } from '../support/fixtures';
import { enterLiveDemo, openDemoTab } from '../support/pages';

/**
 * Issue 3 §6: the live demo from the login screen. The console's in-process simulated fleet drives
 * the demo projects through the same broker as real devices, so the demo shows a populated, online
 * network without an account.
 */
test('the live demo from the login screen shows a populated network', async ({ page, snap }) => {
  await test.step('enter the demo from the login screen', async () => {
    await openDemoTab(page);
    await snap(page, 'demo-login');
    await enterLiveDemo(page);
    const stored = await page.evaluate(() => window.sessionStorage.getItem('nl.project'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ id: 500000 });
  });

  await test.step('the network status shows devices online and clients', async () => {
    await page.goto('/manage/status');
    // A positive count, not "anything but 0": the card has no number at all while it loads.
    await expect(page.getByTestId('kpi-clients')).toHaveText(/^[1-9][\d,]*$/, { timeout: 20_000 });
    await expect(page.getByTestId('kpi-devices')).toHaveText(/^[1-9]\d* \/ [1-9]\d*$/);
    await snap(page, 'demo-status');
  });

  await test.step('the device list is populated and online', async () => {
    await page.goto('/manage/devconf');
    const rows = page.locator('tr[data-sn]');
    await expect(page.getByText(/devices in this project, [1-9]\d* online/)).toBeVisible();
    // Counted until the table holds them all, not once while its rows are still coming in.
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(10);
    await expect(
      page.locator('tr[data-sn] [data-testid="device-status"][data-status="online"]').first(),
    ).toBeVisible({ timeout: 20_000 });
    await snap(page, 'demo-devices');
  });

  await test.step('a change in a demo project answers with the "unavailable" modal', async () => {
    const sn = (await page.locator('tr[data-sn]').first().getAttribute('data-sn')) ?? '';
    expect(sn).not.toBe('');
    // The row of that serial number: live updates may reorder the table meanwhile.
    await deviceRow(page, sn)
      .getByRole('button', { name: /^Delete / })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete device' }).click();
    const blocked = page.getByRole('dialog').filter({ hasText: GENERAL_MESSAGES.DEMO_BLOCKED });
    await expect(blocked).toBeVisible();
    await blocked.getByRole('button', { name: DEMO_BLOCKED_ACKNOWLEDGE }).click();
    await expect(blocked).toBeHidden();
    await expect(deviceRow(page, sn)).toBeVisible();
  });

  await test.step('clients are online', async () => {
    await page.goto('/manage/onlinelist');
    await expect(page.locator('tr[data-mac]').first()).toBeVisible({ timeout: 20_000 });
    await snap(page, 'demo-clients');
  });
});
