import type { Clock } from '../../lib/clock';

/**
 * The reboot scheduler's time. In production the app's clock. For development and browser tests
 * only, `REBOOT_SCHEDULE_TIME_FACTOR` makes it run that many times faster from the moment the node
 * started (a 2-hour cycle in a minute at 120), so a schedule can be seen to run without waiting
 * hours; one node only (each node would start its own fast clock). Slots and the one-hour rule are
 * reckoned in this time; what the console shows (next run, the log) is converted back to real time.
 */
export interface ScheduleTime {
  now(): number;
  /** The scheduler's instant of a real one (a device's status change). */
  fromReal(ms: number): number;
  /** The real instant of a scheduler one (a slot, for the console). */
  toReal(ms: number): number;
}

export function scheduleTime(clock: Clock, factor = 1): ScheduleTime {
  if (factor === 1) return { now: () => clock.now(), fromReal: (ms) => ms, toReal: (ms) => ms };
  const origin = clock.now();
  const fromReal = (ms: number) => origin + (ms - origin) * factor;
  return {
    now: () => fromReal(clock.now()),
    fromReal,
    toReal: (ms) => Math.round(origin + (ms - origin) / factor),
  };
}
