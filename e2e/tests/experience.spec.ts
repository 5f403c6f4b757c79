import { type ExperienceState, type NetworkStatus, STATIC_PAGE_PATHS } from '@netloom/domain';
import { newSignedInAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { enterLiveDemo, openDemoTab, pageTitle } from '../support/pages';

/**
 * Issue 15 §5 and §6: a user's experience project — simulated devices the console's own simulator
 * runs through the broker, like the live demo's — seen online; a /static page (the landing of a
 * transferred project); and the live demo's status chart with 30 days of history from the start.
 */
test('experience project online, a /static page, and the demo’s 30-day history', async ({
  page,
  mailbox,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'experience');

  const projectId = await test.step('create the experience project and see its devices online', async () => {
    await page.goto('/experience');
    await expect(pageTitle(page, 'Experience project')).toBeVisible();
    await page.getByLabel('Project name').fill('Trial');
    await page.getByRole('button', { name: 'Create experience project' }).click();
    // A steady state (every device online stays so: the fleet has no churn).
    await expect(page.getByTestId('experience-online')).toHaveText('All devices online', { timeout: 60_000 });
    await expect(page.getByText(/^Trial \d+/)).toBeVisible();
    await snap(page, 'experience-online');
    const state = await page.request.get('/api/experience');
    const body = (await state.json()) as { data: ExperienceState };
    const x = body.data.experience;
    expect(x?.online).toBe(x?.devices);
    return x?.projectId ?? 0;
  });

  await test.step('a /static page: the landing of a project transferred to you', async () => {
    await page.goto(`${STATIC_PAGE_PATHS.transfer}?project=${projectId}`);
    await expect(page.getByText(/^“Trial \d+” is now yours$/)).toBeVisible();
    await snap(page, 'experience-static-transfer');
  });

  await test.step('the live demo’s network status has 30 days of history', async () => {
    await page.context().clearCookies();
    await openDemoTab(page);
    await enterLiveDemo(page);
    // The history is written once the server listens: polled until it is there (it then stays).
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/api/projects/500000/status?range=30d');
          const body = (await res.json()) as { data?: NetworkStatus };
          return body.data?.client.series.filter((p) => (p.clients ?? 0) > 0).length ?? 0;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThanOrEqual(719);
    await page.goto('/manage/status');
    const response = page.waitForResponse((r) => r.url().includes('/status?range=30d'));
    await page.getByTestId('time-range').getByText('30 days').click();
    const status = ((await (await response).json()) as { data: NetworkStatus }).data;
    const first = status.ap.series.find((p) => p.online !== null);
    // The first point of the 30-day chart is 30 days back, not at the right edge.
    expect(first?.t).toBe(status.ap.series[0]?.t);
    await expect(page.getByTestId('kpi-clients')).toHaveText(/^[1-9][\d,]*$/);
    // Choosing a range is no change of the demo: no "unavailable in demo projects" modal.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await snap(page, 'experience-demo-30-days');
  });
});
