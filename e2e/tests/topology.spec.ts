import type { Topology } from '@netloom/domain';
import type { Locator } from '@playwright/test';
import { apiGet } from '../support/api';
import { enterLiveDemo, escapeRegExp, openDemoTab } from '../support/pages';
import { pickOption } from '../support/select';
import { expect, test } from '../support/sim';

/**
 * Issue 12 §3 network topology, on the live demo's hotel (a gateway, switches and APs reporting
 * their uplinks): the Internet root and every device, both layouts, the level limit, a click that
 * opens the device's detail, and the first-visit tips remembered.
 */

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

test('the demo hotel topology: both layouts, level limit, a click opens the device', async ({
  page,
  snap,
}) => {
  await openDemoTab(page);
  await enterLiveDemo(page);
  const project = JSON.parse((await page.evaluate(() => sessionStorage.getItem('nl.project'))) ?? '{}') as {
    id: number;
  };
  const graph = await apiGet<Topology>(page, `/api/projects/${project.id}/topology`);
  const devices = graph.nodes.filter((n) => n.deviceId !== undefined);
  expect(devices.length).toBeGreaterThanOrEqual(3);
  expect(graph.depth).toBeGreaterThanOrEqual(2);

  await page.goto('/manage/visualization/topo');
  const canvas = page.getByTestId('topology-canvas');
  const root = canvas.getByTestId('topo-internet');
  const nodes = canvas.getByTestId('topo-node');

  await test.step('first visit: the tips, remembered once dismissed', async () => {
    const tips = page.getByTestId('topology-tips');
    await expect(tips).toBeVisible();
    await tips.getByRole('button', { name: 'Got it' }).click();
    await expect(tips).toHaveCount(0);
    await page.reload();
    await expect(root).toBeVisible();
    await expect(page.getByTestId('topology-tips')).toHaveCount(0);
  });

  await test.step('vertical: the Internet on top, every device of the hotel drawn', async () => {
    await expect(nodes).toHaveCount(devices.length);
    for (const d of devices) await expect(canvas.getByText(d.name, { exact: true })).toBeAttached();
    const gateway = canvas.locator('[data-testid="topo-node"][data-level="1"]').first();
    expect((await boxOf(root)).y).toBeLessThan((await boxOf(gateway)).y);
    await expect(page.getByTestId('topology-card')).toContainText(`${devices.length} devices`);
    await snap(page, 'topology-vertical');
    await page.getByRole('button', { name: 'Fit to view' }).click();
    await snap(page, 'topology-vertical-fit');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('button', { name: 'Fit to view' }).click();
    await snap(page, 'topology-1280x720');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('horizontal: the Internet on the left', async () => {
    await page.getByText('Horizontal', { exact: true }).click();
    await expect(canvas).toHaveAttribute('data-direction', 'horizontal');
    const gateway = canvas.locator('[data-testid="topo-node"][data-level="1"]').first();
    await expect(async () => {
      const r = await boxOf(root);
      const g = await boxOf(gateway);
      expect(r.x + r.width).toBeLessThanOrEqual(g.x);
    }).toPass();
    await snap(page, 'topology-horizontal');
    await page.getByText('Vertical', { exact: true }).click();
    await expect(canvas).toHaveAttribute('data-direction', 'vertical');
  });

  await test.step('"down to level 1" hides the deeper devices and counts them', async () => {
    const levels = page.getByRole('combobox', { name: 'Levels shown' });
    await pickOption(page, levels, 'Down to level 1');
    const top = devices.filter((d) => d.level === 1);
    await expect(nodes).toHaveCount(top.length);
    await expect(canvas.locator('[data-testid="topo-node"]:not([data-level="1"])')).toHaveCount(0);
    await expect(canvas.getByText(`+${devices.length - top.length}`)).toBeVisible();
    await snap(page, 'topology-level-1');
    await pickOption(page, levels, /^All levels/);
    await expect(nodes).toHaveCount(devices.length);
  });

  await test.step('full screen and back', async () => {
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.getByTestId('topology-card')).toHaveClass(/nl-topo-full/);
    const card = await boxOf(page.getByTestId('topology-card'));
    expect(card.height).toBeGreaterThanOrEqual(899);
    await snap(page, 'topology-fullscreen');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('topology-card')).not.toHaveClass(/nl-topo-full/);
  });

  await test.step('a click on a device opens its detail', async () => {
    const target = devices.find((d) => d.level === 2) ?? (devices[0] as (typeof devices)[number]);
    await page.getByRole('button', { name: 'Fit to view' }).click();
    await canvas.getByText(target.name, { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/devconf/${target.deviceId}$`));
    const drawer = page.getByTestId('device-detail');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText(target.name, { exact: true }).first()).toBeVisible();
  });

  await test.step('the keyboard opens a device too: focus its node, Enter', async () => {
    await page.goBack();
    const gateway = devices.find((d) => d.level === 1) ?? (devices[0] as (typeof devices)[number]);
    const node = canvas.locator(`.react-flow__node[data-id="${gateway.id}"]`);
    await expect(node).toHaveAttribute('aria-label', new RegExp(`^${escapeRegExp(gateway.name)}, `));
    await node.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/manage/devconf/${gateway.deviceId}$`));
  });
});
