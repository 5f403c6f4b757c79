import { newSignedInAccount } from '../support/accounts';
import { openProject } from '../support/devices';
import { logOut } from '../support/shell';
import { expect, test } from '../support/sim';
import { deviceIdOf, simulatedProject } from '../support/wireless';

/**
 * Issue 13 §3, remote web management through the real pieces: a simulated office whose AP opens
 * its tunnel back to the console when asked. From the AP's drawer, "Remote management" opens the
 * device's own page in a new tab under the console's `/remote/<session>/`; its form is submitted
 * through the console and the page shows the change; a console page uses the device's WebSocket
 * through the session (echo and a status line); signing out of the console ends it.
 */
test('open an AP’s own web page from its drawer and change its system name through the console', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'remote');
  const p = await simulatedProject(page, sim, { name: 'Pier Office', tag: 'NLRWM', count: 4 });
  const ap = p.fleet.devices.find((d) => d.plan.kind === 'ap');
  if (!ap) throw new Error('the plan has no AP');
  const apId = await deviceIdOf(page, p.projectId, ap.sn);
  await openProject(page, 'Pier Office');
  await page.goto(`/manage/devconf/${apId}`);
  const drawer = page.getByTestId('device-detail');
  // The simulated devices come online while the machine may be busy: give them time.
  await expect(drawer.getByTestId('device-status')).toHaveAttribute('data-status', 'online', {
    timeout: 60_000,
  });

  await drawer.getByTestId('device-more').click();
  const item = page.getByRole('menuitem', { name: 'Remote management' });
  await expect(item).toBeEnabled();
  await snap(page, 'remote-drawer-menu');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), item.click()]);

  await test.step('the new tab shows the device’s own status page', async () => {
    await expect(tab).toHaveURL(/\/remote\/[A-Za-z0-9_-]{22}\/$/);
    await expect(tab.getByRole('heading', { name: `${ap.model.model} local management` })).toBeVisible();
    await expect(tab.getByRole('cell', { name: ap.sn })).toBeVisible();
    await expect(tab.locator('[data-field="Firmware"]')).toHaveText(ap.firmwareVersion);
    await snap(tab, 'remote-device-page');
  });

  await test.step('its form posts back through the console and the page shows the change', async () => {
    await tab.getByLabel('System name').fill('Pier Lobby AP');
    await tab.getByLabel('Status LED on').uncheck();
    await tab.getByRole('button', { name: 'Save' }).click();
    await expect(tab.getByRole('status')).toHaveText('Settings saved.');
    await expect(tab.locator('[data-field="System name"]')).toHaveText('Pier Lobby AP');
    await expect(tab.locator('[data-field="Status LED"]')).toHaveText('Off');
    await expect(tab).toHaveURL(/\/remote\/[A-Za-z0-9_-]{22}\/\?saved=1$/);
    await snap(tab, 'remote-device-page-saved');
  });

  await test.step('a console page opens the device’s WebSocket through the session: echo and status', async () => {
    // The device page itself runs without scripts; a client on the console's origin holding the
    // session's cookies (here a console page) may use the device's sockets.
    const socketPath = `${new URL(tab.url()).pathname}ws`;
    const seen = await page.evaluate(async (path) => {
      const url = new URL(path, window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      const ws = new WebSocket(url.href);
      return new Promise<{ echo: string; status: { type: string; sn: string; systemName: string } }>(
        (resolve, reject) => {
          let echo: string | null = null;
          let status: { type: string; sn: string; systemName: string } | null = null;
          ws.onopen = () => ws.send('hello from the console');
          ws.onerror = () => reject(new Error('the socket was refused'));
          ws.onmessage = (event) => {
            const text = String(event.data);
            if (text.startsWith('{"type":"status"')) status = JSON.parse(text);
            else echo = text;
            if (echo !== null && status !== null) {
              ws.close(1000);
              resolve({ echo, status });
            }
          };
        },
      );
    }, socketPath);
    expect(seen.echo).toBe('hello from the console');
    expect(seen.status).toMatchObject({ type: 'status', sn: ap.sn, systemName: 'Pier Lobby AP' });
  });

  await test.step('the system log says who opened it', async () => {
    await page.goto('/manage/runlog');
    await expect(page.getByRole('row', { name: /Remote management opened/ }).first()).toBeVisible();
  });

  await test.step('signing out of the console ends the session: the tab says so in plain words', async () => {
    await logOut(page);
    await tab.reload();
    await expect(tab.getByRole('heading', { name: 'Remote management' })).toBeVisible();
    await expect(
      tab.getByText(
        'This remote management link is not valid for you. Open remote management from the console.',
      ),
    ).toBeVisible();
    await expect(tab.getByText(ap.sn)).toBeHidden();
    await snap(tab, 'remote-session-ended');
  });
});
