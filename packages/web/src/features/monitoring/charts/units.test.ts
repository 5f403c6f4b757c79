import { describe, expect, it } from 'vitest';
import { topShares } from './categoryOptions';
import { sampledPoints } from './timeSeriesOption';
import { axisScale, formatValue } from './units';

describe('axisScale', () => {
  it('steps rates and sizes by 1024 and names the axis unit', () => {
    expect(axisScale('rate', 500)).toEqual({ divisor: 1, name: 'B/s' });
    expect(axisScale('rate', 1024)).toEqual({ divisor: 1024, name: 'KB/s' });
    expect(axisScale('rate', 51_265_729)).toEqual({ divisor: 1024 ** 2, name: 'MB/s' });
    expect(axisScale('bytes', 18 * 1024 ** 3)).toEqual({ divisor: 1024 ** 3, name: 'GB' });
  });
  it('leaves counts alone and treats empty or invalid maxima as bytes', () => {
    expect(axisScale('count', 5000)).toEqual({ divisor: 1, name: '' });
    expect(axisScale('rate', 0)).toEqual({ divisor: 1, name: 'B/s' });
    expect(axisScale('bytes', Number.NaN)).toEqual({ divisor: 1, name: 'B' });
  });
});

describe('formatValue', () => {
  it('formats tooltips with units and says when a bucket has no data', () => {
    expect(formatValue('rate', 1536)).toBe('1.5 KB/s');
    expect(formatValue('bytes', 1024 ** 2)).toBe('1 MB');
    expect(formatValue('count', 12)).toBe('12');
    expect(formatValue('count', 12.345)).toBe('12.3');
    expect(formatValue('rate', null)).toBe('No data');
  });
});

describe('sampledPoints', () => {
  it('counts buckets where any line has a sample', () => {
    expect(sampledPoints([{ values: [null, 1, null] }, { values: [null, null, 0] }])).toBe(2);
    expect(sampledPoints([{ values: [null, null] }])).toBe(0);
    expect(sampledPoints([])).toBe(0);
  });
});

describe('topShares', () => {
  it('keeps the largest slices and sums the rest into Other', () => {
    const shares = Array.from({ length: 10 }, (_, i) => ({ name: `v${i}`, count: 10 - i }));
    const top = topShares(shares, 4);
    expect(top.map((s) => s.name)).toEqual(['v0', 'v1', 'v2', 'Other']);
    expect(top.at(-1)?.count).toBe(7 + 6 + 5 + 4 + 3 + 2 + 1);
    expect(topShares(shares.slice(0, 3), 4)).toHaveLength(3);
  });
});
