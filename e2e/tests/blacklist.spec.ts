import { newSignedInAccount } from '../support/accounts';
import { markDocument, openProject, sameDocument } from '../support/devices';
import { pageTitle } from '../support/pages';
import { expect, simClient, test } from '../support/sim';
import { simulatedProject } from '../support/wireless';

const PROJECT = 'Harbour Office';
const LIVE = { timeout: 30_000 };

/**
 * Issue 15 §4 in the browser, with a simulated office: a connected Wi-Fi client blocked from the
 * client list's row menu is disconnected by the simulated APs and leaves the open list without a
 * reload; the Blacklist drawer lists it, delivered; a connected client's panel opens its traceback
 * (the connection it is on now), and the blocked client's traceback, entered by MAC, shows the
 * connection its AP ended.
 */
test('a client blocked from the client list is disconnected live; traceback shows where clients were', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'blacklist');
  const { fleet } = await simulatedProject(page, sim, { name: PROJECT, tag: 'NLBLK', count: 8 });
  await openProject(page, PROJECT);
  await page.goto('/manage/onlinelist');
  await expect(pageTitle(page, 'Client list')).toBeVisible();
  const rows = page.locator('tr[data-mac]');
  await expect(rows.nth(2)).toBeVisible({ timeout: 20_000 });

  // Two Wi-Fi clients connected now (the simulator says so): one to block, one to trace.
  const macs = (await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-mac') ?? ''))).filter(
    (m) => simClient(fleet, m)?.wireless === true && simClient(fleet, m)?.at !== null,
  );
  expect(macs.length).toBeGreaterThanOrEqual(2);
  const [blocked = '', traced = ''] = macs;

  await test.step('block a connected client from its row: it leaves the open list', async () => {
    await markDocument(page);
    const row = page.locator(`tr[data-mac="${blocked}"]`);
    await row.getByTestId('client-more').click();
    await page.getByRole('menuitem', { name: 'Block client' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Block “' });
    await expect(confirm).toContainText('cannot join its Wi-Fi networks until you unblock it');
    await snap(page, 'blacklist-confirm');
    await confirm.getByRole('button', { name: 'Block client' }).click();
    // Every simulated Wi-Fi device applies the blacklist…
    const wifi = fleet.devices.filter((d) => ['ap', 'wrouter'].includes(d.model.kind));
    await expect.poll(() => wifi.every((d) => d.blocks(blocked)), LIVE).toBe(true);
    // …so the client is on none of them, and its row leaves the open list.
    await expect(row).toHaveCount(0, LIVE);
    expect(simClient(fleet, blocked)?.at).toBeNull();
    expect(await sameDocument(page)).toBe(true);
  });

  await test.step('the Blacklist drawer lists it, applied on the access points', async () => {
    await page.getByTestId('open-blacklist').click();
    const drawer = page.getByTestId('blacklist-drawer');
    await expect(drawer.locator(`tr[data-mac="${blocked}"]`)).toBeVisible();
    await expect(drawer.getByTestId('blacklist-count')).toHaveText('1 of 100 entries');
    await expect(drawer.getByTestId('config-delivery')).toHaveAttribute('data-tone', 'applied', LIVE);
    await snap(page, 'blacklist-drawer');
    await drawer.getByRole('button', { name: 'Close' }).click();
  });

  await test.step("a connected client's panel opens its traceback", async () => {
    await page.locator(`tr[data-mac="${traced}"]`).getByTestId('client-open').click();
    await page.getByTestId('client-traceback').click();
    await expect(pageTitle(page, 'Traceback')).toBeVisible();
    const item = page.getByTestId('traceback-item').first();
    await expect(item).toContainText('Connected now');
    await expect(page.getByTestId('traceback-name')).toBeVisible();
    await snap(page, 'traceback');
  });

  await test.step("the blocked client's traceback, entered by MAC, shows the connection its AP ended", async () => {
    await page.getByRole('searchbox', { name: 'Client MAC address' }).fill(blocked.toLowerCase());
    await page.getByRole('button', { name: 'Trace' }).click();
    await expect(page).toHaveURL(new RegExp(`mac=${encodeURIComponent(blocked)}`));
    const items = page.getByTestId('traceback-item');
    await expect(items.first()).toBeVisible();
    await expect(page.getByTestId('traceback-timeline')).not.toContainText('Connected now');
    await snap(page, 'traceback-blocked');
  });
});
