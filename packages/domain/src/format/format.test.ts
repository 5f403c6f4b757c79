import { describe, expect, it } from 'vitest';
import { formatDistance } from './distance';
import { formatDuration } from './duration';
import { formatBytes, formatRate, scaleBytes } from './units';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;
const TB = GB * 1024;

describe('formatRate', () => {
  it.each([
    [0, '0 B/s'],
    [1, '1 B/s'],
    [1023, '1023 B/s'],
    [1023.6, '1 KB/s'],
    [1024, '1 KB/s'],
    [1536, '1.5 KB/s'],
    [10 * KB + 10, '10.01 KB/s'],
    [MB - 1, '1 MB/s'],
    [MB, '1 MB/s'],
    [2.25 * MB, '2.25 MB/s'],
    [GB, '1 GB/s'],
    [TB, '1 TB/s'],
    [2048 * TB, '2048 TB/s'],
    [-5, '0 B/s'],
    [Number.NaN, '0 B/s'],
    [Number.POSITIVE_INFINITY, '0 B/s'],
  ])('%d B/s → %s', (bps, text) => {
    expect(formatRate(bps)).toBe(text);
  });

  it('honours the number of decimals', () => {
    expect(formatRate(1.23456 * MB, 1)).toBe('1.2 MB/s');
    expect(formatRate(1.75 * MB, 0)).toBe('2 MB/s');
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [KB, '1 KB'],
    [1.5 * GB, '1.5 GB'],
    [3 * TB, '3 TB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('scales to the largest unit at or above 1', () => {
    expect(scaleBytes(5 * MB)).toEqual({ value: 5, unit: 'MB' });
  });
});

describe('formatDuration', () => {
  it.each([
    [0, 'now'],
    [59, 'now'],
    [59.9, 'now'],
    [-10, 'now'],
    [Number.NaN, 'now'],
    [60, '1m 0s'],
    [61, '1m 1s'],
    [3599, '59m 59s'],
    [3600, '1h 0m 0s'],
    [3605, '1h 0m 5s'],
    [86400, '1d 0h 0m 0s'],
    [93784, '1d 2h 3m 4s'],
    [93784.9, '1d 2h 3m 4s'],
    [400 * 86400 + 1, '400d 0h 0m 1s'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatDistance', () => {
  it.each([
    [0, '0 m'],
    [0.4, '0 m'],
    [12.6, '13 m'],
    [999, '999 m'],
    [999.4, '999 m'],
    [999.6, '1.0 km'],
    [1000, '1.0 km'],
    [1049, '1.0 km'],
    [1050, '1.1 km'],
    [12_500, '12.5 km'],
    [-3, '0 m'],
    [Number.NaN, '0 m'],
  ])('%d m → %s', (metres, text) => {
    expect(formatDistance(metres)).toBe(text);
  });
});
