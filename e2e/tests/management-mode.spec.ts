import { STATIC_PAGE_PATHS } from '@netloom/domain';
import { newSignedInAccount } from '../support/accounts';
import { deviceRow, openProject } from '../support/devices';
import { expect, test } from '../support/sim';
import { deviceIdOf, simulatedProject } from '../support/wireless';

/**
 * Issue 15, `/static/transferToLocalDev` (docs/decisions.md): a simulated AP handed to local
 * management through the device itself — the page waits for the device's report — then listed in
 * the project with a "Local management" tag, its drawer saying what the cloud no longer does (restart
 * refused before the click); and brought back to cloud management from the drawer the same way.
 */
const REPORT = { timeout: 60_000 };

test('move a device to local management and back: it stays in the project, tagged while local', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'mmode');
  const project = await simulatedProject(page, sim, { name: 'Quay Office', tag: 'NLMMD', count: 6 });
  const ap = project.fleet.devices.find((d) => d.plan.kind === 'ap');
  if (!ap) throw new Error('the plan has no AP');
  const apName = project.names[project.sns.indexOf(ap.sn)] ?? ap.sn;
  const apId = await deviceIdOf(page, project.projectId, ap.sn);
  await openProject(page, 'Quay Office');

  await test.step('the page says what moving does, then waits for the device to report it', async () => {
    await page.goto(`${STATIC_PAGE_PATHS.toLocalManagement}?project=${project.projectId}&device=${apId}`);
    await expect(page.getByTestId('page-management-mode')).toHaveText('Cloud management');
    await expect(
      page.getByText('It stays in this project and the cloud keeps monitoring its status'),
    ).toBeVisible();
    await snap(page, 'management-mode-to-local');
    await page.getByRole('button', { name: 'Move to local management' }).click();
    await expect(page.getByText(`${apName} is now managed locally`)).toBeVisible(REPORT);
    expect(ap.managementMode).toBe(2);
    await snap(page, 'management-mode-local-done');
  });

  await test.step('the device list still has it, tagged "Local management"', async () => {
    await page.getByRole('button', { name: 'Back to devices' }).click();
    const row = deviceRow(page, ap.sn);
    await expect(row.getByTestId('management-mode-tag')).toHaveAccessibleName('Local management');
    await expect(row.getByTestId('device-status')).toHaveAttribute('data-status', 'online');
    await snap(page, 'management-mode-list-tag');
  });

  await test.step('its drawer says why configuration and maintenance are unavailable, before any click', async () => {
    await page.goto(`/manage/devconf/${apId}`);
    const drawer = page.getByTestId('device-detail');
    await expect(drawer.getByTestId('local-management-notice')).toBeVisible();
    await expect(drawer.getByTestId('device-actions').getByTestId('device-action-reboot')).toBeDisabled();
    await snap(page, 'management-mode-drawer-local');
    await drawer
      .getByTestId('local-management-notice')
      .getByRole('button', { name: 'Return to cloud management' })
      .click();
  });

  await test.step('back to cloud management: the device reports it and the tag is gone', async () => {
    await expect(page.getByTestId('page-management-mode')).toHaveText('Local management');
    await snap(page, 'management-mode-to-cloud');
    await page.getByRole('button', { name: 'Return to cloud management' }).click();
    await expect(page.getByText(`${apName} is back in cloud management`)).toBeVisible(REPORT);
    expect(ap.managementMode).toBe(1);
    await snap(page, 'management-mode-cloud-done');
    await page.getByRole('button', { name: 'Back to devices' }).click();
    const row = deviceRow(page, ap.sn);
    await expect(row.getByTestId('device-status')).toHaveAttribute('data-status', 'online');
    await expect(row.getByTestId('management-mode-tag')).toHaveCount(0);
  });
});
