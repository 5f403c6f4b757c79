import type { ClientList } from '@netloom/domain';
import { newSignedInAccount } from '../support/accounts';
import { apiGet } from '../support/api';
import { expectVersionApplied } from '../support/config';
import { openProject } from '../support/devices';
import { fillField, pageTitle } from '../support/pages';
import { expect, test } from '../support/sim';
import {
  openNewPolicy,
  pickPolicyDevices,
  policyDrawer,
  savePolicy,
  simulatedProject,
  wirelessView,
} from '../support/wireless';

const SSID = 'Boardroom-WiFi';

/**
 * Issue 5 §1, delivery to specified devices: a policy for two of the three APs of a simulated
 * office (seed 3, six units) is delivered; only those two broadcast the SSID, the third keeps
 * nothing of it, and the client list shows clients on the SSID at the two chosen APs only.
 */
test('a policy for two chosen APs: only those broadcast its SSID and serve its clients', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'wsel');
  const project = await simulatedProject(page, sim, { name: 'Boardroom Wing', tag: 'NLWS', count: 6 });
  const { projectId, fleet } = project;
  const aps = fleet.devices.filter((d) => d.plan.kind === 'ap');
  expect(aps).toHaveLength(3);
  const nameOf = (sn: string) => project.names[project.sns.indexOf(sn)] ?? sn;
  const [first, second, third] = aps;
  if (!first || !second || !third) throw new Error('three APs expected');
  const chosen = [first, third];
  await openProject(page, 'Boardroom Wing');

  await test.step('the policy picks two APs in the form and is applied', async () => {
    await page.goto('/manage/wirelessconf');
    await expect(pageTitle(page, 'Wireless')).toBeVisible();
    await openNewPolicy(page, { name: 'Boardroom', ssid: SSID });
    await pickPolicyDevices(
      page,
      chosen.map((ap) => nameOf(ap.sn)),
    );
    await snap(page, 'wireless-specified-devices');
    await savePolicy(page);
    await expect(policyDrawer(page)).toBeHidden({ timeout: 15_000 });
    const row = page.getByTestId('policy-table').getByRole('row', { name: new RegExp(SSID) });
    await expect(row).toBeVisible();
    await expectVersionApplied(page, 1, 30_000);
    const saved = (await wirelessView(page, projectId)).settings.policies[0];
    expect(saved?.scope).toBe('devices');
    expect(saved?.deviceIds).toHaveLength(2);
  });

  await test.step('the two chosen APs broadcast the SSID, the third does not', async () => {
    const ssidsOf = (ap: typeof first) => (ap.appliedDocument?.wireless?.ssids ?? []).map((s) => s.ssid);
    await expect.poll(() => chosen.every((ap) => ssidsOf(ap).includes(SSID)), { timeout: 20_000 }).toBe(true);
    expect(ssidsOf(second)).not.toContain(SSID);
  });

  await test.step('the client list shows clients on the SSID at the chosen APs only', async () => {
    await expect
      .poll(
        async () =>
          (await apiGet<ClientList>(page, `/api/projects/${projectId}/clients?ssid=${SSID}`)).items.length,
        { timeout: 45_000 },
      )
      .toBeGreaterThan(0);
    const clients = await apiGet<ClientList>(page, `/api/projects/${projectId}/clients?ssid=${SSID}`);
    const at = new Set(clients.items.map((c) => c.device.sn));
    expect([...at].every((sn) => chosen.some((ap) => ap.sn === sn))).toBe(true);
    await page.goto('/manage/onlinelist');
    await fillField(page.getByPlaceholder('Search name, MAC, IP or SSID'), SSID);
    const rows = page.getByRole('row', { name: new RegExp(SSID) });
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('row', { name: new RegExp(nameOf(second.sn)) })).toHaveCount(0);
    await snap(page, 'wireless-specified-clients');
  });
});
