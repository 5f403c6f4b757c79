import { newSignedInAccount } from '../support/accounts';
import { apiGet, apiPost, createProject } from '../support/api';
import { configTargets as configStatus, expectVersionApplied } from '../support/config';
import { openProject } from '../support/devices';
import { fillField, pageTitle } from '../support/pages';
import { pickOption, pickOptions } from '../support/select';
import { expect, plannedNames, serialNumbers, test } from '../support/sim';

const PROJECT = 'Harbour Office';

/**
 * Issue 4 acceptance, through the real pieces (browser → API → database → MQTT → simulated devices):
 * a VLAN with its DHCP pool is saved while the switch is offline → the console shows it pending →
 * the switch comes back → it becomes applied with nobody touching anything. Then a switch port
 * becomes a trunk carrying the new VLAN, and turning PoE off for a powered access point changes
 * the PoE budget shown.
 */
test('network settings reach an offline switch when it returns; ports become trunks; PoE budget follows', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  // The office plan of these serial numbers: a gateway, a PoE switch below it, access points on it.
  const sns = serialNumbers(4, 'NLNET');
  const names = plannedNames(sns);
  const [gatewaySn, switchSn] = sns as [string, string];
  let projectId = 0;

  const fleet = await test.step('a project with a gateway, a PoE switch and two APs online', async () => {
    await newSignedInAccount(page, mailbox, 'network');
    projectId = await createProject(page, { name: PROJECT, netMode: 0, scenario: 'enterprise' });
    for (const [i, sn] of sns.entries()) {
      await apiPost(page, `/api/projects/${projectId}/devices`, { sn, name: names[i] });
    }
    const started = sim.start(sns);
    await expect
      .poll(
        async () =>
          (await apiGet<{ online: number }>(page, `/api/projects/${projectId}/devices/types`)).online,
        {
          timeout: 30_000,
        },
      )
      .toBe(sns.length);
    await openProject(page, PROJECT);
    return started;
  });
  const switchDevice = fleet.device(switchSn);
  expect(switchDevice?.plan.kind).toBe('switch');
  expect(fleet.device(gatewaySn)?.plan.kind).not.toBe('switch');

  await test.step('the switch loses its link', async () => {
    switchDevice?.setCut('link');
    await expect
      .poll(
        async () =>
          (await apiGet<{ online: number }>(page, `/api/projects/${projectId}/devices/types`)).online,
        {
          timeout: 20_000,
        },
      )
      .toBe(sns.length - 1);
  });

  await test.step('a VLAN with a DHCP server is saved: the gateway applies, the offline switch waits', async () => {
    await page.goto('/manage/networkconf/vlan');
    await expect(pageTitle(page, 'VLAN')).toBeVisible();
    await page.getByTestId('vlan-table-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add VLAN' });
    await expect(dialog).toBeVisible();
    // A rule of §5 shows before submit: the name br0 is reserved.
    await fillField(dialog.getByLabel('VLAN ID'), '20');
    await fillField(dialog.getByLabel('Name'), 'br0');
    await fillField(dialog.getByLabel('IP address'), '192.168.20.1');
    await fillField(dialog.getByLabel('Subnet mask'), '255.255.255.0');
    await dialog.getByRole('button', { name: 'Add VLAN' }).click();
    await expect(dialog.getByText(/br0/).last()).toBeVisible();
    await expect(dialog).toBeVisible();
    await fillField(dialog.getByLabel('Name'), 'Guests');
    // A new VLAN runs a DHCP server by default; its pool is created with it.
    await expect(dialog.getByRole('switch', { name: 'DHCP server' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add VLAN' }).click();
    // Pages that change network settings warn that devices may reconnect.
    await page.getByRole('button', { name: 'Save and apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('vlan-table').getByRole('row', { name: /Guests/ })).toBeVisible();
    const bar = page.getByTestId('config-delivery');
    await expect(bar).toHaveAttribute('data-tone', 'pending', { timeout: 15_000 });
    await expect(bar).toContainText('1 pending');
    await expect(bar).toContainText('offline');
    await expect(page.getByTestId('config-pending-indicator')).toHaveAttribute('data-pending', '1');
    await snap(page, 'network-vlan-pending');
  });

  await test.step('the DHCP pool of the VLAN is on the DHCP page; its lease changes', async () => {
    await page.goto('/manage/networkconf/dhcp');
    const row = page.getByRole('row', { name: /192\.168\.20\.100/ });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /^Edit pool/ }).click();
    const dialog = page.getByRole('dialog', { name: /Edit DHCP pool/ });
    await expect(dialog).toBeVisible();
    await pickOption(page, dialog.getByLabel('Lease time'), '12 h');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Save and apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('12 h');
  });

  await test.step('the switch comes back and applies the newest version without any user action', async () => {
    const before = (await configStatus(page, projectId)).find((d) => d.sn === switchSn);
    expect(before?.status).toBe('pending');
    switchDevice?.setCut(null);
    // Version 2: the VLAN (1), then the pool's lease (2).
    await expectVersionApplied(page, 2, 30_000);
    await expect(page.getByTestId('config-delivery')).toContainText('Applied on all 2 devices');
    await expect(page.getByTestId('config-pending-indicator')).toHaveCount(0);
    const after = (await configStatus(page, projectId)).find((d) => d.sn === switchSn);
    expect(after?.appliedVersion).toBe(after?.desiredVersion);
    expect(switchDevice?.appliedDocument?.switching?.vlans.map((v) => v.id)).toEqual([20]);
    await snap(page, 'network-dhcp-applied');
  });

  await test.step('a switch port becomes a trunk carrying VLAN 20', async () => {
    const switchId = (await configStatus(page, projectId)).find((d) => d.sn === switchSn)?.deviceId;
    await page.goto(`/manage/devconf/${switchId}/ports`);
    await expect(page.getByTestId('port-panel')).toBeVisible();
    await page.getByRole('button', { name: /^Port 8,/ }).click();
    const editor = page.getByTestId('port-editor');
    await expect(editor.getByRole('heading', { name: 'Port 8', exact: true })).toBeVisible();
    await editor.getByText('Trunk', { exact: true }).click();
    await expect(editor.getByRole('radio', { name: 'Trunk' })).toBeChecked();
    await pickOptions(page, editor.getByLabel('Tagged VLANs'), [/20 · Guests/]);
    await page.getByTestId('ports-save').click();
    await expect(page.getByText(/Saved as version 1\b/).first()).toBeVisible();
    // The switch itself runs it (the simulator's applied document is the device's truth)…
    const port8 = () => switchDevice?.appliedDocument?.switching?.ports.find((p) => p.id === 8);
    await expect.poll(() => port8()?.type, { timeout: 20_000 }).toBe(1);
    expect(port8()?.tagged).toEqual([20]);
    // …and the console says so.
    await expect(page.locator('[data-config-status]').first()).toHaveAttribute(
      'data-config-status',
      'applied',
      {
        timeout: 20_000,
      },
    );
  });

  await test.step('PoE off for a powered access point: the budget shows less used power', async () => {
    const used = page.getByTestId('poe-used');
    const poweredPort = switchDevice?.plan.children
      .map((i) => fleet.devices.find((d) => d.plan.index === i))
      .find((d) => d && d.plan.poeWatts > 0)?.plan.uplink?.port;
    expect(poweredPort).toBeDefined();
    const watts = async () => Number.parseFloat((await used.textContent()) ?? '0');
    await expect.poll(watts, { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await watts();
    await page.getByRole('button', { name: new RegExp(`^Port ${poweredPort},`) }).click();
    // The editor shows that port (it showed port 8 a moment ago) before its PoE is switched off.
    const editor = page.getByTestId('port-editor');
    await expect(editor.getByRole('heading', { name: `Port ${poweredPort}`, exact: true })).toBeVisible();
    const poe = editor.getByRole('switch', { name: 'PoE', exact: true });
    await expect(poe).toBeChecked();
    await poe.click();
    await expect(poe).not.toBeChecked();
    await page.getByTestId('ports-save').click();
    await expect.poll(watts, { timeout: 30_000 }).toBeLessThan(before);
    await snap(page, 'ports-trunk-poe');
  });
});
