import { describe, expect, it } from 'vitest';
import { ERR } from '../errors/catalogue';
import { ACTIVATION_RANGE_MAX_DAYS } from '../limits';
import { addDays } from '../time/local';
import { activationRangeIssue, countryName, isCalendarDay, periodStart, periodsInRange } from './rules';

describe('activation rules', () => {
  it.each([
    ['2030-03-02', true],
    ['2030-02-29', false],
    ['2028-02-29', true],
    ['2030-3-2', false],
    ['', false],
  ])('%s is a calendar day: %s', (text, ok) => {
    expect(isCalendarDay(text)).toBe(ok);
  });

  it('refuses a start after the end and a range over the maximum (505)', () => {
    expect(activationRangeIssue('2030-03-01', '2030-03-01')).toBeNull();
    expect(activationRangeIssue('2030-03-02', '2030-03-01')).toBe(ERR.ACTIVATION_RANGE_INVALID);
    const last = addDays('2030-01-01', ACTIVATION_RANGE_MAX_DAYS - 1);
    expect(activationRangeIssue('2030-01-01', last)).toBeNull();
    expect(activationRangeIssue('2030-01-01', addDays(last, 1))).toBe(ERR.ACTIVATION_RANGE_INVALID);
  });

  it('starts weeks on Monday and months on the first', () => {
    expect(periodStart('2030-03-03', 'week')).toBe('2030-02-25'); // a Sunday
    expect(periodStart('2030-03-04', 'week')).toBe('2030-03-04'); // a Monday
    expect(periodStart('2030-03-17', 'month')).toBe('2030-03-01');
    expect(periodStart('2030-03-17', 'day')).toBe('2030-03-17');
  });

  it('lists every period of a range, empty ones too', () => {
    expect(periodsInRange('2030-11-15', '2031-02-01', 'month')).toEqual([
      '2030-11-01',
      '2030-12-01',
      '2031-01-01',
      '2031-02-01',
    ]);
    expect(periodsInRange('2030-03-01', '2030-03-15', 'week')).toEqual([
      '2030-02-25',
      '2030-03-04',
      '2030-03-11',
    ]);
    expect(periodsInRange('2030-03-01', '2030-03-03', 'day')).toHaveLength(3);
  });

  it('names countries in English, "Unknown" for none', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('')).toBe('Unknown');
  });
});
