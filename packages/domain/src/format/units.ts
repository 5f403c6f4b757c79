/**
 * Rates and sizes stepping by 1024 (spec §9 "Rate units step by 1024"): B, KB, MB, GB, TB.
 */
import { UNIT_STEP } from '../limits';

/** Size units in order; TB is the largest the console shows. */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];

/** A byte count scaled to a unit. */
export interface ScaledValue {
  /** The value in `unit`, rounded to `decimals` places. */
  value: number;
  unit: ByteUnit;
}

/**
 * Scale a byte count to the largest unit that keeps it at or above 1, stepping by 1024. Negative,
 * NaN and infinite inputs count as 0 (a counter that went backwards after a device reboot must not
 * show "-3 MB/s"). Bytes are whole numbers; other units keep up to `decimals` places.
 */
export function scaleBytes(bytes: number, decimals = 2): ScaledValue {
  const n = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let i = 0;
  let v = n;
  while (v >= UNIT_STEP && i < BYTE_UNITS.length - 1) {
    v /= UNIT_STEP;
    i++;
  }
  let value = round(v, i === 0 ? 0 : decimals);
  // 1023.999 KB rounds to 1024 KB: show it as 1 MB instead.
  if (value >= UNIT_STEP && i < BYTE_UNITS.length - 1) {
    i++;
    value = round(value / UNIT_STEP, decimals);
  }
  return { value, unit: BYTE_UNITS[i] ?? 'B' };
}

function round(v: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
}

/** A byte count for people, e.g. `1.5 MB`, `512 B`, `2 TB`. Trailing zeros are dropped. */
export function formatBytes(bytes: number, decimals = 2): string {
  const { value, unit } = scaleBytes(bytes, decimals);
  return `${value} ${unit}`;
}

/** A transfer rate in bytes per second for people, e.g. `1.5 MB/s`, `0 B/s`. */
export function formatRate(bytesPerSecond: number, decimals = 2): string {
  return `${formatBytes(bytesPerSecond, decimals)}/s`;
}
