import { describe, expect, it } from 'vitest';
import { firstSharedValue, formatRangeList, normalizeRanges } from './rangeList';
import { findDuplicate, findDuplicates, integerIssue, integerSchema, parseInteger } from './rule';

describe('whole numbers typed or sent as JSON', () => {
  it.each([
    ['42', 42],
    [' -7 ', -7],
    [0, 0],
    ['007', 7],
    ['', null],
    ['4.0', null],
    ['1e3', null],
    ['0x10', null],
    ['12abc', null],
    [1.5, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    ['99999999999999999999', null], // beyond safe integers
  ])('%j → %j', (v, n) => {
    expect(parseInteger(v)).toBe(n);
  });
  const rule = { label: 'Lease', min: 30, max: 60, unit: 'minutes' };
  it.each([
    [30, null],
    [60, null],
    [29, 'Lease must be from 30 to 60 minutes.'],
    ['x', 'Lease must be a whole number.'],
    [null, 'Lease is required.'],
    [undefined, 'Lease is required.'],
  ])('integer rule %j → %j', (v, expected) => {
    expect(integerIssue(v, rule)).toBe(expected);
  });
  it('the schema refuses non-numbers with its own message', () => {
    expect(integerSchema(rule).safeParse('45').error?.issues[0]?.message).toBe('Lease must be a number.');
    expect(integerSchema(rule).safeParse(45).success).toBe(true);
  });
});

describe('duplicates', () => {
  const items = ['a', 'b', 'A', 'c', 'a', 'x'];
  const key = (s: string) => (s === 'x' ? null : s.toLowerCase());
  it('finds the first repeat and every repeat, ignoring null keys', () => {
    expect(findDuplicate(items, key)).toEqual({ key: 'a', first: 0, second: 2 });
    expect(findDuplicates(items, key)).toEqual([
      { key: 'a', first: 0, second: 2 },
      { key: 'a', first: 0, second: 4 },
    ]);
    expect(findDuplicate(['x', 'x'], key)).toBeNull();
  });
});

describe('range lists', () => {
  it('normalises: sorted, touching and overlapping ranges merged', () => {
    const ranges = [
      { start: 20, end: 20 },
      { start: 6, end: 8 },
      { start: 1, end: 5 },
      { start: 7, end: 12 },
    ];
    expect(normalizeRanges(ranges)).toEqual([
      { start: 1, end: 12 },
      { start: 20, end: 20 },
    ]);
    expect(formatRangeList(normalizeRanges(ranges), ',')).toBe('1-12,20');
  });
  it('finds the lowest shared value', () => {
    const a = [
      { start: 1, end: 10 },
      { start: 50, end: 60 },
    ];
    expect(firstSharedValue(a, [{ start: 55, end: 70 }])).toBe(55);
    expect(
      firstSharedValue(a, [
        { start: 55, end: 70 },
        { start: 3, end: 3 },
      ]),
    ).toBe(3);
    expect(firstSharedValue(a, [{ start: 11, end: 49 }])).toBeNull();
  });
});
