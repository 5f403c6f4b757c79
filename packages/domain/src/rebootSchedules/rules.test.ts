import { describe, expect, it } from 'vitest';
import { ERR } from '../errors/catalogue';
import {
  dueRebootSlot,
  nextRebootAt,
  type RebootPlan,
  rebootPlanIssues,
  rebootScheduleRefusal,
  rebootSlotsBetween,
  slotLabel,
} from './rules';

const weekly = (time: string, days: number[]): RebootPlan => ({
  mode: 'weekly',
  time,
  days,
  every: null,
  unit: null,
});
const everyDays = (every: number, time: string): RebootPlan => ({
  mode: 'cyclic',
  time,
  days: [],
  every,
  unit: 'days',
});
const everyHours = (every: number): RebootPlan => ({
  mode: 'cyclic',
  time: null,
  days: [],
  every,
  unit: 'hours',
});

describe('rebootScheduleRefusal (§6)', () => {
  const vectors: [string, string, 'weekly' | 'cyclic', number | null][] = [
    ['a gateway, weekly', 'v7', 'weekly', null],
    ['a gateway, cyclic', 'v7', 'cyclic', null],
    ['a router, weekly', 'router', 'weekly', null],
    ['a Wi-Fi router, cyclic', 'wrouter', 'cyclic', null],
    ['a mesh unit, weekly', 'mesh', 'weekly', null],
    ['an AP, cyclic', 'ap', 'cyclic', null],
    ['an AP, weekly', 'ap', 'weekly', ERR.REBOOT_SCHEDULE_AP_CYCLIC_ONLY],
    ['a switch', 'switch', 'cyclic', ERR.REBOOT_SCHEDULE_KIND],
    ['an NVR', 'nvr', 'weekly', ERR.REBOOT_SCHEDULE_KIND],
    ['a CPE', 'cpe', 'cyclic', ERR.REBOOT_SCHEDULE_KIND],
    ['a camera', 'ipc', 'cyclic', ERR.REBOOT_SCHEDULE_KIND],
  ];
  it.each(vectors)('%s', (_n, type, mode, code) => {
    expect(rebootScheduleRefusal(type, mode)).toBe(code);
  });
});

describe('rebootPlanIssues', () => {
  const vectors: [string, RebootPlan, string[]][] = [
    ['weekly ok', weekly('03:00', [0, 2, 4]), []],
    ['weekly without days', weekly('03:00', []), ['days']],
    ['weekly 24:00', weekly('24:00', [1]), ['time']],
    ['weekly 3:00', weekly('3:00', [1]), ['time']],
    ['weekly a day twice', weekly('03:00', [1, 1]), ['days']],
    ['every 1 day', everyDays(1, '04:30'), []],
    ['every 30 days', everyDays(30, '04:30'), []],
    ['every 31 days', everyDays(31, '04:30'), ['every']],
    ['every 0 days', everyDays(0, '04:30'), ['every']],
    ['every N days needs a time', { ...everyDays(2, '04:30'), time: null }, ['time']],
    ['every 2 hours', everyHours(2), []],
    ['every 720 hours', everyHours(720), []],
    ['every hour (the one-hour rule would skip every other one)', everyHours(1), ['every']],
    ['every 721 hours', everyHours(721), ['every']],
    ['cyclic without a unit', { ...everyHours(4), unit: null }, ['unit']],
  ];
  it.each(vectors)('%s', (_n, plan, paths) => {
    expect(rebootPlanIssues(plan).map((i) => i.path)).toEqual(paths);
  });
});

describe('slots', () => {
  const paris = 'Europe/Paris';
  it('weekly: the chosen days at the local time', () => {
    // Tuesday 10 March 2026, 10:00 UTC = 11:00 in Paris.
    const now = Date.parse('2026-03-10T10:00:00Z');
    const plan = weekly('03:00', [2, 4]); // Wednesday, Friday
    const next = nextRebootAt(plan, now - 1000, paris, now);
    expect(slotLabel(next ?? 0, paris)).toBe('2026-03-11 03:00');
    expect(new Date(next ?? 0).toISOString()).toBe('2026-03-11T02:00:00.000Z');
  });

  it('weekly across the spring-forward: 02:30 on the day the clocks skip it runs at 03:30 (one slot)', () => {
    // Sunday 29 March 2026: Paris goes from 02:00 to 03:00.
    const anchor = Date.parse('2026-03-27T00:00:00Z');
    const plan = weekly('02:30', [6]);
    const slots = rebootSlotsBetween(plan, anchor, paris, anchor, Date.parse('2026-04-06T00:00:00Z'));
    expect(slots.map((s) => new Date(s).toISOString())).toEqual([
      '2026-03-29T01:30:00.000Z', // 03:30 CEST, as late as the skip
      '2026-04-05T00:30:00.000Z', // 02:30 CEST
    ]);
  });

  it('weekly across the fall-back: 02:30 that happens twice runs once, at its first occurrence', () => {
    // Sunday 25 October 2026: Paris goes from 03:00 back to 02:00.
    const anchor = Date.parse('2026-10-20T00:00:00Z');
    const slots = rebootSlotsBetween(
      weekly('02:30', [6]),
      anchor,
      paris,
      anchor,
      Date.parse('2026-10-26T00:00:00Z'),
    );
    expect(slots.map((s) => new Date(s).toISOString())).toEqual(['2026-10-25T00:30:00.000Z']);
  });

  it('every N days keeps its local time across daylight saving', () => {
    const anchor = Date.parse('2026-03-27T12:00:00Z'); // Friday, after 04:00 local
    const slots = rebootSlotsBetween(
      everyDays(2, '04:00'),
      anchor,
      paris,
      anchor,
      Date.parse('2026-04-03T00:00:00Z'),
    );
    expect(slots.map((s) => slotLabel(s, paris))).toEqual([
      '2026-03-29 04:00',
      '2026-03-31 04:00',
      '2026-04-02 04:00',
    ]);
    // 04:00 CEST on 29 March, the clocks changed two hours earlier.
    expect(((slots[1] ?? 0) - (slots[0] ?? 0)) / 3_600_000).toBe(48);
    expect(new Date(slots[0] ?? 0).toISOString()).toBe('2026-03-29T02:00:00.000Z');
  });

  it('every N days: today’s time when it is still ahead of the save', () => {
    const anchor = Date.parse('2026-03-10T01:00:00Z'); // 02:00 in Paris
    expect(slotLabel(nextRebootAt(everyDays(3, '04:00'), anchor, paris, anchor) ?? 0, paris)).toBe(
      '2026-03-10 04:00',
    );
  });

  it('every N hours: elapsed time from the save, whatever the clocks do', () => {
    const anchor = Date.parse('2026-03-28T23:00:00Z');
    const slots = rebootSlotsBetween(everyHours(2), anchor, paris, anchor, anchor + 6 * 3_600_000);
    expect(slots.map((s) => (s - anchor) / 3_600_000)).toEqual([2, 4, 6]);
  });

  it('the due slot is the latest in (since, now]; none twice', () => {
    const anchor = Date.parse('2026-03-10T00:00:00Z');
    const plan = everyHours(2);
    const at = anchor + 2 * 3_600_000;
    expect(dueRebootSlot(plan, anchor, paris, at - 60_000, at + 60_000)).toBe(at);
    expect(dueRebootSlot(plan, anchor, paris, at, at + 60_000)).toBeNull();
    expect(dueRebootSlot(plan, anchor, paris, anchor, anchor + 5 * 3_600_000)).toBe(anchor + 4 * 3_600_000);
  });
});
