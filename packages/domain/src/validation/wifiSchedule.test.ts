import { describe, expect, it } from 'vitest';
import {
  formatShutdownSchedule,
  isScheduleDate,
  parseShutdownSchedule,
  scheduleDateApplies,
  scheduleDatesIssues,
  scheduleGranularityIssue,
  shutdownScheduleIssue,
  shutdownScheduleSchema,
} from './wifiSchedule';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

describe('shutdown schedule: ≤ 4 periods, one per line, [DAYS ]HH:MM-HH:MM', () => {
  it.each([
    ['', []],
    ['23:00-23:59', [{ days: EVERY_DAY, start: 1380, end: 1439 }]],
    ['00:00-24:00', [{ days: EVERY_DAY, start: 0, end: 1440 }]],
    ['Mon-Fri 00:00-06:30', [{ days: [0, 1, 2, 3, 4], start: 0, end: 390 }]],
    ['sat,SUN 01:00-07:00', [{ days: [5, 6], start: 60, end: 420 }]],
    ['Mon,Wed-Fri 12:00-13:00', [{ days: [0, 2, 3, 4], start: 720, end: 780 }]],
    [
      '08:00-12:00\n12:00-13:00',
      [
        { days: EVERY_DAY, start: 480, end: 720 },
        { days: EVERY_DAY, start: 720, end: 780 },
      ],
    ], // touching periods do not overlap
    [
      'Mon 01:00-02:00\nTue 01:00-02:00\n',
      [
        { days: [0], start: 60, end: 120 },
        { days: [1], start: 60, end: 120 },
      ],
    ], // one trailing newline is ignored; same time on other days is fine
    [
      'Mon 01:00-02:00\r\nTue 01:00-02:00',
      [
        { days: [0], start: 60, end: 120 },
        { days: [1], start: 60, end: 120 },
      ],
    ],
    [
      '01:00-02:00\n03:00-04:00\n05:00-06:00\n07:00-08:00',
      [
        { days: EVERY_DAY, start: 60, end: 120 },
        { days: EVERY_DAY, start: 180, end: 240 },
        { days: EVERY_DAY, start: 300, end: 360 },
        { days: EVERY_DAY, start: 420, end: 480 },
      ],
    ],
  ])('%j parses', (text, periods) => {
    expect(parseShutdownSchedule(text)).toEqual({ ok: true, periods });
  });

  const format = 'write HH:MM-HH:MM, optionally after days like Mon-Fri (e.g. "Mon-Fri 00:00-06:00").';
  it.each([
    [
      '01:00-02:00\n03:00-04:00\n05:00-06:00\n07:00-08:00\n09:00-10:00',
      'A schedule has at most 4 periods (5 given).',
    ],
    ['01:00-02:00\n\n03:00-04:00', 'Line 2 is empty: remove empty lines.'],
    ['01:00-02:00\n   \n03:00-04:00', 'Line 2 is empty: remove empty lines.'],
    ['\n01:00-02:00', 'Line 1 is empty: remove empty lines.'],
    ['01:00-02:00\n\n', 'Line 2 is empty: remove empty lines.'],
    ['02:00-01:00', 'Line 1: the end time must be after the start time.'],
    ['02:00-02:00', 'Line 1: the end time must be after the start time.'],
    ['22:00-02:00', 'Line 1: the end time must be after the start time.'],
    ['01:00-03:00\n02:00-04:00', 'Lines 1 and 2 overlap.'],
    ['Mon-Fri 01:00-03:00\nFri 02:00-04:00', 'Lines 1 and 2 overlap.'],
    ['00:00-24:00\nSun 05:00-06:00', 'Lines 1 and 2 overlap.'],
    ['1:00-2:00', `Line 1: ${format}`],
    ['01:00 - 02:00', `Line 1: ${format}`],
    ['01:00', `Line 1: ${format}`],
    ['25:00-26:00', 'Line 1: times run from 00:00 to 23:59 (an end of 24:00 means midnight).'],
    ['01:60-02:00', 'Line 1: times run from 00:00 to 23:59 (an end of 24:00 means midnight).'],
    ['24:00-24:00', 'Line 1: times run from 00:00 to 23:59 (an end of 24:00 means midnight).'],
    [
      'Fri-Mon 01:00-02:00',
      'Line 1: "Fri-Mon" is not a day list; use Mon, Tue, Wed, Thu, Fri, Sat, Sun and ranges like Mon-Fri.',
    ],
    [
      'Monday 01:00-02:00',
      'Line 1: "Monday" is not a day list; use Mon, Tue, Wed, Thu, Fri, Sat, Sun and ranges like Mon-Fri.',
    ],
    [
      'Mon,,Tue 01:00-02:00',
      'Line 1: "Mon,,Tue" is not a day list; use Mon, Tue, Wed, Thu, Fri, Sat, Sun and ranges like Mon-Fri.',
    ],
  ])('%j → %j', (text, expected) => {
    expect(shutdownScheduleIssue(text)).toBe(expected);
    expect(shutdownScheduleSchema.safeParse(text).success).toBe(false);
  });

  it('formats periods back into the same syntax', () => {
    for (const text of ['Mon-Wed,Fri 00:00-06:30\nSat 01:00-24:00\nThu 23:00-23:59', '23:00-23:59']) {
      const r = parseShutdownSchedule(text);
      expect(r.ok && formatShutdownSchedule(r.periods)).toBe(text);
    }
  });
});

describe('schedule date range and granularity (§3 Wi-Fi schedule: date, time period, granularity)', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-05', false],
    ['05/01/2026', false],
    ['', false],
  ])('date %j is valid: %j', (text, ok) => {
    expect(isScheduleDate(text)).toBe(ok);
  });

  it('checks each side, the order, and that a range has periods', () => {
    const night = '00:00-06:00';
    expect(scheduleDatesIssues({ from: '', until: '' }, '')).toEqual([]);
    expect(scheduleDatesIssues({ from: '2026-12-01', until: '2026-12-31' }, night)).toEqual([]);
    expect(scheduleDatesIssues({ from: '2026-12-01', until: '2026-12-01' }, night)).toEqual([]);
    expect(scheduleDatesIssues({ from: '2026-12-32', until: 'soon' }, night)).toEqual([
      { field: 'from', message: 'Valid from must be a date written YYYY-MM-DD (e.g. 2026-12-24).' },
      { field: 'until', message: 'Valid until must be a date written YYYY-MM-DD (e.g. 2026-12-24).' },
    ]);
    expect(scheduleDatesIssues({ from: '2026-12-02', until: '2026-12-01' }, night)).toEqual([
      { field: 'until', message: 'Valid until must not be before valid from.' },
    ]);
    expect(scheduleDatesIssues({ from: '', until: '2026-12-01' }, '')).toEqual([
      { field: 'from', message: 'A date range needs at least one shutdown period.' },
    ]);
  });

  it('times fall on the granularity step; 1 allows any minute; 24:00 fits every step', () => {
    expect(scheduleGranularityIssue('Mon 08:07-09:13', 1)).toBeNull();
    expect(scheduleGranularityIssue('08:15-09:45\n22:00-24:00', 15)).toBeNull();
    expect(scheduleGranularityIssue('08:00-09:30', 30)).toBeNull();
    expect(scheduleGranularityIssue('08:00-09:00\n10:00-10:30', 60)).toBe(
      'Line 2: with a 60-minute granularity, times must fall on :00.',
    );
    expect(scheduleGranularityIssue('08:10-09:00', 15)).toBe(
      'Line 1: with a 15-minute granularity, times must fall on :00, :15, :30, :45.',
    );
    expect(scheduleGranularityIssue('08:00-09:00', 20)).toBe(
      'Granularity must be one of 1, 15, 30, 60 minutes.',
    );
    // A text that does not parse is the schedule's own issue, not the granularity's.
    expect(scheduleGranularityIssue('08:10-07:00', 15)).toBeNull();
  });

  it('a date range applies on the days inside it, both ends included', () => {
    expect(scheduleDateApplies(undefined, '2026-06-10')).toBe(true);
    expect(scheduleDateApplies({ from: '2026-06-10', until: null }, '2026-06-10')).toBe(true);
    expect(scheduleDateApplies({ from: '2026-06-10', until: null }, '2026-06-09')).toBe(false);
    expect(scheduleDateApplies({ from: null, until: '2026-06-10' }, '2026-06-11')).toBe(false);
  });
});
