import { describe, expect, it } from 'vitest';
import { excelFileIssue, fileExtension, firmwareFileIssue, imageFileIssue, mapFileIssue } from './files';

const MB = 1024 * 1024;

describe('file extension', () => {
  it.each([
    ['photo.JPG', 'jpg'],
    ['a.b.png', 'png'],
    ['noext', ''],
    ['.bashrc', ''],
    ['trailing.', ''],
  ])('%j → %j', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
});

describe('image: jpg, png, jpeg, gif, bmp, at most 10 MB', () => {
  it.each([
    [{ name: 'a.jpg', size: 1 }, null],
    [{ name: 'a.PNG', size: 10 * MB }, null],
    [{ name: 'a.jpeg', size: 100 }, null],
    [{ name: 'a.gif', size: 100 }, null],
    [{ name: 'a.bmp', size: 100 }, null],
    [{ name: 'a.png', size: 10 * MB + 1 }, 'An image can be at most 10 MB.'],
    [{ name: 'a.webp', size: 100 }, 'Choose a JPG, PNG, JPEG, GIF or BMP image.'],
    [{ name: 'a.svg', size: 100 }, 'Choose a JPG, PNG, JPEG, GIF or BMP image.'],
    [{ name: 'png', size: 100 }, 'Choose a JPG, PNG, JPEG, GIF or BMP image.'],
    [{ name: 'a.jpg', size: 0 }, 'The file is empty.'],
  ])('%j → %j', (f, expected) => {
    expect(imageFileIssue(f)).toBe(expected);
  });
});

describe('map upload: jpg, png or PDF, at most 5 MB, PDF at most 15 pages (catalogue 460–463)', () => {
  it.each([
    [{ name: 'floor.jpg', size: 5 * MB }, null],
    [{ name: 'floor.jpeg', size: 100 }, null],
    [{ name: 'floor.PNG', size: 100 }, null],
    [{ name: 'floor.pdf', size: 100, pages: 15 }, null],
    [{ name: 'floor.PDF', size: 100 }, null], // page count not known yet
    [{ name: 'floor.jpg', size: 5 * MB + 1 }, 'Upload failed: the map is larger than 5 MB.'],
    [{ name: 'floor.gif', size: 100 }, 'The file is not a JPG, PNG or PDF.'],
    [{ name: 'floor.jpg', size: 0 }, 'The file is damaged and cannot be read.'],
    [{ name: 'floor.pdf', size: 100, pages: 16 }, 'The PDF has more than 15 pages.'],
    [{ name: 'floor.pdf', size: 100, pages: 0 }, 'The file is damaged and cannot be read.'],
    [{ name: 'floor.jpg', size: 100, pages: 99 }, null], // pages only matter for PDFs
  ])('%j → %j', (f, expected) => {
    expect(mapFileIssue(f)).toBe(expected);
  });
});

describe('firmware: .bin under 60 MB', () => {
  it.each([
    [{ name: 'fw_v1.2.bin', size: 60 * MB - 1 }, null],
    [{ name: 'FW.BIN', size: 8 * MB }, null],
    [{ name: 'fw.bin', size: 60 * MB }, 'Upload failed: firmware must be smaller than 60 MB.'],
    [{ name: 'fw.img', size: 100 }, 'Choose a firmware file ending in .bin.'],
    [{ name: 'fw.bin.zip', size: 100 }, 'Choose a firmware file ending in .bin.'],
  ])('%j → %j', (f, expected) => {
    expect(firmwareFileIssue(f)).toBe(expected);
  });
});

describe('Excel import: .xls or .xlsx only', () => {
  it.each([
    [{ name: 'devices.xlsx', size: 100 }, null],
    [{ name: 'devices.XLS', size: 100 }, null],
    [{ name: 'devices.csv', size: 100 }, 'Choose an Excel file (.xls or .xlsx).'],
    [{ name: 'devices.xlsm', size: 100 }, 'Choose an Excel file (.xls or .xlsx).'],
    [{ name: 'devices.xlsx', size: 0 }, 'The file is empty.'],
  ])('%j → %j', (f, expected) => {
    expect(excelFileIssue(f)).toBe(expected);
  });
});
