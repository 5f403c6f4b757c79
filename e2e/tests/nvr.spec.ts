import type { VirtualDevice } from '@netloom/sim';
import { newSignedInAccount } from '../support/accounts';
import { openProject } from '../support/devices';
import { expect, test } from '../support/sim';
import { deviceIdOf, simulatedProject } from '../support/wireless';

/**
 * Issue 13 §4, a recorder's disks and cameras through the real pieces: a simulated site (fleet seed
 * 25, 8 units: router, switch, APs, an NL-N8P PoE recorder and the two cameras it records) whose clock
 * runs 2× so formatting a disk (about 30 s plus 15 s per TB, simulated) takes 20–75 seconds —
 * long enough to see the progress, short enough for a test. Open the recorder, see its disks and
 * cameras, format disk 1 through the confirmation, watch the progress and the result; then the
 * recorder is told to fail its next format and the drawer shows 3000 in plain words.
 */
const SEED = 25;
const TIME_FACTOR = 2;
const FORMAT = { timeout: 120_000 };

test.setTimeout(360_000);

test('open a recorder: disks and cameras; format a disk with confirmation, progress and result; a failed format says why', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'nvr');
  const p = await simulatedProject(page, sim, {
    name: 'Riverside Depot',
    tag: 'NLNVR',
    count: 8,
    seed: SEED,
    options: { timeFactor: TIME_FACTOR },
  });
  const recorder = p.fleet.devices.find((d) => d.plan.kind === 'nvr') as VirtualDevice;
  expect(recorder, 'the plan has a recorder').toBeTruthy();
  const nvrId = await deviceIdOf(page, p.projectId, recorder.sn);
  await openProject(page, 'Riverside Depot');
  await page.goto(`/manage/devconf/${nvrId}`);
  const drawer = page.getByTestId('device-detail');
  await expect(drawer.getByTestId('device-status')).toHaveAttribute('data-status', 'online');

  const storage = drawer.getByTestId('nvr-storage');
  const cameras = drawer.getByTestId('nvr-cameras');
  const disk1 = storage.getByTestId('nvr-disks').locator('tr[data-row-key="1"]');

  await test.step('the Storage section lists each disk with capacity, use, health and status', async () => {
    await expect(storage.getByRole('heading', { name: 'Storage' })).toBeVisible();
    await expect(disk1).toContainText('Disk 1');
    await expect(disk1).toContainText('TB');
    await expect(disk1).toContainText(/Good|Warning/);
    await expect(disk1).toContainText('Normal');
    await expect(storage).toContainText(/disks? · .* used/);
  });

  await test.step('the Cameras section lists each channel: online, resolution, recording', async () => {
    await expect(cameras.getByRole('heading', { name: 'Cameras' })).toBeVisible();
    const rows = cameras.getByTestId('nvr-channels').locator('tr[data-row-key]');
    await expect(rows.first()).toContainText('Online', FORMAT);
    await expect(rows.first()).toContainText(/\d+×\d+/);
    await expect(rows.first()).toContainText('Recording');
    await expect(cameras).toContainText(/\d of \d cameras? online · \d recording/);
    await storage.scrollIntoViewIfNeeded();
    await snap(page, 'nvr-drawer-storage-cameras');
  });

  await test.step('format disk 1: the confirmation says the recordings are erased and how long it takes', async () => {
    await storage.getByTestId('format-disk-1').click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'Format disk 1' });
    await expect(confirm).toContainText('All recordings on disk 1');
    await expect(confirm).toContainText('erased and cannot be recovered');
    await expect(confirm).toContainText(/It takes about \d+ minutes?\./);
    await expect(confirm).toContainText(
      /the other disks keep recording|nothing is recorded until the format is done/,
    );
    await snap(page, 'nvr-format-confirm');
    await confirm.getByRole('button', { name: 'Format disk' }).click();
    await expect(confirm).toBeHidden();
  });

  await test.step('live progress, then the result; the disk is empty', async () => {
    const progress = storage.getByTestId('format-progress-1');
    await expect(progress).toContainText(/Formatting \d+%/, FORMAT);
    await expect(disk1).toContainText('Formatting');
    // One format at a time per recorder: every Format button waits meanwhile.
    await expect(storage.getByTestId('format-disk-1')).toBeDisabled();
    await storage.getByRole('heading', { name: 'Storage' }).hover();
    await snap(page, 'nvr-format-progress');
    const result = storage.getByTestId('format-result');
    await expect(result).toContainText('Disk 1 was formatted', FORMAT);
    await expect(disk1).toContainText('0 GB', FORMAT);
    await expect(disk1).toContainText('Normal');
    await expect(storage.getByTestId('format-disk-1')).toBeEnabled();
    await storage.getByRole('heading', { name: 'Storage' }).hover();
    await snap(page, 'nvr-format-done');
  });

  await test.step('a format the recorder cannot finish: 3000 in plain words', async () => {
    recorder.formatFailure = true;
    await storage.getByTestId('format-disk-1').click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'Format disk 1' });
    await confirm.getByRole('button', { name: 'Format disk' }).click();
    await expect(confirm).toBeHidden();
    const result = storage.getByTestId('format-result');
    await expect(result).toContainText(
      'Formatting disk 1 failed. The disk could not be formatted. (code 3000)',
      FORMAT,
    );
    await expect(disk1).toContainText('Unformatted', FORMAT);
    await storage.getByRole('heading', { name: 'Storage' }).hover();
    await snap(page, 'nvr-format-failed');
  });
});
