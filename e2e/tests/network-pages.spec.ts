import type { Fleet } from '@netloom/sim';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet } from '../support/api';
import { deviceRow, openProject } from '../support/devices';
import { expect, test } from '../support/sim';
import { deviceIdOf, simulatedProject } from '../support/wireless';

/**
 * The gateway's network pages one by one (issue 4 §2), each through the real pieces (browser → API
 * → database → MQTT → simulated gateway): what the page saves is what the device runs.
 */

interface TargetStatus {
  deviceId: number;
  sn: string;
  status: 'applied' | 'pending' | 'failed';
}

async function configStatus(page: Page, projectId: number): Promise<TargetStatus[]> {
  return (await apiGet<{ devices: TargetStatus[] }>(page, `/api/projects/${projectId}/config/status`))
    .devices;
}

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
  test.setTimeout(90_000);
  await newSignedInAccount(page, mailbox, 'netpages');
  const { fleet, sns } = await simulatedProject(page, sim, {
    name: 'Riverside Shop',
    tag: 'NLPAGE',
    count: 1,
  });
  const [gatewaySn] = sns as [string];
  await openProject(page, 'Riverside Shop');
  const delivery = page.getByTestId('config-delivery');

  await test.step('Internet: WAN2 gets a static address with DNS', async () => {
    await page.goto('/manage/networkconf/netset');
    const card = page.getByTestId('wan-card-2');
    await card.getByLabel('Use for internet').click();
    await card.getByText('Static IP', { exact: true }).click();
    await card.getByLabel('IP address').fill('203.0.113.10');
    await card.getByLabel('Subnet mask').fill('255.255.255.0');
    await card.getByLabel('Default gateway').fill('203.0.113.10');
    // The §5 rule shows on the field while typing, before any save.
    await expect(card.getByText('The WAN gateway must differ from the WAN IP address.')).toBeVisible();
    await card.getByLabel('Default gateway').fill('203.0.113.1');
    await expect(card.getByText('The WAN gateway must differ from the WAN IP address.')).toBeHidden();
    await card.getByLabel('Primary DNS').fill('1.1.1.1');
    await card.getByLabel('Secondary DNS').fill('8.8.8.8');
    await page.getByTestId('internet-save').click();
    await page.getByRole('button', { name: 'Save and apply' }).click();
    await expect(page.getByTestId('internet-dirty')).toHaveText('No unsaved changes.');
    await expect(delivery).toHaveAttribute('data-tone', 'applied', { timeout: 15_000 });
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
    await dialog.getByLabel('Rule name').fill('lab');
    await dialog.getByLabel('Destination network').fill('127.0.0.0');
    await expect(
      dialog.getByText('Destination network must start with a number from 1 to 223, other than 127.'),
    ).toBeVisible();
    await snap(page, 'network-static-route-rule');
    await dialog.getByLabel('Destination network').fill('10.20.0.0');
    await dialog.getByLabel('Subnet mask').fill('255.255.0.0');
    await dialog.getByLabel('Next hop').fill('192.168.10.254');
    await dialog.getByRole('button', { name: 'Add route' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('route-rules-table').getByRole('row', { name: /lab/ })).toContainText(
      '10.20.0.0',
    );
    await expect(delivery).toHaveAttribute('data-tone', 'applied', { timeout: 15_000 });
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
      await dialog.getByLabel('Rule name').fill(m.name);
      await dialog.getByLabel('Internal server IP').fill(m.ip);
      await dialog.getByLabel('External ports').fill(m.external);
      await dialog.getByLabel('Internal ports').fill(m.internal);
      return dialog;
    };
    const web = await add({ name: 'web', ip: '192.168.10.20', external: '8080;8443', internal: '80;443' });
    await web.getByRole('button', { name: 'Add mapping' }).click();
    await expect(web).toBeHidden();
    await expect(page.getByTestId('port-mapping-table').getByRole('row', { name: /web/ })).toContainText(
      '8080;8443',
    );
    await expect(delivery).toHaveAttribute('data-tone', 'applied', { timeout: 15_000 });

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
  test.setTimeout(90_000);
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
      await dialog.getByLabel('Pool name').fill('office');
      await dialog.getByLabel('Start address').fill('192.168.10.20');
      await dialog.getByLabel('End address').fill('192.168.10.200');
      await dialog.getByLabel('Primary DNS').fill('9.9.9.9');
    };
    // The LAN has its factory pool: a second one on the LAN is refused on the field (733), unsaved.
    await fillPool();
    await dialog.getByRole('button', { name: 'Add pool' }).click();
    await expect(dialog.getByText('The LAN already has DHCP pool "lan_pool".')).toBeVisible();
    await snap(page, 'network-dhcp-add-pool-rule');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await table.getByRole('button', { name: 'Delete pool lan_pool' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete', exact: true }).click();
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
