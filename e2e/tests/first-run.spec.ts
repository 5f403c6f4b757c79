import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, createProject } from '../support/api';
import { configTargets } from '../support/config';
import { openProject } from '../support/devices';
import { MQTT_WS_URL_ENV } from '../support/mqtt';
import { fillField, pageTitle } from '../support/pages';
import { expect, test } from '../support/sim';
import { saveConfirmation } from '../support/wireless';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROJECT = 'My project';
const DEVICES = 30;

/**
 * Issue 10, "done when": the README's first run. The README's simulator command (30 devices into
 * "My project" through the public API, the default mix) builds a network the console accepts; a VLAN
 * and a first Wi-Fi policy saved in the browser reach every device — no alarm, no failed device.
 * The command is the README's (with `--quiet`): the simulator's defaults are a healthy network, so
 * any alarm here would be one the console got wrong.
 */
test('the README first run: the simulator command, a VLAN and a Wi-Fi policy — no alarm, no failure', async ({
  page,
  mailbox,
  snap,
}) => {
  const { email, password } = await newSignedInAccount(page, mailbox, 'firstrun');
  const projectId = await createProject(page, { name: PROJECT, netMode: 0, scenario: 'enterprise' });
  const ws = process.env[MQTT_WS_URL_ENV];
  const api = process.env.NETLOOM_E2E_BASE_URL;
  if (!ws || !api) throw new Error('the suite has no console (run it through e2e/playwright.config.ts)');
  let output = '';
  // One process (node with tsx's loader, not npx → tsx → node), so the signal below reaches it.
  const sim: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/sim/src/cli.ts',
      '--server',
      ws,
      '--api',
      api,
      '--project',
      PROJECT,
      '--email',
      email,
      '--password',
      password,
      '--devices',
      String(DEVICES),
      '--quiet',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  sim.stdout?.on('data', collect);
  sim.stderr?.on('data', collect);
  try {
    await test.step('the simulator claims 30 devices that come online as one network', async () => {
      await expect
        .poll(
          async () =>
            (await apiGet<{ online: number }>(page, `/api/projects/${projectId}/devices/types`)).online,
          { timeout: 90_000 },
        )
        .toBe(DEVICES)
        .catch((error: unknown) => {
          throw new Error(`${String(error)}\nsimulator output:\n${output}`);
        });
      await openProject(page, PROJECT);
      await page.goto('/manage/devconf');
      await expect(page.getByText(`${DEVICES} devices in this project, ${DEVICES} online`)).toBeVisible();
    });

    await test.step('a VLAN is saved and applied on the gateway and every switch', async () => {
      await page.goto('/manage/networkconf/vlan');
      await expect(pageTitle(page, 'VLAN')).toBeVisible();
      await page.getByTestId('vlan-table-add').click();
      const dialog = page.getByRole('dialog', { name: 'Add VLAN' });
      await fillField(dialog.getByLabel('VLAN ID'), '20');
      await fillField(dialog.getByLabel('Name'), 'Guests');
      await fillField(dialog.getByLabel('IP address'), '172.16.20.1');
      await fillField(dialog.getByLabel('Subnet mask'), '255.255.255.0');
      await dialog.getByRole('button', { name: 'Add VLAN' }).click();
      await page.getByRole('button', { name: 'Save and apply' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('config-delivery')).toHaveAttribute('data-tone', 'applied', {
        timeout: 60_000,
      });
    });

    await test.step('a first Wi-Fi policy is saved and applied on every access point', async () => {
      await page.goto('/manage/wirelessconf');
      await expect(pageTitle(page, 'Wireless')).toBeVisible();
      await page.getByRole('button', { name: 'Add policy' }).first().click();
      const drawer = page.getByTestId('policy-drawer');
      await expect(drawer).toBeVisible();
      await fillField(drawer.getByLabel('Policy name', { exact: true }), 'Staff');
      await fillField(drawer.getByLabel('SSID', { exact: true }), 'Harbour-Staff');
      await fillField(drawer.getByLabel('Wi-Fi password', { exact: true }), 'correct-horse-42');
      await page.getByTestId('policy-save').click();
      await confirmFirstPolicy(page);
      await expect(drawer).toBeHidden({ timeout: 15_000 });
      await expect(page.getByTestId('config-delivery')).toHaveAttribute('data-tone', 'applied', {
        timeout: 60_000,
      });
    });

    await test.step('no alarm, no failed device, nothing pending', async () => {
      const targets = await configTargets(page, projectId);
      expect(targets.filter((t) => t.status !== 'applied')).toEqual([]);
      const alarms = await apiGet<{ total: number; items: { message: string }[] }>(
        page,
        `/api/projects/${projectId}/alarms`,
      );
      expect(alarms.items.map((a) => a.message)).toEqual([]);
      await page.goto('/manage/devconf');
      await expect(page.getByTestId('config-pending-indicator')).toHaveCount(0);
      await expect(page.locator('[data-config-status="failed"]')).toHaveCount(0);
      await snap(page, 'first-run-clean');
    });
  } finally {
    await stop(sim);
  }
});

/**
 * The first policy replaces what the APs broadcast: the console asks first, naming the factory SSIDs
 * it replaces and the clients that reconnect (issue 10 §3).
 */
async function confirmFirstPolicy(page: Page): Promise<void> {
  const confirm = saveConfirmation(page);
  await expect(confirm).toContainText(/Replaces .+ on \d+ APs? — \d+ clients? will reconnect/);
  await confirm.getByRole('button', { name: 'Save and apply' }).click();
  await expect(confirm).toBeHidden();
}

/** Stops the simulator (it announces its devices offline and exits); SIGKILL if it has not after 15 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(killer);
}
