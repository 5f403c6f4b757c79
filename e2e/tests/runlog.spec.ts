import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { openProject } from '../support/devices';
import { pickOption } from '../support/select';
import { expect, test } from '../support/sim';
import { deviceIdOf, simulatedProject } from '../support/wireless';

/**
 * Issue 13 §5, the system log through the real pieces: a simulated office (clock 6×, so a restart
 * of about a simulated minute takes about 10 s). Restart an AP from its drawer; the Log shows the
 * request, the device's answer and its return; filter by kind; export the filtered rows as CSV;
 * the owner chooses how long the log is kept.
 */
const TIME_FACTOR = 6;
const BACK = { timeout: 60_000 };

function logRows(page: Page) {
  return page.getByTestId('runlog-table').locator('tbody tr.ant-table-row');
}

test('restart an AP, see it in the system log, filter, export CSV, choose the retention', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'runlog');
  const p = await simulatedProject(page, sim, {
    name: 'Quay Office',
    tag: 'NLRLG',
    count: 6,
    options: { timeFactor: TIME_FACTOR },
  });
  const apSn = p.fleet.devices.find((d) => d.plan.kind === 'ap')?.sn;
  if (!apSn) throw new Error('the plan has no AP');
  const apName = p.names[p.sns.indexOf(apSn)] ?? apSn;
  const apId = await deviceIdOf(page, p.projectId, apSn);
  await openProject(page, 'Quay Office');

  await test.step('restart the AP from its drawer and wait for it to return', async () => {
    await page.goto(`/manage/devconf/${apId}`);
    const drawer = page.getByTestId('device-detail');
    await expect(drawer.getByTestId('device-status')).toHaveAttribute('data-status', 'online');
    await drawer.getByTestId('device-actions').getByTestId('device-action-reboot').click();
    const confirm = page.getByTestId('maintenance-confirm');
    await confirm.getByRole('button', { name: 'Restart', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(drawer.getByTestId('device-status')).toHaveAttribute('data-status', 'online', BACK);
  });

  await test.step('the log shows the restart, its result and the return', async () => {
    await page.goto('/manage/runlog');
    const rows = logRows(page);
    const ofAp = rows.filter({ hasText: apName });
    await expect(ofAp.filter({ hasText: 'Restart requested' })).toHaveCount(1);
    await expect(ofAp.filter({ hasText: 'Restart: done' })).toHaveCount(1, BACK);
    await expect(ofAp.filter({ hasText: 'back online after restarting' })).toHaveCount(1, BACK);
    // Every simulated device coming online when it first connected, by the system.
    await expect(rows.filter({ hasText: 'Device online' }).first()).toContainText('System');
    await snap(page, 'runlog-list');
  });

  await test.step('filter by kind: maintenance only', async () => {
    await pickOption(page, page.getByRole('combobox', { name: 'Kind filter' }), 'Maintenance');
    const rows = logRows(page);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Maintenance succeeded');
    await expect(rows.nth(1)).toContainText('Restart requested');
    await expect(page.getByTestId('runlog-table')).not.toContainText('Device online');
    await snap(page, 'runlog-filtered');
  });

  await test.step('export the filtered rows as CSV', async () => {
    const download = page.waitForEvent('download');
    await page.getByTestId('runlog-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^log-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Time \(.+\),Kind,Event,Device,Account,Details$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`Maintenance,Maintenance succeeded,${apName},`);
    expect(lines[1]).toContain('Restart: done');
    expect(lines[2]).toContain('Restart requested');
    expect(text).not.toContain('Device status');
  });

  await test.step('the owner keeps the log for 90 days', async () => {
    const retention = page.getByRole('combobox', { name: 'Log retention' });
    await pickOption(page, retention, '90 days');
    await expect(page.getByText('The log now keeps 90 days.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('runlog-retention')).toContainText('90 days');
    await snap(page, 'runlog-retention');
  });

  await test.step('on a phone the log fits the screen (the table scrolls inside its card)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(logRows(page).first()).toBeVisible();
    // The console lays itself out again for the phone once its breakpoint listeners have run (a
    // re-render after the resize): what is asserted is the page as it settles, not the first frame.
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBeLessThanOrEqual(0);
    await snap(page, 'runlog-phone');
  });
});
