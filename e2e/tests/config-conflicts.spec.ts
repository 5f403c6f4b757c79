import type { NetworkConfigView, ProjectConfigStatus, SwitchConfigView } from '@netloom/domain';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, apiPost, apiPut, createProject } from '../support/api';
import { openProject } from '../support/devices';
import { SCREENSHOT_DIR } from '../support/fixtures';
import { closeNotifications, fillField } from '../support/pages';
import { expect, plannedNames, serialNumbers, test } from '../support/sim';

const PROJECT = 'Quay Studio';

async function network(page: Page, projectId: number): Promise<NetworkConfigView> {
  return apiGet<NetworkConfigView>(page, `/api/projects/${projectId}/config/network`);
}

/** Another browser's save (the API as the same account): a VLAN added on top of the current version. */
async function addVlanElsewhere(page: Page, projectId: number, id: number, name: string): Promise<void> {
  const view = await network(page, projectId);
  const settings = structuredClone(view.settings);
  settings.vlans.push({ id, name, ip: `192.168.${id}.1`, mask: '255.255.255.0', dhcp: false });
  await apiPut(page, `/api/projects/${projectId}/config/network`, { baseVersion: view.version, settings });
}

/** A screenshot with dialogs, drawers and notifications at the end of their opening animation. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, animations: 'disabled' });
}

/**
 * Configuration rules that protect devices and people: a VLAN switch ports carry cannot be deleted
 * or renumbered (1110, shown before saving); a save that lost a race (414) keeps the draft, lets
 * the user review the newer version and keep their changes on top; "Retry delivery" to an offline
 * device answers 407 and names it.
 */
test('VLANs in use by switch ports, the conflict dialog and retrying delivery', async ({
  page,
  mailbox,
  sim,
}) => {
  const sns = serialNumbers(4, 'NLQUAY');
  const names = plannedNames(sns);
  const [, switchSn] = sns as [string, string];
  const switchName = names[1] ?? '';
  let projectId = 0;

  const fleet =
    await test.step('a gateway, a switch and two APs online; VLAN 20 on switch ports', async () => {
      await newSignedInAccount(page, mailbox, 'vlanuse');
      projectId = await createProject(page, { name: PROJECT, netMode: 0, scenario: 'enterprise' });
      for (const [i, sn] of sns.entries()) {
        await apiPost(page, `/api/projects/${projectId}/devices`, { sn, name: names[i] });
      }
      const started = sim.start(sns);
      await expect
        .poll(
          async () =>
            (await apiGet<{ online: number }>(page, `/api/projects/${projectId}/devices/types`)).online,
          { timeout: 30_000 },
        )
        .toBe(sns.length);
      await addVlanElsewhere(page, projectId, 20, 'Guests');
      const status = await apiGet<ProjectConfigStatus>(page, `/api/projects/${projectId}/config/status`);
      const switchId = status.devices.find((d) => d.sn === switchSn)?.deviceId ?? 0;
      const path = `/api/projects/${projectId}/devices/${switchId}/config/switching`;
      const view = await apiGet<SwitchConfigView>(page, path);
      const trunk = view.device.uplinkPort ?? 8;
      const settings = structuredClone(view.settings);
      for (const p of settings.ports) {
        if (p.id === 3) p.untagged = 20;
        if (p.id === trunk) Object.assign(p, { type: 1, tagged: [20] });
      }
      await apiPut(page, path, { baseVersion: view.version, settings });
      await openProject(page, PROJECT);
      return started;
    });

  await test.step('the VLAN page lists the switch ports and refuses deleting or renumbering VLAN 20', async () => {
    await page.goto('/manage/networkconf/vlan');
    const row = page.getByTestId('vlan-table').getByRole('row', { name: /Guests/ });
    await expect(row.getByTestId('vlan-used-by')).toContainText(switchName);
    await row.getByRole('button', { name: 'Delete VLAN 20' }).click();
    const refused = page.getByRole('dialog').filter({ hasText: 'cannot be deleted' });
    await expect(refused).toContainText(`switch "${switchName}" port 3 (untagged)`);
    await expect(refused).toContainText('move those ports to another VLAN before deleting it');
    await shot(page, 'vlan-used-by-ports');
    await refused.getByRole('button', { name: 'Close' }).click();
    await expect(refused).toBeHidden();

    await row.getByRole('button', { name: 'Edit VLAN 20' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit VLAN 20' });
    // The dialog holds VLAN 20 before its ID is typed over.
    await expect(dialog.getByLabel('VLAN ID')).toHaveValue('20');
    await fillField(dialog.getByLabel('VLAN ID'), '21');
    await dialog.getByLabel('Name').click();
    await expect(dialog.getByText('before changing its ID')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await network(page, projectId)).settings.vlans.map((v) => v.id)).toEqual([20]);
  });

  await test.step('a save that lost the race keeps the draft: review, then keep my changes', async () => {
    const before = (await network(page, projectId)).version;
    await page.getByTestId('vlan-table-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add VLAN' });
    await expect(dialog).toBeVisible();
    await fillField(dialog.getByLabel('VLAN ID'), '40');
    await fillField(dialog.getByLabel('Name'), 'Studio');
    await fillField(dialog.getByLabel('IP address'), '192.168.40.1');
    const dhcp = dialog.getByRole('switch', { name: 'DHCP server' });
    await dhcp.click();
    await expect(dhcp).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Add VLAN' }).click();
    const reconnect = page.getByRole('button', { name: 'Save and apply' });
    await expect(reconnect).toBeVisible();
    // Someone else saves while the reconnect warning is open.
    await addVlanElsewhere(page, projectId, 30, 'Cameras');
    await reconnect.click();

    const conflict = page.getByTestId('config-conflict');
    await expect(conflict).toContainText(`saved version ${before + 1}`);
    await expect(conflict).toContainText('Added VLAN 30 "Cameras"');
    const keep = conflict.getByRole('button', { name: 'Keep my changes' });
    await expect(keep).toBeDisabled();
    await conflict.getByRole('button', { name: 'Review changes' }).click();
    const drawer = page.locator('.nl-history-drawer');
    await expect(drawer).toContainText(`Changes from v${before} to v${before + 1} (current)`);
    await expect(drawer).toContainText('Cameras');
    await shot(page, 'config-conflict-review');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await shot(page, 'config-conflict-dialog');
    await keep.click();
    await expect(page.getByText(`Saved as version ${before + 2}`).first()).toBeVisible();
    await expect(dialog).toBeHidden();
    const saved = await network(page, projectId);
    expect(saved.version).toBe(before + 2);
    expect(saved.settings.vlans.map((v) => v.id)).toContain(40);
  });

  await test.step('Retry delivery to an offline switch answers 407 and names it', async () => {
    fleet.device(switchSn)?.setCut('link');
    await expect
      .poll(
        async () =>
          (await apiGet<{ online: number }>(page, `/api/projects/${projectId}/devices/types`)).online,
        { timeout: 20_000 },
      )
      .toBe(sns.length - 1);
    await addVlanElsewhere(page, projectId, 50, 'Voice');
    // The notices of the earlier saves would cover the delivery popover.
    await closeNotifications(page);
    const bar = page.getByTestId('config-delivery');
    await expect(bar).toHaveAttribute('data-tone', 'pending', { timeout: 15_000 });
    await bar.getByRole('button', { name: /devices/ }).click();
    const popover = page.locator('.nl-config-delivery-popover');
    await popover.getByRole('checkbox', { name: `Select ${switchName}` }).check();
    await expect(popover).toContainText('1 device selected, 1 offline');
    await shot(page, 'config-retry-selection');
    await popover.getByTestId('config-retry').click();
    const warning = page.locator('.ant-notification-notice').filter({ hasText: 'Some devices are offline' });
    await expect(warning).toContainText(`Offline, not retried: ${switchName}`);
    await shot(page, 'config-retry-offline');
  });
});
