import { pushEvent } from '@netloom/sim';
import { fleetProject } from '../support/deviceList';
import { markDocument, sameDocument } from '../support/devices';
import { expect, plannedNames, test } from '../support/sim';

/**
 * Alarms (§2 /manage/alarminfo, §3 "Alarm"): simulated devices raise alarms over the protocol
 * (`events`), they appear live on the Alarm page and in the header bell, are marked read there,
 * show in the device drawer's recent events, and the overview counts the unread ones.
 */
test('device alarms appear live, are marked read and show in the device drawer', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  const { sns, fleet } = await fleetProject(page, mailbox, sim, 'alarms', 'Harbour Hotel', 4);
  const names = plannedNames(sns);
  const [gatewaySn, switchSn] = sns as [string, string];
  const switchName = names[1] ?? switchSn;
  const bell = page.getByTestId('alarm-bell');
  const rows = page.getByTestId('alarm-row');

  await test.step('the Alarm page starts empty', async () => {
    await page.goto('/manage/alarminfo');
    await expect(page.getByRole('heading', { name: 'Alarm', exact: true })).toBeVisible();
    await expect(page.getByText(/^No alarms — devices report problems here/)).toBeVisible();
    await expect(bell).toHaveAttribute('data-count', '0');
    await markDocument(page);
  });

  await test.step('devices raise alarms over MQTT; they appear live, unread, in the list and the bell', async () => {
    const gateway = fleet.device(gatewaySn);
    const sw = fleet.device(switchSn);
    if (!gateway || !sw) throw new Error('the simulated devices are not running');
    pushEvent(gateway, 'alarm', 'warning', 'cpu_high', 'CPU above 90% for 5 minutes (94% now)');
    // Two devices' alarms raised in the same instant may be listed either way: the switch raises its
    // own once the gateway's is on the page, so "newest first" has one answer.
    await expect(rows).toHaveCount(1);
    pushEvent(sw, 'alarm', 'critical', 'loop_detected', 'Loop detected on port 7; port blocked');
    pushEvent(sw, 'log', 'info', 'port_down', 'Port 7 link down');
    await expect(rows).toHaveCount(2);
    // Newest first: the loop alarm, a critical one, on the switch.
    await expect(rows.first()).toContainText('Loop detected on port 7; port blocked');
    await expect(rows.first().locator('[data-severity="critical"]')).toBeVisible();
    await expect(rows.first().getByTestId('alarm-device')).toHaveText(switchName);
    await expect(rows.first().getByTestId('alarm-read')).toHaveAttribute('data-read', '0');
    await expect(bell).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('alarm-total')).toHaveText('2 alarms · 2 unread');
    // The page size reads "items/page" (§9), as on every paged table.
    await expect(page.getByText('20 items/page')).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    await snap(page, 'alarms');
  });

  await test.step('the bell previews the unread alarms', async () => {
    await bell.click();
    const preview = page.getByTestId('alarm-bell-list');
    await expect(preview).toContainText('Loop detected on port 7; port blocked');
    await expect(preview).toContainText('CPU above 90% for 5 minutes');
    await snap(page, 'alarm-bell');
    await bell.click();
    await expect(preview).toBeHidden();
  });

  await test.step('mark the selected alarm read: the counts follow', async () => {
    await rows.first().getByRole('checkbox').check();
    await page.getByTestId('bulk-mark-read').click();
    await expect(rows.first().getByTestId('alarm-read')).toHaveAttribute('data-read', '1');
    await expect(bell).toHaveAttribute('data-count', '1');
    await expect(page.getByTestId('alarm-total')).toHaveText('2 alarms · 1 unread');
    // Read alarms cannot be selected again.
    await expect(rows.first().getByRole('checkbox')).toBeDisabled();
  });

  await test.step('the device drawer shows the switch’s recent events, alarms and logs', async () => {
    await rows.first().getByTestId('alarm-device').click();
    const drawer = page.getByTestId('device-detail');
    await expect(drawer).toBeVisible();
    const events = drawer.getByTestId('device-events');
    await events.scrollIntoViewIfNeeded();
    await expect(
      events.getByTestId('device-event').filter({ hasText: 'Loop detected on port 7' }),
    ).toHaveAttribute('data-kind', 'alarm');
    await expect(events.getByTestId('device-event').filter({ hasText: 'Port 7 link down' })).toHaveAttribute(
      'data-kind',
      'log',
    );
    await snap(page, 'device-recent-events');
  });

  await test.step('the overview counts the unread alarm; mark all read clears it', async () => {
    await page.goto('/overview/preview');
    await expect(page.getByTestId('kpi-alarms')).toHaveText('1');
    await snap(page, 'overview-kpis');
    await page.goto('/manage/alarminfo');
    // The list this button acts on is on screen (one alarm still unread) before it is pressed.
    await expect(page.getByTestId('alarm-total')).toHaveText('2 alarms · 1 unread');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell).toHaveAttribute('data-count', '0');
    await expect(page.getByTestId('alarm-total')).toHaveText('2 alarms · 0 unread');
    await page.goto('/overview/preview');
    await expect(page.getByTestId('kpi-alarms')).toHaveText('0');
  });
});
