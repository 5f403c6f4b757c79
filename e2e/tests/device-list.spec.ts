import {
  type Device,
  type DeviceList,
  type DeviceTypeCounts,
  ERR,
  errorMessage,
  TABLE_FILTER_KEY_LABELS,
  type TableFilterKey,
} from '@netloom/domain';
import { planFleet } from '@netloom/sim';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, createProject } from '../support/api';
import {
  addDevicesByApi,
  apiSns,
  clearSelect,
  expectShown,
  fleetProject,
  listRows,
  selectOption,
  waitOnline,
} from '../support/deviceList';
import { deviceRow, markDocument, openProject, sameDocument, statusTag } from '../support/devices';
import { fillField } from '../support/pages';
import { pickOption } from '../support/select';
import { expect, plannedNames, serialNumbers, test } from '../support/sim';

/**
 * Issue 3 §4, the device screens beyond the happy path of devices.spec.ts: the list's search,
 * filters, sorting, remembered column settings and page size, the detail drawer's edits and delete,
 * the device-joining alert, live offline by last will, and the onboarding errors in the form.
 */

async function devices(page: Page, projectId: number): Promise<Device[]> {
  return (await apiGet<DeviceList>(page, `/api/projects/${projectId}/devices?pageSize=100`)).items;
}

test('device list: search, each filter, the status filter and live offline by last will', async ({
  page,
  mailbox,
  sim,
}) => {
  const { projectId, sns, fleet } = await fleetProject(page, mailbox, sim, 'dlist', 'Harbour Office', 12);
  const all = await devices(page, projectId);
  await page.goto('/manage/devconf');
  await expectShown(page, sns);

  const search = page.getByRole('textbox', { name: 'Search devices' });
  await test.step('search by part of a serial number', async () => {
    const target = sns[5] ?? '';
    expect(await apiSns(page, projectId, { q: target.slice(-6) })).toEqual([target]);
    await fillField(search, target.slice(-6));
    await expectShown(page, [target]);
    await fillField(search, '');
    await expectShown(page, sns);
  });

  await test.step('each filter key narrows the list to what the server finds', async () => {
    // The value field is named after the chosen key: typing waits until the toolbar shows that key.
    const filterValue = (key: TableFilterKey) =>
      page.getByRole('textbox', { name: `Filter value (${TABLE_FILTER_KEY_LABELS[key]})`, exact: true });
    const withUplink = all.find((d) => d.uplink?.port);
    const clients = await apiGet<{ items: { vlan: number | null }[] }>(
      page,
      `/api/projects/${projectId}/clients?pageSize=100`,
    );
    const vlan = clients.items.find((c) => c.vlan !== null)?.vlan ?? 4000;
    const ap = all.find((d) => d.type === 'ap');
    const cases: { key: TableFilterKey; value: string }[] = [
      { key: 'ip', value: all[3]?.ip ?? '' },
      { key: 'model', value: ap?.model ?? '' },
      { key: 'port', value: withUplink?.uplink?.port ?? '' },
      { key: 'name', value: 'Switch' },
      { key: 'vlan', value: String(vlan) },
      { key: 'mac', value: (all[7]?.mac ?? '').toLowerCase().replaceAll(':', '-') },
    ];
    for (const c of cases) {
      expect(c.value, `a value to filter ${c.key} by`).not.toBe('');
      await selectOption(
        page,
        page.getByRole('combobox', { name: 'Filter by' }),
        TABLE_FILTER_KEY_LABELS[c.key],
      );
      await fillField(filterValue(c.key), c.value);
      const expected = await apiSns(page, projectId, { [c.key]: c.value });
      expect(expected.length, `${c.key}=${c.value} narrows the list`).toBeLessThan(sns.length);
      if (c.key !== 'vlan') expect(expected.length, `${c.key}=${c.value} finds devices`).toBeGreaterThan(0);
      await expectShown(page, expected);
      if (expected.length === 0)
        await expect(page.getByText('No devices match your search or filters.')).toBeVisible();
      await fillField(filterValue(c.key), '');
      await expectShown(page, sns);
    }
  });

  const dropped = sns[sns.length - 1] ?? '';
  await test.step('a device that drops shows offline live, by its last will', async () => {
    await markDocument(page);
    const started = Date.now();
    fleet.device(dropped)?.drop('network', 10 * 60_000);
    await expect(statusTag(deviceRow(page, dropped))).toHaveAttribute('data-status', 'offline', {
      timeout: 5_000,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(page.getByText(`12 devices in this project, 11 online.`)).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });

  await test.step('the status filter', async () => {
    const status = page.getByRole('combobox', { name: 'Status filter' });
    await selectOption(page, status, /^Offline$/);
    await expectShown(page, [dropped]);
    await selectOption(page, status, /^Online$/);
    await expectShown(
      page,
      sns.filter((sn) => sn !== dropped),
    );
    await clearSelect(page, status);
    await expectShown(page, sns);
  });
});

test('device list: sorting, page size, tabs and column settings kept per account', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  const { projectId, sns } = await fleetProject(page, mailbox, sim, 'dsort', 'Harbour Depot', 12);
  await page.goto('/manage/devconf');
  await expectShown(page, sns);

  await test.step('the default columns fit a 1440 px screen, every row one line high', async () => {
    const table = page
      .locator('.nl-devices-card .ant-table-content, .nl-devices-card .ant-table-body')
      .first();
    await expect(page.getByRole('columnheader', { name: 'Clients' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'CPU' })).toHaveCount(0);
    const overflow = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, 'sideways scroll of the device table at 1440 px').toBeLessThanOrEqual(0);
    const heights = await listRows(page).evaluateAll((rows) =>
      rows.map((r) => Math.round(r.getBoundingClientRect().height)),
    );
    expect(new Set(heights).size, `row heights ${heights.join(', ')}`).toBe(1);
  });

  await test.step('sorting by a column', async () => {
    await page.getByRole('columnheader', { name: 'IP address' }).click();
    await expectShown(page, await apiSns(page, projectId, { sort: 'ip', order: 'asc' }), true);
    await page.getByRole('columnheader', { name: 'IP address' }).click();
    await expectShown(page, await apiSns(page, projectId, { sort: 'ip', order: 'desc' }), true);
  });

  await test.step('rows scroll under the console header, never over it', async () => {
    // A short window so the 12 rows scroll; the table's fixed cells once painted over the header.
    await page.setViewportSize({ width: 1440, height: 480 });
    await page.mouse.wheel(0, 400);
    await expect
      .poll(() => page.evaluate(() => document.scrollingElement?.scrollTop ?? 0))
      .toBeGreaterThan(100);
    const header = page.locator('.nl-header');
    const box = await header.boundingBox();
    if (!box) throw new Error('the console header is not laid out');
    // What is painted on the header's left, middle and right is the header's own, not a table row.
    for (const x of [box.x + 300, box.x + box.width / 2, box.x + box.width - 200]) {
      const onTop = await page.evaluate(
        ([px, py]) => document.elementFromPoint(px as number, py as number)?.closest('.nl-header') !== null,
        [x, box.y + box.height / 2],
      );
      expect(onTop, `header point at x=${x}`).toBe(true);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  await test.step('page size ("items/page")', async () => {
    await pickOption(page, page.locator('.ant-pagination-options').getByRole('combobox'), /^10\b/);
    await expect(listRows(page)).toHaveCount(10);
    await page.locator('.ant-pagination-item-2').click();
    await expect(listRows(page)).toHaveCount(2);
  });

  await test.step('per-type tabs', async () => {
    const counts = await apiGet<DeviceTypeCounts>(page, `/api/projects/${projectId}/devices/types`);
    expect(Object.keys(counts.byType).length).toBeGreaterThan(2);
    for (const t of ['ap', 'switch']) {
      const want = await apiSns(page, projectId, { type: t });
      expect(want.length).toBe(counts.byType[t]);
      await page.getByTestId(`device-tab-${t}`).click();
      await expect(page.getByTestId(`device-tab-${t}`)).toContainText(String(want.length));
      // Plurals as English has them ("Switches", not "Switchs").
      await expect(page.getByTestId(`device-tab-${t}`)).toContainText(
        t === 'ap' ? 'Access points' : 'Switches',
      );
      await expectShown(page, want);
    }
    await page.getByTestId('device-tab-all').click();
    await expect(listRows(page)).toHaveCount(10);
  });

  await test.step('column visibility and compact rows are kept after a reload, for this account', async () => {
    const compactTable = page.locator('.ant-table.ant-table-small');
    await expect(compactTable).toHaveCount(0);
    await page.getByRole('button', { name: 'Column settings' }).click();
    const settings = page.getByTestId('column-settings');
    // The box is the saved preference's: it changes once the table re-renders (a wait, not an instant).
    const model = settings.getByRole('checkbox', { name: 'Model' });
    await model.click();
    await expect(model).not.toBeChecked();
    await expect(page.getByRole('columnheader', { name: 'Model' })).toHaveCount(0);
    await settings.getByRole('switch').click();
    await expect(settings.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await expect(compactTable).toHaveCount(1);
    await snap(page, 'device-list-settings');
    await expect
      .poll(async () => apiGet<{ value: unknown }>(page, '/api/account/preferences/table:devices:all'))
      .toMatchObject({ value: { shrink: true, pageSize: 10 } });
    await page.reload();
    await expect(listRows(page).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'IP address' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Model' })).toHaveCount(0);
    await expect(compactTable).toHaveCount(1);
    await expect(listRows(page)).toHaveCount(10);
  });
});

test('device drawer: rename, remark and location persist; delete removes the device', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  const { projectId, sns } = await fleetProject(page, mailbox, sim, 'drawer', 'Quayside Studio', 4);
  const target = sns[2] ?? '';
  await page.goto('/manage/devconf');
  await deviceRow(page, target).getByTestId('device-name').click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Identity' });
  await expect(drawer).toBeVisible();

  const edit = async (label: string, value: string) => {
    await drawer.getByRole('button', { name: `Edit ${label.toLowerCase()}` }).click();
    await fillField(drawer.getByRole('textbox', { name: label }), value);
    await drawer.locator('.nl-inline-edit-form').getByRole('button', { name: 'Save', exact: true }).click();
    await expect(drawer.getByRole('textbox', { name: label })).toHaveCount(0);
    await expect(drawer.getByText(value, { exact: true }).first()).toBeVisible();
  };
  await edit('Name', 'Reception-AP');
  await edit('Location', 'Ground floor reception');
  await edit('Remark', 'Ceiling mount above the desk');
  await expect(deviceRow(page, target).getByTestId('device-name')).toHaveText('Reception-AP');
  await snap(page, 'device-drawer-edited');

  await page.reload();
  await expect(drawer).toBeVisible();
  for (const text of ['Reception-AP', 'Ground floor reception', 'Ceiling mount above the desk'])
    await expect(drawer.getByText(text, { exact: true }).first()).toBeVisible();
  const saved = (await apiGet<DeviceList>(page, `/api/projects/${projectId}/devices?q=${target}`)).items[0];
  expect(saved).toMatchObject({
    name: 'Reception-AP',
    location: 'Ground floor reception',
    remark: 'Ceiling mount above the desk',
  });

  // Delete is in the drawer's "…" menu, after the maintenance actions (issue 13 §1).
  await drawer.getByTestId('device-more').click();
  await page.getByRole('menuitem', { name: 'Delete device' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Delete device “Reception-AP”?' });
  await confirm.getByRole('button', { name: 'Delete device' }).click();
  await expect(drawer).toBeHidden();
  await expect(deviceRow(page, target)).toHaveCount(0);
  await expect(page.getByText('3 devices in this project, 3 online.')).toBeVisible();
  expect(await apiSns(page, projectId)).toEqual(expect.not.arrayContaining([target]));
  expect((await apiSns(page, projectId)).length).toBe(3);
  // Still cabled to the project's switch: offered back at once under "Devices to be verified".
  await expect(page.getByTestId('pending-bell')).toHaveAttribute('data-count', '1');
});

test('a device that joins unclaimed raises the alert and is claimed from it', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'joining');
  const projectId = await createProject(page, { name: 'Dockside Cafe', netMode: 0, scenario: 'restaurant' });
  const sns = serialNumbers(5, 'JOIN');
  const plan = planFleet({ seed: 3, sns });
  // An unclaimed unit right under a claimed one: the server offers it to its parent's project.
  const newcomer = plan.devices.find((d) => d.uplink !== null && d.uplink.parent === 0);
  expect(newcomer, 'a unit directly under the gateway').toBeDefined();
  const claimed = sns.filter((sn) => sn !== newcomer?.sn);
  const names = plannedNames(sns);
  await addDevicesByApi(
    page,
    projectId,
    claimed.map((sn) => ({ sn, name: names[sns.indexOf(sn)] ?? sn })),
  );
  await openProject(page, 'Dockside Cafe');
  await page.goto('/manage/devconf');
  // "No banner yet" means something only once the page shows the project's devices.
  await expectShown(page, claimed);
  await expect(page.getByTestId('pending-banner')).toHaveCount(0);
  await markDocument(page);
  sim.start(sns);

  const banner = page.getByTestId('pending-banner');
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toContainText('1 new device found');
  await expect(page.getByTestId('pending-bell')).toHaveAttribute('data-count', '1');
  expect(await sameDocument(page)).toBe(true);
  await snap(page, 'device-joining-alert');

  await page.getByTestId('pending-bell').click();
  const drawer = page.getByRole('dialog', { name: 'Devices to be verified' });
  const row = drawer.locator(`[data-testid="pending-device"][data-sn="${newcomer?.sn}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Online');
  await snap(page, 'devices-to-be-verified');
  await row.getByRole('button', { name: 'Add' }).click();
  await fillField(row.getByRole('textbox', { name: 'Device name' }), 'Cafe-AP');
  await row.getByRole('button', { name: 'Add to project' }).click();
  await expect(row).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('pending-bell')).toHaveAttribute('data-count', '0');
  const added = deviceRow(page, newcomer?.sn ?? '');
  await expect(added.getByTestId('device-name')).toHaveText('Cafe-AP');
  await expect(statusTag(added)).toHaveAttribute('data-status', 'online', { timeout: 15_000 });
  await waitOnline(page, projectId, 5);
});

test('onboarding errors show the catalogue message in the add form: 166, 67, 87, 88', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'onboard');
  const office = await createProject(page, { name: 'Lighthouse Office', netMode: 0, scenario: 'enterprise' });
  const annex = await createProject(page, { name: 'Lighthouse Annex', netMode: 0, scenario: 'enterprise' });
  const mesh = await createProject(page, { name: 'Seaview Home', netMode: 1, scenario: 'home' });

  // A "tour" network has every catalogue model: several gateways, APs and a mesh family. Its
  // gateway and core switch join the office; the rest connect unclaimed, so the server knows each
  // one's kind (from its hello) before anyone tries to add it.
  const sns = serialNumbers(40, 'ONB');
  const plan = planFleet({ seed: 3, sns, site: 'tour' }).devices;
  const meshAt = plan.findIndex((d) => d.kind === 'mesh');
  const used = plan.slice(0, meshAt + 1);
  const [gateway, core] = used;
  const secondGateway = used.find((d) => d.index > 1 && d.kind === 'v7' && d.uplink?.parent === 1);
  const [apA, apB] = used.filter((d) => d.kind === 'ap' && d.uplink?.parent === 1);
  const meshUnit = used[meshAt];
  for (const d of [gateway, core, secondGateway, apA, apB, meshUnit])
    expect(d, 'the tour plan has the units this test needs').toBeDefined();
  await addDevicesByApi(page, office, [
    { sn: gateway?.sn ?? '', name: 'Gateway-01' },
    { sn: core?.sn ?? '', name: 'Core-Switch' },
  ]);
  sim.start(
    used.map((d) => d.sn),
    { site: 'tour' },
  );
  const waiting = [secondGateway, apA, apB, meshUnit].map((d) => d?.sn ?? '');
  await expect
    .poll(
      async () => {
        const pending = await apiGet<{ items: { sn: string }[] }>(
          page,
          `/api/projects/${office}/devices/pending`,
        );
        return waiting.filter((sn) => pending.items.some((p) => p.sn === sn)).length;
      },
      { timeout: 25_000 },
    )
    .toBe(waiting.length);
  // The first AP now belongs to the annex.
  await addDevicesByApi(page, annex, [{ sn: apA?.sn ?? '', name: 'Annex-AP' }]);

  const dialog = page.getByRole('dialog', { name: /Add device/ });
  const tryAdd = async (sn: string, name: string) => {
    await page.goto('/manage/devconf');
    await page.getByRole('button', { name: 'Add device' }).first().click();
    await expect(dialog).toBeVisible();
    await fillField(dialog.getByRole('textbox', { name: 'Serial number' }), sn);
    await fillField(dialog.getByRole('textbox', { name: 'Device name' }), name);
    await dialog.getByRole('button', { name: 'Add device' }).click();
  };

  await openProject(page, 'Lighthouse Office');
  await test.step('166: the SN is in another of the account’s projects, named on the SN field', async () => {
    await tryAdd(apA?.sn ?? '', 'Stolen-AP');
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(
      'This device is in your project "Lighthouse Annex": delete it there first to add it here.',
    );
    await snap(page, 'add-device-166');
  });

  await test.step('411: the SN is already in this project, under its name', async () => {
    await tryAdd(gateway?.sn ?? '', 'Gateway-Again');
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(
      'This device is already in this project as "Gateway-01".',
    );
  });

  await test.step('67: a second gateway', async () => {
    await tryAdd(secondGateway?.sn ?? '', 'Gateway-02');
    await expect(dialog.getByTestId('add-device-error')).toHaveText(errorMessage(ERR.GATEWAY_LIMIT));
    await snap(page, 'add-device-67');
  });

  await test.step('87: a mesh unit into a traditional WLAN project', async () => {
    await tryAdd(meshUnit?.sn ?? '', 'Mesh-01');
    await expect(dialog.getByTestId('add-device-error')).toHaveText(
      errorMessage(ERR.MESH_DEVICE_IN_WLAN_PROJECT),
    );
  });

  await test.step('88: a traditional WLAN device into a mesh project', async () => {
    // The add dialog belongs to the header, not to a page: it is closed before going elsewhere.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await openProject(page, 'Seaview Home');
    await tryAdd(apB?.sn ?? '', 'Spare-AP');
    await expect(dialog.getByTestId('add-device-error')).toHaveText(
      errorMessage(ERR.WLAN_DEVICE_IN_MESH_PROJECT),
    );
    await snap(page, 'add-device-88');
  });

  await test.step('the Excel import accepts both formats', async () => {
    const importTab = dialog.getByRole('tab', { name: 'Import from Excel' });
    await importTab.click();
    await expect(importTab).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByTestId('import-hint')).toHaveText(
      '.xls or .xlsx made from the template, up to 5 MB',
    );
    await expect(dialog.locator('input[type=file]')).toHaveAttribute('accept', '.xlsx,.xls');
  });
  // Nothing was added by the refused attempts.
  expect(await apiSns(page, mesh)).toEqual([]);
  expect((await apiSns(page, office)).sort()).toEqual([gateway?.sn, core?.sn].sort());
});
