import {
  ERR,
  GENERAL_MESSAGES,
  type RadioConfigView,
  type RfConfigView,
  type RfView,
  TX_POWER_MAX,
  TX_POWER_MIN,
} from '@netloom/domain';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, createProject } from '../support/api';
import { expectVersionApplied } from '../support/config';
import { openProject } from '../support/devices';
import { fillField } from '../support/pages';
import { openSelect, pickOption, selectOptions } from '../support/select';
import { expect, test } from '../support/sim';
import { apiPostRaw, apiPutRaw, deviceIdOf, simulatedProject } from '../support/wireless';

/**
 * Issue 5 §2, the RF optimisation page and the per-AP radios through the real pieces: a simulated
 * office of a gateway, a switch and two APs (seed 3, four units). Settings and roaming are saved,
 * persist and reach the APs; an AP's channel and power are set in its detail and the simulated AP
 * runs them; while a run is under way nothing can change (27); fewer than 2 online APs block a run.
 */

function rfConfig(page: Page, projectId: number): Promise<RfConfigView> {
  return apiGet<RfConfigView>(page, `/api/projects/${projectId}/config/rf`);
}

async function rfPage(page: Page): Promise<void> {
  await page.goto('/manage/rfconf');
  await expect(page.getByTestId('rf-settings')).toBeVisible();
}

test('RF settings and roaming are saved, persist and reach the APs', async ({ page, mailbox, sim, snap }) => {
  await newSignedInAccount(page, mailbox, 'rfset');
  const { projectId, fleet } = await simulatedProject(page, sim, { name: 'Atrium', tag: 'NLRS', count: 4 });
  const aps = fleet.devices.filter((d) => d.plan.kind === 'ap');
  expect(aps).toHaveLength(2);
  await openProject(page, 'Atrium');
  await rfPage(page);

  await test.step('automatic schedule, DFS and access threshold; roaming tuner', async () => {
    await page.getByTestId('rf-auto').click();
    await expect(page.getByTestId('rf-auto')).toBeChecked();
    const sunday = page.getByRole('button', { name: 'Sunday', exact: true });
    await sunday.click();
    await expect(sunday).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('rf-dfs').click();
    await expect(page.getByTestId('rf-dfs')).not.toBeChecked();
    await fillField(page.getByTestId('rf-access-threshold'), '-75');
    await page.getByTestId('rf-roaming-enabled').click();
    await fillField(page.getByTestId('rf-roam24'), '-70');
    await fillField(page.getByTestId('rf-roam5'), '-68');
    await fillField(page.getByTestId('rf-roam-threshold'), '10');
    await expect(page.getByTestId('rf-dirty')).toContainText('unsaved changes');
    await snap(page, 'rf-settings-edited');
    await page.getByTestId('rf-save').click();
    await expect(page.getByTestId('rf-dirty')).toHaveText('No unsaved changes.');
  });

  await test.step('the settings are kept (API and after a reload)', async () => {
    const saved = await rfConfig(page, projectId);
    expect(saved.version).toBe(1);
    expect(saved.settings).toMatchObject({
      auto: true,
      autoDays: [0, 1, 2, 3, 4, 5],
      useDfs: false,
      accessThreshold: -75,
      roaming: { enabled: true, signalThreshold24: -70, signalThreshold5: -68, roamThreshold: 10 },
    });
    await page.reload();
    await expect(page.getByTestId('rf-auto')).toBeChecked();
    await expect(page.getByTestId('rf-dfs')).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Sunday', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.getByTestId('rf-access-threshold')).toHaveValue('-75');
    await expect(page.getByTestId('rf-roam24')).toHaveValue('-70');
    await expect(page.getByTestId('rf-roam-threshold')).toHaveValue('10');
  });

  await test.step('the APs apply the access threshold and roaming thresholds', async () => {
    await expectVersionApplied(page, 1, 20_000);
    for (const ap of aps) {
      await expect
        .poll(() => ap.appliedDocument?.roaming, { timeout: 15_000 })
        .toMatchObject({
          accessThreshold: -75,
          enabled: true,
          signalThreshold24: -70,
          signalThreshold5: -68,
          roamThreshold: 10,
        });
    }
    await snap(page, 'rf-settings-applied');
  });
});

test("an AP's radios set in its detail are applied by the AP; power stays within 8–29 dBm", async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'rfradio');
  const { projectId, fleet } = await simulatedProject(page, sim, { name: 'Gallery', tag: 'NLRR', count: 4 });
  const ap = fleet.devices.find((d) => d.plan.kind === 'ap' && d.hardware.radio('2.4G'));
  if (!ap) throw new Error('no 2.4 GHz AP in the plan');
  const apId = await deviceIdOf(page, projectId, ap.sn);
  await openProject(page, 'Gallery');
  await page.goto(`/manage/devconf/${apId}`);
  const panel = page.getByTestId('radio-settings');
  await expect(panel).toBeVisible();
  const max = ap.model.radios.find((r) => r.band === '2.4G')?.maxTxPowerDbm ?? TX_POWER_MAX;

  await test.step('the power choices run from the model maximum down to 8 dBm', async () => {
    const dropdown = await openSelect(page, panel.getByLabel('2.4 GHz transmit power'));
    const options = selectOptions(dropdown);
    await expect(options.first()).toHaveText('Auto');
    await expect(options.nth(1)).toHaveText(`${Math.min(max, TX_POWER_MAX)} dBm`);
    await page.keyboard.press('Escape');
    await expect(dropdown).toBeHidden();
  });

  await test.step('channel 6 at 12 dBm is saved and the simulated AP runs it', async () => {
    await pickOption(page, panel.getByLabel('2.4 GHz channel', { exact: true }), '6');
    await pickOption(page, panel.getByLabel('2.4 GHz transmit power'), '12 dBm');
    await page.getByTestId('radio-save').click();
    await expectVersionApplied(panel, 1, 20_000);
    await expect.poll(() => ap.hardware.radio('2.4G')?.channel, { timeout: 15_000 }).toBe(6);
    expect(ap.hardware.radio('2.4G')?.txPower).toBe(12);
    await expect(panel).toContainText('ch 6', { timeout: 15_000 });
    await snap(page, 'rf-device-radios');
  });

  await test.step('the API refuses a power outside 8–29 dBm', async () => {
    const path = `/api/projects/${projectId}/devices/${apId}/config/radio`;
    const view = await apiGet<RadioConfigView>(page, path);
    for (const txPower of [TX_POWER_MIN - 1, TX_POWER_MAX + 1]) {
      const radios = view.settings.radios.map((r) => (r.band === '2.4G' ? { ...r, txPower } : r));
      const answer = await apiPutRaw(page, path, { baseVersion: view.version, settings: { radios } });
      expect(answer.code, `${txPower} dBm`).toBe(ERR.INVALID_PARAMETERS);
    }
  });
});

test('nothing changes while an RF run is under way (27); fewer than 2 online APs block a run', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'rflock');
  const { projectId, fleet } = await simulatedProject(page, sim, { name: 'Cloister', tag: 'NLRL', count: 4 });
  const aps = fleet.devices.filter((d) => d.plan.kind === 'ap');
  const apId = await deviceIdOf(page, projectId, aps[0]?.sn ?? '');
  await openProject(page, 'Cloister');
  await rfPage(page);
  await expect(page.getByTestId('rf-online')).toContainText('2');

  await test.step('a run starts; settings are locked in the page and refused by the API', async () => {
    await page.getByTestId('rf-start').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Optimize now' }).click();
    await expect(page.getByTestId('rf-progress')).toBeVisible();
    // One AP drops off mid-scan, so the run waits for its answer (the scan timeout) and stays under way.
    aps[1]?.setCut('link');
    // A run started by hand is not called "automatic"; the API still answers with code 27.
    await expect(page.getByTestId('rf-locked')).toContainText(
      'RF optimisation is running. Wait until it ends before changing settings.',
    );
    await expect(page.getByTestId('rf-locked')).not.toContainText('Automatic');
    await expect(page.getByTestId('rf-auto')).toBeDisabled();
    await expect(page.getByTestId('rf-access-threshold')).toBeDisabled();
    await expect(page.getByTestId('rf-start')).toBeDisabled();
    await snap(page, 'rf-locked');
    const rf = await rfConfig(page, projectId);
    expect(rf.running).toBe(true);
    const refusedRf = await apiPutRaw(page, `/api/projects/${projectId}/config/rf`, {
      baseVersion: rf.version,
      settings: { ...rf.settings, accessThreshold: -70 },
    });
    expect(refusedRf.code).toBe(ERR.RF_AUTO_OPTIMIZATION_RUNNING);
    const radioPath = `/api/projects/${projectId}/devices/${apId}/config/radio`;
    const radio = await apiGet<RadioConfigView>(page, radioPath);
    const refusedRadio = await apiPutRaw(page, radioPath, {
      baseVersion: radio.version,
      settings: radio.settings,
    });
    expect(refusedRadio.code).toBe(ERR.RF_AUTO_OPTIMIZATION_RUNNING);
    const second = await apiPostRaw(page, `/api/projects/${projectId}/rf/runs`, {});
    expect(second.code).toBe(ERR.RF_AUTO_OPTIMIZATION_RUNNING);
  });

  await test.step('with one AP online, the run ends and a new one is blocked (2104)', async () => {
    await expect(page.getByTestId('rf-progress')).toHaveCount(0, { timeout: 45_000 });
    await expect(page.getByTestId('rf-locked')).toHaveCount(0);
    const tooFew = page.getByTestId('rf-too-few');
    await expect(tooFew).toBeVisible({ timeout: 20_000 });
    await expect(tooFew).toContainText(GENERAL_MESSAGES.RF_TOO_FEW_ONLINE);
    await expect(page.getByTestId('rf-start')).toBeDisabled();
    await snap(page, 'rf-too-few');
    const refused = await apiPostRaw(page, `/api/projects/${projectId}/rf/runs`, {});
    expect(refused.code).toBe(ERR.RF_TOO_FEW_ONLINE_DEVICES);
    expect((await apiGet<RfView>(page, `/api/projects/${projectId}/rf`)).onlineAps).toBe(1);
  });
});

/**
 * RF optimisation is for WLAN projects (§2 menu table). In a mesh project the menu has no entry and
 * the address itself explains why (the route guard answers before the page's own `rf-mesh` state).
 */
test('a mesh project has no RF optimisation: no menu entry, the page says why, the API refuses a run', async ({
  page,
  mailbox,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'rfmesh');
  const projectId = await createProject(page, { name: 'Meadow Mesh', netMode: 1, scenario: 'home' });
  await openProject(page, 'Meadow Mesh');
  await expect(page.getByRole('menuitem', { name: 'Device maintenance' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'RF optimization' })).toHaveCount(0);
  await page.goto('/manage/rfconf');
  await expect(page.getByText('RF optimization is not available here', { exact: true })).toBeVisible();
  await expect(page.getByText(/available in traditional WLAN projects only/)).toBeVisible();
  await expect(page.getByTestId('rf-start')).toHaveCount(0);
  await snap(page, 'rf-mesh');
  const refused = await apiPostRaw(page, `/api/projects/${projectId}/rf/runs`, {});
  expect(refused.code).toBe(ERR.DEVICE_OPERATION_UNSUPPORTED);
});
