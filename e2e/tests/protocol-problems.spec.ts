import { newSignedInAccount } from '../support/accounts';
import { deviceRow, openProject } from '../support/devices';
import { expect, test } from '../support/sim';
import { simulatedProject } from '../support/wireless';

/**
 * Issue 16 §2: a device whose messages the cloud refuses. The simulated office's valid reports are
 * paused and one AP sends a `state` with an impossible port speed, then a `telemetry` with a counter
 * written as text: the list flags the AP and shows it "Not reporting" instead of a status, the flag's
 * tooltip says what was refused, and the detail drawer lists the refused messages under "Protocol
 * problems" with the field and the reason (docs/protocol.md §7.3).
 */
const LIVE = { timeout: 15_000 };

function badState(): string {
  return JSON.stringify({
    v: 1,
    ts: Date.now(),
    status: 1,
    cpu: 5,
    memory: 20,
    uptime: 100,
    ip: '192.168.1.50',
    configVersion: 0,
    uplink: null,
    ports: [{ id: 1, link: 'up', speed: 10_000_000, duplex: 'full' }],
    radios: [],
  });
}

test('a device sending refused messages: flagged in the list, "Protocol problems" in its details', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'problems');
  const p = await simulatedProject(page, sim, { name: 'Pier Office', tag: 'NLPRB', count: 3 });
  const ap = p.fleet.devices.find((d) => d.plan.kind === 'ap');
  if (!ap) throw new Error('the plan has no AP');
  const apName = p.names[p.sns.indexOf(ap.sn)] ?? ap.sn;
  await openProject(page, 'Pier Office');
  await page.goto('/manage/devconf');
  const row = deviceRow(page, ap.sn);
  await expect(row.getByTestId('device-status')).toHaveAttribute('data-status', 'online', LIVE);
  await expect(row.getByTestId('protocol-problem-flag')).toHaveCount(0);

  await test.step('the AP sends a state and a telemetry the cloud refuses', async () => {
    // Its valid reports paused, the refused state stays its last word.
    p.fleet.pause();
    expect(ap.sendText('state', badState())).toBe(true);
    expect(ap.sendText('telemetry', JSON.stringify({ v: 1, ts: Date.now(), txBytes: 'many' }))).toBe(true);
  });

  await test.step('the list flags it and says it is connected but not reporting', async () => {
    await expect(row.getByTestId('device-status')).toHaveAttribute('data-status', 'not-reporting', LIVE);
    await expect(row.getByTestId('device-status')).toHaveText('Not reporting');
    const flag = row.getByTestId('protocol-problem-flag');
    await expect(flag).toBeVisible(LIVE);
    await flag.hover();
    await expect(page.getByRole('tooltip')).toContainText('Protocol problem —');
    await snap(page, 'protocol-problems-list');
  });

  await test.step('the drawer lists the refused messages with the field and the reason', async () => {
    await row.getByTestId('device-name').click();
    const drawer = page.getByTestId('device-detail');
    await expect(drawer.getByText(apName, { exact: true }).first()).toBeVisible();
    const section = drawer.getByTestId('protocol-problems');
    await expect(section.getByRole('heading', { name: 'Protocol problems' })).toBeVisible(LIVE);
    await expect(section.getByRole('row', { name: /ports\.0\.speed/ })).toBeVisible(LIVE);
    await expect(section.getByRole('row', { name: /txBytes/ })).toBeVisible(LIVE);
    await expect(section).toContainText('Connected, not reporting');
    await expect(drawer.getByTestId('device-status').first()).toHaveText('Not reporting');
    await snap(page, 'protocol-problems-drawer');
  });
});
