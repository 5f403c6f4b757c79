import type { RfView } from '@netloom/domain';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, apiPost, createProject } from '../support/api';
import { openProject } from '../support/devices';
import { expect, serialNumbers, test } from '../support/sim';

const PROJECT = 'Open Plan Floor';

/**
 * Issue 5 acceptance, RF optimisation: 30 simulated APs packed on one open-plan floor, all on 2.4 GHz
 * channel 1 and 5 GHz channel 36. "Optimize now" scans (the APs report who they hear over the
 * protocol), plans with the interference model, pushes channels and powers as desired config, and
 * records the before/after noise from the same model: the progress is shown while it runs and the
 * record shows less total noise after than before.
 */
test('RF optimisation of 30 packed APs shows progress and records lower noise', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  const sns = serialNumbers(33, 'NLRF');
  let projectId = 0;

  await test.step('a WLAN project with a gateway, two switches and 30 APs online', async () => {
    await newSignedInAccount(page, mailbox, 'rf');
    projectId = await createProject(page, { name: PROJECT, netMode: 0, scenario: 'enterprise' });
    for (const [i, sn] of sns.entries()) {
      await apiPost(page, `/api/projects/${projectId}/devices`, {
        sn,
        name: `Floor-${String(i).padStart(2, '0')}`,
      });
    }
    const fleet = sim.start(sns, { site: 'dense' });
    expect(fleet.devices.filter((d) => d.plan.kind === 'ap')).toHaveLength(30);
    await expect
      .poll(async () => (await apiGet<RfView>(page, `/api/projects/${projectId}/rf`)).onlineAps, {
        timeout: 40_000,
      })
      .toBe(30);
    await openProject(page, PROJECT);
  });

  await test.step('"Optimize now" shows the run progressing', async () => {
    await page.goto('/manage/rfconf');
    await expect(page.getByTestId('rf-online')).toContainText('30');
    await page.getByTestId('rf-start').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Optimize now' }).click();
    await expect(page.getByTestId('rf-progress')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('rf-progress-percent')).toContainText('%');
    await snap(page, 'rf-running');
  });

  await test.step('the run ends with a success message and a record with lower noise', async () => {
    const result = page.getByTestId('rf-result');
    await expect(result).toHaveAttribute('data-status', 'succeeded', { timeout: 120_000 });
    await expect(page.getByTestId('rf-progress')).toHaveCount(0);
    const view = await apiGet<RfView>(page, `/api/projects/${projectId}/rf`);
    const record = view.records[0];
    expect(record?.status).toBe('succeeded');
    expect(record?.after?.totalDbm).toBeLessThan(record?.before?.totalDbm ?? Number.NEGATIVE_INFINITY);
    expect(record?.after?.sameChannelDbm).toBeLessThan(
      record?.before?.sameChannelDbm ?? Number.NEGATIVE_INFINITY,
    );
    // Channels really moved off the one channel everyone shared.
    const moved = record?.changes.filter((c) => c.channelAfter !== c.channelBefore) ?? [];
    expect(moved.length).toBeGreaterThan(10);
    const rows = page.getByTestId('rf-records').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    // The console writes dBm with a typographic minus sign.
    await expect(rows.first()).toContainText(Math.abs(record?.after?.totalDbm ?? 0).toFixed(1));
    await snap(page, 'rf-record');
  });

  await test.step('the Log has one entry for the run, credited to the account that ran it', async () => {
    const nick = (await apiGet<{ nick: string }>(page, '/api/account/profile')).nick;
    await page.goto('/manage/runlog?tab=changes');
    const rows = page
      .getByRole('tabpanel')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    const runs = rows.filter({ hasText: 'RF optimisation #' });
    await expect(runs).toHaveCount(1);
    await expect(rows.first()).toContainText('RF optimisation');
    await expect(rows.first()).toContainText(nick);
    await expect(rows.first()).toContainText(/new channels or power on \d+ of 30 access points/);
    await snap(page, 'rf-log');
  });
});
