import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { fleetProject } from '../support/deviceList';
import { readMailbox } from '../support/mailbox';
import { fillField } from '../support/pages';
import { expect, plannedNames, test } from '../support/sim';
import { startWebhookReceiver } from '../support/webhook';

/**
 * Alarms that resolve and reach people (issue 10 point 8): on the Alarm page's Notifications tab a
 * manager adds an e-mail address and a signed webhook, sends a test to each (the e-mail arrives in
 * the suite's SMTP capture, the webhook's signature verifies; a broken receiver's real error is
 * shown), then a simulated access point drops off the network: its alarm appears as active, clears
 * itself when the device is back ("Cleared … — device back online"), and the batch of alarms reaches
 * the address as one e-mail.
 */
const SHOTS = path.join(os.tmpdir(), 'netloom-e2e-notifications');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Polls the capture mailbox for a message to `to` whose subject matches; bounded. */
async function mailTo(mailbox: string, to: string, subject: RegExp, timeoutMs: number) {
  let found: ReturnType<typeof readMailbox>[number] | undefined;
  await expect
    .poll(
      () => {
        found = readMailbox(mailbox).find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
        return found !== undefined;
      },
      { timeout: timeoutMs, message: `an e-mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

test('a manager sets up e-mail and webhook notifications, tests them, and sees an alarm clear itself', async ({
  page,
  mailbox,
  sim,
}) => {
  // The alarm's e-mail goes out when the 30 s batch window closes, on top of a simulated fleet's
  // start: more than the suite's usual budget on a busy machine.
  test.setTimeout(240_000);
  const receiver = await startWebhookReceiver();
  try {
    const { sns, fleet } = await fleetProject(page, mailbox, sim, 'notify', 'Harbour Hotel', 4);
    const names = plannedNames(sns);
    const apIndex = names.findIndex((n) => n.startsWith('AP-'));
    const apSn = sns[apIndex] ?? '';
    const apName = names[apIndex] ?? apSn;
    const address = `noc-${Date.now().toString(36)}@example.com`;
    const channels = page.getByTestId('notify-channel');
    const result = page.getByTestId('notify-test-result');

    await test.step('the Notifications tab of the Alarm page starts empty', async () => {
      await page.goto('/manage/alarminfo');
      await page.getByRole('tab', { name: 'Notifications' }).click();
      await expect(
        page.getByText('Nobody is notified yet — add an e-mail address or a webhook.'),
      ).toBeVisible();
      await expect(page.getByText(/within 30 seconds of each other go out as one message/)).toBeVisible();
    });

    await test.step('add an e-mail address: the rule is checked in the form first', async () => {
      await page.getByTestId('notify-add-email').click();
      const drawer = page.getByTestId('notify-drawer');
      const target = drawer.getByTestId('notify-target');
      await fillField(target, 'noc@');
      await target.blur();
      await expect(drawer.getByText('Enter a valid e-mail address, e.g. noc@example.com.')).toBeVisible();
      await fillField(target, address);
      await drawer.getByTestId('notify-save').click();
      await expect(drawer).toBeHidden();
      await expect(channels.filter({ hasText: address })).toContainText('Warning and critical');
    });

    let secret = '';
    await test.step('add a webhook: its signing secret is shown once', async () => {
      await page.getByTestId('notify-add-webhook').click();
      const drawer = page.getByTestId('notify-drawer');
      await fillField(drawer.getByTestId('notify-target'), receiver.url);
      await drawer.getByTestId('notify-save').click();
      const shown = page.getByTestId('webhook-secret');
      await expect(shown).toContainText(/^whsec_[0-9a-f]{48}/);
      secret = ((await shown.textContent()) ?? '').trim();
      receiver.setSecret(secret);
      await shot(page, '1-webhook-secret');
      await page.getByTestId('secret-done').click();
      await expect(channels.filter({ hasText: receiver.url })).toContainText(`secret …${secret.slice(-4)}`);
    });

    await test.step('Send test: the e-mail arrives through SMTP, the webhook verifies', async () => {
      await channels.filter({ hasText: address }).getByTestId('notify-test').click();
      await expect(result).toHaveText(`Test delivered to ${address}.`);
      const mail = await mailTo(mailbox, address, /^\[Harbour Hotel\] Test notification$/, 15_000);
      expect(mail.text).toContain(
        'This is a test notification from Netloom for the project “Harbour Hotel”.',
      );

      await channels.filter({ hasText: receiver.url }).getByTestId('notify-test').click();
      await expect(result).toHaveText(`Test delivered to ${receiver.url}.`);
      expect(receiver.hits.at(-1)).toMatchObject({ verified: true, message: { type: 'test' } });
      await expect(channels.filter({ hasText: receiver.url }).getByTestId('channel-last')).toContainText(
        'Delivered',
      );
    });

    await test.step('a receiver that is down: the test reports its real error', async () => {
      await page.getByTestId('notify-add-webhook').click();
      const drawer = page.getByTestId('notify-drawer');
      await fillField(drawer.getByTestId('notify-target'), receiver.brokenUrl);
      await drawer.getByTestId('notify-save').click();
      await page.getByTestId('secret-done').click();
      await channels.filter({ hasText: receiver.brokenUrl }).getByTestId('notify-test').click();
      await expect(result).toHaveText(`Test to ${receiver.brokenUrl} failed: HTTP 500 Internal Server Error`);
      await expect(
        channels.filter({ hasText: receiver.brokenUrl }).getByTestId('channel-last'),
      ).toContainText('HTTP 500 Internal Server Error');
      await shot(page, '2-notifications');
    });

    const rows = page.getByTestId('alarm-row');
    const offline = rows.filter({ hasText: 'Access point offline: the connection to the cloud was lost' });
    await test.step('an access point drops off the network: its alarm is active', async () => {
      await page.getByRole('tab', { name: 'Alarms' }).click();
      const ap = fleet.device(apSn);
      if (!ap) throw new Error('the simulated access point is not running');
      // Gone for 10 s (real time in these fleets), then it reconnects by itself.
      ap.drop('network', 10_000);
      await expect(offline).toHaveCount(1);
      await expect(offline.getByTestId('alarm-device')).toHaveText(apName);
      await expect(offline.getByTestId('alarm-active')).toHaveText('Active — not cleared yet');
      await shot(page, '3-alarm-active');
    });

    await test.step('back online: the alarm clears itself, with the time, in the list and the bell', async () => {
      await expect(offline.getByTestId('alarm-cleared')).toHaveText(
        /Cleared \d{1,2}:\d\d( [AP]M)? — device back online$/,
        {
          timeout: 60_000,
        },
      );
      await expect(offline.getByTestId('alarm-active')).toHaveCount(0);
      await shot(page, '4-alarm-cleared');
      await page.getByTestId('alarm-bell').click();
      const preview = page.getByTestId('alarm-bell-list');
      // The whole message, wrapped, and its clear.
      await expect(preview.getByTestId('alarm-bell-text').first()).toHaveText(
        'Access point offline: the connection to the cloud was lost',
      );
      await expect(preview.getByTestId('alarm-cleared').first()).toContainText('device back online');
      await shot(page, '5-bell');
      await page.getByTestId('alarm-bell').click();
    });

    await test.step('the alarm reaches the address as one e-mail, listed with its clear', async () => {
      // The batch window (30 s) closes after the first alarm, then the message goes out.
      const mail = await mailTo(mailbox, address, /^\[Harbour Hotel\] Warning: /, 90_000);
      expect(mail.subject).toBe(
        `[Harbour Hotel] Warning: ${apName} — Access point offline: the connection to the cloud was lost`,
      );
      expect(mail.text).toContain('Cleared');
      expect(mail.text).toContain('device back online');
      await page.getByRole('tab', { name: 'Notifications' }).click();
      const messages = page.getByTestId('notify-delivery');
      await expect(messages.filter({ hasText: '1 alarm in one message' }).first()).toBeVisible();
      await shot(page, '6-messages');
    });
  } finally {
    await receiver.close();
  }
});
