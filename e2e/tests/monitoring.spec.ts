import { TIME_RANGE_KEYS, TIME_RANGES } from '@netloom/domain';
import { apiGet } from '../support/api';
import { fleetProject } from '../support/deviceList';
import { enterLiveDemo, expectCurrentProject, openDemoTab } from '../support/pages';
import { expect, test } from '../support/sim';

/** The account preference the monitoring pages keep their time range in (TimeRangeControl). */
const RANGE_PREFERENCE = 'monitoring:range';

/**
 * Issue 3 §5 monitoring screens: the network status time ranges (served from raw data and
 * rollups), device data and client data charts filled by a simulated network, and the mesh demo
 * project showing its nodes.
 */

test('network status ranges, device data and client data charts', async ({ page, mailbox, sim, snap }) => {
  const { projectId } = await fleetProject(page, mailbox, sim, 'monitor', 'Marina Offices', 8);

  await test.step('network status: every time range loads its series', async () => {
    await page.goto('/manage/status');
    await expect(page.getByTestId('kpi-devices')).toHaveText('8 / 8');
    const ranges = page.getByTestId('time-range');
    for (const key of TIME_RANGE_KEYS) {
      const answered = page.waitForResponse(
        (r) => r.url().includes(`/api/projects/${projectId}/status?range=${key}`) && r.ok(),
      );
      await ranges.getByText(TIME_RANGES[key].label, { exact: true }).click();
      const body = (await (await answered).json()) as { code: number };
      expect(body.code).toBe(0);
      await expect(ranges.locator('.ant-segmented-item-selected')).toHaveText(TIME_RANGES[key].label);
      for (const panel of ['internet', 'switch', 'ap', 'client'])
        await expect(page.getByTestId(`panel-${panel}-chart`)).toHaveAttribute('data-points', /^\d+$/);
    }
    await snap(page, 'network-status-30d');
    // The short range shows the points the sampler took since the devices came online.
    await ranges.getByText(TIME_RANGES['12h'].label, { exact: true }).click();
    for (const panel of ['internet', 'switch', 'ap', 'client']) {
      await expect(page.getByTestId(`panel-${panel}-chart`)).toHaveAttribute('data-points', /^[1-9]\d*$/, {
        timeout: 20_000,
      });
    }
    await snap(page, 'network-status-12h');
    // The choice is remembered for the account: the page shows it at once and saves it in the
    // background, so reload only once the server holds it (else the reload shows the old choice).
    await expect
      .poll(
        async () =>
          (await apiGet<{ value: unknown }>(page, `/api/account/preferences/${RANGE_PREFERENCE}`)).value,
      )
      .toBe('12h');
    await page.reload();
    await expect(ranges.locator('.ant-segmented-item-selected')).toHaveText(TIME_RANGES['12h'].label);
  });

  await test.step('device data: software versions, models, AP load', async () => {
    await page.goto('/manage/devsrunstat');
    for (const chart of ['chart-versions', 'chart-models', 'chart-ap-load'])
      await expect(page.getByTestId(chart)).toHaveAttribute('data-points', /^[1-9]\d*$/, { timeout: 20_000 });
    await expect(page.getByTestId('chart-versions').locator('canvas').first()).toBeVisible();
    await snap(page, 'device-data');
  });

  await test.step('client data: passenger flow, authentication types, traffic top 10', async () => {
    await page.goto('/manage/onlinestat');
    for (const chart of ['chart-passenger-flow', 'chart-auth-types', 'chart-traffic-top']) {
      await expect(page.getByTestId(chart)).toHaveAttribute('data-points', /^[1-9]\d*$/, { timeout: 20_000 });
      // Drawn, not a skeleton.
      await expect(page.getByTestId(chart).locator('canvas').first()).toBeVisible();
    }
    await snap(page, 'client-data');
  });
});

test('the mesh demo project (Demo home) shows its nodes online', async ({ page, snap }) => {
  await openDemoTab(page);
  await enterLiveDemo(page);
  await page.goto('/overview/list');
  await page
    .getByRole('row', { name: /Demo home/ })
    .getByRole('button', { name: 'Open', exact: true })
    .click();
  await expectCurrentProject(page, 'Demo home');
  await expect
    .poll(async () => JSON.parse((await page.evaluate(() => sessionStorage.getItem('nl.project'))) ?? '{}'))
    .toMatchObject({ id: 600000 });

  await page.goto('/manage/devconf');
  const rows = page.locator('tr[data-sn]');
  // How many devices the home has, as the page says it (not a count of rows still being rendered).
  const summary = page.getByText(/\d+ devices? in this project, \d+ online/);
  await expect(summary).toBeVisible();
  const total = Number(/(\d+) devices?/.exec((await summary.textContent()) ?? '')?.[1] ?? 0);
  expect(total).toBeGreaterThanOrEqual(2);
  await expect(rows).toHaveCount(total);
  await expect(page.getByTestId('device-tab-mesh')).toBeVisible();
  // Every node of the home is a mesh unit, with its role in the mesh.
  await page.getByTestId('device-tab-mesh').click();
  await expect(page.getByTestId('device-tab-mesh')).toContainText(String(total));
  await expect(rows).toHaveCount(total);
  await expect(page.getByRole('columnheader', { name: 'Mesh role' })).toBeVisible();
  await expect(rows.locator('[data-testid="device-status"][data-status="online"]').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/devices? in this project, [1-9]\d* online/)).toBeVisible();
  await snap(page, 'demo-home-devices');

  await page.goto('/manage/status');
  await expect(page.getByTestId('kpi-devices')).toHaveText(/^[1-9]\d* \/ [1-9]\d*$/, { timeout: 20_000 });
  await snap(page, 'demo-home-status');
});
