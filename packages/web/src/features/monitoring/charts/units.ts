import { BYTE_UNITS, formatBytes, formatRate, UNIT_STEP } from '@netloom/domain';

/** What a chart's numbers are: a rate (bytes/s), an amount of bytes, or a plain count. */
export type ChartUnit = 'rate' | 'bytes' | 'count';

/**
 * The axis scale of byte values: the largest unit (stepping by 1024) that keeps the biggest value
 * at or above 1. Axis ticks are then plain numbers in that unit ("MB/s" on the axis), which reads
 * better than ECharts' decimal ticks spelt in bytes ("488.28 KB/s").
 */
export interface AxisScale {
  divisor: number;
  /** Axis name, e.g. "MB/s", "GB", "clients". */
  name: string;
}

export function axisScale(unit: ChartUnit, max: number): AxisScale {
  if (unit === 'count') return { divisor: 1, name: '' };
  let i = 0;
  let v = Number.isFinite(max) && max > 0 ? max : 0;
  while (v >= UNIT_STEP && i < BYTE_UNITS.length - 1) {
    v /= UNIT_STEP;
    i++;
  }
  const base = BYTE_UNITS[i] ?? 'B';
  return { divisor: UNIT_STEP ** i, name: unit === 'rate' ? `${base}/s` : base };
}

/** A raw value (bytes, bytes/s or a count) for people, as tooltips show it. */
export function formatValue(unit: ChartUnit, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'No data';
  if (unit === 'rate') return formatRate(value);
  if (unit === 'bytes') return formatBytes(value);
  // Counts averaged over a bucket keep one decimal; whole numbers stay whole.
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
