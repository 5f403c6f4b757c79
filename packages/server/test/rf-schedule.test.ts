import { describe, expect, it } from 'vitest';
import { autoRunDue, nextAutoRunAt } from '../src/features/rf/schedule';

// Tuesday 2026-03-10 10:00 UTC.
const NOW = Date.parse('2026-03-10T10:00:00.000Z');
const every = { auto: true, autoDays: [0, 1, 2, 3, 4, 5, 6], autoTime: '03:00' };

describe('automatic RF optimisation schedule', () => {
  it('is null when off or without days', () => {
    expect(nextAutoRunAt({ ...every, auto: false }, 8, NOW)).toBeNull();
    expect(nextAutoRunAt({ ...every, autoDays: [] }, 8, NOW)).toBeNull();
  });

  it('takes the local time of the project time zone (hours east of UTC, halves too)', () => {
    // 03:00 at +8 is 19:00 UTC the day before: the next one is Wednesday 03:00 local.
    expect(nextAutoRunAt(every, 8, NOW)).toBe(Date.parse('2026-03-10T19:00:00.000Z'));
    expect(nextAutoRunAt(every, 5.5, NOW)).toBe(Date.parse('2026-03-10T21:30:00.000Z'));
    expect(nextAutoRunAt(every, -5, NOW)).toBe(Date.parse('2026-03-11T08:00:00.000Z'));
  });

  it('skips to the next chosen weekday (0 = Monday), a week ahead when today has passed', () => {
    // Tuesday 18:00 at +8; Tuesday 09:00 local has passed → next Tuesday.
    expect(nextAutoRunAt({ ...every, autoDays: [1], autoTime: '09:00' }, 8, NOW)).toBe(
      Date.parse('2026-03-17T01:00:00.000Z'),
    );
    // Sunday only.
    expect(nextAutoRunAt({ ...every, autoDays: [6], autoTime: '09:00' }, 0, NOW)).toBe(
      Date.parse('2026-03-15T09:00:00.000Z'),
    );
  });

  it('is due exactly once across the ticks that straddle the instant', () => {
    const s = { ...every, autoDays: [1], autoTime: '18:30' };
    const at = Date.parse('2026-03-10T10:30:00.000Z');
    expect(autoRunDue(s, 8, NOW, at - 1)).toBe(false);
    expect(autoRunDue(s, 8, at - 1, at)).toBe(true);
    expect(autoRunDue(s, 8, at, at + 30_000)).toBe(false);
    expect(autoRunDue({ ...s, auto: false }, 8, at - 1, at)).toBe(false);
  });
});
