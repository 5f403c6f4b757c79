/**
 * Where a wall's own segments meet away from their shared vertices — the only places where two
 * crossings the shadow scan counts apart can be ONE place for the reference rule (walls.ts).
 *
 * Two segments of one wall (each trimmed by rho at both ends, so shared vertices do not count) that
 * come within TANGLE_M of each other either cross cleanly — a self-crossing polyline or polygon, at an
 * angle whose sine is at least MIN_CROSSING_SINE — and the crossing point is recorded (the scan
 * computes exactly the thin band of rays through it), or they do not (overlapping, nearly parallel,
 * a spike folded back on itself) and the whole wall is computed exactly.
 */

import { crossingSine, properCrossing, type Segment, segmentDistance } from './geometry';
import { GEOMETRY_EPS_M, type WallSet } from './walls';

/** Two segments of one wall closer than this (away from a shared vertex) meet. */
const TANGLE_M = 4 * GEOMETRY_EPS_M;
/**
 * A clean crossing: its rays' two hits are at least rho · sine apart off the band the scan computes
 * exactly; with rho ≈ 8e-8 m that is 8e-9 m, over the reference's 1e-9 m.
 */
const MIN_CROSSING_SINE = 0.1;

export interface WallTangles {
  /** Per wall: 1 when it must be computed exactly for every AP. */
  hard: Uint8Array;
  /** Clean self-crossing points of all walls, flat x, y. */
  crossings: number[];
}

export function wallTangles(set: WallSet, rho: number): WallTangles {
  const hard = new Uint8Array(set.wallCount);
  const crossings: number[] = [];
  const segment = (s: number): Segment => [
    set.x0[s] as number,
    set.y0[s] as number,
    set.x1[s] as number,
    set.y1[s] as number,
  ];
  const trimmed = (s: number): Segment | null => {
    const len = set.length[s] as number;
    if (len <= 2 * rho) return null;
    const [x0, y0, x1, y1] = segment(s);
    const ex = (x1 - x0) / len;
    const ey = (y1 - y0) / len;
    return [x0 + ex * rho, y0 + ey * rho, x0 + ex * (len - rho), y0 + ey * (len - rho)];
  };
  for (let w = 0; w < set.wallCount; w++) {
    const first = set.firstSegment[w] as number;
    const end = set.firstSegment[w + 1] as number;
    const found: number[] = [];
    for (let i = first; i < end && hard[w] === 0; i++) {
      const p = trimmed(i);
      if (!p) continue;
      for (let k = i + 1; k < end; k++) {
        const q = trimmed(k);
        if (!q || segmentDistance(p, q) > TANGLE_M) continue;
        const at = properCrossing(segment(i), segment(k));
        if (!at || crossingSine(p, q) < MIN_CROSSING_SINE) {
          hard[w] = 1;
          break;
        }
        found.push(at.x, at.y);
      }
    }
    if (hard[w] === 0) crossings.push(...found);
  }
  return { hard, crossings };
}
