import { createFleet, DEV_PROVISIONING_KEY, type Fleet } from '@netloom/sim';
import { test as base } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import type { RunningConsole } from '../support/console';
import { deviceRow, openProject } from '../support/devices';
import { expect, SCREENSHOT_DIR } from '../support/fixtures';
import { readyMqtt } from '../support/mqtt';
import { startPrivateConsole } from '../support/privateConsole';
import { closeSelect, openSelect, pickOption, selectOptions } from '../support/select';
import type { SimOptions } from '../support/sim';
import { deviceIdOf, simulatedProject } from '../support/wireless';

/**
 * Issue 13 §1, reboot schedules seen to run. A schedule runs hours from now, and a test waits for
 * no clock: this file starts its OWN console with the documented development setting
 * `REBOOT_SCHEDULE_TIME_FACTOR=240` (the reboot scheduler's clock runs 240× — a 2-hour cycle in
 * 30 s; every other clock of that console is real, and the shared console is untouched), with its
 * own SMTP capture and simulated office. An AP gets its own cyclic schedule (every 2 hours) in the
 * drawer; the test then waits for what the user sees: the AP rebooting and back online in the
 * list, and the run in the system log.
 */
const SCHEDULER_FACTOR = 240;
/** The simulated devices at 4×: a reboot (about a minute) takes about 15 s. */
const SIM_FACTOR = 4;
const BACK = { timeout: 90_000 };

interface FastScheduler {
  console: RunningConsole;
  mailbox: string;
  mqttUrl: string;
}

const test = base.extend<
  { mailbox: string; sim: { start(sns: readonly string[], options?: SimOptions): Fleet } },
  { fastScheduler: FastScheduler }
>({
  fastScheduler: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const own = await startPrivateConsole('sched', {
        REBOOT_SCHEDULE_TIME_FACTOR: String(SCHEDULER_FACTOR),
      });
      const mqtt = readyMqtt(own.console.output());
      if (!mqtt) throw new Error('the private console announced no embedded broker');
      await use({ console: own.console, mailbox: own.mailbox, mqttUrl: mqtt.url });
      await own.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ fastScheduler }, use) => {
    await use(fastScheduler.console.url);
  },
  mailbox: async ({ fastScheduler }, use) => {
    await use(fastScheduler.mailbox);
  },
  sim: async ({ fastScheduler }, use) => {
    const fleets: Fleet[] = [];
    await use({
      start(sns, options = {}) {
        const fleet = createFleet({
          url: fastScheduler.mqttUrl,
          provisioningKey: DEV_PROVISIONING_KEY,
          sns,
          seed: 3,
          timeFactor: 1,
          telemetryIntervalMs: 2_000,
          minRealIntervalMs: 1_000,
          churnPerHour: 0,
          eventsPerHour: 0,
          utcOffsetHours: 0,
          rampMs: 500,
          backoff: { firstMinMs: 200, firstMaxMs: 1_000, capMs: 2_000, authMinMs: 1_000 },
          validate: true,
          ...options,
        });
        fleet.start();
        fleets.push(fleet);
        return fleet;
      },
    });
    await Promise.all(fleets.map((f) => f.stop()));
  },
});

async function snap(page: import('@playwright/test').Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

test('an AP’s cyclic reboot runs: rebooting, back online, and the run in the system log', async ({
  page,
  mailbox,
  sim,
}) => {
  // A slot 30 s after the save, a reboot of about 15 s, and this file's own console and fleet: more
  // than the suite's 3-minute budget on a busy machine.
  test.setTimeout(300_000);
  await newSignedInAccount(page, mailbox, 'sched');
  const p = await simulatedProject(page, sim, {
    name: 'Quayside Hotel',
    tag: 'NLSCH',
    count: 6,
    options: { timeFactor: SIM_FACTOR },
  });
  const apSn = p.fleet.devices.find((d) => d.plan.kind === 'ap')?.sn ?? '';
  const switchName = p.names[p.fleet.devices.findIndex((d) => d.plan.kind === 'switch')] ?? '';
  const apName = p.names[p.sns.indexOf(apSn)] ?? apSn;
  await openProject(page, 'Quayside Hotel');
  await page.goto('/manage/devconf');
  await expect(deviceRow(page, apSn).getByTestId('device-status')).toHaveAttribute('data-status', 'online');

  const drawer = page.getByTestId('reboot-schedules-drawer');
  await test.step('the drawer explains who may have which schedule', async () => {
    await page.getByTestId('reboot-schedules-open').click();
    await expect(drawer).toContainText('access points only a cyclic one');
    await expect(drawer).toContainText('No project schedule');
  });

  const form = page.getByTestId('reboot-schedule-form');
  await test.step('a switch cannot have one; an AP only a cyclic one', async () => {
    await drawer.getByTestId('reboot-add-device').click();
    const device = form.getByRole('combobox', { name: 'Device' });
    const dropdown = await openSelect(page, device);
    await expect(selectOptions(dropdown).filter({ hasText: switchName })).toHaveClass(
      /ant-select-item-option-disabled/,
    );
    await closeSelect(page, dropdown);
    await pickOption(page, device, new RegExp(apName));
    await expect(form.getByRole('radio', { name: 'Scheduled reboot' })).toBeDisabled();
    await expect(form.getByRole('radio', { name: 'Cyclic reboot' })).toBeChecked();
    await expect(form).toContainText('An access point only has a cyclic reboot.');
  });

  await test.step('every 1 hour is refused before submit; every 2 hours is saved', async () => {
    const every = form.getByRole('spinbutton', { name: 'Every' });
    await every.fill('1');
    await expect(form).toContainText('Every 2–720 hours.');
    await every.fill('2');
    await expect(form.getByTestId('reboot-schedule-preview')).toContainText('Every 2 hours — next:');
    await snap(page, 'reboot-schedule-form');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form).toBeHidden();
    const row = drawer.getByTestId('reboot-device-schedules').getByRole('row', { name: new RegExp(apName) });
    await expect(row).toContainText('Every 2 hours');
    await expect(row.getByTestId('reboot-next-run')).toBeVisible();
    await snap(page, 'reboot-schedules-drawer');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('the slot comes: the AP reboots and returns', async () => {
    const status = deviceRow(page, apSn).getByTestId('device-status');
    await expect(status).toHaveAttribute('data-status', 'rebooting', BACK);
    await snap(page, 'reboot-schedule-rebooting');
    await expect(status).toHaveAttribute('data-status', 'online', BACK);
  });

  await test.step('the system log names the scheduled run', async () => {
    await page.goto('/manage/runlog');
    const rows = page
      .getByTestId('runlog-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: apName });
    await expect(
      rows.filter({ hasText: 'Scheduled reboot (its own schedule: Every 2 hours)' }).first(),
    ).toBeVisible(BACK);
    await expect(rows.filter({ hasText: 'Reboot schedule on: Every 2 hours' })).toHaveCount(1);
    await snap(page, 'reboot-schedule-runlog');
  });

  await test.step('the device drawer’s “…” menu: a switch has none, the gateway may have either', async () => {
    const deviceId = async (kind: string) => {
      const sn = p.fleet.devices.find((d) => d.plan.kind === kind)?.sn ?? '';
      await page.goto(`/manage/devconf/${await deviceIdOf(page, p.projectId, sn)}`);
      const detail = page.getByTestId('device-detail');
      await expect(detail.getByTestId('device-status')).toBeVisible();
      await detail.getByTestId('device-actions').getByTestId('device-more').click();
      return page.getByRole('menuitem', { name: /Reboot schedule/ });
    };
    const ofSwitch = await deviceId('switch');
    await expect(ofSwitch).toHaveAttribute('aria-disabled', 'true');
    await expect(ofSwitch).toContainText('Switches, NVRs and CPEs have no automatic maintenance');
    await page.keyboard.press('Escape');
    const gatewayName = p.names[p.fleet.devices.findIndex((d) => d.plan.kind === 'v7')] ?? '';
    await (await deviceId('v7')).click();
    await expect(form).toBeVisible();
    await expect(page.getByText(`Reboot schedule of ${gatewayName}`)).toBeVisible();
    await expect(form.getByRole('radio', { name: 'Scheduled reboot' })).toBeEnabled();
    await expect(form.getByRole('radio', { name: 'Cyclic reboot' })).toBeEnabled();
    await snap(page, 'reboot-schedule-device-drawer-form');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
  });
});
