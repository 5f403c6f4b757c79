import { fillSignIn, newSignedInAccount, registerByApi, signInByUi, uniqueEmail } from '../support/accounts';
import { apiPost } from '../support/api';
import { openProject } from '../support/devices';
import { expect, test } from '../support/fixtures';
import { expectConsole, openSignInPage } from '../support/pages';
import { expectProjectDrawer } from '../support/projects';

test.describe('access types and read-only projects', () => {
  test('the embedded console (/login?access=openapi) keeps a bearer token in the tab and shows the openapi menu', async ({
    browser,
    baseURL,
    page,
    mailbox,
    snap,
  }) => {
    const email = uniqueEmail('embedded');
    const password = 'Secret-123';
    await registerByApi(page.request, mailbox, email, password);
    // A project to open, made through a web session of the same account.
    await signInByUi(page, email, password);
    const { id } = await apiPost<{ id: number }>(page, '/api/projects', {
      name: 'App Site',
      netMode: 0,
      scenario: 'hotel',
    });

    const context = await browser.newContext({ baseURL });
    const app = await context.newPage();
    await openSignInPage(app, `?access=openapi&project=${id}`);
    await expect(app.getByTestId('embedded-access-notice')).toContainText('this browser tab only');
    await fillSignIn(app, email, password);
    await app.getByRole('button', { name: 'Sign in', exact: true }).click();

    // The first permitted page of the project (§2: network first), not the web overview.
    await expect(app).toHaveURL(/\/manage\/status$/);
    await expectConsole(app);
    const menu = app.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByText('Network status')).toBeVisible();
    await expect(menu.getByText('Device maintenance')).toBeVisible();
    await expect(menu.getByText('Project list')).toHaveCount(0);
    await expect(menu.getByText('Wireless', { exact: true })).toHaveCount(0);
    await expect(menu.getByText('RF optimization')).toHaveCount(0);
    // Live updates work with the bearer token too (offered as a WebSocket subprotocol).
    await expect(app.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
    // Bearer token in session storage, no session cookie.
    const token = await app.evaluate(() => window.sessionStorage.getItem('nl.token'));
    expect(token?.length ?? 0).toBeGreaterThan(20);
    expect((await context.cookies()).some((c) => c.name === 'nl_session')).toBe(false);
    await snap(app, 'embedded-console');

    // A web-only page typed by hand explains itself, and the server refuses its API too.
    await app.goto('/manage/wirelessconf');
    await expect(app.getByText('Wireless is not available here')).toBeVisible();
    const refused = await app.evaluate(async (projectId) => {
      const res = await fetch(`/api/projects/${projectId}/config/wireless`, {
        headers: { Authorization: `Bearer ${window.sessionStorage.getItem('nl.token')}` },
      });
      return ((await res.json()) as { code: number }).code;
    }, id);
    expect(refused).toBe(403);
    await context.close();
  });

  test('the owner locks the configuration in the drawer: banner, read-only menu, 173 on a save; unlock from the banner', async ({
    page,
    mailbox,
    snap,
  }) => {
    await newSignedInAccount(page, mailbox, 'lock');
    const { id } = await apiPost<{ id: number }>(page, '/api/projects', {
      name: 'Locked Site',
      netMode: 0,
      scenario: 'enterprise',
    });
    await page.goto('/overview/list');
    await page.getByRole('button', { name: 'Edit Locked Site' }).click();
    const drawer = await expectProjectDrawer(page, 'edit');
    await expect(drawer.getByLabel('Project name')).toHaveValue('Locked Site');
    const lock = drawer.getByRole('switch', { name: 'Lock configuration' });
    await lock.click();
    // The toast first: it goes after a few seconds, the switch's state stays.
    await expect(page.getByText('Configuration locked.')).toBeVisible();
    await expect(lock).toBeChecked();
    await expect(drawer.getByLabel('Project name')).toBeDisabled();
    await expect(drawer.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer).toBeHidden();

    await openProject(page, 'Locked Site');
    await expect(page).toHaveURL(/\/manage\/status$/);
    const banner = page.getByTestId('locked-project-banner');
    await expect(banner).toContainText('Read-only project');
    await expect(page.getByRole('button', { name: 'Add device' })).toBeDisabled();
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByLabel('read-only in this project').first(),
    ).toBeVisible();
    await snap(page, 'locked-project');

    // The server refuses changes with 173 (the catalogue's "read-only project").
    const res = await page.request.patch(`/api/projects/${id}`, {
      data: { name: 'Renamed' },
      headers: {
        'X-CSRF-Token': (await page.context().cookies()).find((c) => c.name === 'nl_csrf')?.value ?? '',
      },
    });
    expect(((await res.json()) as { code: number }).code).toBe(173);

    await banner.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('Configuration unlocked.')).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add device' })).toBeEnabled();
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByLabel('read-only in this project'),
    ).toHaveCount(0);
  });
});
