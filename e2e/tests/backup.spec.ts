import { newSignedInAccount } from '../support/accounts';
import { openProject } from '../support/devices';
import { expect, test } from '../support/sim';
import { simulatedProject } from '../support/wireless';

/**
 * Issue 13 §2, configuration backup through the real pieces: a simulated office whose clock runs
 * 4× (a restore's stages take about half a second each, the restart after it about 15 s). Back up
 * an AP now, see its file synchronised, make it the AP's restore point, restore it and follow the
 * restore until the device's answer.
 */
const TIME_FACTOR = 4;
const BACK = { timeout: 60_000 };

test('back up now → restore point → restore, with the progress and the device’s result', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'backup');
  const p = await simulatedProject(page, sim, {
    name: 'Quay Office',
    tag: 'NLBKP',
    count: 4,
    options: { timeFactor: TIME_FACTOR },
  });
  const ap = p.fleet.devices.find((d) => d.plan.kind === 'ap');
  if (!ap) throw new Error('the plan has no AP');
  const apName = p.names[p.sns.indexOf(ap.sn)] ?? ap.sn;
  await openProject(page, 'Quay Office');
  await page.goto('/manage/backup');
  await expect(page.getByRole('heading', { name: 'Configuration backup' })).toBeVisible();
  await expect(page.getByText('No backups yet — click Back up now to take the first one.')).toBeVisible();
  await snap(page, 'backup-empty');

  await test.step('back up now: choose the AP, its file is synchronised', async () => {
    await page.getByRole('button', { name: 'Back up now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Back up now' });
    const apRow = dialog.getByRole('row', { name: new RegExp(apName) });
    await expect(apRow).toContainText('Ready');
    await apRow.getByRole('checkbox').check();
    await snap(page, 'backup-now-dialog');
    await dialog.getByRole('button', { name: 'Back up', exact: true }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(ap.sn) });
    await expect(row).toContainText('Synchronised', BACK);
    await expect(row).toContainText('General');
    await snap(page, 'backup-list');
  });

  await test.step('the 3-minute rule is said before the click', async () => {
    await page.getByRole('button', { name: 'Back up now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Back up now' });
    const apRow = dialog.getByRole('row', { name: new RegExp(apName) });
    await expect(apRow).toContainText('Back up the same device at most once every 3 minutes.');
    await expect(apRow.getByRole('checkbox')).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('make it the restore point', async () => {
    const row = page.getByRole('row', { name: new RegExp(ap.sn) });
    await row.getByRole('button', { name: /More actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Make restore point' }).click();
    await expect(row).toContainText('Restore point');
    await expect(page.getByText('Restore point set.')).toBeVisible();
    await snap(page, 'backup-restore-point');
  });

  await test.step('restore: what happens, then the stages and the device’s answer', async () => {
    const row = page.getByRole('row', { name: new RegExp(ap.sn) });
    await row.getByRole('button', { name: 'Restore' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore configuration' });
    await expect(confirm).toContainText('restarts (about 1 minute)');
    await expect(confirm.getByRole('combobox', { name: 'Restore to' })).toBeVisible();
    await expect(confirm).toContainText(`${apName} (the backed-up device)`);
    await snap(page, 'backup-restore-confirm');
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    const progress = page.getByRole('dialog', { name: /^Restoring / });
    await expect(progress).toBeVisible();
    await expect(progress.getByText('Configuration restored')).toBeVisible(BACK);
    await snap(page, 'backup-restored');
    await progress.getByRole('button', { name: 'Done' }).click();
    await expect(row).toContainText(`Restored to ${apName}`);
    await snap(page, 'backup-list-restored');
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(row).toContainText('Synchronised');
    await snap(page, 'backup-list-1280');
  });
});
