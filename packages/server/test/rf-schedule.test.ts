import { describe, expect, it } from 'vitest';
import { autoRunDue, nextAutoRunAt } from '../src/features/rf/schedule';

// Tuesday 2026-03-10 10:00 UTC.
const NOW = Date.parse('2026-03-10T10:00:00.000Z');
const every = { auto: true, autoDays: [0, 1, 2, 3, 4, 5, 6], autoTime: '03:00' };

describe('automatic RF optimisation schedule', () => {
  it('is null when off or without days', () => {
    expect(nextAutoRunAt({ ...every, auto: false }, 'Asia/Shanghai', NOW)).toBeNull();
    expect(nextAutoRunAt({ ...every, autoDays: [] }, 'Asia/Shanghai', NOW)).toBeNull();
  });

  it('takes the local time of the project time zone', () => {
    // 03:00 in Shanghai (UTC+8) is 19:00 UTC the day before: the next one is Wednesday 03:00 local.
    expect(nextAutoRunAt(every, 'Asia/Shanghai', NOW)).toBe(Date.parse('2026-03-10T19:00:00.000Z'));
    expect(nextAutoRunAt(every, 'Asia/Kolkata', NOW)).toBe(Date.parse('2026-03-10T21:30:00.000Z'));
    // New York is already on summer time (UTC-4) since Sunday 8 March.
    expect(nextAutoRunAt(every, 'America/New_York', NOW)).toBe(Date.parse('2026-03-11T07:00:00.000Z'));
  });

  it('skips to the next chosen weekday (0 = Monday), a week ahead when today has passed', () => {
    // Tuesday 18:00 in Shanghai; Tuesday 09:00 local has passed → next Tuesday.
    expect(nextAutoRunAt({ ...every, autoDays: [1], autoTime: '09:00' }, 'Asia/Shanghai', NOW)).toBe(
      Date.parse('2026-03-17T01:00:00.000Z'),
    );
    // Sunday only.
    expect(nextAutoRunAt({ ...every, autoDays: [6], autoTime: '09:00' }, 'UTC', NOW)).toBe(
      Date.parse('2026-03-15T09:00:00.000Z'),
    );
  });

  it('is due exactly once across the ticks that straddle the instant', () => {
    const s = { ...every, autoDays: [1], autoTime: '18:30' };
    const at = Date.parse('2026-03-10T10:30:00.000Z');
    expect(autoRunDue(s, 'Asia/Shanghai', NOW, at - 1)).toBe(false);
    expect(autoRunDue(s, 'Asia/Shanghai', at - 1, at)).toBe(true);
    expect(autoRunDue(s, 'Asia/Shanghai', at, at + 30_000)).toBe(false);
    expect(autoRunDue({ ...s, auto: false }, 'Asia/Shanghai', at - 1, at)).toBe(false);
  });

  it('keeps 08:00 local across the clock change in Lisbon (last Sunday of March)', () => {
    const daily = { ...every, autoTime: '08:00' };
    // Saturday 28 March: winter time, UTC+0 → 08:00 UTC.
    const saturday = nextAutoRunAt(daily, 'Europe/Lisbon', Date.parse('2026-03-28T00:00:00Z'));
    expect(saturday).toBe(Date.parse('2026-03-28T08:00:00Z'));
    // Sunday 29 March, after the 01:00 UTC change: summer time, UTC+1 → 07:00 UTC.
    const sunday = nextAutoRunAt(daily, 'Europe/Lisbon', Date.parse('2026-03-28T12:00:00Z'));
    expect(sunday).toBe(Date.parse('2026-03-29T07:00:00Z'));
    // A tick across the old (fixed-offset) instant starts nothing; the tick across 07:00 UTC does.
    expect(
      autoRunDue(
        daily,
        'Europe/Lisbon',
        Date.parse('2026-03-29T07:30:00Z'),
        Date.parse('2026-03-29T08:30:00Z'),
      ),
    ).toBe(false);
    expect(
      autoRunDue(
        daily,
        'Europe/Lisbon',
        Date.parse('2026-03-29T06:30:00Z'),
        Date.parse('2026-03-29T07:00:00Z'),
      ),
    ).toBe(true);
  });

  it('keeps 08:00 local when New York falls back (first Sunday of November)', () => {
    const daily = { ...every, autoTime: '08:00' };
    expect(nextAutoRunAt(daily, 'America/New_York', Date.parse('2026-10-31T13:00:00Z'))).toBe(
      Date.parse('2026-11-01T13:00:00Z'), // 08:00 EST (UTC-5), was 12:00 UTC on Saturday (EDT)
    );
    expect(nextAutoRunAt(daily, 'America/New_York', Date.parse('2026-10-31T00:00:00Z'))).toBe(
      Date.parse('2026-10-31T12:00:00Z'),
    );
  });

  it('runs a time the clocks skip once, as late as the skip', () => {
    const s = { ...every, autoTime: '02:30' };
    // 02:30 does not exist in New York on 8 March 2026: it runs at 03:30 EDT (07:30 UTC).
    expect(nextAutoRunAt(s, 'America/New_York', Date.parse('2026-03-08T00:00:00Z'))).toBe(
      Date.parse('2026-03-08T07:30:00Z'),
    );
  });
});
