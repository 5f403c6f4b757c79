import type { Fleet } from '@netloom/sim';
import { newSignedInAccount } from '../support/accounts';
import { configTargets as configStatus, expectVersionApplied } from '../support/config';
import { deviceRow, openProject } from '../support/devices';
import { fillField } from '../support/pages';
import { expect, test } from '../support/sim';
import { deviceIdOf, simulatedProject } from '../support/wireless';

/**
 * The gateway's network pages one by one (issue 4 §2), each through the real pieces (browser → API
 * → database → MQTT → simulated gateway): what the page saves is what the device runs.
 */

/** The network document the simulated gateway runs now. */
function runningNetwork(fleet: Fleet, sn: string) {
  return fleet.device(sn)?.appliedDocument?.network;
}

test('Internet, static route, route table and port mapping reach the gateway', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'netpages');
  const { fleet, sns } = await simulatedProject(page, sim, {
    name: 'Riverside Shop',
    tag: 'NLPAGE',
    count: 1,
  });
  const [gatewaySn] = sns as [string];
  await openProject(page, 'Riverside Shop');

  await test.step('Internet: WAN2 gets a static address with DNS', async () => {
    await page.goto('/manage/networkconf/netset');
    const card = page.getByTestId('wan-card-2');
    const useForInternet = card.getByLabel('Use for internet');
    await useForInternet.click();
    await expect(useForInternet).toBeChecked();
    await card.getByText('Static IP', { exact: true }).click();
    await fillField(card.getByLabel('IP address'), '203.0.113.10');
    await fillField(card.getByLabel('Subnet mask'), '255.255.255.0');
    await fillField(card.getByLabel('Default gateway'), '203.0.113.10');
    // The §5 rule shows on the field while typing, before any save.
    await expect(card.getByText('The WAN gateway must differ from the WAN IP address.')).toBeVisible();
    await fillField(card.getByLabel('Default gateway'), '203.0.113.1');
    await expect(card.getByText('The WAN gateway must differ from the WAN IP address.')).toBeHidden();
    await fillField(card.getByLabel('Primary DNS'), '1.1.1.1');
    await fillField(card.getByLabel('Secondary DNS'), '8.8.8.8');
    await page.getByTestId('internet-save').click();
    await page.getByRole('button', { name: 'Save and apply' }).click();
    await expect(page.getByTestId('internet-dirty')).toHaveText('No unsaved changes.');
    await expectVersionApplied(page, 1);
    await expect
      .poll(() => runningNetwork(fleet, gatewaySn)?.wan.find((w) => w.port === 2), { timeout: 15_000 })
      .toMatchObject({
        enabled: true,
        mode: 'static',
        ip: '203.0.113.10',
        gateway: '203.0.113.1',
        dns: ['1.1.1.1', '8.8.8.8'],
      });
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'network-internet-static');
  });

  await test.step('Static route: 127 is refused on the field before submit, then a route is added', async () => {
    await page.goto('/manage/networkconf/static');
    await page.getByTestId('route-rules-table-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add static route' });
    await expect(dialog).toBeVisible();
    await fillField(dialog.getByLabel('Rule name'), 'lab');
    await fillField(dialog.getByLabel('Destination network'), '127.0.0.0');
    await expect(
      dialog.getByText('Destination network must start with a number from 1 to 223, other than 127.'),
    ).toBeVisible();
    await snap(page, 'network-static-route-rule');
    await fillField(dialog.getByLabel('Destination network'), '10.20.0.0');
    await fillField(dialog.getByLabel('Subnet mask'), '255.255.0.0');
    await fillField(dialog.getByLabel('Next hop'), '192.168.10.254');
    await dialog.getByRole('button', { name: 'Add route' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('route-rules-table').getByRole('row', { name: /lab/ })).toContainText(
      '10.20.0.0',
    );
    await expectVersionApplied(page, 2);
    await expect
      .poll(() => runningNetwork(fleet, gatewaySn)?.staticRoutes.map((r) => r.destination), {
        timeout: 15_000,
      })
      .toEqual(['10.20.0.0']);
  });

  await test.step('Route table: read from the gateway, with the static route it now runs', async () => {
    await page.goto('/manage/networkconf/router');
    const table = page.getByTestId('route-table');
    const route = table.getByRole('row', { name: /10\.20\.0\.0/ });
    await expect(route).toContainText('192.168.10.254');
    await expect(route).toContainText('Static');
    await expect(table.getByRole('row', { name: /Connected/ }).first()).toBeVisible();
    await expect(table).toContainText(/\d+ routes · read /);
    await snap(page, 'network-route-table');
  });

  await test.step('Port mapping: a rule is added; an overlapping one is refused on the field', async () => {
    await page.goto('/manage/networkconf/port');
    const add = async (m: { name: string; ip: string; external: string; internal: string }) => {
      await page.getByTestId('port-mapping-table-add').click();
      const dialog = page.getByRole('dialog', { name: 'Add port mapping' });
      await expect(dialog).toBeVisible();
      await fillField(dialog.getByLabel('Rule name'), m.name);
      await fillField(dialog.getByLabel('Internal server IP'), m.ip);
      await fillField(dialog.getByLabel('External ports'), m.external);
      await fillField(dialog.getByLabel('Internal ports'), m.internal);
      return dialog;
    };
    const web = await add({ name: 'web', ip: '192.168.10.20', external: '8080;8443', internal: '80;443' });
    await web.getByRole('button', { name: 'Add mapping' }).click();
    await expect(web).toBeHidden();
    await expect(page.getByTestId('port-mapping-table').getByRole('row', { name: /web/ })).toContainText(
      '8080;8443',
    );
    await expectVersionApplied(page, 3);

    const admin = await add({
      name: 'admin',
      ip: '192.168.10.21',
      external: '8440-8450',
      internal: '8440-8450',
    });
    await expect(admin.getByText('External port 8443 is already used by rule "web".')).toBeVisible();
    await snap(page, 'network-port-mapping-overlap');
    await admin.getByRole('button', { name: 'Add mapping' }).click();
    await expect(admin).toBeVisible();
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await expect(admin).toBeHidden();
    await expect
      .poll(() => runningNetwork(fleet, gatewaySn)?.portMappings.map((m) => m.name), { timeout: 15_000 })
      .toEqual(['web']);
  });
});

test('a DHCP pool through “Add DHCP pool” is applied by the gateway; PoE reboot shows its stages', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'dhcp');
  const { projectId, fleet, sns } = await simulatedProject(page, sim, {
    name: 'Lakeside Clinic',
    tag: 'NLDHCP',
    count: 3,
  });
  const [gatewaySn, switchSn] = sns as [string, string, string];
  await openProject(page, 'Lakeside Clinic');

  await test.step('the “Add DHCP pool” dialog adds a pool; the gateway’s status becomes applied', async () => {
    await page.goto('/manage/networkconf/dhcp');
    const table = page.getByTestId('dhcp-table');
    const dialog = page.getByRole('dialog', { name: 'Add DHCP pool' });
    const fillPool = async () => {
      await page.getByTestId('dhcp-table-add').click();
      await expect(dialog).toBeVisible();
      await fillField(dialog.getByLabel('Pool name'), 'office');
      await fillField(dialog.getByLabel('Start address'), '192.168.10.20');
      await fillField(dialog.getByLabel('End address'), '192.168.10.200');
      await fillField(dialog.getByLabel('Primary DNS'), '9.9.9.9');
    };
    // The LAN has its factory pool: a second one on the LAN is refused on the field (733), unsaved.
    await fillPool();
    await dialog.getByRole('button', { name: 'Add pool' }).click();
    await expect(dialog.getByText('The LAN already has DHCP pool "lan_pool".')).toBeVisible();
    await snap(page, 'network-dhcp-add-pool-rule');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await table.getByRole('button', { name: 'Delete pool lan_pool' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('row', { name: /lan_pool/ })).toHaveCount(0);

    await fillPool();
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await snap(page, 'network-dhcp-add-pool');
    await dialog.getByRole('button', { name: 'Add pool' }).click();
    await page.getByRole('button', { name: 'Save and apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row', { name: /office/ })).toContainText('192.168.10.20 – 192.168.10.200');
    await expect
      .poll(async () => (await configStatus(page, projectId)).find((d) => d.sn === gatewaySn)?.status, {
        timeout: 15_000,
      })
      .toBe('applied');
    await expect
      .poll(() => runningNetwork(fleet, gatewaySn)?.dhcpPools.map((p) => p.name), { timeout: 15_000 })
      .toEqual(['office']);
    await page.goto('/manage/devconf');
    await expect(deviceRow(page, gatewaySn).locator('[data-config-status]')).toHaveAttribute(
      'data-config-status',
      'applied',
    );
    await snap(page, 'devices-config-column');
  });

  await test.step('PoE reboot of the access point’s switch port: reboot → rebooting → rebooted', async () => {
    const switchId = await deviceIdOf(page, projectId, switchSn);
    await page.goto(`/manage/devconf/${switchId}/ports`);
    await expect(page.getByTestId('port-panel')).toBeVisible();
    // Every stage the row shows, however briefly (the simulated switch takes about a second).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __poeStages: string[] }).__poeStages = seen;
      const note = (el: Element) => {
        const stage = el.getAttribute('data-stage');
        if (stage && seen.at(-1) !== stage) seen.push(stage);
      };
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.type === 'attributes' && r.target instanceof Element) note(r.target);
          for (const n of r.addedNodes) {
            if (n instanceof Element) for (const el of n.querySelectorAll('[data-stage]')) note(el);
            if (n instanceof Element && n.hasAttribute('data-stage')) note(n);
          }
        }
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-stage'],
      });
    });
    await page.getByRole('button', { name: 'PoE reboot port 1', exact: true }).click();
    await page.getByRole('button', { name: 'Reboot PoE' }).click();
    await expect(page.getByRole('status', { name: 'PoE reboot: Rebooted' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Port 1 rebooted: PoE power is back on.')).toBeVisible();
    const stages = await page.evaluate(() => (window as unknown as { __poeStages: string[] }).__poeStages);
    expect(stages.at(-1)).toBe('rebooted');
    expect(stages[0]).toBe('reboot');
    await snap(page, 'ports-poe-rebooted');
  });
});
