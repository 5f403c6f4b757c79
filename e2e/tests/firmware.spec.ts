import { randomBytes } from 'node:crypto';
import { newSignedInAccount } from '../support/accounts';
import { deviceRow, openProject } from '../support/devices';
import { expect, test } from '../support/sim';
import { simulatedProject } from '../support/wireless';

/**
 * Issue 13 §1, firmware through the real pieces: upload a firmware file generated here for the APs'
 * model, see "newer firmware available" on them, upgrade three simulated APs at once and follow the
 * §4 stages live in the list — two end upgraded and run the new version, the third was told to
 * fail its download and ends "Failed to download". The simulated clock runs 20×, so an upgrade
 * (about 5 simulated minutes) takes about 15 s: long enough to see the stages on a busy machine.
 */
const TIME_FACTOR = 20;
const NEW_VERSION = 'V9.9.9';
const LONG = { timeout: 90_000 };

test('upload firmware, batch-upgrade three APs: stages live, two upgraded, one failed download', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  test.setTimeout(240_000);
  await newSignedInAccount(page, mailbox, 'firmware');
  const project = await simulatedProject(page, sim, {
    name: 'Lighthouse Hotel',
    tag: 'NLFW',
    count: 10,
    options: { timeFactor: TIME_FACTOR },
  });
  const allAps = project.fleet.devices.filter((d) => d.plan.kind === 'ap');
  // The model most of the APs are (with this seed, three of them).
  const counts = new Map<string, number>();
  for (const d of allAps) counts.set(d.model.model, (counts.get(d.model.model) ?? 0) + 1);
  const model = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] as string;
  const sameModel = allAps.filter((d) => d.model.model === model);
  const aps = sameModel.slice(0, 3);
  if (aps.length < 3) throw new Error(`the plan has fewer than three ${model} APs`);
  const failing = aps[2] as (typeof aps)[number];
  failing.upgradeFailure = 'download';
  // The first one waits at its install stage until the list has shown it: at 20× that stage lasts
  // seconds, which a loaded machine may spend before the page has caught up.
  let release = () => {};
  (aps[0] as (typeof aps)[number]).upgradeHold = new Promise<void>((resolve) => {
    release = resolve;
  });

  await openProject(page, 'Lighthouse Hotel');
  await page.goto('/manage/devconf');
  await expect(deviceRow(page, failing.sn)).toBeVisible();

  await test.step('upload a .bin for the APs’ model: a wrong type is refused first', async () => {
    await page.getByTestId('firmware-open').click();
    const drawer = page.getByTestId('firmware-drawer');
    await expect(drawer.getByText('No firmware files yet.')).toBeVisible();
    const input = drawer.locator('input[type="file"]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(drawer.getByText('Choose a firmware file ending in .bin.')).toBeVisible();
    await input.setInputFiles({
      name: `${model}-${NEW_VERSION}.bin`,
      mimeType: 'application/octet-stream',
      buffer: randomBytes(512 * 1024),
    });
    // The model list is long: type to find it, as a person would.
    await drawer.getByLabel('Model').fill(model);
    await page.locator('.ant-select-item-option', { hasText: new RegExp(`^${model}$`) }).click();
    await drawer.getByLabel('Version').fill(NEW_VERSION);
    await drawer
      .getByLabel('Release notes')
      .fill('Faster roaming between floors; fixes a 5 GHz DFS restart.');
    await drawer.getByTestId('firmware-upload').click();
    await expect(page.getByText(`Firmware ${NEW_VERSION} for ${model} added.`)).toBeVisible();
    const row = drawer.locator(`tr[data-version="${NEW_VERSION}"]`);
    await expect(row).toContainText('Latest');
    await expect(row).toContainText('512 KB');
    await snap(page, 'firmware-drawer');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
  });

  await test.step('the list says newer firmware is available for them', async () => {
    for (const ap of aps) {
      await expect(deviceRow(page, ap.sn).getByTestId('firmware-newer-icon')).toHaveAttribute(
        'data-version',
        NEW_VERSION,
      );
    }
    await snap(page, 'firmware-list-newer');
  });

  await test.step('upgrade the three: the confirmation says what happens and how long', async () => {
    for (const ap of aps) await deviceRow(page, ap.sn).getByRole('checkbox').check();
    await page.getByTestId('bulk-upgrade').click();
    const confirm = page.getByTestId('upgrade-confirm');
    await expect(confirm).toContainText('Upgrade 3 devices?');
    await expect(confirm).toContainText('about 5 minutes');
    await expect(confirm.locator('b', { hasText: NEW_VERSION })).toHaveCount(3);
    await snap(page, 'firmware-upgrade-confirm');
    await confirm.getByRole('button', { name: 'Upgrade 3 devices' }).click();
    const result = page.getByTestId('upgrade-batch-result');
    await expect(result).toContainText('Upgrade: 3 started, 0 refused');
    await result.getByRole('button', { name: 'Done' }).click();
    await expect(result).toBeHidden();
  });

  await test.step('the stages show live in the list', async () => {
    const progress = deviceRow(page, aps[0]?.sn as string).getByTestId('upgrade-progress');
    await expect(progress).toContainText('Upgrading software', LONG);
    await expect(deviceRow(page, aps[0]?.sn as string).getByTestId('device-status')).toHaveAttribute(
      'data-status',
      'upgrading',
      LONG,
    );
    await snap(page, 'firmware-list-upgrading');
    release();
  });

  await test.step('two end upgraded on the new version, the failing one "Failed to download"', async () => {
    for (const ap of aps.slice(0, 2)) {
      const row = deviceRow(page, ap.sn);
      await expect(row.getByTestId('upgrade-result')).toContainText('Upgraded successfully', LONG);
      // Back with the new version (its hello): nothing newer for it any more.
      await expect(row.getByTestId('firmware-newer-icon')).toHaveCount(0, LONG);
    }
    const bad = deviceRow(page, failing.sn);
    await expect(bad.getByTestId('upgrade-result')).toContainText('Failed to download', LONG);
    // Still newer firmware for it: the badge is back, the device online on its old version.
    await expect(bad.getByTestId('firmware-newer-icon')).toBeVisible();
    for (const ap of aps) {
      await expect(deviceRow(page, ap.sn).getByTestId('device-status')).toHaveAttribute(
        'data-status',
        'online',
        LONG,
      );
    }
    await snap(page, 'firmware-list-after');
  });

  await test.step('the failed one’s drawer says why and offers the upgrade again', async () => {
    await deviceRow(page, failing.sn).getByTestId('device-name').click();
    const drawer = page.getByTestId('device-detail');
    await expect(drawer.getByTestId('upgrade-result')).toContainText('Failed to download');
    await expect(drawer.getByTestId('firmware-newer')).toContainText(NEW_VERSION);
    await drawer.getByTestId('upgrade-result').hover();
    await expect(page.getByRole('tooltip')).toContainText('Failed to download the firmware.');
    await expect(drawer.getByTestId('device-action-upgrade')).toBeEnabled();
    await snap(page, 'firmware-drawer-failed');
    await page.keyboard.press('Escape');
  });

  await test.step('the topology prompts the upgrade where it is still due (not on the upgraded two)', async () => {
    await page.goto('/manage/visualization/topo');
    await expect(page.getByTestId('topo-firmware-newer').first()).toBeVisible(LONG);
    await expect(page.getByTestId('topo-firmware-newer')).toHaveCount(sameModel.length - 2);
    await snap(page, 'firmware-topology');
  });
});
