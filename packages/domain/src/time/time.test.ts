import { describe, expect, it } from 'vitest';
import { addDays, dateIn, formatUtcOffset, instantOf, localTimeIn, zoneOffsetMinutes } from './local';
import { timeZoneLabel, timeZoneMatches, timeZoneOptions, timeZoneShortLabel, zoneOffsets } from './options';
import { posixTimeZone } from './posix';
import { DEFAULT_TIME_ZONE, isTimeZone, LEGACY_OFFSETS, zoneForOffset } from './zones';

describe('isTimeZone: a known IANA zone', () => {
  it.each([
    ['Europe/Lisbon', true],
    ['America/New_York', true],
    ['America/Argentina/Buenos_Aires', true],
    ['America/Port-au-Prince', true],
    ['Asia/Shanghai', true],
    ['UTC', true],
    ['Etc/GMT-8', true],
    ['Lisbon', false],
    ['europe/lisbon', false], // one spelling per zone
    ['Europe/Atlantis', false],
    ['+01:00', false],
    ['UTC+1', false],
    ['', false],
    [`Europe/${'L'.repeat(80)}`, false],
  ])('%j → %j', (zone, ok) => {
    expect(isTimeZone(zone)).toBe(ok);
  });

  it('defaults to Asia/Shanghai, the spec’s "+8"', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Shanghai');
    expect(zoneOffsetMinutes(DEFAULT_TIME_ZONE, Date.UTC(2026, 0, 1))).toBe(480);
  });
});

describe('old offsets become zones (migration 0008)', () => {
  it('maps +8, 0, fractional and whole offsets', () => {
    expect(zoneForOffset(8)).toBe('Asia/Shanghai');
    expect(zoneForOffset(0)).toBe('UTC');
    expect(zoneForOffset(5.5)).toBe('Asia/Kolkata');
    expect(zoneForOffset(3)).toBe('Etc/GMT-3');
    expect(zoneForOffset(-5)).toBe('Etc/GMT+5');
    expect(zoneForOffset(7.5)).toBeNull();
  });

  it('gives every old offset a known zone with that offset in winter (January)', () => {
    for (const h of LEGACY_OFFSETS) {
      const zone = zoneForOffset(h) ?? '';
      expect(isTimeZone(zone), `${h} → ${zone}`).toBe(true);
      // Southern-hemisphere zones with summer time in January (Lord Howe, Chatham) are checked in July.
      const offsets = zoneOffsets(zone, Date.UTC(2026, 0, 1));
      expect(offsets.standard, `${h} → ${zone}`).toBe(h * 60);
    }
  });
});

describe('local time across daylight-saving changes', () => {
  it('Europe/Lisbon: 08:00 local is 08:00 UTC in winter and 07:00 UTC in summer', () => {
    expect(instantOf('2026-03-28', 8 * 60, 'Europe/Lisbon')).toBe(Date.parse('2026-03-28T08:00:00Z'));
    expect(instantOf('2026-03-29', 8 * 60, 'Europe/Lisbon')).toBe(Date.parse('2026-03-29T07:00:00Z'));
    expect(instantOf('2026-10-25', 8 * 60, 'Europe/Lisbon')).toBe(Date.parse('2026-10-25T08:00:00Z'));
    // The clocks go from 01:00 to 02:00 at 01:00 UTC on 29 March.
    expect(localTimeIn(Date.parse('2026-03-29T00:59:00Z'), 'Europe/Lisbon')).toMatchObject({
      hour: 0,
      minute: 59,
    });
    expect(localTimeIn(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Lisbon')).toMatchObject({
      hour: 2,
      minute: 0,
    });
  });

  it('America/New_York: 08:00 local is 13:00 UTC in winter and 12:00 UTC in summer', () => {
    expect(instantOf('2026-03-07', 8 * 60, 'America/New_York')).toBe(Date.parse('2026-03-07T13:00:00Z'));
    expect(instantOf('2026-03-08', 8 * 60, 'America/New_York')).toBe(Date.parse('2026-03-08T12:00:00Z'));
    expect(instantOf('2026-11-01', 8 * 60, 'America/New_York')).toBe(Date.parse('2026-11-01T13:00:00Z'));
  });

  it('a skipped time happens as late as the skip; a repeated one at its first occurrence', () => {
    // 02:30 does not exist on 8 March in New York: 03:30 EDT.
    expect(instantOf('2026-03-08', 150, 'America/New_York')).toBe(Date.parse('2026-03-08T07:30:00Z'));
    // 01:30 happens twice on 1 November: the first (EDT).
    expect(instantOf('2026-11-01', 90, 'America/New_York')).toBe(Date.parse('2026-11-01T05:30:00Z'));
  });

  it('Asia/Shanghai keeps +8 all year (no daylight saving)', () => {
    for (const month of [0, 3, 6, 9])
      expect(zoneOffsetMinutes('Asia/Shanghai', Date.UTC(2026, month, 15))).toBe(480);
    expect(instantOf('2026-07-01', 8 * 60, 'Asia/Shanghai')).toBe(Date.parse('2026-07-01T00:00:00Z'));
    expect(zoneOffsets('Asia/Shanghai', Date.UTC(2026, 6, 1))).toEqual({ standard: 480, summer: null });
  });

  it('weekday (0 = Monday), minute of day and date are the local ones', () => {
    // Sunday 22:30 UTC is Monday 06:30 in Shanghai.
    expect(localTimeIn(Date.parse('2026-03-15T22:30:00Z'), 'Asia/Shanghai')).toMatchObject({
      weekday: 0,
      minuteOfDay: 390,
      date: '2026-03-16',
    });
    expect(dateIn(Date.parse('2026-03-15T22:30:00Z'), 'America/New_York')).toBe('2026-03-15');
  });

  it('dateIn keeps a day per zone and still answers as the formatter does, at every edge of a day', () => {
    // Zones whose clocks jump at midnight (Santiago, Havana, Beirut), by half an hour, with a 45-minute offset, or at 01:00 UTC.
    const zones = [
      'America/Santiago',
      'America/Havana',
      'Asia/Beirut',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Europe/Lisbon',
    ];
    let checked = 0;
    // Every day of a year, in each zone: both sides of its local midnight and a time of day that moves.
    for (const zone of zones) {
      for (let date = '2026-01-01'; date < '2027-01-01'; date = addDays(date, 1)) {
        const midnight = instantOf(date, 0, zone);
        for (const t of [midnight - 1, midnight, midnight + 1, midnight + (checked % 1440) * 60_000]) {
          expect(dateIn(t, zone), `${zone} ${new Date(t).toISOString()}`).toBe(localTimeIn(t, zone).date);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(8_000);
    // About 40,000 formatted dates: half a second alone, several on a machine running the whole suite.
  }, 30_000);
});

describe('POSIX TZ strings for devices', () => {
  const JUNE = Date.UTC(2026, 5, 1);
  it.each([
    ['Europe/Lisbon', '<+00>0<+01>-1,M3.5.0/1,M10.5.0/2'],
    ['America/New_York', '<-05>5<-04>4,M3.2.0/2,M11.1.0/2'],
    ['Australia/Sydney', '<+10>-10<+11>-11,M10.1.0/2,M4.1.0/3'],
    ['Asia/Shanghai', '<+08>-8'],
    ['Asia/Kolkata', '<+0530>-5:30'],
    ['Etc/GMT+5', '<-05>5'],
    ['UTC', 'UTC0'],
  ])('%s → %s', (zone, posix) => {
    expect(posixTimeZone(zone, JUNE)).toBe(posix);
  });
});

describe('picker labels and search', () => {
  const AT = Date.UTC(2026, 5, 1);
  it('labels a zone with its city, name and offsets', () => {
    expect(timeZoneLabel('Europe/Lisbon', AT)).toBe('Lisbon — Europe/Lisbon (UTC+00:00, summer UTC+01:00)');
    expect(timeZoneLabel('Asia/Shanghai', AT)).toBe('Shanghai — Asia/Shanghai (UTC+08:00)');
    expect(formatUtcOffset(-210)).toBe('UTC-03:30');
    expect(timeZoneShortLabel('Europe/Lisbon', AT)).toBe('Lisbon (UTC+1)');
    expect(timeZoneShortLabel('Asia/Kolkata', AT)).toBe('Kolkata (UTC+5:30)');
    expect(timeZoneShortLabel('Etc/GMT+5', AT)).toBe('UTC-5');
    expect(timeZoneLabel('Etc/GMT-3', AT)).toBe('Fixed offset — Etc/GMT-3 (UTC+03:00)');
  });

  it('finds Lisbon by city, by region, and China by its zone name', () => {
    const options = timeZoneOptions(AT);
    expect(options.filter((o) => timeZoneMatches(o, 'Lisbon')).map((o) => o.value)).toEqual([
      'Europe/Lisbon',
    ]);
    expect(options.filter((o) => timeZoneMatches(o, 'europe lis')).map((o) => o.value)).toEqual([
      'Europe/Lisbon',
    ]);
    expect(options.filter((o) => timeZoneMatches(o, 'china')).map((o) => o.value)).toContain('Asia/Shanghai');
    expect(options.filter((o) => timeZoneMatches(o, 'new york')).map((o) => o.value)).toEqual([
      'America/New_York',
    ]);
  });
});
