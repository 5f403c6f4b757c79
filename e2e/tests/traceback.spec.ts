import type { VirtualDevice } from '@netloom/sim';
import { newSignedInAccount } from '../support/accounts';
import { openProject } from '../support/devices';
import { pageTitle } from '../support/pages';
import { expect, simClient, test } from '../support/sim';
import { simulatedProject } from '../support/wireless';

const PROJECT = 'Riverside Clinic';
const LIVE = { timeout: 30_000 };

/**
 * Issue 15 §4 in the browser: the traceback of a Wi-Fi client open while its owner walks across the
 * building. The simulated client roams to another access point of its site; the open timeline gains
 * the new connection, marked "Roamed from" the AP it left, whose connection is closed — without a
 * reload, and the roam is counted.
 */
test('the open traceback of a client shows its roam to another access point live', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'traceback');
  const { fleet, sns, names } = await simulatedProject(page, sim, { name: PROJECT, tag: 'NLTRC', count: 8 });
  const nameOf = (d: VirtualDevice) => names[sns.indexOf(d.sn)] ?? d.sn;
  await openProject(page, PROJECT);
  await page.goto('/manage/onlinelist');
  await expect(pageTitle(page, 'Client list')).toBeVisible();
  const rows = page.locator('tr[data-mac]');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });

  // A Wi-Fi client listed now whose site has another access point to walk to.
  const listed = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-mac') ?? ''));
  const aps = fleet.devices.filter((d) => d.model.kind === 'ap');
  const candidate = listed
    .map((mac) => ({ mac, client: simClient(fleet, mac) }))
    .find(({ client }) => {
      if (!client?.wireless || client.at === null) return false;
      const from = fleet.devices[client.at];
      return aps.some((ap) => ap !== from && ap.plan.site === from?.plan.site);
    });
  if (!candidate?.client || candidate.client.at === null)
    throw new Error('no Wi-Fi client with another AP near');
  const { mac, client } = candidate;
  const from = fleet.devices[client.at as number] as VirtualDevice;

  await test.step('its traceback shows the connection it is on now', async () => {
    await page.locator(`tr[data-mac="${mac}"]`).getByTestId('client-open').click();
    await page.getByTestId('client-traceback').click();
    await expect(pageTitle(page, 'Traceback')).toBeVisible();
    const now = page.getByTestId('traceback-item').filter({ hasText: 'Connected now' });
    await expect(now).toHaveCount(1);
    await expect(now).toContainText(nameOf(from));
    await expect(page.getByTestId('traceback-roam')).toHaveCount(0);
  });

  await test.step('the client walks to another AP: the open timeline shows the roam', async () => {
    const to = aps.find(
      (ap) => ap !== from && ap.plan.site === from.plan.site && fleet.walkClient(mac, ap.sn),
    );
    if (!to) throw new Error('no AP of the site took the client');
    expect(simClient(fleet, mac)?.at).toBe(to.plan.index);
    const roam = page.getByTestId('traceback-roam');
    await expect(roam).toHaveText(`Roamed from ${nameOf(from)}`, LIVE);
    const now = page.getByTestId('traceback-item').filter({ hasText: 'Connected now' });
    await expect(now).toHaveCount(1, LIVE);
    await expect(now).toContainText(nameOf(to));
    // The connection on the AP it left is closed, and the summary counts the roam.
    const left = page
      .getByTestId('traceback-item')
      .filter({ hasNot: page.getByTestId('traceback-roam') })
      .filter({ hasText: nameOf(from) });
    await expect(left).not.toHaveCount(0);
    await expect(left.filter({ hasText: 'Connected now' })).toHaveCount(0, LIVE);
    const roams = page
      .locator('.ant-statistic')
      .filter({ hasText: 'Roams' })
      .locator('.ant-statistic-content-value');
    await expect.poll(async () => Number(await roams.textContent()), LIVE).toBeGreaterThanOrEqual(1);
    await snap(page, 'traceback-roam');
  });
});
