/**
 * Walls as segments, and the exact rule for how many times a ray meets a wall.
 *
 * A wall is one drawn shape (line, polyline, rectangle, polygon); its segments join consecutive
 * points (and the last to the first when closed). The rule: a wall's loss counts once for every
 * separate place where the ray AP→cell meets it. The places are the hits on its segments — a point
 * where the ray crosses a segment, or a stretch where it runs along one — and hits that touch (within
 * `GEOMETRY_EPS_M` along the ray) are one place. So:
 * - a ray through a room (in through one side, out through another) meets its rectangle twice: 2×;
 * - a ray through a corner or shared vertex hits two segments at the same point: 1×;
 * - a ray running along a wall (collinear with a segment, or along several joined segments): 1×;
 * - two different walls are always counted separately, even where they touch.
 * The end points count (a cell centre exactly on a wall is behind it); a zero-length ray meets nothing.
 */
import { WALL_MATERIALS } from '../enums/wifi';
import type { HeatmapWall } from './types';

/**
 * Tolerance, metres: hits closer than this along the ray are one place, and a hit this close past a
 * segment's end still counts. Far above double rounding on a 100 m floor (~1e-13 m), far below
 * anything drawn.
 */
export const GEOMETRY_EPS_M = 1e-9;
/** sin of the angle under which a ray and a segment are treated as parallel. */
const PARALLEL_SIN = 1e-12;

/** Walls flattened into segment arrays (the shape both implementations and the calibration read). */
export interface WallSet {
  wallCount: number;
  segmentCount: number;
  /** Segment end points and lengths, metres. */
  x0: Float64Array;
  y0: Float64Array;
  x1: Float64Array;
  y1: Float64Array;
  length: Float64Array;
  /** Segments of wall w are [firstSegment[w], firstSegment[w + 1]). */
  firstSegment: Int32Array;
  /** Loss of one crossing of wall w, dB (§9). */
  lossDb: Float64Array;
  /** Most segments of one wall (sizes the scratch of `wallHits`). */
  maxSegmentsPerWall: number;
}

/**
 * Flattens drawn walls. Repeated consecutive points are dropped; a closed shape whose last point
 * repeats the first gets no zero-length closing segment; a closed shape of two distinct points is a
 * line (its closing segment would lie on its only side); a shape of one distinct point has no segment.
 */
export function buildWallSet(walls: readonly HeatmapWall[]): WallSet {
  const segments: number[] = [];
  const firstSegment = new Int32Array(walls.length + 1);
  const lossDb = new Float64Array(walls.length);
  let maxSegmentsPerWall = 0;
  walls.forEach((wall, w) => {
    firstSegment[w] = segments.length / 4;
    lossDb[w] = WALL_MATERIALS[wall.material].attenuationDb;
    const pts: { x: number; y: number }[] = [];
    for (const p of wall.points) {
      const last = pts[pts.length - 1];
      if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError('wall point is not finite');
      if (!last || Math.hypot(p.x - last.x, p.y - last.y) > GEOMETRY_EPS_M) pts.push(p);
    }
    const first = pts[0];
    const last = pts[pts.length - 1];
    if (pts.length > 2 && first && last && Math.hypot(first.x - last.x, first.y - last.y) <= GEOMETRY_EPS_M) {
      pts.pop();
    }
    const n = pts.length;
    const closing = wall.closed && n > 2 ? n : n - 1;
    for (let k = 0; k < closing; k++) {
      const a = pts[k] as { x: number; y: number };
      const b = pts[(k + 1) % n] as { x: number; y: number };
      segments.push(a.x, a.y, b.x, b.y);
    }
    maxSegmentsPerWall = Math.max(maxSegmentsPerWall, Math.max(0, closing));
  });
  const segmentCount = segments.length / 4;
  firstSegment[walls.length] = segmentCount;
  const set: WallSet = {
    wallCount: walls.length,
    segmentCount,
    x0: new Float64Array(segmentCount),
    y0: new Float64Array(segmentCount),
    x1: new Float64Array(segmentCount),
    y1: new Float64Array(segmentCount),
    length: new Float64Array(segmentCount),
    firstSegment,
    lossDb,
    maxSegmentsPerWall,
  };
  for (let s = 0; s < segmentCount; s++) {
    const [ax, ay, bx, by] = segments.slice(4 * s, 4 * s + 4) as [number, number, number, number];
    set.x0[s] = ax;
    set.y0[s] = ay;
    set.x1[s] = bx;
    set.y1[s] = by;
    set.length[s] = Math.hypot(bx - ax, by - ay);
  }
  return set;
}

/** Scratch for `wallHits`: two numbers (start and end along the ray) per segment of the largest wall. */
export function hitScratch(set: WallSet): Float64Array {
  return new Float64Array(2 * Math.max(1, set.maxSegmentsPerWall));
}

/**
 * How many separate places the ray (ax, ay)→(px, py) meets wall `w` (the rule at the top of this
 * file). Every segment of the wall is tested; this is the reference both grids and the calibration use.
 */
export function wallHits(
  set: WallSet,
  w: number,
  ax: number,
  ay: number,
  px: number,
  py: number,
  scratch: Float64Array,
): number {
  const rx = px - ax;
  const ry = py - ay;
  const rr = rx * rx + ry * ry;
  const rLen = Math.sqrt(rr);
  if (rLen <= GEOMETRY_EPS_M) return 0;
  const et = GEOMETRY_EPS_M / rLen;
  let hits = 0;
  const end = set.firstSegment[w + 1] as number;
  for (let s = set.firstSegment[w] as number; s < end; s++) {
    const cx = set.x0[s] as number;
    const cy = set.y0[s] as number;
    const sx = (set.x1[s] as number) - cx;
    const sy = (set.y1[s] as number) - cy;
    const sLen = set.length[s] as number;
    const qx = cx - ax;
    const qy = cy - ay;
    const denom = rx * sy - ry * sx;
    const qr = qx * ry - qy * rx;
    if (Math.abs(denom) > PARALLEL_SIN * rLen * sLen) {
      // A + t·r = C + u·s: t along the ray, u along the segment, each with GEOMETRY_EPS_M of slack.
      const t = (qx * sy - qy * sx) / denom;
      const u = qr / denom;
      const eu = GEOMETRY_EPS_M / sLen;
      // t > et, not ≥ −et: a wall through the AP itself (an AP mounted on it) is not in its way.
      if (t > et && t <= 1 + et && u >= -eu && u <= 1 + eu) {
        scratch[2 * hits] = t;
        scratch[2 * hits + 1] = t;
        hits++;
      }
    } else if (Math.abs(qr) <= GEOMETRY_EPS_M * rLen) {
      // Collinear: the hit is the overlap of the segment's projection with the ray, if any.
      const t0 = (qx * rx + qy * ry) / rr;
      const t1 = ((set.x1[s] as number) - ax) * (rx / rr) + ((set.y1[s] as number) - ay) * (ry / rr);
      const lo = Math.min(t0, t1);
      const hi = Math.max(t0, t1);
      if (hi >= -et && lo <= 1 + et) {
        scratch[2 * hits] = Math.max(lo, 0);
        scratch[2 * hits + 1] = Math.min(hi, 1);
        hits++;
      }
    }
  }
  return hits <= 1 ? hits : countPlaces(scratch, hits, et);
}

/** Hits sorted by start (insertion sort: a wall has few), then touching or overlapping ones merged. */
function countPlaces(hits: Float64Array, n: number, et: number): number {
  for (let i = 1; i < n; i++) {
    const s = hits[2 * i] as number;
    const e = hits[2 * i + 1] as number;
    let j = i - 1;
    while (j >= 0 && (hits[2 * j] as number) > s) {
      hits[2 * j + 2] = hits[2 * j] as number;
      hits[2 * j + 3] = hits[2 * j + 1] as number;
      j--;
    }
    hits[2 * j + 2] = s;
    hits[2 * j + 3] = e;
  }
  let places = 1;
  let reach = hits[1] as number;
  for (let i = 1; i < n; i++) {
    const s = hits[2 * i] as number;
    if (s > reach + et) places++;
    reach = Math.max(reach, hits[2 * i + 1] as number);
  }
  return places;
}

/** Total wall loss along the ray, dB: every wall tested, each counted once per place it is met. */
export function rayWallLossDb(
  set: WallSet,
  ax: number,
  ay: number,
  px: number,
  py: number,
  scratch: Float64Array,
): number {
  let loss = 0;
  for (let w = 0; w < set.wallCount; w++) {
    const hits = wallHits(set, w, ax, ay, px, py, scratch);
    if (hits > 0) loss += hits * (set.lossDb[w] as number);
  }
  return loss;
}
