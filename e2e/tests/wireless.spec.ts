import { errorMessage } from '@netloom/domain';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, apiPost, createProject } from '../support/api';
import { expectVersionApplied } from '../support/config';
import { openProject } from '../support/devices';
import { fillField, pageTitle } from '../support/pages';
import { connectedClientMacs, expect, plannedNames, serialNumbers, test } from '../support/sim';
import { choosePolicyOption, savePolicy } from '../support/wireless';

const PROJECT = 'Riverside Studio';
const SSID = 'Netloom-Staff';

/** The policy drawer's field by its label. */
function field(page: Page, label: string) {
  return page.getByTestId('policy-drawer').getByLabel(label, { exact: true });
}

/**
 * Issue 5 acceptance, Wi-Fi policies through the real pieces: a WPA3-SAE/WPA2-PSK policy with a
 * shutdown schedule is created in the form (its §5 rules speak before submit), delivered to every
 * AP of a simulated office, and the simulator's clients associate with the new SSID — the client
 * list shows them on it.
 */
test('a WPA2/WPA3 policy with a schedule reaches the APs and clients join its SSID', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  const sns = serialNumbers(8, 'NLWIFI');
  const names = plannedNames(sns);
  let projectId = 0;

  const fleet = await test.step('an office with a gateway, a switch and APs online', async () => {
    await newSignedInAccount(page, mailbox, 'wifi');
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
    await openProject(page, PROJECT);
    return started;
  });
  const aps = fleet.devices.filter((d) => ['ap', 'wrouter'].includes(d.plan.kind));
  expect(aps.length).toBeGreaterThanOrEqual(2);

  await test.step('the form refuses broken rules before submit', async () => {
    await page.goto('/manage/wirelessconf');
    await expect(pageTitle(page, 'Wireless')).toBeVisible();
    await page.getByRole('button', { name: 'Add policy' }).first().click();
    await expect(page.getByTestId('policy-drawer')).toBeVisible();
    // Reserved policy names (72), a short password, an overlapping schedule.
    await fillField(field(page, 'Policy name'), 'app_default_0');
    await fillField(field(page, 'SSID'), SSID);
    await fillField(field(page, 'Wi-Fi password'), 'short');
    await fillField(field(page, 'Wi-Fi off during'), '00:00-06:00\n05:00-07:00');
    await page.getByTestId('policy-save').click();
    const drawer = page.getByTestId('policy-drawer');
    await expect(drawer.getByText(/reserved/i).first()).toBeVisible();
    await expect(drawer.getByText(/8–63|at least 8/).first()).toBeVisible();
    await expect(drawer.getByText(/overlap/i).first()).toBeVisible();
    await snap(page, 'wireless-policy-errors');
    // Nothing was sent: the project still has no policy.
    const view = await apiGet<{ version: number }>(page, `/api/projects/${projectId}/config/wireless`);
    expect(view.version).toBe(0);
  });

  await test.step('a WPA3-SAE/WPA2-PSK policy with a night-time shutdown is saved and applied', async () => {
    await fillField(field(page, 'Policy name'), 'Staff');
    await fillField(field(page, 'Wi-Fi password'), 'correct-horse-42');
    await fillField(field(page, 'Wi-Fi off during'), '00:00-06:00');
    await choosePolicyOption(page, 'Security mode', 'WPA3-SAE/WPA2-PSK');
    await savePolicy(page);
    await expect(page.getByTestId('policy-drawer')).toBeHidden({ timeout: 15_000 });
    await expect(page.getByTestId('policy-table').getByRole('row', { name: new RegExp(SSID) })).toBeVisible();
    await expectVersionApplied(page, 1, 30_000);
    await snap(page, 'wireless-policy-applied');
  });

  await test.step('the simulated clients join the new SSID and the client list shows it', async () => {
    await expect
      .poll(() => aps.flatMap((d) => [...d.clients()]).filter((c) => c.ssid?.ssid === SSID).length, {
        timeout: 45_000,
      })
      .toBeGreaterThan(0);
    expect(connectedClientMacs(fleet).length).toBeGreaterThan(0);
    await page.goto('/manage/onlinelist');
    await fillField(page.getByPlaceholder('Search name, MAC, IP or SSID'), SSID);
    await expect(page.getByRole('row', { name: new RegExp(SSID) }).first()).toBeVisible({ timeout: 45_000 });
    // The search is answered by the server after a pause in typing: until then the unfiltered list,
    // wired clients included, is on screen. Once it is, every row is a client of the SSID.
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.filter({ hasNotText: SSID })).toHaveCount(0);
    await expect(rows.filter({ hasText: SSID }).first()).toBeVisible();
    await snap(page, 'wireless-clients');
  });

  await test.step('the API refuses what the form refused, with the catalogue codes', async () => {
    const view = await apiGet<{ version: number; settings: { policies: Record<string, unknown>[] } }>(
      page,
      `/api/projects/${projectId}/config/wireless`,
    );
    const csrf = (await page.context().cookies()).find((c) => c.name === 'nl_csrf')?.value ?? '';
    const put = async (policy: Record<string, unknown>) => {
      const res = await page.request.put(`/api/projects/${projectId}/config/wireless`, {
        data: { baseVersion: view.version, settings: { policies: [policy] } },
        headers: { 'X-CSRF-Token': csrf },
      });
      return (await res.json()) as { code: number; message: string };
    };
    const staff = view.settings.policies[0] as Record<string, unknown>;
    const reserved = await put({ ...staff, name: 'app_default_1' });
    expect(reserved.code).toBe(72);
    expect(reserved.message).toBe(errorMessage(72));
    const tooMany = await put({ ...staff, maxClients: { '2.4G': 129, '5G': 64 } });
    expect(tooMany.code).toBe(91);
    const sameNames = await put({ ...staff, ssid5: SSID });
    expect(sameNames.code).toBe(92);
  });
});
