import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiPost } from '../support/api';
import { deviceRow, openProject } from '../support/devices';
import { expect, test } from '../support/sim';
import { deviceIdOf, simulatedProject } from '../support/wireless';

/**
 * Issue 13 §1, device maintenance through the real pieces: a simulated office (gateway, switch,
 * APs) whose clock runs 2× so a reboot (about a simulated minute) takes about 30 s: long
 * enough to see it rebooting on a busy machine, short enough for a test. Restart one AP
 * from its drawer and see it rebooting, then online; restart a selection in which one device is
 * offline and see it refused, with its reason, in the result.
 */
const TIME_FACTOR = 2;
const BACK = { timeout: 60_000 };

async function office(page: Page, sim: Parameters<typeof simulatedProject>[1], name: string) {
  const project = await simulatedProject(page, sim, {
    name,
    tag: 'NLMNT',
    count: 6,
    options: { timeFactor: TIME_FACTOR },
  });
  const aps = project.fleet.devices.filter((d) => d.plan.kind === 'ap');
  if (aps.length < 2) throw new Error('the plan has fewer than two APs');
  const nameOf = (sn: string) => project.names[project.sns.indexOf(sn)] ?? sn;
  return { ...project, aps: aps.map((d) => ({ sn: d.sn, name: nameOf(d.sn) })) };
}

test('restart one AP from its drawer: confirmation with the duration, rebooting, then online', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'maint');
  const p = await office(page, sim, 'Harbour Office');
  const ap = p.aps[0] as { sn: string; name: string };
  const apId = await deviceIdOf(page, p.projectId, ap.sn);
  await openProject(page, 'Harbour Office');
  await page.goto(`/manage/devconf/${apId}`);
  const drawer = page.getByTestId('device-detail');
  await expect(drawer.getByTestId('device-status')).toHaveAttribute('data-status', 'online');
  const actions = drawer.getByTestId('device-actions');
  await expect(actions.getByTestId('device-action-reboot')).toBeEnabled();
  await expect(actions.getByTestId('device-action-locate')).toBeEnabled();
  await expect(actions.getByTestId('device-action-reset')).toBeEnabled();

  await test.step('Delete lives in the "…" menu', async () => {
    await actions.getByTestId('device-more').click();
    await expect(page.getByRole('menuitem', { name: 'Delete device' })).toBeVisible();
    await snap(page, 'maintenance-drawer-menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Delete device' })).toBeHidden();
  });

  await test.step('locate asks for how long the LED blinks', async () => {
    await actions.getByTestId('device-action-locate').click();
    const confirm = page.getByTestId('maintenance-confirm');
    await expect(confirm).toContainText(`Locate “${ap.name}”?`);
    await confirm.getByText('10 minutes').click();
    await snap(page, 'maintenance-locate-confirm');
    await confirm.getByRole('button', { name: 'Locate', exact: true }).click();
    await expect(page.getByText('LED blinking on 1 device for 10 minutes.')).toBeVisible();
  });

  await test.step('restart: the confirmation says what happens and how long', async () => {
    await actions.getByTestId('device-action-reboot').click();
    const confirm = page.getByTestId('maintenance-confirm');
    await expect(confirm).toContainText(`Restart “${ap.name}”?`);
    await expect(confirm).toContainText('Offline for about 1 minute');
    await snap(page, 'maintenance-restart-confirm');
    await confirm.getByRole('button', { name: 'Restart', exact: true }).click();
    await expect(confirm).toBeHidden();
  });

  await test.step('the drawer and the list show it rebooting, then online', async () => {
    await expect(drawer.getByTestId('device-status')).toHaveAttribute('data-status', 'rebooting', BACK);
    // While it reboots, the rule refuses another restart before the click, with the reason.
    await expect(actions.getByTestId('device-action-reboot')).toBeDisabled();
    // It reports nothing while it reboots: no stale uptime or CPU reads as current.
    const uptime = drawer
      .getByTestId('device-health')
      .locator('.nl-health-item')
      .filter({ hasText: 'Uptime' });
    await expect(uptime).toContainText('—');
    await snap(page, 'maintenance-drawer-rebooting');
    await expect(drawer.getByTestId('device-status')).toHaveAttribute('data-status', 'online', BACK);
    await expect(uptime).not.toContainText('—');
    await expect(actions.getByTestId('device-action-reboot')).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(deviceRow(page, ap.sn).getByTestId('device-status')).toHaveAttribute(
      'data-status',
      'online',
    );
  });
});

test('restart a selection: the offline device is refused in the result, the others reboot and return', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'maint-bulk');
  const p = await office(page, sim, 'Dockside Depot');
  // A device of the project that never connects: offline.
  const offlineSn = `NLMNTOFF${Date.now().toString(36).toUpperCase()}00`;
  await apiPost(page, `/api/projects/${p.projectId}/devices`, { sn: offlineSn, name: 'AP-Storeroom' });
  await openProject(page, 'Dockside Depot');
  await page.goto('/manage/devconf');
  const [a, b] = p.aps as [{ sn: string; name: string }, { sn: string; name: string }];
  for (const sn of [a.sn, b.sn, offlineSn]) {
    await deviceRow(page, sn).getByRole('checkbox').check();
  }
  const bulk = page.getByTestId('bulk-maintenance');
  await expect(bulk.getByTestId('bulk-reboot')).toBeEnabled();
  await snap(page, 'maintenance-bulk-bar');

  await bulk.getByTestId('bulk-reboot').click();
  const confirm = page.getByTestId('maintenance-confirm');
  await expect(confirm).toContainText('Restart 3 devices?');
  await expect(confirm.getByTestId('maintenance-skipped')).toContainText('AP-Storeroom');
  await expect(confirm.getByTestId('maintenance-skipped')).toContainText('The device is offline.');
  await snap(page, 'maintenance-bulk-confirm');
  await confirm.getByRole('button', { name: 'Restart 2 devices' }).click();

  const result = page.getByTestId('maintenance-result');
  await expect(result).toContainText('Restart: 2 started, 1 refused');
  // The list behind the result already shows both rebooting (live), the offline one unchanged.
  await Promise.all(
    [a.sn, b.sn].map((sn) =>
      expect(deviceRow(page, sn).getByTestId('device-status')).toHaveAttribute(
        'data-status',
        'rebooting',
        BACK,
      ),
    ),
  );
  const refused = result.locator('tr[data-ok="false"]');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText('AP-Storeroom');
  await expect(refused).toContainText('The device is offline.');
  await expect(result.locator('tr[data-ok="true"]')).toHaveCount(2);
  await snap(page, 'maintenance-bulk-result');
  await result.getByRole('button', { name: 'Done' }).click();
  await expect(result).toBeHidden();
  await snap(page, 'maintenance-list-after');
  for (const sn of [a.sn, b.sn]) {
    await expect(deviceRow(page, sn).getByTestId('device-status')).toHaveAttribute(
      'data-status',
      'online',
      BACK,
    );
  }
  await expect(deviceRow(page, offlineSn).getByTestId('device-status')).toHaveAttribute(
    'data-status',
    'offline',
  );
});
