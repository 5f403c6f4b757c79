import { expect, type Page } from '@playwright/test';

/** Opens the account menu in the console header (avatar + nick). */
export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
}

/** Account menu → Change password → submit the dialog. */
export async function changePassword(page: Page, oldPassword: string, newPassword: string): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Current password', { exact: true }).fill(oldPassword);
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
}

/** Account menu → Log out; waits for the login screen. */
export async function logOut(page: Page): Promise<void> {
  await openAccountMenu(page);
  const item = page.getByRole('menuitem', { name: 'Log out' });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible();
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
