import type { RfRun } from '@netloom/domain';
import { NOISE_FIGURES } from './rfModel';

export interface NoiseChartData {
  labels: string[];
  before: number[];
  after: number[];
  /** The bottom of the value axis (dBm), a multiple of 10 below every value. */
  baseline: number;
  /** The top of the value axis (dBm), a multiple of 10 above every value. */
  top: number;
}

/**
 * The figures of the before/after chart. Noise is negative dBm, so bars are drawn from a baseline
 * below the lowest value (usually −100 dBm) rather than from 0, which would turn them upside down.
 */
export function noiseChartData(run: Pick<RfRun, 'before' | 'after'>): NoiseChartData {
  const before = NOISE_FIGURES.map((f) => run.before?.[f.key] ?? Number.NaN);
  const after = NOISE_FIGURES.map((f) => run.after?.[f.key] ?? Number.NaN);
  const values = [...before, ...after].filter(Number.isFinite);
  const low = values.length > 0 ? Math.min(...values) : -100;
  const high = values.length > 0 ? Math.max(...values) : -60;
  return {
    labels: NOISE_FIGURES.map((f) => f.short),
    before,
    after,
    baseline: Math.min(-100, Math.floor((low - 5) / 10) * 10),
    top: Math.ceil((high + 5) / 10) * 10,
  };
}
