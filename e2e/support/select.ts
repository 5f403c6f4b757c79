import { expect, type Locator, type Page } from '@playwright/test';
import { escapeRegExp } from './pages';

/**
 * antd Select, the way a user picks from it. A dropdown lives in a popup at the end of the page and
 * fades out for a moment after a choice, so "the visible dropdown" can be two at once: the one
 * closing and the one opening. These helpers find the popup that belongs to the select (the
 * listbox its combobox `aria-controls`) and wait until a single-choice popup has closed again, so
 * the next control is neither covered by it nor confused with it.
 */

/** An option's text: a string matches the whole text, a RegExp as written. */
function optionText(option: string | RegExp): RegExp {
  return typeof option === 'string' ? new RegExp(`^${escapeRegExp(option)}$`) : option;
}

/** Opens the select whose combobox is `combobox` and returns its dropdown. */
export async function openSelect(page: Page, combobox: Locator): Promise<Locator> {
  // Centre the select first. Near the bottom of a drawer its dropdown opens partly off screen, so a
  // click on an option scrolls the drawer; the popup realigns to the select a frame later, and the
  // click lands where the option was (on the select itself), choosing nothing.
  await combobox.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
  await combobox.click();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  const listId = await combobox.getAttribute('aria-controls');
  if (!listId) throw new Error('The select opened without naming its listbox (aria-controls).');
  return page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
}

/** The options of an open dropdown (see {@link openSelect}). */
export function selectOptions(dropdown: Locator): Locator {
  return dropdown.locator('.ant-select-item-option');
}

/** Closes an open dropdown with Escape and waits until it is gone. */
export async function closeSelect(page: Page, dropdown: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();
}

/** Picks `option` in a single-choice select and waits until its dropdown has closed. */
export async function pickOption(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  const dropdown = await openSelect(page, combobox);
  await selectOptions(dropdown)
    .filter({ hasText: optionText(option) })
    .click();
  await expect(dropdown).toBeHidden();
}

/** Picks each of `options` in a multiple-choice select, then closes it. */
export async function pickOptions(
  page: Page,
  combobox: Locator,
  options: readonly (string | RegExp)[],
): Promise<void> {
  const dropdown = await openSelect(page, combobox);
  for (const option of options) {
    const item = selectOptions(dropdown).filter({ hasText: optionText(option) });
    await item.click();
    // Virtual lists leave aria-selected off the visible items; the class marks the choice.
    await expect(item).toHaveClass(/ant-select-item-option-selected/);
  }
  await closeSelect(page, dropdown);
}
