import { DEVICE_IMPORT_COLUMNS } from '@netloom/domain';
import { newSignedInAccount } from '../support/accounts';
import { createProject } from '../support/api';
import { openProject } from '../support/devices';
import { writeImportWorkbook } from '../support/excel';
import { expect, serialNumbers, test } from '../support/sim';

/**
 * Issue 3 §4 import errors, no devices needed: a workbook with good and bad rows adds the good ones
 * and reports each bad row with its spreadsheet row number and reason; a workbook that does not
 * follow the template is refused whole with a message naming the template's columns.
 */
test('an Excel import reports bad rows one by one and refuses a foreign template', async ({
  page,
  mailbox,
}, info) => {
  const [first, second] = serialNumbers(2, 'NLIMP');
  await newSignedInAccount(page, mailbox, 'import');
  await createProject(page, { name: 'Import checks', netMode: 0, scenario: 'hotel' });
  await openProject(page, 'Import checks');
  await page.goto('/manage/devconf');
  await expect(page.getByText('No devices yet — Add device')).toBeVisible();
  await page.getByRole('button', { name: 'Add device' }).first().click();
  const dialog = page.getByRole('dialog', { name: /Add device/ });
  await expect(dialog).toBeVisible();
  const importTab = dialog.getByRole('tab', { name: 'Import from Excel' });
  await importTab.click();
  await expect(importTab).toHaveAttribute('aria-selected', 'true');
  const fileInput = dialog.getByTestId('import-file').locator('input[type=file]');

  const mixed = info.outputPath('mixed.xlsx');
  await writeImportWorkbook(
    [
      { sn: first as string, name: 'Lobby-AP', location: 'Lobby' },
      { sn: 'SHORT1', name: 'Too-short' },
      { sn: first as string, name: 'Again' },
      { sn: second as string, name: 'has spaces in name' },
    ],
    mixed,
  );
  await fileInput.setInputFiles(mixed);
  const result = dialog.getByTestId('import-result');
  await expect(result).toContainText('1 of 4 devices added, 3 refused.');
  await expect(result.locator('tr[data-row="2"]')).toHaveAttribute('data-outcome', 'added');
  for (const row of [3, 4, 5]) {
    await expect(result.locator(`tr[data-row="${row}"]`)).toHaveAttribute('data-outcome', 'failed');
  }
  // Each refusal says why, in the row the user has to fix.
  await expect(result.locator('tr[data-row="3"]')).toContainText(/serial number/i);
  await expect(result.locator('tr[data-row="4"]')).toContainText(/row 2/i);
  await expect(result.locator('tr[data-row="5"]')).toContainText(/space/i);

  const foreign = info.outputPath('foreign.xlsx');
  await writeImportWorkbook([{ sn: second as string }], foreign, ['Serial', 'Label', 'Where']);
  await fileInput.setInputFiles(foreign);
  const error = dialog.getByTestId('import-error');
  await expect(error).toContainText('does not match the template');
  await expect(error).toContainText(DEVICE_IMPORT_COLUMNS.join(', '));
  await expect(dialog.getByTestId('import-result')).toHaveCount(0);
});
