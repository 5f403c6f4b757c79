/**
 * Dense chart series from project-series rows: one point per bucket of the range, oldest first,
 * zeros (or null averages) where nothing was recorded.
 */
import { bucketMsOfRange, pointsOfRange, type TimeRange } from '@netloom/domain';
import type { ProjectSeriesTable } from '../../db/schema';
import { bucketOf, type SeriesTable } from '../telemetry';

export interface Frame {
  range: TimeRange;
  bucketMs: number;
  from: number;
  to: number;
  points: number;
  table: SeriesTable;
  now: number;
}

export function frameOf(range: TimeRange, now: number): Frame {
  const bucketMs = bucketMsOfRange(range);
  const points = pointsOfRange(range);
  const to = bucketOf(now, bucketMs);
  return {
    range,
    bucketMs,
    from: to - (points - 1) * bucketMs,
    to,
    points,
    table: bucketMs === 5 * 60_000 ? 'project_series_5m' : 'project_series_1h',
    now,
  };
}

/** Rows of one kind by bucket. */
export function byBucket(rows: readonly ProjectSeriesTable[], kind: string): Map<number, ProjectSeriesTable> {
  const out = new Map<number, ProjectSeriesTable>();
  for (const r of rows) if (r.kind === kind) out.set(Number(r.bucket), r);
  return out;
}

/** One point per bucket of the frame, built from the row of that bucket (or undefined). */
export function dense<T>(
  frame: Frame,
  rows: Map<number, ProjectSeriesTable>,
  point: (t: number, r: ProjectSeriesTable | undefined, seconds: number) => T,
): T[] {
  return denseOf(frame, rows, point);
}

/** `dense` over any rows keyed by bucket start. */
export function denseOf<R, T>(
  frame: Pick<Frame, 'from' | 'bucketMs' | 'points' | 'now'>,
  rows: ReadonlyMap<number, R>,
  point: (t: number, r: R | undefined, seconds: number) => T,
): T[] {
  const out: T[] = [];
  for (let i = 0; i < frame.points; i++) {
    const t = frame.from + i * frame.bucketMs;
    // The current bucket is still filling: rates average over the part that has elapsed.
    const elapsed = Math.min(frame.bucketMs, Math.max(1000, frame.now - t));
    out.push(point(t, rows.get(t), elapsed / 1000));
  }
  return out;
}

export const avg = (sum: number | undefined, samples: number | undefined): number | null =>
  samples ? Number(sum ?? 0) / samples : null;

/** Bytes per second over `seconds`, rounded to a whole byte. */
export const rate = (bytes: number | undefined, seconds: number): number =>
  Math.round(Number(bytes ?? 0) / seconds);
