import type { DeviceList, DeviceListQuery } from '@netloom/domain';
import type { Fleet } from '@netloom/sim';
import { expect, type Locator, type Page } from '@playwright/test';
import { newSignedInAccount } from './accounts';
import { apiGet, apiPost, createProject } from './api';
import { openProject } from './devices';
import { pickOption } from './select';
import { plannedNames, type SimOptions, serialNumbers } from './sim';

/**
 * Helpers for the device list tests (device-list.spec.ts): set-up through the API, and reading the
 * list the way the page shows it versus the way the server answers the same query — a filter in the
 * browser is right when it shows exactly what the API returns for that filter.
 */

/** Adds devices by serial number through the API (the form itself is tested in devices.spec.ts). */
export async function addDevicesByApi(
  page: Page,
  projectId: number,
  devices: readonly { sn: string; name: string; location?: string }[],
): Promise<void> {
  for (const d of devices) await apiPost(page, `/api/projects/${projectId}/devices`, d);
}

/** The serial numbers the server lists for a query (one page of up to 100). */
export async function apiSns(page: Page, projectId: number, query: DeviceListQuery = {}): Promise<string[]> {
  const params = new URLSearchParams({ pageSize: '100' });
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const list = await apiGet<DeviceList>(page, `/api/projects/${projectId}/devices?${params}`);
  return list.items.map((d) => d.sn);
}

/** The rows of the device table, in the order shown. */
export function listRows(page: Page): Locator {
  return page.getByTestId('device-table').locator('tr[data-sn]');
}

/** The serial numbers of the rows shown, in order. */
export async function shownSns(page: Page): Promise<string[]> {
  return listRows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-sn') ?? ''));
}

/** Waits until the table shows exactly `sns` (as a set, or in this order with `ordered`). */
export async function expectShown(page: Page, sns: readonly string[], ordered = false): Promise<void> {
  const want = ordered ? [...sns] : [...sns].sort();
  await expect
    .poll(
      async () => {
        const got = await shownSns(page);
        return ordered ? got : got.sort();
      },
      { intervals: [100, 200] },
    )
    .toEqual(want);
}

/** Waits until the server counts `online` devices online in the project. */
export async function waitOnline(page: Page, projectId: number, online: number): Promise<void> {
  await expect
    .poll(
      async () => (await apiGet<{ online: number }>(page, `/api/projects/${projectId}/devices/types`)).online,
      { timeout: 20_000 },
    )
    .toBe(online);
}

/** Picks an option of an antd Select found by its accessible name (its combobox). */
export async function selectOption(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  // The pointer may rest on a column header after the last choice: its sort tooltip would cover the toolbar.
  await page.mouse.move(0, 0);
  await pickOption(page, select, option);
}

/**
 * Clears an antd Select with its clear icon, which shows while the pointer is on the select. The
 * pointer's last rest (where the chosen option was) may be a column header whose sort tooltip
 * opened over the toolbar: that tooltip stays open while the pointer is on it, so it has to close
 * before the pointer goes to the select.
 */
export async function clearSelect(page: Page, select: Locator): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip').filter({ visible: true })).toHaveCount(0);
  const box = page.locator('.ant-select').filter({ has: select });
  await box.hover();
  await box.locator('.ant-select-clear').click();
}

/**
 * A fresh signed-in account whose project `project` (traditional WLAN, now the current project)
 * holds `count` claimed simulated devices, all online before this returns.
 */
export async function fleetProject(
  page: Page,
  mailbox: string,
  sim: { start(sns: readonly string[], options?: SimOptions): Fleet },
  tag: string,
  project: string,
  count: number,
): Promise<{ projectId: number; sns: string[]; fleet: Fleet }> {
  await newSignedInAccount(page, mailbox, tag);
  const projectId = await createProject(page, { name: project, netMode: 0, scenario: 'enterprise' });
  const sns = serialNumbers(count, tag.toUpperCase());
  const names = plannedNames(sns);
  await addDevicesByApi(
    page,
    projectId,
    sns.map((sn, i) => ({ sn, name: names[i] ?? sn, location: `Floor ${1 + (i % 3)}` })),
  );
  const fleet = sim.start(sns);
  await waitOnline(page, projectId, count);
  await openProject(page, project);
  return { projectId, sns, fleet };
}
