import { newSignedInAccount } from '../support/accounts';
import { deviceRow, openProject } from '../support/devices';
import { closeNotifications, fillField, pageTitle } from '../support/pages';
import { expect, test } from '../support/sim';
import { simulatedProject } from '../support/wireless';

/**
 * Issue 10 §1: one delivery state, computed once, in the same words on every surface. A switch
 * whose flash has gone read-only refuses a new VLAN (2001, a fault only the device knows): the
 * save's notification, the page's bar, the header's badge and the device list all say
 * "Applied on 1 of 2 · 1 failed — <switch>", with the reason and what to do. Once the fault is
 * cleared on site, "Retry delivery" brings every surface to applied.
 */
test('one device refuses: the notification, the page, the header and the device list say the same', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'delivery');
  // The office plan: a gateway, a PoE switch below it, access points on the switch.
  const { fleet, sns, names } = await simulatedProject(page, sim, {
    name: 'Quayside Offices',
    tag: 'NLDLV',
    count: 4,
  });
  const switchSn = sns[1] as string;
  const switchName = names[1] as string;
  const gatewaySn = sns[0] as string;
  const unit = fleet.device(switchSn);
  expect(unit?.plan.kind).toBe('switch');
  if (!unit) throw new Error('no switch in the plan');
  await openProject(page, 'Quayside Offices');
  const expected = `Applied on 1 of 2 · 1 failed — ${switchName}`;

  await test.step('a VLAN is saved; the switch cannot store it', async () => {
    unit.configStorageFault = 'Configuration flash is read-only (worn out)';
    await page.goto('/manage/networkconf/vlan');
    await expect(pageTitle(page, 'VLAN')).toBeVisible();
    await page.getByTestId('vlan-table-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add VLAN' });
    await fillField(dialog.getByLabel('VLAN ID'), '30');
    await fillField(dialog.getByLabel('Name'), 'Cameras');
    await fillField(dialog.getByLabel('IP address'), '192.168.30.1');
    await fillField(dialog.getByLabel('Subnet mask'), '255.255.255.0');
    await dialog.getByRole('button', { name: 'Add VLAN' }).click();
    await page.getByRole('button', { name: 'Save and apply' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('every surface: the same counts, the same words', async () => {
    const notice = page.getByTestId('save-delivery');
    await expect(notice).toHaveAttribute('data-tone', 'failed', { timeout: 20_000 });
    await expect(page.getByTestId('save-delivery-text')).toHaveText(expected);
    await expect(notice).toContainText('Save failed. Please try again — Configuration flash is read-only');
    await expect(notice).toContainText('The device keeps running the settings it had');

    const bar = page.getByTestId('config-delivery');
    await expect(page.getByTestId('config-delivery-text')).toHaveText(expected);
    await expect(bar).toHaveAttribute('data-applied', '1');
    await expect(bar).toHaveAttribute('data-failed', '1');
    await expect(bar).toHaveAttribute('data-total', '2');
    await expect(page.getByTestId('config-delivery-reason')).toContainText(
      `${switchName}: Save failed. Please try again — Configuration flash is read-only (worn out)`,
    );

    const badge = page.getByTestId('config-pending-indicator');
    await expect(badge).toHaveText(`1 failed — ${switchName}`);
    await expect(badge).toHaveAttribute('data-failed', '1');
    await snap(page, 'delivery-one-refuses');
    await closeNotifications(page);
    await badge.click();
    await expect(page.locator('.ant-popover-title').filter({ hasText: expected })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/manage/devconf');
    await expect(deviceRow(page, switchSn).locator('[data-config-status]')).toHaveAttribute(
      'data-config-status',
      'failed',
    );
    await expect(deviceRow(page, gatewaySn).locator('[data-config-status]')).toHaveAttribute(
      'data-config-status',
      'applied',
    );
    await expect(page.getByTestId('config-pending-indicator')).toHaveText(`1 failed — ${switchName}`);
    await snap(page, 'delivery-one-refuses-list');
  });

  await test.step('the fault is fixed on site; a retry brings every surface to applied', async () => {
    unit.configStorageFault = null;
    await page.goto('/manage/networkconf/vlan');
    const bar = page.getByTestId('config-delivery');
    await bar.getByRole('button', { name: /devices/ }).click();
    const popover = page.locator('.nl-config-delivery-popover');
    await popover.getByRole('checkbox', { name: `Select ${switchName}` }).check();
    await popover.getByTestId('config-retry').click();
    await expect(page.getByTestId('config-delivery-text')).toHaveText('Applied on all 2 devices', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('config-delivery-reason')).toHaveCount(0);
    await expect(page.getByTestId('config-pending-indicator')).toHaveCount(0);
    expect(unit.appliedDocument?.switching?.vlans.map((v) => v.id)).toEqual([30]);
  });
});
