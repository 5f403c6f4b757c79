import { expect, type Page } from '@playwright/test';
import { accountMenuButton, expectSignInPage, fillField } from './pages';

/** Opens the account menu in the console header (avatar + nick) and waits until it shows. */
export async function openAccountMenu(page: Page): Promise<void> {
  await accountMenuButton(page).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
}

/** Account menu → Change password → submit the dialog. */
export async function changePassword(page: Page, oldPassword: string, newPassword: string): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  await fillField(dialog.getByLabel('Current password', { exact: true }), oldPassword);
  await fillField(dialog.getByLabel('New password', { exact: true }), newPassword);
  await fillField(dialog.getByLabel('Confirm new password', { exact: true }), newPassword);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
}

/** Account menu → Log out; waits for the login screen. */
export async function logOut(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expectSignInPage(page);
}

export interface StoredItems {
  local: Record<string, string>;
  session: Record<string, string>;
}

/** Every localStorage and sessionStorage item of the page's origin. */
export async function storedItems(page: Page): Promise<StoredItems> {
  return page.evaluate(() => {
    const dump = (s: Storage) => {
      const out: Record<string, string> = {};
      for (let i = 0; i < s.length; i++) {
        const key = s.key(i);
        if (key !== null) out[key] = s.getItem(key) ?? '';
      }
      return out;
    };
    return { local: dump(window.localStorage), session: dump(window.sessionStorage) };
  });
}
