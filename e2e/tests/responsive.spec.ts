import type { Device, DeviceList } from '@netloom/domain';
import { pushEvent } from '@netloom/sim';
import type { Locator, Page } from '@playwright/test';
import { apiGet } from '../support/api';
import { expectShown, fleetProject } from '../support/deviceList';
import {
  accountMenuButton,
  enterLiveDemo,
  expectSignInPage,
  fillField,
  openDemoTab,
  openSignInPage,
  pageTitle,
} from '../support/pages';
import { settled } from '../support/settle';
import { openAccountMenu } from '../support/shell';
import { expect, plannedNames, test } from '../support/sim';

/**
 * Issue 10 §5, phones and small screens: at a phone's 390 px, a tablet's 768 px and a laptop's
 * 1366 px no main page scrolls sideways (wide tables scroll inside their card), the header keeps
 * the bell, the delivery state and the account menu on screen, and on the phone the menu is a
 * drawer behind the header's menu button.
 */

const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'tablet', viewport: { width: 768, height: 1024 } },
  { name: 'laptop', viewport: { width: 1366, height: 768 } },
] as const;

/**
 * The page is no wider than the screen. Measured once, after the caller waited for the page's
 * content. Overflow hidden on the root would hide the problem instead of fixing it: it must not be.
 */
async function expectNoSideScroll(page: Page, what: string): Promise<void> {
  const m = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    clipped: [document.documentElement, document.body].map((e) => getComputedStyle(e).overflowX),
  }));
  expect(m.scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(m.client);
  // (An open drawer locks the body's vertical scroll, which computes the other axis to auto.)
  for (const overflow of m.clipped)
    expect(['hidden', 'clip'], `${what} is not simply cut off`).not.toContain(overflow);
}

/** The whole element is on screen, horizontally (nothing to scroll to reach it). */
async function expectOnScreen(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, what).not.toBeNull();
  expect(box?.x ?? -1, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), `${what} ends on screen`).toBeLessThanOrEqual(width);
}

/** The header's controls a person must always reach (the delivery state once something waits). */
async function expectHeaderOnScreen(page: Page, delivery: boolean): Promise<void> {
  await expectOnScreen(page, page.getByTestId('alarm-bell'), 'the alarm bell');
  if (delivery)
    await expectOnScreen(page, page.getByTestId('config-pending-indicator'), 'the delivery state');
  await expectOnScreen(page, accountMenuButton(page), 'the account menu');
}

/** Waits for a page's content, then checks the frame and saves a screenshot. */
async function checkPage(
  page: Page,
  snap: (page: Page, name: string) => Promise<void>,
  shot: string,
  what: string,
  delivery = true,
): Promise<void> {
  await expectNoSideScroll(page, what);
  await expectHeaderOnScreen(page, delivery);
  await settled(page);
  await snap(page, shot);
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}×${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });

    test('the main pages fit the screen and the header stays reachable', async ({
      page,
      mailbox,
      sim,
      snap,
    }) => {
      const tag = `resp${screen.name}`;
      const { projectId, sns, fleet } = await fleetProject(page, mailbox, sim, tag, 'Harbour Hotel', 6);
      const devices = (await apiGet<DeviceList>(page, `/api/projects/${projectId}/devices?pageSize=100`))
        .items;
      const bySn = (sn: string): Device | undefined => devices.find((d) => d.sn === sn);
      const names = plannedNames(sns);
      const switchSn = sns[names.findIndex((n) => n.startsWith('Switch'))] ?? '';
      const gatewaySn = sns[names.findIndex((n) => n.startsWith('Gateway'))] ?? '';
      const shot = (name: string) => `responsive-${screen.name}-${name}`;

      await test.step('a device raises an alarm: the bell counts it', async () => {
        const gateway = fleet.device(gatewaySn);
        if (!gateway) throw new Error('the simulated gateway is not running');
        pushEvent(gateway, 'alarm', 'warning', 'cpu_high', 'CPU above 90% for 5 minutes (94% now)');
        await expect(page.getByTestId('alarm-bell')).toHaveAttribute('data-count', '1');
      });

      await test.step('device list: the table scrolls inside its card', async () => {
        await page.goto('/manage/devconf');
        await expectShown(page, sns);
        await checkPage(page, snap, shot('devices'), 'the device list', false);
      });

      await test.step('device detail: the drawer and the switch ports', async () => {
        await page.locator(`tr[data-sn="${switchSn}"]`).getByTestId('device-name').click();
        const drawer = page.getByRole('dialog').filter({ hasText: 'Identity' });
        await expect(drawer).toBeVisible();
        await expectOnScreen(
          page,
          drawer.getByRole('button', { name: 'Close' }),
          'the drawer’s close button',
        );
        await expectNoSideScroll(page, 'the device drawer');
        await settled(page);
        await snap(page, shot('device-drawer'));
        await drawer.getByRole('button', { name: 'Close' }).click();
        await expect(drawer).toBeHidden();

        await page.goto(`/manage/devconf/${bySn(switchSn)?.id}/ports`);
        await expect(page.getByTestId('port-panel')).toBeVisible();
        await checkPage(page, snap, shot('switch-ports'), 'the switch ports', false);
      });

      await test.step('a VLAN saved in its form while the switch is offline: the header shows it pending', async () => {
        fleet.device(switchSn)?.setCut('link');
        await expect
          .poll(
            async () =>
              (await apiGet<{ online: number }>(page, `/api/projects/${projectId}/devices/types`)).online,
            { timeout: 20_000 },
          )
          .toBe(sns.length - 1);
        await page.goto('/manage/networkconf/vlan');
        await expect(pageTitle(page, 'VLAN')).toBeVisible();
        await page.getByTestId('vlan-table-add').click();
        const dialog = page.getByRole('dialog', { name: 'Add VLAN' });
        await expect(dialog).toBeVisible();
        await fillField(dialog.getByLabel('VLAN ID'), '20');
        await fillField(dialog.getByLabel('Name'), 'Guests');
        await fillField(dialog.getByLabel('IP address'), '192.168.20.1');
        await fillField(dialog.getByLabel('Subnet mask'), '255.255.255.0');
        await expectOnScreen(page, dialog.getByRole('button', { name: 'Add VLAN' }), 'the form’s button');
        await expectNoSideScroll(page, 'the VLAN form');
        await settled(page);
        await snap(page, shot('vlan-form'));
        await dialog.getByRole('button', { name: 'Add VLAN' }).click();
        await page.getByRole('button', { name: 'Save and apply' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByTestId('vlan-table').getByRole('row', { name: /Guests/ })).toBeVisible();
        await expect(page.getByTestId('config-pending-indicator')).toHaveAttribute('data-pending', '1');
        await checkPage(page, snap, shot('vlan'), 'the VLAN page');
      });

      await test.step('overview', async () => {
        await page.goto('/overview/preview');
        await expect(pageTitle(page, 'Overview')).toBeVisible();
        await expect(page.getByText('Devices online').first()).toBeVisible();
        await checkPage(page, snap, shot('overview'), 'the overview');
      });

      await test.step('Wi-Fi settings', async () => {
        await page.goto('/manage/wirelessconf');
        await expect(pageTitle(page, 'Wireless')).toBeVisible();
        await expect(page.getByTestId('config-delivery')).toBeVisible();
        await checkPage(page, snap, shot('wireless'), 'the Wi-Fi page');
      });

      await test.step('alarms', async () => {
        await page.goto('/manage/alarminfo');
        await expect(pageTitle(page, 'Alarm')).toBeVisible();
        // The CPU alarm, and the switch cut off above: it is offline, an alarm of its own.
        await expect(page.getByTestId('alarm-row').filter({ hasText: 'CPU above 90' })).toHaveCount(1);
        await expect(
          page
            .getByTestId('alarm-row')
            .filter({ hasText: /offline/i })
            .first(),
        ).toBeVisible();
        await checkPage(page, snap, shot('alarms'), 'the alarm list');
      });

      if (screen.name === 'phone') {
        await test.step('the menu button opens the menu drawer, which navigates and closes', async () => {
          await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
          await page.getByRole('button', { name: 'Open menu' }).click();
          const menu = page
            .getByRole('dialog')
            .filter({ has: page.getByRole('navigation', { name: 'Main menu' }) });
          await expect(menu).toBeVisible();
          await expectOnScreen(page, menu, 'the menu drawer');
          await settled(page);
          await snap(page, shot('menu-drawer'));
          await menu.getByRole('menuitem', { name: 'Device maintenance' }).click();
          await expect(menu).toBeHidden();
          await expect(pageTitle(page, 'Device maintenance')).toBeVisible();
          await expectShown(page, sns);
        });

        await test.step('the bell opens its preview on screen and leads to the alarm list', async () => {
          await page.getByTestId('alarm-bell').click();
          const preview = page.getByTestId('alarm-bell-list');
          await expect(preview).toContainText('CPU above 90% for 5 minutes');
          await expectOnScreen(page, preview, 'the bell’s preview');
          await expectNoSideScroll(page, 'the bell’s preview');
          await settled(page);
          await snap(page, shot('bell'));
          await preview.getByRole('button', { name: 'Open alarm list' }).click();
          await expect(pageTitle(page, 'Alarm')).toBeVisible();
        });
      } else {
        await test.step('the sider is on screen; a tablet shows its icons only', async () => {
          const menu = page.getByRole('navigation', { name: 'Main menu' });
          await expect(menu).toBeVisible();
          await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
          const toggle = screen.name === 'tablet' ? 'Expand menu' : 'Collapse menu';
          await expect(page.getByRole('button', { name: toggle })).toBeVisible();
        });
      }

      await test.step('account menu → Log out', async () => {
        await openAccountMenu(page);
        await expectOnScreen(page, page.getByRole('menuitem', { name: 'Log out' }), 'Log out');
        await settled(page);
        await snap(page, shot('account-menu'));
        await page.getByRole('menuitem', { name: 'Log out' }).click();
        await expectSignInPage(page);
        await expectNoSideScroll(page, 'the sign-in page');
      });
    });
  });
}

test.describe('on a phone, before signing in', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sign-in page and the live demo fit the screen', async ({ page, snap }) => {
    await openSignInPage(page);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expectNoSideScroll(page, 'the sign-in page');
    await settled(page);
    await snap(page, 'responsive-phone-sign-in');

    await openDemoTab(page);
    await expect(page.getByRole('button', { name: 'Enter live demo' })).toBeVisible();
    await expectNoSideScroll(page, 'the demo tab');
    await settled(page);
    await snap(page, 'responsive-phone-demo-tab');

    await enterLiveDemo(page);
    await page.goto('/overview/preview');
    await expect(pageTitle(page, 'Overview')).toBeVisible();
    await expect(page.getByText('Devices online').first()).toBeVisible();
    await expectNoSideScroll(page, 'the demo overview');
    await expectOnScreen(page, page.getByTestId('alarm-bell'), 'the alarm bell');
    await expectOnScreen(page, accountMenuButton(page), 'the account menu');
    await settled(page);
    await snap(page, 'responsive-phone-demo');
  });
});
