import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, apiPost, createProject } from '../support/api';
import { configTargets as configStatus, expectVersionApplied } from '../support/config';
import { deviceRow, openProject } from '../support/devices';
import { fillField } from '../support/pages';
import { expect, serialNumbers, test } from '../support/sim';
import { apiPutRaw, deviceIdOf, simulatedProject } from '../support/wireless';

/** The rows of the Log tab shown now (header row left out). */
function logRows(page: Page) {
  return page
    .getByRole('tabpanel')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

/** Adds a static route through the page's dialog and waits until the gateway runs it as `version`. */
async function addRoute(
  page: Page,
  route: { name: string; destination: string; mask: string; nextHop: string },
  version: number,
) {
  await page.getByTestId('route-rules-table-add').click();
  const dialog = page.getByRole('dialog', { name: 'Add static route' });
  await expect(dialog).toBeVisible();
  await fillField(dialog.getByLabel('Rule name'), route.name);
  await fillField(dialog.getByLabel('Destination network'), route.destination);
  await fillField(dialog.getByLabel('Subnet mask'), route.mask);
  await fillField(dialog.getByLabel('Next hop'), route.nextHop);
  await dialog.getByRole('button', { name: 'Add route' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByTestId('route-rules-table').getByRole('row', { name: new RegExp(route.name) }),
  ).toBeVisible();
  await expectVersionApplied(page, version);
}

/**
 * Issue 4 §1, history and audit: two saves, the readable difference between them, a restore that is
 * itself a new version the devices apply, and the Log with who/when/what per device.
 */
test('config history: compare two versions, restore the older one, the Log per device', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'history');
  const { projectId, names, fleet, sns } = await simulatedProject(page, sim, {
    name: 'History Office',
    tag: 'NLHIS',
    count: 3,
  });
  const [gatewaySn, switchSn] = sns as [string, string, string];
  await openProject(page, 'History Office');
  const nick = (await apiGet<{ nick: string }>(page, '/api/account/profile')).nick;
  const deviceId = (sn: string) => deviceIdOf(page, projectId, sn);

  await test.step('two saves on the static route page', async () => {
    await page.goto('/manage/networkconf/static');
    await addRoute(
      page,
      { name: 'lab', destination: '10.20.0.0', mask: '255.255.0.0', nextHop: '192.168.10.254' },
      1,
    );
    await addRoute(
      page,
      { name: 'branch', destination: '10.30.0.0', mask: '255.255.0.0', nextHop: '192.168.10.253' },
      2,
    );
  });

  const drawer = page.getByRole('dialog', { name: /Network settings — history/ });
  await test.step('the history drawer compares v1 with v2', async () => {
    await page.getByRole('button', { name: /History$/ }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('checkbox', { name: 'Compare v1' }).check();
    await drawer.getByRole('checkbox', { name: 'Compare v2' }).check();
    await expect(drawer.getByRole('heading', { name: 'Changes from v1 to v2 (current)' })).toBeVisible();
    const diff = drawer.getByRole('region', { name: 'Differences' });
    await expect(diff).toContainText('1 change');
    await expect(diff.getByRole('row', { name: /Static routes › branch/ })).toContainText('Added');
    await expect(diff).not.toContainText('lab');
    await snap(page, 'config-history-compare');
  });

  await test.step('restoring v1 saves v3, which the gateway applies', async () => {
    await drawer
      .getByRole('row', { name: /^Compare v1\b/ })
      .getByRole('button', { name: 'Restore' })
      .click();
    await page.getByRole('button', { name: 'Restore v1' }).click();
    await expect(page.getByText(/Restored as version 3\b/).first()).toBeVisible();
    await expect(drawer.getByRole('row', { name: /^Compare v3\b/ })).toContainText('Restored from v1');
    await drawer.getByRole('button', { name: 'Close' }).click();
    const table = page.getByTestId('route-rules-table');
    await expect(table.getByRole('row', { name: /branch/ })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /lab/ })).toBeVisible();
    await expectVersionApplied(page, 3);
    // The gateway runs v3 (the simulator's applied document is the device's truth).
    const routes = () => fleet.device(gatewaySn)?.appliedDocument?.network?.staticRoutes.map((r) => r.name);
    await expect.poll(routes, { timeout: 15_000 }).toEqual(['lab']);
  });

  await test.step('the device list shows each device’s configuration state', async () => {
    // A device-level change for the Log: a PoE reboot of a switch port (set-up, not the subject).
    await apiPost(page, `/api/projects/${projectId}/devices/${await deviceId(switchSn)}/ports/1/poe-reboot`);
    await page.goto('/manage/devconf');
    for (const sn of [gatewaySn, switchSn]) {
      await expect(deviceRow(page, sn).locator('[data-config-status]')).toHaveAttribute(
        'data-config-status',
        'applied',
      );
    }
  });

  await test.step('the Log lists every change with account, time and summary', async () => {
    await page.goto('/manage/runlog?tab=changes');
    const rows = logRows(page);
    // The four changes, then the three devices being added (oldest last).
    await expect(rows).toHaveCount(7);
    await expect(rows.nth(6)).toContainText('Added');
    await expect(rows.nth(6)).toContainText(names[0] ?? '');
    await expect(rows.nth(6)).toContainText(nick);
    await expect(rows.nth(0)).toContainText('PoE reboot');
    await expect(rows.nth(0)).toContainText(names[1] ?? '');
    await expect(rows.nth(1)).toContainText('Restored');
    await expect(rows.nth(1)).toContainText(nick);
    await expect(rows.nth(1)).toContainText('restored version 1');
    await expect(rows.nth(1)).toContainText('Whole project');
    // The time of the change, as the console shows it ("Nov 22, 10:42 AM"): this month, this day.
    const today = new Date().toLocaleString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    await expect(rows.nth(1)).toContainText(today);
    await expect(rows.nth(2)).toContainText('Saved');
    await snap(page, 'config-log-changes');
  });

  await test.step('the switch’s “Configuration history” opens the Log filtered to it', async () => {
    const switchId = await deviceId(switchSn);
    await page.goto(`/manage/devconf/${switchId}`);
    const detail = page.getByTestId('device-detail');
    await expect(detail.getByTestId('device-config')).toContainText('Applied');
    await detail.getByTestId('device-config-history').click();
    await expect(page).toHaveURL(new RegExp(`/manage/runlog\\?device=${switchId}`));
    await expect(page.getByTestId('log-device-filter')).toContainText(names[1] ?? '');
    const rows = logRows(page);
    // Its own PoE reboot and being added, and the three project-wide saves that reach it.
    await expect(rows).toHaveCount(5);
    await page.getByTestId('log-project-wide').click();
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('PoE reboot');
    await expect(rows.nth(1)).toContainText('Added');
    await snap(page, 'config-log-device');
    await page.getByRole('tab', { name: 'Configuration versions' }).click();
    await expect(page.getByText('No saved settings reach this device yet.')).toBeVisible();
    await page.getByTestId('log-project-wide').click();
    await expect(rows).toHaveCount(3);
  });
});

/**
 * A version a device cannot run is refused by the device itself (here: a port mapping on a port the
 * gateway model cannot use for the internet, saved before the project had a gateway, so the server
 * had no model to check it against). The console shows Failed with the device's own words.
 */
test('a version the gateway refuses shows Failed with the device’s reason', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  const [gatewaySn] = serialNumbers(1, 'NLFAIL') as [string];
  await newSignedInAccount(page, mailbox, 'refused');
  const projectId = await createProject(page, { name: 'Refusal Lab', netMode: 0, scenario: 'enterprise' });
  const view = await apiGet<{ settings: { wan: Record<string, unknown>[]; portMappings: unknown[] } }>(
    page,
    `/api/projects/${projectId}/config/network`,
  );
  const wan1 = view.settings.wan[0] ?? {};
  const settings = {
    ...view.settings,
    // Port 6 of the gateway this serial number becomes (an NL-G500) is a LAN port.
    wan: [wan1, { ...wan1, port: 6, enabled: true, mode: 'dhcp' }],
    portMappings: [
      {
        name: 'camera',
        internalIp: '192.168.10.20',
        internalPorts: '554',
        externalPorts: '554',
        protocol: 'tcp',
        wanPort: 6,
        enabled: true,
      },
    ],
  };
  const saved = await apiPutRaw(page, `/api/projects/${projectId}/config/network`, {
    baseVersion: 0,
    settings,
  });
  expect(saved.code).toBe(0);
  await apiPost(page, `/api/projects/${projectId}/devices`, { sn: gatewaySn, name: 'Gateway-01' });
  sim.start([gatewaySn]);
  await expect
    .poll(async () => (await configStatus(page, projectId)).find((d) => d.sn === gatewaySn)?.status, {
      timeout: 30_000,
    })
    .toBe('failed');
  await openProject(page, 'Refusal Lab');

  await page.goto('/manage/devconf');
  const tag = deviceRow(page, gatewaySn).locator('[data-config-status]');
  await expect(tag).toHaveAttribute('data-config-status', 'failed');
  await expect(tag).toHaveText('Failed');
  await tag.hover();
  await expect(page.getByRole('tooltip')).toContainText('Port 6 of the NL-G500 cannot be a WAN port');
  await expect(page.getByTestId('config-pending-indicator')).toHaveAttribute('data-failed', '1');
  await snap(page, 'config-failed-list');

  await deviceRow(page, gatewaySn).getByTestId('device-name').click();
  const reason = page.getByTestId('device-detail').getByTestId('device-config-reason');
  await expect(reason).toContainText('Port 6 of the NL-G500 cannot be a WAN port');
  await page.getByTestId('device-detail').getByTestId('device-config').scrollIntoViewIfNeeded();
  await snap(page, 'config-failed-detail');
});
