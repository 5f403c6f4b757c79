import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { newSignedInAccount, registerByApi, signInByUi, uniqueEmail } from '../support/accounts';
import { createProject } from '../support/api';
import { expect, test } from '../support/fixtures';
import { fillField, projectSwitcher } from '../support/pages';
import { startPrivateConsole } from '../support/privateConsole';

/**
 * Issue 14 §1, Share & permissions (`/manage/authority`): the owner shares by account and by an
 * invitation code; the invitee joins after signing in and sees the project as shared with them; a
 * share's expiry passing takes the project away from the member's open console (no reload) — seen
 * on a console of its own whose clock the test moves past the expiry (CLOCK_CONTROL), not waited for.
 * Set-up goes through the API; the browser does what the user does in the feature.
 */
const PASSWORD = 'Secret-123';

/** A second person in their own browser context (their own cookies), signed in. */
async function secondPerson(browser: Browser, baseURL: string, mailbox: string, tag: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = uniqueEmail(tag);
  await registerByApi(page.request, mailbox, email, PASSWORD);
  return { context, page, email };
}

/** Opens a project from the project list (its row's Open button) and waits for the switcher to show it. */
async function openProject(page: Page, project: string): Promise<void> {
  await page.goto('/overview/list');
  const row = page.getByRole('row').filter({ hasText: project });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(projectSwitcher(page)).toContainText(project);
}

/** A console of the test's own (its own database and mailbox) whose clock the test may move forward. */
async function consoleWithMovableClock() {
  const own = await startPrivateConsole('clock', { CLOCK_CONTROL: 'true' });
  return {
    ...own,
    /** Moves the console's clock forward (POST /api/internal/clock, loopback only). */
    async advance(request: APIRequestContext, ms: number): Promise<void> {
      const res = await request.post(`${own.url}/api/internal/clock`, { data: { advanceMs: ms } });
      expect(res.status()).toBe(200);
    },
  };
}

async function openSharing(page: Page, project: string): Promise<void> {
  await openProject(page, project);
  await page.goto('/manage/authority');
  await expect(page.getByRole('heading', { name: 'Share & permissions' })).toBeVisible({ timeout: 30_000 });
}

test('share by account: the owner shares with manage permission and an expiry; the member sees it shared', async ({
  page,
  browser,
  baseURL,
  mailbox,
  snap,
}) => {
  const member = await secondPerson(browser, baseURL ?? '', mailbox, 'sharee');
  await newSignedInAccount(page, mailbox, 'sharer');
  await createProject(page, { name: 'Harbour Hotel', netMode: 0, scenario: 'hotel' });
  await openSharing(page, 'Harbour Hotel');
  await expect(page.getByText('Not shared with anyone yet')).toBeVisible();

  // The page header's button (its accessible name carries its icon's: "share-alt Share").
  await page.getByRole('button', { name: /^(share-alt )?Share$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Share project' });
  await fillField(drawer.getByLabel('Account'), 'nobody.at.all@example.com');
  await drawer.getByText('Manage', { exact: true }).click();
  await drawer.getByText('For a number of hours').click();
  await snap(page, 'sharing-drawer');
  await drawer.getByRole('button', { name: 'Share', exact: true }).click();
  // The server's answer on the field: 22, the account does not exist.
  await expect(drawer.getByText('This account does not exist.')).toBeVisible();
  await fillField(drawer.getByLabel('Account'), member.email);
  await drawer.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText('Manage');
  await expect(row).toContainText(/in (1d|23h)/);
  await snap(page, 'sharing-members');

  await signInByUi(member.page, member.email, PASSWORD);
  await member.page.goto('/overview/list');
  const shared = member.page.getByRole('row').filter({ hasText: 'Harbour Hotel' });
  await expect(shared).toBeVisible();
  await openProject(member.page, 'Harbour Hotel');
  await expect(projectSwitcher(member.page)).toContainText('Harbour Hotel');
  await member.context.close();
});

test('invitation code: created by the owner, redeemed after sign-in', async ({
  page,
  browser,
  baseURL,
  mailbox,
  snap,
}) => {
  const invitee = await secondPerson(browser, baseURL ?? '', mailbox, 'invitee');
  await newSignedInAccount(page, mailbox, 'inviter');
  await createProject(page, { name: 'Dockside Campus', netMode: 0, scenario: 'campus' });
  await openSharing(page, 'Dockside Campus');

  await page.getByRole('button', { name: 'Invite with code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite with a code' });
  await dialog.getByRole('button', { name: 'Create code' }).click();
  const ready = page.getByRole('dialog', { name: 'Invitation code ready' });
  const code = ((await ready.getByTestId('invitation-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await snap(page, 'sharing-invitation-code');
  await ready.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row').filter({ hasText: code.slice(-4) })).toContainText('View');

  await test.step('the invitee joins with the link after signing in', async () => {
    await signInByUi(invitee.page, invitee.email, PASSWORD);
    await invitee.page.goto(`/join?code=${code}`);
    await expect(invitee.page.getByRole('heading', { name: 'Join a project' })).toBeVisible();
    await invitee.page.getByRole('button', { name: 'Join project' }).click();
    await expect(projectSwitcher(invitee.page)).toContainText('Dockside Campus');
    await invitee.page.goto('/overview/list');
    await expect(invitee.page.getByRole('row').filter({ hasText: 'Dockside Campus' })).toBeVisible();
  });

  await test.step('the owner sees the member, joined by invitation', async () => {
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: invitee.email });
    await expect(row).toContainText('Invitation code');
    await expect(row).toContainText('Never expires');
  });

  await invitee.context.close();
});

test('a share’s expiry passing takes the project away from the member’s open console, live', async ({
  browser,
  request,
  snap,
}) => {
  const own = await consoleWithMovableClock();
  try {
    const owner = await secondPerson(browser, own.url, own.mailbox, 'expiry-owner');
    const member = await secondPerson(browser, own.url, own.mailbox, 'expiry-member');
    await signInByUi(owner.page, owner.email, PASSWORD);
    await createProject(owner.page, { name: 'Lakeside Lodge', netMode: 0, scenario: 'hotel' });
    await openSharing(owner.page, 'Lakeside Lodge');

    await test.step('the owner shares the project for a number of hours', async () => {
      await owner.page.getByRole('button', { name: /^(share-alt )?Share$/ }).click();
      const drawer = owner.page.getByRole('dialog', { name: 'Share project' });
      await fillField(drawer.getByLabel('Account'), member.email);
      await drawer.getByText('For a number of hours').click();
      await drawer.getByRole('button', { name: 'Share', exact: true }).click();
      await expect(drawer).toBeHidden();
      await expect(owner.page.getByRole('row').filter({ hasText: member.email })).toContainText(
        /in (1d|23h)/,
      );
    });

    await test.step('the member works in the shared project', async () => {
      await signInByUi(member.page, member.email, PASSWORD);
      await openProject(member.page, 'Lakeside Lodge');
      await member.page.goto('/manage/status');
      await expect(projectSwitcher(member.page)).toContainText('Lakeside Lodge');
    });

    await test.step('a day passes on the console: the member’s open console lets go of the project', async () => {
      await own.advance(request, 25 * 3_600_000);
      await expect(member.page.getByText('Your access to this project has expired.')).toBeVisible({
        timeout: 20_000,
      });
      await expect(member.page).toHaveURL(/\/overview\/list/);
      await expect(member.page.getByRole('row').filter({ hasText: 'Lakeside Lodge' })).toHaveCount(0);
      await snap(member.page, 'sharing-expired-member');
      // The owner's open list follows live: the share is marked expired.
      await expect(owner.page.getByRole('row').filter({ hasText: member.email })).toContainText('Expired');
      await snap(owner.page, 'sharing-expired-owner');
    });
    await owner.context.close();
    await member.context.close();
  } finally {
    await own.close();
  }
});
