/**
 * Analytics (issue 15 §3): browsing the console queues events that reach the server through the
 * signed gzip upload (`POST /upload/app-data/v2`), and the manufacturer's data pivot shows them; the
 * idle detector pauses live updates after the account's idle time (set short through the preference,
 * never waited long) with its banner, held until activity resumes. The pause flushes the queue, so
 * the test waits for no 30-second timer either.
 */
import type { PivotTable } from '@netloom/domain';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, apiPut } from '../support/api';
import { expect, test } from '../support/fixtures';
import { pickOption } from '../support/select';
import { openAccountMenu } from '../support/shell';
import { makeManufacturer } from '../support/sql';

const IDLE_SECONDS = 6;

test('browsing reaches the data pivot; the idle pause shows its banner and resumes', async ({
  page,
  mailbox,
  snap,
}) => {
  const me = await newSignedInAccount(page, mailbox, 'analytics');
  makeManufacturer(me.email);
  await apiPut(page, '/api/account/preferences/idle', {
    value: { pauseAfterSeconds: IDLE_SECONDS, signOutAfterSeconds: null },
  });
  await page.reload();

  // Browse: My account (its "When I'm away" card shows the short time), then the data pivot.
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page.getByLabel('Pause live updates after')).toBeVisible();
  await expect(page.getByText(`${IDLE_SECONDS} seconds`)).toBeVisible();
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Data pivot' }).click();
  await expect(page.getByRole('heading', { name: 'Data pivot' })).toBeVisible();

  // Away: after the idle time the banner shows, and stays until there is activity.
  const banner = page.getByRole('status').filter({ hasText: 'Paused while you were away' });
  await expect(banner).toBeVisible({ timeout: (IDLE_SECONDS + 15) * 1000 });
  await snap(page, 'analytics-idle-banner');

  // The pause flushed the queue: the server has this browsing (the pivot's API, by page).
  await expect
    .poll(async () => {
      const t = await apiGet<PivotTable>(page, '/api/analytics/pivot?rows=page');
      return t.rows.map((r) => r.key);
    })
    .toEqual(expect.arrayContaining(['/account', '/data-pivot']));

  // Back: any activity resumes; the banner goes.
  await page.mouse.move(200, 300);
  await page.mouse.move(260, 320);
  await expect(banner).toBeHidden();

  // The screen: rows by event, the total column only; the page views are counted.
  await pickOption(page, page.getByLabel('Rows'), 'Event');
  await pickOption(page, page.getByLabel('Columns'), 'None (total only)');
  const pageViews = page.getByRole('row').filter({ hasText: 'page_view' });
  await expect(pageViews).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'idle_pause' })).toHaveCount(1);
  await pickOption(page, page.getByLabel('Rows'), 'Page');
  await pickOption(page, page.getByLabel('Columns'), 'Day');
  await expect(page.getByRole('row').filter({ hasText: '/account' })).toHaveCount(1);
  // Idle again while the test looked (the short idle time): activity first, so the banner is gone.
  await page.mouse.move(300, 400);
  await expect(banner).toBeHidden();
  await snap(page, 'data-pivot');
});
