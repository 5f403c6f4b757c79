import type { NetworkConfigView } from '@netloom/domain';
import { planFleet } from '@netloom/sim';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, apiPut, createProject } from '../support/api';
import { addDevicesByApi } from '../support/deviceList';
import { openProject } from '../support/devices';
import { expect, serialNumbers, test } from '../support/sim';

/**
 * One router per project (§8 67): a second routing device added by SN before it first connected is
 * found at its hello. It raises an alarm in words a person reads (no internal code or type token),
 * receives none of the network settings, and the network pages name it with what to do.
 */
test('a second router found at its first hello: a plain alarm, no network document, the page says what to do', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'router2');
  const projectId = await createProject(page, { name: 'Pier Office', netMode: 0, scenario: 'enterprise' });
  // The tour network has several gateways: its first one, the core switch and a second gateway are
  // added by SN before any of them connects, so the server learns the second one's kind late.
  const sns = serialNumbers(40, 'RT2');
  const plan = planFleet({ seed: 3, sns, site: 'tour' }).devices;
  const [gateway, core] = plan;
  const second = plan.find((d) => d.index > 1 && d.kind === 'v7' && d.uplink?.parent === 1);
  if (!gateway || !core || !second)
    throw new Error('the tour plan has no second gateway under its core switch');
  await addDevicesByApi(page, projectId, [
    { sn: gateway.sn, name: 'Gateway-01' },
    { sn: core.sn, name: 'Core-Switch' },
    { sn: second.sn, name: 'Gateway-02' },
  ]);
  const fleet = sim.start(
    plan.slice(0, second.index + 1).map((d) => d.sn),
    { site: 'tour' },
  );
  await openProject(page, 'Pier Office');

  await test.step('the alarm reads as words: the rule, the device kind and model, what to do', async () => {
    await page.goto('/manage/alarminfo');
    const row = page.getByTestId('alarm-row').filter({ hasText: 'A project can contain only one gateway.' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(
      `A project can contain only one gateway. This gateway (${second.model.model}) was added before it first connected.`,
    );
    await expect(row).not.toContainText(/code \d|\bv7\b/);
  });

  await test.step('the VLAN page names the second router; it receives no network settings', async () => {
    await page.goto('/manage/networkconf/vlan');
    const alert = page.getByTestId('network-second-routers');
    await expect(alert).toContainText('Gateway-02');
    await expect(alert).toContainText(
      'is a second router in this project and receives none of these settings',
    );
    await snap(page, 'network-second-router');
    // A VLAN saved: the first gateway runs it; the second never gets a document it would refuse.
    const path = `/api/projects/${projectId}/config/network`;
    const view = await apiGet<NetworkConfigView>(page, path);
    expect(view.gateway?.name).toBe('Gateway-01');
    const settings = structuredClone(view.settings);
    settings.vlans.push({ id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false });
    await apiPut(page, path, { baseVersion: view.version, settings });
    await expect
      .poll(() => fleet.device(gateway.sn)?.appliedDocument?.network?.vlans.map((v) => v.id), {
        timeout: 15_000,
      })
      .toEqual([20]);
    // Delivered to the gateway and the switch only, both applied: nothing failed, nothing pending.
    await expect
      .poll(async () =>
        (await apiGet<NetworkConfigView>(page, path)).targets.map((t) => `${t.name} ${t.status}`).sort(),
      )
      .toEqual(['Core-Switch applied', 'Gateway-01 applied']);
    expect(fleet.device(second.sn)?.appliedDocument?.network).toBeUndefined();
    await alert.getByRole('button', { name: 'Open Gateway-02' }).click();
    await expect(page.getByTestId('device-detail')).toContainText('Gateway-02');
  });
});
