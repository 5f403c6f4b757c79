import {
  type CodedIssue,
  type WirelessConfigView,
  type WirelessPolicy,
  type WirelessRuleContext,
  wirelessSettingsIssues,
} from '@netloom/domain';
import type { Fleet } from '@netloom/sim';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiGet, apiPost, createProject } from './api';
import { escapeRegExp, fillField } from './pages';
import { pickOption, pickOptions } from './select';
import { plannedNames, type SimOptions, serialNumbers } from './sim';

/**
 * Helpers for the wireless tests (issue 5): a simulated project ready in one call, raw calls to the
 * wireless and device-level config API that return the envelope (so a test can assert the refusal
 * code), a valid policy body to break one rule at a time, and the policy drawer's fields.
 */

/** The response envelope as the API sends it, refusals included. */
export interface Answer<T = unknown> {
  code: number;
  message: string;
  data?: T;
  /** Field issues of a refusal (path and message). */
  issues?: { path: string; message: string }[];
}

async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'nl_csrf')?.value ?? '';
}

/** PUT as the page's account; answers the envelope whatever the code. */
export async function apiPutRaw<T = unknown>(page: Page, path: string, body: unknown): Promise<Answer<T>> {
  const res = await page.request.put(path, { data: body, headers: { 'X-CSRF-Token': await csrf(page) } });
  return (await res.json()) as Answer<T>;
}

/** POST as the page's account; answers the envelope whatever the code. */
export async function apiPostRaw<T = unknown>(page: Page, path: string, body: unknown): Promise<Answer<T>> {
  const res = await page.request.post(path, { data: body, headers: { 'X-CSRF-Token': await csrf(page) } });
  return (await res.json()) as Answer<T>;
}

export function wirelessView(page: Page, projectId: number): Promise<WirelessConfigView> {
  return apiGet<WirelessConfigView>(page, `/api/projects/${projectId}/config/wireless`);
}

/** Saves `policies` as the project's whole wireless document on top of the current version. */
export async function putPolicies(
  page: Page,
  projectId: number,
  policies: readonly WirelessPolicy[],
): Promise<Answer> {
  const view = await wirelessView(page, projectId);
  return apiPutRaw(page, `/api/projects/${projectId}/config/wireless`, {
    baseVersion: view.version,
    settings: { policies },
  });
}

let keySeq = 0;

/** A policy every rule accepts (WPA2-PSK/AES on both bands for all devices), with `patch` applied. */
export function validPolicy(patch: Partial<WirelessPolicy> = {}): WirelessPolicy {
  keySeq += 1;
  return {
    key: `e2e${Date.now().toString(36).slice(-5)}${keySeq}`.slice(0, 16),
    name: 'Lobby',
    enabled: true,
    ssid: 'Lobby-WiFi',
    ssid5: '',
    bands: ['2.4G', '5G'],
    security: 'WPA2-PSK',
    cipher: 'AES',
    password: 'lobby-pass-42',
    keyUpdateInterval: 3600,
    hidden: false,
    maxClients: { '2.4G': 64, '5G': 64 },
    schedule: '',
    vlanId: null,
    guest: false,
    rateLimit: { enabled: false, downKbps: null, upKbps: null },
    radius: null,
    scope: 'all',
    deviceIds: [],
    ...patch,
  };
}

/** The rule context the server builds, from what the wireless view shows. */
export function ruleContext(
  view: WirelessConfigView,
  otherSsids: WirelessRuleContext['otherSsids'] = [],
): WirelessRuleContext {
  return {
    devices: view.devices.map((d) => ({ id: d.id, kind: d.kind, bands: d.bands, name: d.name })),
    previous: view.version > 0 ? view.settings : null,
    otherSsids,
  };
}

/** The domain's issue at `path` for `policies` (the message the form must show, the API's code). */
export function domainIssue(
  policies: readonly WirelessPolicy[],
  path: string,
  ctx: WirelessRuleContext = { devices: [], previous: null },
): CodedIssue {
  const issue = wirelessSettingsIssues({ policies: [...policies] }, ctx).find((i) => i.path === path);
  if (!issue) throw new Error(`The domain finds no issue at ${path}`);
  return issue;
}

// ── the policy drawer ─────────────────────────────────────────────────────────────────────────

export function policyDrawer(page: Page): Locator {
  return page.getByTestId('policy-drawer');
}

/** A field of the policy drawer by its exact label. */
export function policyField(page: Page, label: string): Locator {
  return policyDrawer(page).getByLabel(label, { exact: true });
}

/** Picks `option` (its exact text) in the drawer's select labelled `label`. */
export async function choosePolicyOption(page: Page, label: string, option: string): Promise<void> {
  await pickOption(page, policyField(page, label), option);
}

/** Picks devices by name in the drawer's device picker ("Selected devices"). */
export async function pickPolicyDevices(page: Page, names: readonly string[]): Promise<void> {
  await policyDrawer(page).getByRole('radio', { name: 'Selected devices' }).check();
  await pickOptions(
    page,
    policyField(page, 'Devices that broadcast it'),
    names.map((name) => new RegExp(escapeRegExp(name))),
  );
}

/**
 * Opens "Add policy" on the wireless page and fills a valid name, SSID and password. The SSID is
 * typed as given; the field itself may cut it (32 bytes), so only name and password are checked.
 */
export async function openNewPolicy(
  page: Page,
  values: { name?: string; ssid?: string; password?: string } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Add policy' }).first().click();
  await expect(policyDrawer(page).getByTestId('policy-save')).toBeEnabled();
  await fillField(policyField(page, 'Policy name'), values.name ?? 'Lobby');
  await policyField(page, 'SSID').fill(values.ssid ?? 'Lobby-WiFi');
  await fillField(policyField(page, 'Wi-Fi password'), values.password ?? 'lobby-pass-42');
}

/** Closes the drawer without saving. */
export async function cancelPolicy(page: Page): Promise<void> {
  await policyDrawer(page).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(policyDrawer(page)).toBeHidden();
}

/** A message shown in the drawer: under a field or in the alert above the form. */
export function drawerMessage(page: Page, message: string): Locator {
  return policyDrawer(page)
    .locator('.ant-form-item-explain-error, [data-testid="policy-general-issues"] .ant-alert-title, li')
    .filter({ hasText: message })
    .getByText(message, { exact: true });
}

// ── simulated projects ───────────────────────────────────────────────────────────────────────

export interface SimulatedProject {
  projectId: number;
  fleet: Fleet;
  sns: string[];
  names: string[];
}

/**
 * A project of `count` simulated devices (fleet `seed`), each added by SN with a planned name,
 * started and awaited until all are online.
 */
export async function simulatedProject(
  page: Page,
  sim: { start(sns: readonly string[], options?: SimOptions): Fleet },
  o: { name: string; tag: string; count: number; seed?: number; netMode?: 0 | 1; options?: SimOptions },
): Promise<SimulatedProject> {
  const sns = serialNumbers(o.count, o.tag);
  const names = plannedNames(sns, o.seed);
  const projectId = await createProject(page, {
    name: o.name,
    netMode: o.netMode ?? 0,
    scenario: 'enterprise',
  });
  for (const [i, sn] of sns.entries()) {
    await apiPost(page, `/api/projects/${projectId}/devices`, { sn, name: names[i] });
  }
  const fleet = sim.start(sns, { ...(o.seed === undefined ? {} : { seed: o.seed }), ...o.options });
  await expect
    .poll(
      async () => (await apiGet<{ online: number }>(page, `/api/projects/${projectId}/devices/types`)).online,
      { timeout: 30_000 },
    )
    .toBe(sns.length);
  return { projectId, fleet, sns, names };
}

/** The console's device id of a serial number. */
export async function deviceIdOf(page: Page, projectId: number, sn: string): Promise<number> {
  const list = await apiGet<{ items: { id: number; sn: string }[] }>(
    page,
    `/api/projects/${projectId}/devices?q=${encodeURIComponent(sn)}`,
  );
  const found = list.items.find((d) => d.sn === sn);
  if (!found) throw new Error(`No device ${sn} in project ${projectId}`);
  return found.id;
}

// ── saving a policy: "Save and apply?" ───────────────────────────────────────────────────────

/** The "Save and apply?" confirmation a policy save asks (what the APs broadcast now and what changes). */
export function saveConfirmation(page: Page): Locator {
  return page.locator('.ant-modal-confirm').filter({ hasText: 'Save and apply?' });
}

/** Clicks the drawer's save, then "Save and apply" in the confirmation it opens. */
export async function savePolicy(page: Page): Promise<void> {
  await policyDrawer(page).getByTestId('policy-save').click();
  const confirm = saveConfirmation(page);
  await confirm.getByRole('button', { name: 'Save and apply' }).click();
  await expect(confirm).toBeHidden();
}
