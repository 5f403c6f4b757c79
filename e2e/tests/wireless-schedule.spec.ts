import { ERR, type WirelessConfigView } from '@netloom/domain';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, createProject } from '../support/api';
import { openProject } from '../support/devices';
import { fillField, pageTitle } from '../support/pages';
import { expect, test } from '../support/sim';
import {
  choosePolicyOption,
  domainIssue,
  drawerMessage,
  openNewPolicy,
  policyDrawer,
  policyField,
  putPolicies,
  savePolicy,
  validPolicy,
} from '../support/wireless';

/**
 * §3 "Wi-Fi schedule: date, time period, granularity": the policy drawer's schedule has a date range
 * and a granularity next to the periods; the domain's messages show on those fields before saving,
 * the API answers the same rules with 400, and a valid schedule is saved with both.
 */
test('a shutdown schedule with a date range and a granularity', async ({ page, mailbox, snap }) => {
  await newSignedInAccount(page, mailbox, 'wsched');
  const projectId = await createProject(page, { name: 'Schedule Hall', netMode: 0, scenario: 'hotel' });
  await openProject(page, 'Schedule Hall');
  await page.goto('/manage/wirelessconf');
  await expect(pageTitle(page, 'Wireless')).toBeVisible();

  await openNewPolicy(page, { name: 'Staff', ssid: 'Staff-Net' });
  await fillField(policyField(page, 'Wi-Fi off during'), 'Mon-Fri 00:10-06:00');
  await choosePolicyOption(page, 'Granularity', '15 minutes');
  await policyField(page, 'Valid from').fill('2026-12-20');
  await policyField(page, 'Valid until').fill('2026-12-19');
  await policyDrawer(page).getByRole('button', { name: 'Add policy', exact: true }).click();

  const bad = validPolicy({
    schedule: 'Mon-Fri 00:10-06:00',
    scheduleGranularity: 15,
    scheduleFrom: '2026-12-20',
    scheduleUntil: '2026-12-19',
  });
  const step = domainIssue([bad], 'policies.0.scheduleGranularity').message;
  const order = domainIssue([bad], 'policies.0.scheduleUntil').message;
  await expect(drawerMessage(page, step)).toBeVisible();
  await expect(drawerMessage(page, order)).toBeVisible();
  await snap(page, 'wireless-schedule-issues');
  expect((await putPolicies(page, projectId, [bad])).code).toBe(ERR.INVALID_PARAMETERS);

  // Fixed: times on the quarter hour, the range in order → saved with both.
  await fillField(policyField(page, 'Wi-Fi off during'), 'Mon-Fri 00:15-06:00');
  await policyField(page, 'Valid until').fill('2027-01-02');
  await savePolicy(page);
  await expect(policyDrawer(page)).toBeHidden();
  await expect
    .poll(async () => (await view(page, projectId)).settings.policies[0])
    .toMatchObject({
      schedule: 'Mon-Fri 00:15-06:00',
      scheduleGranularity: 15,
      scheduleFrom: '2026-12-20',
      scheduleUntil: '2027-01-02',
    });
});

function view(page: Page, projectId: number): Promise<WirelessConfigView> {
  return apiGet<WirelessConfigView>(page, `/api/projects/${projectId}/config/wireless`);
}
