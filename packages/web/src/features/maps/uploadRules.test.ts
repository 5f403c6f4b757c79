import { errorMessage } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { mapPdfPagesIssue, mapUploadFileIssue } from './uploadRules';

const MB = 1024 * 1024;

describe('map upload checks before sending', () => {
  it.each([
    [{ name: 'floor.jpg', size: 5 * MB }, null],
    [{ name: 'floor.PNG', size: 100 }, null],
    [{ name: 'floor.jpeg', size: 100 }, null],
    [{ name: 'floor.pdf', size: 100 }, null],
    [{ name: 'floor.gif', size: 100 }, errorMessage(462)],
    [{ name: 'floor.png', size: 5 * MB + 1 }, errorMessage(460)],
    [{ name: 'floor.png', size: 0 }, errorMessage(463)],
  ])('%j → %j', (f, expected) => {
    expect(mapUploadFileIssue(f)).toBe(expected);
  });

  it('refuses a PDF of more than 15 pages with the catalogue message', () => {
    expect(mapPdfPagesIssue(15)).toBeNull();
    expect(mapPdfPagesIssue(16)).toBe(errorMessage(461));
    expect(mapPdfPagesIssue(0)).toBe(errorMessage(463));
  });
});
