import type { NetworkConfigView, SwitchConfigView, Topology } from '@netloom/domain';
import type { Locator, Page } from '@playwright/test';
import { apiGet, apiPut } from '../support/api';
import { fleetProject } from '../support/deviceList';
import { enterLiveDemo, escapeRegExp, openDemoTab } from '../support/pages';
import { pickOption } from '../support/select';
import { expect, test } from '../support/sim';

/**
 * Issue 12 §3 network topology, on the live demo's hotel (a gateway, switches and APs reporting
 * their uplinks): the Internet root and every device, both layouts, the level limit, a click that
 * opens the device's detail, and the first-visit tips remembered; manual editing refused there. On a
 * project of one's own with a simulated fleet: the VLAN view (a VLAN carried by some ports of a
 * switch) and a manual downlink device added, dragged, shown in both layouts and removed.
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

  await test.step('the demo: the VLAN picker lists the default VLAN; adding devices by hand is refused with the reason', async () => {
    await pickOption(page, page.getByRole('combobox', { name: 'VLAN' }), 'VLAN 1 · Default');
    await expect(canvas).toHaveAttribute('data-vlan', '1');
    await expect(page.getByTestId('topology-vlan-banner')).toContainText('Default — carried by');
    await pickOption(page, page.getByRole('combobox', { name: 'VLAN' }), 'All VLANs');
    const add = page.getByTestId('topology-add');
    await expect(add).toBeDisabled();
    await add.hover({ force: true });
    await expect(page.getByRole('tooltip')).toContainText(/demo/i);
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

/** The project's graph as the server has it now. */
function graphOf(page: Page, projectId: number): Promise<Topology> {
  return apiGet<Topology>(page, `/api/projects/${projectId}/topology`);
}

test("VLAN view and a manual downlink device, on a project of one's own", async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  const { projectId } = await fleetProject(page, mailbox, sim, 'topo', 'Harbour Hotel', 8);
  // The fleet reports its uplinks: a switch with at least two devices below it.
  const { graph, sw, kids } = await expect
    .poll(
      async () => {
        const g = await graphOf(page, projectId);
        const s = g.nodes.find(
          (n) =>
            n.kind === 'switch' && g.edges.filter((e) => e.from === n.id && e.port !== undefined).length >= 2,
        );
        return s ? 'ready' : 'waiting';
      },
      { timeout: 30_000 },
    )
    .toBe('ready')
    .then(async () => {
      const g = await graphOf(page, projectId);
      const s = g.nodes.find(
        (n) =>
          n.kind === 'switch' && g.edges.filter((e) => e.from === n.id && e.port !== undefined).length >= 2,
      ) as Topology['nodes'][number];
      return { graph: g, sw: s, kids: g.edges.filter((e) => e.from === s.id && e.port !== undefined) };
    });
  expect(graph.depth).toBeGreaterThanOrEqual(2);
  const [carrying, other] = kids as [Topology['edges'][number], Topology['edges'][number]];
  // The switch's own uplink port, set in the first step: not offered to the manual device below.
  let uplinkPort: number | null = null;

  await test.step('set up: VLAN 20 on the network, carried tagged by the switch uplink and one downlink port', async () => {
    const net = await apiGet<NetworkConfigView>(page, `/api/projects/${projectId}/config/network`);
    await apiPut(page, `/api/projects/${projectId}/config/network`, {
      baseVersion: net.version,
      settings: {
        ...net.settings,
        vlans: [{ id: 20, name: 'Staff', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false }],
      },
    });
    const path = `/api/projects/${projectId}/devices/${sw.deviceId}/config/switching`;
    const view = await apiGet<SwitchConfigView>(page, path);
    uplinkPort = view.device.uplinkPort;
    const trunk = new Set([Number(carrying.port), view.device.uplinkPort].filter((p) => p !== null));
    await apiPut(page, path, {
      baseVersion: view.version,
      settings: {
        ...view.settings,
        ports: view.settings.ports.map((p) =>
          trunk.has(p.id) ? { ...p, type: 1, untagged: 1, tagged: [20] } : p,
        ),
      },
    });
  });

  await page.goto('/manage/visualization/topo');
  const canvas = page.getByTestId('topology-canvas');
  const tips = page.getByTestId('topology-tips');
  await tips.getByRole('button', { name: 'Got it' }).click();
  const node = (id: string) => canvas.locator(`.react-flow__node[data-id="${id}"] [data-testid="topo-node"]`);
  await expect(node(sw.id)).toBeVisible();

  await test.step('VLAN 20: the switch names its ports that carry it; the other downlink fades back', async () => {
    await pickOption(page, page.getByRole('combobox', { name: 'VLAN' }), 'VLAN 20 · Staff');
    await expect(canvas).toHaveAttribute('data-vlan', '20');
    await expect(node(sw.id)).not.toHaveClass(/nl-topo-dimmed/);
    await expect(node(sw.id).getByTestId('topo-vlan-ports')).toContainText(`tagged`);
    await expect(node(sw.id).getByTestId('topo-vlan-ports')).toContainText(String(carrying.port));
    await expect(node(carrying.to)).not.toHaveClass(/nl-topo-dimmed/);
    await expect(node(other.to)).toHaveClass(/nl-topo-dimmed/);
    await expect(canvas.locator('.react-flow__edge.nl-topo-edge-dimmed').first()).toBeAttached();
    await expect(page.getByTestId('topology-vlan-banner')).toContainText(/Staff — carried by \d+ devices/);
    await page.getByRole('button', { name: 'Fit to view' }).click();
    await snap(page, 'topology-vlan-20');
    await pickOption(page, page.getByRole('combobox', { name: 'VLAN' }), 'All VLANs');
    await expect(canvas.locator('.nl-topo-dimmed')).toHaveCount(0);
  });

  await test.step('zoomed far out: one overview drawing instead of the nodes; a click on a device opens it', async () => {
    const device = graph.nodes.find((n) => n.deviceId !== undefined && n.level === 2) ?? sw;
    // Where the node stands in the drawing (React Flow places it with a translate).
    const placed = await canvas
      .locator(`.react-flow__node[data-id="${device.id}"]`)
      .evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform));
    const pane = await boxOf(canvas.locator('.react-flow__pane'));
    await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
    await page.mouse.wheel(0, 2000);
    const overview = page.getByTestId('topology-overview');
    await expect(overview).toBeVisible();
    await expect(canvas.locator('.react-flow__node')).toHaveCount(0);
    const view = await canvas
      .locator('.react-flow__viewport')
      .evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform));
    await snap(page, 'topology-overview');
    // The middle of the device's box (216 × 68 in the drawing), on screen.
    await page.mouse.click(
      pane.x + view.e + (placed.e + 108) * view.a,
      pane.y + view.f + (placed.f + 34) * view.a,
    );
    await expect(page).toHaveURL(new RegExp(`/manage/devconf/${device.deviceId}$`));
    await page.goBack();
    await page.getByRole('button', { name: 'Fit to view' }).click();
    await expect(node(sw.id)).toBeVisible();
    await expect(overview).toHaveCount(0);
  });

  const manual = canvas.locator('[data-testid="topo-node"][data-manual="true"]');
  await test.step('add a downlink device by hand under a free port of the switch', async () => {
    await page.getByTestId('topology-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add downlink device' });
    await expect(dialog).toBeVisible();
    await pickOption(
      page,
      dialog.getByRole('combobox', { name: 'Connected to' }),
      new RegExp(`^${escapeRegExp(sw.name)} ·`),
    );
    const used = new Set([...kids.map((k) => k.port), ...(uplinkPort === null ? [] : [String(uplinkPort)])]);
    const portSelect = dialog.getByRole('combobox', { name: 'Port' });
    await portSelect.click();
    const free = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasNotText: new RegExp(`^Port (${[...used].join('|')})( |$)`) })
      .first();
    await free.click();
    await pickOption(page, dialog.getByRole('combobox', { name: 'Type' }), 'Unmanaged switch');
    await dialog.getByLabel('Name').fill('Desk switch');
    await dialog.getByLabel('Model').fill('TL-SG105');
    await dialog.getByLabel('Remark').fill('Under the reception desk');
    await snap(page, 'topology-manual-add');
    await dialog.getByTestId('manual-save').click();
    await expect(dialog).toBeHidden();
    await expect(manual).toHaveCount(1);
    await expect(manual).toContainText('Desk switch');
    await expect(manual).toContainText('Unmanaged switch · TL-SG105');
    await expect(manual).toContainText('Under the reception desk');
    await expect(page.getByTestId('topology-summary')).toContainText('1 added by hand');
  });

  await test.step('drag it: the place is saved', async () => {
    await page.getByRole('button', { name: 'Fit to view' }).click();
    const before = await boxOf(manual);
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 + 60, before.y + before.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(async () => {
        const g = await graphOf(page, projectId);
        const m = g.nodes.find((n) => n.manual);
        return (m?.manual?.dx ?? 0) !== 0 || (m?.manual?.dy ?? 0) !== 0;
      })
      .toBe(true);
    await page.reload();
    await expect(node(sw.id)).toBeVisible();
    await expect(manual).toHaveCount(1);
    await page.getByRole('button', { name: 'Fit to view' }).click();
    await snap(page, 'topology-manual-vertical');
  });

  await test.step('both layouts show it under its switch', async () => {
    const swBox = async () => boxOf(node(sw.id));
    await expect(async () => expect((await boxOf(manual)).y).toBeGreaterThan((await swBox()).y)).toPass();
    await page.getByText('Horizontal', { exact: true }).click();
    await expect(canvas).toHaveAttribute('data-direction', 'horizontal');
    await page.getByRole('button', { name: 'Fit to view' }).click();
    await expect(async () => expect((await boxOf(manual)).x).toBeGreaterThan((await swBox()).x)).toPass();
    await snap(page, 'topology-manual-horizontal');
    await page.getByText('Vertical', { exact: true }).click();
  });

  await test.step('click it to edit, then remove it', async () => {
    await page.getByRole('button', { name: 'Fit to view' }).click();
    await manual.click();
    const dialog = page.getByRole('dialog', { name: 'Edit device added by hand' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue('Desk switch');
    await dialog.getByTestId('manual-remove').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).last().click();
    await expect(manual).toHaveCount(0);
    expect((await graphOf(page, projectId)).manualCount).toBe(0);
  });
});
