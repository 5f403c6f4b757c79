import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, apiPost, apiPut, createProject } from '../support/api';
import { configTargets } from '../support/config';
import { openProject } from '../support/devices';
import { pageTitle } from '../support/pages';
import { pickOption } from '../support/select';
import { expect, plannedNames, serialNumbers, test } from '../support/sim';

const PROJECT = 'Lakeside Hotel';
const SHOTS = '/tmp/pw-ports-shots';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

interface NetworkView {
  version: number;
  settings: { vlans: { id: number; name: string; ip: string; mask: string; dhcp: boolean }[] };
}

/**
 * Issue 10 §4 through the real pieces (browser → API → MQTT → simulated devices): the port table
 * shows which AP is plugged into which switch port (the APs' LLDP uplinks); the "AP uplink"
 * suggestion is created with one click; the AP ports are selected together and made to follow it;
 * the switch runs them as trunks carrying every VLAN with PoE on; the profile lists its ports.
 */
test('port profiles: create the AP uplink profile, apply it to the AP ports, see who is plugged in', async ({
  page,
  mailbox,
  sim,
}) => {
  const sns = serialNumbers(4, 'NLPRF');
  const names = plannedNames(sns);
  const switchSn = sns[1] as string;
  let projectId = 0;

  const fleet =
    await test.step('a project with a gateway, a PoE switch and two APs, and VLAN 20', async () => {
      await newSignedInAccount(page, mailbox, 'profiles');
      projectId = await createProject(page, { name: PROJECT, netMode: 0, scenario: 'hotel' });
      for (const [i, sn] of sns.entries())
        await apiPost(page, `/api/projects/${projectId}/devices`, { sn, name: names[i] });
      const started = sim.start(sns);
      await expect
        .poll(
          async () =>
            (await apiGet<{ online: number }>(page, `/api/projects/${projectId}/devices/types`)).online,
          {
            timeout: 30_000,
          },
        )
        .toBe(sns.length);
      const network = await apiGet<NetworkView>(page, `/api/projects/${projectId}/config/network`);
      const vlans = [
        ...network.settings.vlans,
        { id: 20, name: 'Staff', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false },
      ];
      await apiPut(page, `/api/projects/${projectId}/config/network`, {
        baseVersion: network.version,
        settings: { ...network.settings, vlans },
      });
      await openProject(page, PROJECT);
      return started;
    });
  const switchDevice = fleet.device(switchSn);
  expect(switchDevice?.plan.kind).toBe('switch');
  const aps = (switchDevice?.plan.children ?? [])
    .map((i) => fleet.devices.find((d) => d.plan.index === i))
    .filter((d) => d?.plan.kind === 'ap' && d.plan.uplink?.port !== undefined);
  expect(aps.length).toBe(2);
  const apPorts = aps.map((d) => d?.plan.uplink?.port as number).sort((a, b) => a - b);
  const apNames = aps.map((d) => names[sns.indexOf(d?.sn ?? '')] as string);
  const switchId = (await configTargets(page, projectId)).find((d) => d.sn === switchSn)?.deviceId;

  await test.step('the port table shows which AP is plugged into each port, linking to it', async () => {
    await page.goto(`/manage/devconf/${switchId}/ports`);
    await expect(page.getByTestId('port-panel')).toBeVisible();
    const table = page.getByTestId('ports-table');
    await expect(table.getByRole('columnheader', { name: 'Plugged in' })).toBeVisible();
    for (const [i, port] of apPorts.entries()) {
      const cell = table.getByTestId(`plugged-in-${port}`);
      const name = apNames[aps.findIndex((d) => d?.plan.uplink?.port === port)] ?? '';
      await expect(cell.getByRole('link', { name })).toBeVisible();
      if (i === 0) await expect(cell.getByRole('link')).toHaveAttribute('href', /\/manage\/devconf\/\d+$/);
    }
    await shot(page, 'ports-plugged-in');
  });

  await test.step('the AP uplink suggestion becomes a profile with one click', async () => {
    await page.getByRole('button', { name: 'Port profiles' }).click();
    await expect(pageTitle(page, 'Port profiles')).toBeVisible();
    const suggestion = page.getByTestId('suggestion-ap-uplink');
    await expect(suggestion).toContainText('All VLANs tagged, PoE on');
    await shot(page, 'profiles-suggestions');
    await suggestion.getByRole('button', { name: 'Create AP uplink' }).click();
    const row = page.getByTestId('profiles-table').getByRole('row', { name: /AP uplink/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText('No ports');
    await expect(page.getByTestId('suggestion-ap-uplink')).toHaveCount(0);
  });

  await test.step('a name already taken is refused in the form before it is sent', async () => {
    await page.getByRole('button', { name: 'New profile' }).click();
    const drawer = page.getByRole('dialog', { name: 'New port profile' });
    await drawer.getByLabel('Name').fill('ap uplink');
    await drawer.getByTestId('profile-save').click();
    await expect(drawer.getByTestId('profile-name-note')).toHaveText(
      'A port profile named "ap uplink" already exists.',
    );
    await shot(page, 'profiles-name-taken');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer).toBeHidden();
  });

  await test.step('both AP ports are selected together and follow the profile; the switch runs them', async () => {
    await page.goto(`/manage/devconf/${switchId}/ports`);
    await expect(page.getByTestId('port-panel')).toBeVisible();
    const table = page.getByTestId('ports-table');
    // Multi-select on the front panel: click the first AP port, Ctrl-click the second.
    for (const [i, port] of apPorts.entries())
      await page
        .getByRole('button', { name: new RegExp(`^Port ${port},`) })
        .click(i === 0 ? {} : { modifiers: ['Control'] });
    await expect(
      page.getByTestId('port-editor').getByRole('heading', { name: `Ports ${apPorts.join(', ')}` }),
    ).toBeVisible();
    const picker = page.getByTestId('profile-picker');
    await pickOption(page, picker.getByLabel('Port profile'), /^AP uplink/);
    for (const port of apPorts)
      await expect(table.getByTestId(`port-profile-${port}`)).toHaveText('AP uplink');
    await page.getByTestId('ports-save').click();
    await expect(page.getByText(/Saved as version \d+/).first()).toBeVisible();
    const applied = (id: number) => switchDevice?.appliedDocument?.switching?.ports.find((p) => p.id === id);
    for (const port of apPorts) {
      await expect.poll(() => applied(port)?.type, { timeout: 20_000 }).toBe(1);
      expect(applied(port)).toMatchObject({ tagged: [20], poe: true });
    }
    await expect(page.locator('[data-config-status]').first()).toHaveAttribute(
      'data-config-status',
      'applied',
      {
        timeout: 20_000,
      },
    );
    await shot(page, 'ports-following-profile');
  });

  await test.step('the profile lists the ports that follow it', async () => {
    await page.getByRole('button', { name: 'Port profiles' }).click();
    await expect(page.getByTestId('followers-AP uplink')).toHaveText(`2 ports on ${names[1]}`);
    await page.getByRole('button', { name: 'Apply to ports' }).click();
    const modal = page.getByRole('dialog', { name: 'Apply "AP uplink" to ports' });
    await expect(modal).toBeVisible();
    await shot(page, 'profiles-apply-modal');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await shot(page, 'profiles-list');
  });
});
