import { ERR, errorMessage, type SwitchConfigView, type WirelessConfigView } from '@netloom/domain';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet } from '../support/api';
import { expectVersionApplied } from '../support/config';
import { openProject } from '../support/devices';
import { fillField, pageTitle } from '../support/pages';
import { openSelect, selectOptions } from '../support/select';
import { expect, test } from '../support/sim';
import {
  apiPutRaw,
  choosePolicyOption,
  openNewPolicy,
  policyDrawer,
  policyField,
  putPolicies,
  saveConfirmation,
  simulatedProject,
  wirelessView,
} from '../support/wireless';

const PROJECT = 'Harbour Hotel';
const SHOTS = '/tmp/pw-wifi-shots';

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The project's network settings with VLAN 20 "Guest" added (through the API, as the VLAN page saves it). */
async function addGuestVlan(page: Page, projectId: number): Promise<void> {
  const url = `/api/projects/${projectId}/config/network`;
  const net = await apiGet<{ version: number; settings: Record<string, unknown> }>(page, url);
  const vlans = [{ id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false }];
  const saved = await apiPutRaw(page, url, {
    baseVersion: net.version,
    settings: { ...net.settings, vlans },
  });
  expect(saved.code).toBe(0);
}

/**
 * Issue 10 points 3, 4 and 12 in the browser, with a simulated hotel floor (a gateway, a switch, seven
 * APs — one tri-band — wired to the switch): the first Wi-Fi policy asks "Save and apply?" and shows
 * the factory SSIDs the APs broadcast now with their clients and what the policy replaces; the VLAN
 * is a pick from the project's VLANs; a VLAN the APs' switch ports do not carry is warned about,
 * and one click tags it on those ports; 6 GHz with WPA2 is refused inline.
 */
test('a first Wi-Fi policy confirms what it replaces; its VLAN is picked, carried to the APs in one click; 6 GHz needs WPA3', async ({
  page,
  mailbox,
  sim,
}) => {
  let projectId = 0;

  const view: WirelessConfigView =
    await test.step('a hotel floor online, its APs reporting their factory networks', async () => {
      await newSignedInAccount(page, mailbox, 'wifisafe');
      const project = await simulatedProject(page, sim, { name: PROJECT, tag: 'NLSAFE', count: 10 });
      projectId = project.projectId;
      await addGuestVlan(page, projectId);
      // Every AP has said what it broadcasts, with clients on its networks.
      await expect
        .poll(
          async () => {
            const v = await wirelessView(page, projectId);
            const reported = v.devices.filter((d) => d.radios?.some((r) => (r.ssids?.length ?? 0) > 0));
            return reported.length === v.devices.length && v.devices.length > 0 ? v : null;
          },
          { timeout: 30_000 },
        )
        .not.toBeNull();
      await openProject(page, PROJECT);
      await page.goto('/manage/wirelessconf');
      await expect(pageTitle(page, 'Wireless')).toBeVisible();
      return wirelessView(page, projectId);
    });
  const factory = [
    ...new Set(
      view.devices.flatMap((d) => (d.radios ?? []).flatMap((r) => (r.ssids ?? []).map((s) => s.ssid))),
    ),
  ];
  const apCount = view.devices.length;
  expect(factory.length).toBeGreaterThan(1);

  await test.step('6 GHz with WPA2-PSK is refused inline; WPA3-SAE is accepted', async () => {
    await openNewPolicy(page, { name: 'Guest', ssid: 'Harbour-Guest', password: 'welcome-aboard' });
    await policyDrawer(page).getByRole('checkbox', { name: '6 GHz' }).check();
    const message = policyDrawer(page).getByText(/6 GHz \(Wi-Fi 6E\) allows only WPA3-SAE/);
    await expect(message).toBeVisible();
    await expect(policyField(page, 'Max clients (6 GHz)')).toBeVisible();
    await shot(page, 'wifi-6ghz-wpa2');
    await choosePolicyOption(page, 'Security mode', 'WPA3-SAE');
    await expect(message).toBeHidden();
  });

  await test.step("the VLAN is a pick from the project's VLANs, and the drawer warns it misses the APs' ports", async () => {
    const dropdown = await openSelect(page, policyField(page, 'VLAN'));
    await expect(selectOptions(dropdown)).toHaveText(['Untagged (LAN)', 'VLAN 20 · Guest']);
    await selectOptions(dropdown).filter({ hasText: 'VLAN 20 · Guest' }).click();
    await expect(dropdown).toBeHidden();
    await expect(policyDrawer(page).getByTestId('policy-vlan-warning')).toContainText(
      /Switch-01 ports .* do not tag VLAN 20/,
    );
    await shot(page, 'wifi-vlan-pick');
  });

  await test.step('saving asks "Save and apply?" with the factory SSIDs, their clients and what is replaced', async () => {
    await policyDrawer(page).getByTestId('policy-save').click();
    const confirm = saveConfirmation(page);
    await expect(confirm).toBeVisible();
    const now = confirm.getByTestId('wireless-impact-now');
    for (const ssid of factory)
      await expect(now.getByRole('row', { name: new RegExp(`^${ssid} `) })).toBeVisible();
    // The headline counts the APs and the clients on the networks it replaces (every factory one).
    const clientCells = await now.locator('tbody tr td:last-child').allTextContents();
    const clients = clientCells.reduce((n, t) => n + Number(t), 0);
    expect(clients).toBeGreaterThan(0);
    const headline = confirm.getByTestId('wireless-impact-headline');
    await expect(headline).toContainText(`on ${apCount} APs — ${clients} clients will reconnect`);
    for (const ssid of factory) await expect(headline).toContainText(ssid);
    await expect(confirm.getByTestId('wireless-impact-changes')).toContainText('AddedHarbour-Guest');
    await shot(page, 'wifi-save-confirmation');
    await confirm.getByRole('button', { name: 'Save and apply' }).click();
    await expect(policyDrawer(page)).toBeHidden();
    await expect(page.getByTestId('policy-table').getByRole('row', { name: /Harbour-Guest/ })).toContainText(
      'VLAN 20 · Guest',
    );
    await expectVersionApplied(page, 1, 30_000);
  });

  await test.step('the page warns which APs and switch ports miss VLAN 20; one click tags it and the warning goes', async () => {
    const warning = page.getByTestId('wireless-vlan-warning');
    await expect(warning).toContainText('VLAN 20 · Guest does not reach all the APs');
    await expect(warning).toContainText(/Switch-01 ports [\w, ]+ do not carry VLAN 20 \(Guest\) to AP-01/);
    await shot(page, 'wifi-vlan-warning');
    await warning.getByTestId('wireless-vlan-fix').click();
    await expect(page.getByText('VLANs tagged on the uplink ports')).toBeVisible();
    await expect(warning).toBeHidden();
    // The switch's saved ports carry it now, tagged on every port an AP hangs off.
    const after = await wirelessView(page, projectId);
    const sw = after.switches?.[0];
    if (!sw) throw new Error('no switch in the view');
    const apPorts = after.devices.flatMap((d) =>
      d.uplink?.sn === sw.sn && d.uplink.port !== null ? [d.uplink.port] : [],
    );
    expect(apPorts.length).toBeGreaterThan(0);
    const ports = (
      await apiGet<SwitchConfigView>(
        page,
        `/api/projects/${projectId}/devices/${sw.deviceId}/config/switching`,
      )
    ).settings.ports;
    for (const id of apPorts) expect(ports.find((p) => p.id === id)?.tagged).toContain(20);
    await shot(page, 'wifi-vlan-fixed');
  });

  await test.step("the API refuses a VLAN outside the project's (1108) and outside 1–4094 (1127)", async () => {
    const guest = (await wirelessView(page, projectId)).settings.policies[0];
    if (!guest) throw new Error('no policy saved');
    for (const [vlanId, code] of [
      [40, ERR.VLAN_NOT_FOUND],
      [4095, ERR.VLAN_POLICY_ID_OUT_OF_RANGE],
    ] as const) {
      const answer = await putPolicies(page, projectId, [{ ...guest, vlanId }]);
      expect(answer.code, `VLAN ${vlanId}`).toBe(code);
      expect(answer.message).toBe(errorMessage(code));
    }
  });

  await test.step('the RF page and the tri-band AP radio settings carry 6 GHz', async () => {
    const tri = view.devices.find((d) => d.bands.includes('6G'));
    if (!tri) throw new Error('no tri-band AP in the project');
    const radio = await apiGet<{ settings: { radios: { band: string }[] } }>(
      page,
      `/api/projects/${projectId}/devices/${tri.id}/config/radio`,
    );
    expect(radio.settings.radios.map((r) => r.band)).toContain('6G');
    await page.goto('/manage/rfconf');
    await expect(pageTitle(page, 'RF optimization')).toBeVisible();
    await expect(page.getByText('undefined')).toHaveCount(0);
    await shot(page, 'wifi-rf-page');
    await page.goto('/manage/wirelessconf');
    await expect(pageTitle(page, 'Wireless')).toBeVisible();
  });

  await test.step('editing the policy asks again, now with its own network broadcast', async () => {
    await page.getByRole('button', { name: 'Edit Guest' }).click();
    await fillField(policyField(page, 'SSID'), 'Harbour-Guest-2');
    await policyDrawer(page).getByTestId('policy-save').click();
    const confirm = saveConfirmation(page);
    await expect(confirm.getByTestId('wireless-impact-now')).toContainText('Harbour-Guest');
    await confirm.getByRole('button', { name: 'Not now' }).click();
    await expect(confirm).toBeHidden();
    await expect(policyDrawer(page)).toBeVisible();
  });
});
