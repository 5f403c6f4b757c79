import { type BridgeConfigView, ERR, errorMessage } from '@netloom/domain';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet } from '../support/api';
import { expectVersionApplied } from '../support/config';
import { openProject } from '../support/devices';
import { fillField } from '../support/pages';
import { expect, test } from '../support/sim';
import { deviceIdOf, type SimulatedProject, simulatedProject } from '../support/wireless';

/**
 * Issue 5 §3, CPE bridges through the real pieces: a simulated point-to-point bridge (seed 36, four
 * units: gateway, switch, the cabled near end in AP mode and the far end in client mode linked to
 * it over the air). The simulated clock runs 10× so the ~2-minute restart of a mode switch takes
 * seconds; everything else (search, saves) is unaffected in what it shows.
 */
const SEED = 36;
const TIME_FACTOR = 10;

interface Bridge extends SimulatedProject {
  nearId: number;
  farId: number;
  nearName: string;
  farName: string;
}

async function bridgeProject(
  page: Page,
  sim: Parameters<typeof simulatedProject>[1],
  name: string,
): Promise<Bridge> {
  const project = await simulatedProject(page, sim, {
    name,
    tag: 'NLCPE',
    count: 4,
    seed: SEED,
    options: { timeFactor: TIME_FACTOR },
  });
  const cpes = project.fleet.devices.filter((d) => d.plan.kind === 'cpe');
  const near = cpes.find((d) => d.plan.uplink?.kind === 'wired');
  const far = cpes.find((d) => d.plan.uplink?.kind === 'wireless');
  if (!near || !far) throw new Error('the plan has no CPE bridge pair');
  const nameOf = (sn: string) => project.names[project.sns.indexOf(sn)] ?? sn;
  return {
    ...project,
    nearId: await deviceIdOf(page, project.projectId, near.sn),
    farId: await deviceIdOf(page, project.projectId, far.sn),
    nearName: nameOf(near.sn),
    farName: nameOf(far.sn),
  };
}

function bridgeView(page: Page, projectId: number, deviceId: number): Promise<BridgeConfigView> {
  return apiGet<BridgeConfigView>(page, `/api/projects/${projectId}/devices/${deviceId}/config/bridge`);
}

/** Opens a device's detail drawer from the device list's URL (the CPE section shows once loaded). */
async function openDevice(page: Page, deviceId: number): Promise<void> {
  await page.goto(`/manage/devconf/${deviceId}`);
  await expect(page.getByTestId('device-detail')).toBeVisible();
  await expect(page.getByTestId('cpe-bridge')).toBeVisible();
}

test('a CPE bridge: status, bridge name and management Wi-Fi applied, Wi-Fi search with and without signal', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'cpe');
  const b = await bridgeProject(page, sim, 'Quarry Link');
  await openProject(page, 'Quarry Link');
  const section = page.getByTestId('cpe-bridge');

  await test.step('the client end shows its bridge to the AP end', async () => {
    await openDevice(page, b.farId);
    await expect(section.getByTestId('cpe-mode')).toHaveText('Client mode');
    const status = section.getByTestId('cpe-bridge-status');
    await expect(status).toHaveAttribute('data-tone', 'connected', { timeout: 20_000 });
    await expect(status).toContainText(`Bridged to ${b.nearName}`);
  });

  await test.step('bridge name and management Wi-Fi are saved and applied by the CPE', async () => {
    const form = section.getByTestId('bridge-settings');
    await fillField(form.getByLabel('Bridge name', { exact: true }), 'Quarry uplink');
    await fillField(form.getByLabel('Management SSID', { exact: true }), 'Quarry-Mgmt');
    await fillField(form.getByLabel('Management password', { exact: true }), 'quarry-pass-42');
    await section.getByTestId('bridge-save').click();
    await expectVersionApplied(section, 1, 20_000);
    const far = b.fleet.device(b.sns[b.names.indexOf(b.farName)] ?? '');
    expect(far?.appliedDocument?.bridge?.bridgeName).toBe('Quarry uplink');
    expect(far?.appliedDocument?.bridge?.mgmtSsid).toBe('Quarry-Mgmt');
    const view = await bridgeView(page, b.projectId, b.farId);
    expect(view.settings.mgmtSsid).toBe('Quarry-Mgmt');
    expect(view.targets.every((t) => t.status === 'applied')).toBe(true);
  });

  await test.step('a Wi-Fi search lists the networks the CPE hears, its AP end first', async () => {
    await section.getByTestId('cpe-search').click();
    const networks = section.getByTestId('cpe-networks');
    await expect(networks).toBeVisible({ timeout: 40_000 });
    const near = b.fleet.device(b.sns[b.names.indexOf(b.nearName)] ?? '');
    await expect(
      networks.getByRole('row', { name: new RegExp(`NL-Bridge-${near?.sn.slice(-4)}`) }),
    ).toBeVisible();
    await snap(page, 'cpe-search-results');
  });

  await test.step('with its source powered off, the search says "no signal" (417)', async () => {
    b.fleet.device(b.sns[b.names.indexOf(b.nearName)] ?? '')?.setCut('power');
    await expect(section.getByTestId('cpe-bridge-status')).not.toHaveAttribute('data-tone', 'connected', {
      timeout: 20_000,
    });
    await section.getByTestId('cpe-search').click();
    const error = section.getByTestId('cpe-search-error');
    await expect(error).toBeVisible({ timeout: 40_000 });
    await expect(error).toContainText(errorMessage(ERR.WIFI_SEARCH_NO_SIGNAL));
    // The list kept from the earlier search is labelled as such.
    await expect(section).toContainText('Earlier search:');
    await snap(page, 'cpe-search-no-signal');
    const res = await page.request.post(`/api/projects/${b.projectId}/devices/${b.farId}/cpe/search`, {
      data: {},
      headers: {
        'X-CSRF-Token': (await page.context().cookies()).find((c) => c.name === 'nl_csrf')?.value ?? '',
      },
    });
    expect(((await res.json()) as { code: number }).code).toBe(ERR.WIFI_SEARCH_NO_SIGNAL);
  });
});

test('switching a CPE from client to AP mode shows progress and it comes back in AP mode', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'cpemode');
  const b = await bridgeProject(page, sim, 'Quarry Switch');
  await openProject(page, 'Quarry Switch');
  await openDevice(page, b.farId);
  const section = page.getByTestId('cpe-bridge');
  await expect(section.getByTestId('cpe-mode')).toHaveText('Client mode');

  await section.getByTestId('cpe-mode-switch').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: 'Switch to AP mode', exact: true })
    .click();
  const progress = section.getByTestId('cpe-mode-progress');
  await expect(progress).toHaveAttribute('data-state', 'running');
  await expect(progress).toContainText('Switching to AP mode');
  await snap(page, 'cpe-mode-switching');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect(progress).toContainText('back online in AP mode');
  await expect(section.getByTestId('cpe-mode')).toHaveText('AP mode');
  expect((await bridgeView(page, b.projectId, b.farId)).status.mode).toBe('ap');
  // In AP mode there is no uplink to search for.
  await expect(section.getByTestId('cpe-search')).toHaveCount(0);
  await snap(page, 'cpe-mode-done');
});
