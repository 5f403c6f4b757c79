/**
 * The fast wall-loss field of one AP: instead of testing every wall against every ray, each wall
 * segment paints its SHADOW — the cells whose ray from the AP crosses it — row by row.
 *
 * Seen from the AP A, the shadow of a segment CD is convex: the wedge between rays AC and AD, beyond
 * the line CD. So on each row of cells it is one interval of x, bounded by three half-planes, found
 * with a few multiply-adds, and added to a difference array (+dB at its first cell, −dB after its
 * last); a prefix sum per row then gives every cell's loss. Cost per AP: rows × segments intervals +
 * cells additions, instead of cells × segments intersection tests.
 *
 * The result equals the reference (`rayWallLossDb`: every wall per ray, each counted once per place
 * it is met) because nothing is guessed where the two could differ:
 * - a cell within `SHADOW_MARGIN_M` of one of the three lines is UNCERTAIN (its ray grazes a vertex,
 *   runs along the wall, or ends on it) and computed exactly, every wall;
 * - a wall with a segment within `NEAR_WALL_M` of the AP is HARD for that AP and computed exactly for
 *   every cell (an AP mounted on or beside a wall);
 * - a wall whose own segments cross is handled by tangles.ts (the band of rays through each crossing
 *   point is uncertain) or, when they touch in a messier way, is hard for every AP.
 * Elsewhere a cell inside a segment's shadow by more than the margin is crossed at a point at least
 * rho = margin · NEAR_WALL_M / (longest ray) from the segment's ends (≈ 8e-8 m on a 100 m × 60 m
 * floor, far above the reference's 1e-9 m tolerance), so each such segment is a separate place —
 * what the reference counts. docs/heatmap.md gives the argument in full.
 */
import { clipToBox, pointSegmentDistance } from './geometry';
import { wallTangles } from './tangles';
import { GEOMETRY_EPS_M, rayWallLossDb, type WallSet, wallHits } from './walls';

/** Band around each shadow edge, metres, where a cell is computed exactly. */
const SHADOW_MARGIN_M = 2e-4;
/** A wall with a segment this close to the AP is computed exactly for that AP. */
const NEAR_WALL_M = 0.05;

/** The walls, the raster and the scratch arrays of one heat map; reused for every AP. */
export interface ShadowContext {
  set: WallSet;
  cols: number;
  rows: number;
  cellSizeM: number;
  /** Longest ray from any AP to any cell centre, metres. */
  longest: number;
  /** Per wall: 1 when computed exactly for every AP (tangles.ts). */
  tangled: Uint8Array;
  /** Clean self-crossing points of walls, flat x, y (tangles.ts). */
  crossings: number[];
  /** Per row, cols + 1 entries: the difference array of the wall loss. */
  diff: Float64Array;
  /** Per cell: 1 when it must be computed exactly. */
  uncertain: Uint8Array;
  /** Per row: whether any of its cells is uncertain (the others skip the exact pass). */
  rowUncertain: Uint8Array;
  /** Per cell: the last (AP, tangled wall) pass that computed it, and that pass's number. */
  stamp: Int32Array;
  stampId: number;
  /** The three lines being painted, 4 numbers each (see `setLine`). */
  lines: Float64Array;
  scratch: Float64Array;
}

/** Prepares the scan for a raster and the AP positions (the longest ray bounds rho). */
export function shadowContext(
  set: WallSet,
  cols: number,
  rows: number,
  cellSizeM: number,
  apPositions: readonly { x: number; y: number }[],
): ShadowContext {
  let longest = Math.hypot(cols * cellSizeM, rows * cellSizeM);
  for (const p of apPositions) {
    for (const cx of [0.5 * cellSizeM, (cols - 0.5) * cellSizeM]) {
      for (const cy of [0.5 * cellSizeM, (rows - 0.5) * cellSizeM]) {
        longest = Math.max(longest, Math.hypot(cx - p.x, cy - p.y));
      }
    }
  }
  const tangles = wallTangles(set, (SHADOW_MARGIN_M * NEAR_WALL_M) / longest);
  return {
    set,
    cols,
    rows,
    cellSizeM,
    longest,
    tangled: tangles.hard,
    crossings: tangles.crossings,
    diff: new Float64Array((cols + 1) * rows),
    uncertain: new Uint8Array(cols * rows),
    rowUncertain: new Uint8Array(rows),
    stamp: new Int32Array(cols * rows),
    stampId: 0,
    lines: new Float64Array(12),
    scratch: new Float64Array(2 * Math.max(1, set.maxSegmentsPerWall)),
  };
}

/** Fills `out` (one entry per cell) with the wall loss, dB, of every ray from (ax, ay). */
export function shadowWallLoss(ctx: ShadowContext, ax: number, ay: number, out: Float64Array): void {
  const { set, diff } = ctx;
  diff.fill(0);
  ctx.uncertain.fill(0);
  ctx.rowUncertain.fill(0);
  const near: number[] = [];
  const tangled: number[] = [];
  for (let w = 0; w < set.wallCount; w++) {
    if (isNear(set, w, ax, ay)) near.push(w);
    else if (ctx.tangled[w] === 1) tangled.push(w);
    else {
      const end = set.firstSegment[w + 1] as number;
      for (let s = set.firstSegment[w] as number; s < end; s++) {
        const [jFirst, jLast] = segmentLines(ctx, s, ax, ay);
        scanRows(ctx, jFirst, jLast, set.lossDb[w] as number);
      }
    }
  }
  for (let k = 0; k < ctx.crossings.length; k += 2) {
    markRayBand(ctx, ax, ay, ctx.crossings[k] as number, ctx.crossings[k + 1] as number);
  }
  sumRows(ctx, ax, ay, near, out);
  for (const w of tangled) addTangledWall(ctx, w, ax, ay, out);
}

/**
 * A tangled wall, exactly, but only where it can be met: the cells possibly inside the shadow of one
 * of its segments (elsewhere the reference finds no hit either). Uncertain cells already have it.
 */
function addTangledWall(ctx: ShadowContext, w: number, ax: number, ay: number, out: Float64Array): void {
  const { set, cols, cellSizeM, uncertain, stamp, scratch } = ctx;
  ctx.stampId++;
  const id = ctx.stampId;
  const end = set.firstSegment[w + 1] as number;
  for (let s = set.firstSegment[w] as number; s < end; s++) {
    const [jFirst, jLast] = segmentLines(ctx, s, ax, ay);
    for (let j = jFirst; j <= jLast; j++) {
      if (!rowSpan(ctx.lines, cols, j)) continue;
      const py = (j + 0.5) * cellSizeM;
      for (let i = span[2] as number; i <= (span[3] as number); i++) {
        const c = j * cols + i;
        if (stamp[c] === id || uncertain[c] === 1) continue;
        stamp[c] = id;
        const hits = wallHits(set, w, ax, ay, (i + 0.5) * cellSizeM, py, scratch);
        if (hits > 0) out[c] = (out[c] as number) + hits * (set.lossDb[w] as number);
      }
    }
  }
}

/** Prefix sums per row, then the exact pass where a row needs one (uncertain cells, near walls). */
function sumRows(
  ctx: ShadowContext,
  ax: number,
  ay: number,
  near: readonly number[],
  out: Float64Array,
): void {
  const { set, cols, rows, cellSizeM, diff, uncertain, scratch } = ctx;
  for (let j = 0; j < rows; j++) {
    const rowDiff = j * (cols + 1);
    const row = j * cols;
    let running = 0;
    for (let i = 0; i < cols; i++) {
      running += diff[rowDiff + i] as number;
      out[row + i] = running;
    }
    if (near.length === 0 && ctx.rowUncertain[j] === 0) continue;
    const py = (j + 0.5) * cellSizeM;
    for (let i = 0; i < cols; i++) {
      const px = (i + 0.5) * cellSizeM;
      if (uncertain[row + i] === 1) {
        out[row + i] = rayWallLossDb(set, ax, ay, px, py, scratch);
        continue;
      }
      for (let h = 0; h < near.length; h++) {
        const w = near[h] as number;
        const hits = wallHits(set, w, ax, ay, px, py, scratch);
        if (hits > 0) out[row + i] = (out[row + i] as number) + hits * (set.lossDb[w] as number);
      }
    }
  }
}

/** Whether any segment of wall w passes within NEAR_WALL_M of the AP. */
function isNear(set: WallSet, w: number, ax: number, ay: number): boolean {
  const end = set.firstSegment[w + 1] as number;
  for (let s = set.firstSegment[w] as number; s < end; s++) {
    const seg = [set.x0[s] as number, set.y0[s] as number, set.x1[s] as number, set.y1[s] as number] as const;
    if (pointSegmentDistance(ax, ay, seg) < NEAR_WALL_M) return true;
  }
  return false;
}

/**
 * Sets the three lines of segment s's shadow seen from A, each a unit-normal line f(P) = a·x + b·y + c
 * (f = signed distance, > 0 inside): line AC inside towards D, line AD inside towards C, line CD
 * inside away from A. Returns the rows the shadow can reach.
 */
function segmentLines(ctx: ShadowContext, s: number, ax: number, ay: number): [number, number] {
  const { set, lines, cellSizeM } = ctx;
  const cx = set.x0[s] as number;
  const cy = set.y0[s] as number;
  const dx = set.x1[s] as number;
  const dy = set.y1[s] as number;
  const ux = cx - ax;
  const uy = cy - ay;
  const vx = dx - ax;
  const vy = dy - ay;
  // cross(C − A, D − A) = cross(D − C, A − C): its sign orients all three lines.
  const cross = ux * vy - uy * vx;
  const sign = cross > 0 ? 1 : -1;
  const uLen = Math.hypot(ux, uy);
  const vLen = Math.hypot(vx, vy);
  const sLen = set.length[s] as number;
  setLine(lines, 0, (-sign * uy) / uLen, (sign * ux) / uLen, ax, ay, cellSizeM);
  setLine(lines, 1, (sign * vy) / vLen, (-sign * vx) / vLen, ax, ay, cellSizeM);
  setLine(lines, 2, (sign * (dy - cy)) / sLen, (-sign * (dx - cx)) / sLen, cx, cy, cellSizeM);
  const distance = Math.abs(cross) / sLen;
  // The quadrilateral C, D, D + k·(D − A), C + k·(C − A) holds every shadow point within the longest
  // ray (k puts its far side twice that away). An AP on the segment's line (beyond its end) has a
  // shadow that is a thin band along the line: every row.
  const k = distance > GEOMETRY_EPS_M ? (2 * ctx.longest) / distance : 0;
  const quad = k > 0 ? [cx, cy, dx, dy, dx + k * vx, dy + k * vy, cx + k * ux, cy + k * uy] : null;
  return rowsOf(ctx, quad);
}

/**
 * Flags as uncertain the cells within the margin of the half-line from a wall's self-crossing point X
 * away from A (and of X itself): the rays whose two hits near X the reference may count as one place.
 */
function markRayBand(ctx: ShadowContext, ax: number, ay: number, x: number, y: number): void {
  const len = Math.hypot(x - ax, y - ay);
  if (len <= GEOMETRY_EPS_M) return;
  const ex = (x - ax) / len;
  const ey = (y - ay) / len;
  const { lines, cellSizeM } = ctx;
  // |distance to line AX| ≤ margin is two half-planes; "not before X" the third.
  setLine(lines, 0, -ey, ex, ax, ay, cellSizeM);
  setLine(lines, 1, ey, -ex, ax, ay, cellSizeM);
  setLine(lines, 2, ex, ey, x, y, cellSizeM);
  const far = 2 * ctx.longest;
  const m = SHADOW_MARGIN_M;
  const quad = [x - m * ey - m * ex, y + m * ex - m * ey, x + m * ey - m * ex, y - m * ex - m * ey];
  quad.push(quad[2] as number, quad[3] as number, quad[0] as number, quad[1] as number);
  for (const at of [4, 6]) {
    quad[at] = (quad[at] as number) + far * ex;
    quad[at + 1] = (quad[at + 1] as number) + far * ey;
  }
  const [jFirst, jLast] = rowsOf(ctx, quad);
  scanRows(ctx, jFirst, jLast, Number.NaN);
}

/** Rows a region (flat x, y polygon; null for all) can reach, clipped to the floor, margin included. */
function rowsOf(ctx: ShadowContext, poly: number[] | null): [number, number] {
  if (!poly) return [0, ctx.rows - 1];
  const clipped = clipToBox(poly, 0, 0, ctx.cols * ctx.cellSizeM, ctx.rows * ctx.cellSizeM);
  if (clipped.length === 0) return [0, -1];
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 1; i < clipped.length; i += 2) {
    lo = Math.min(lo, clipped[i] as number);
    hi = Math.max(hi, clipped[i] as number);
  }
  const inv = 1 / ctx.cellSizeM;
  return [
    Math.max(0, Math.ceil((lo - SHADOW_MARGIN_M) * inv - 0.5)),
    Math.min(ctx.rows - 1, Math.floor((hi + SHADOW_MARGIN_M) * inv - 0.5)),
  ];
}

/**
 * Stores line l (unit normal (a, b) through (px, py)) as [kind, tIn(0), tOut(0), step]. For kind ±1,
 * "f > +margin" (surely inside) is k > tIn (kind 1) or k < tIn (kind −1) for the cell index k of row
 * j, with tIn(j) = tIn(0) + j·step — a·x + g = margin solved for x, then x = (k + ½)·size — and
 * "f ≥ −margin" (possibly inside) likewise with tOut. A horizontal line (kind 0) stores f itself.
 */
function setLine(
  lines: Float64Array,
  l: number,
  a: number,
  b: number,
  px: number,
  py: number,
  size: number,
): void {
  const c = -(a * px + b * py);
  const g0 = b * 0.5 * size + c;
  const step = b * size;
  const o = 4 * l;
  if (a === 0) {
    lines[o] = 0;
    lines[o + 1] = g0;
    lines[o + 2] = g0;
    lines[o + 3] = step;
    return;
  }
  const ia = 1 / (a * size);
  lines[o] = a > 0 ? 1 : -1;
  lines[o + 1] = (SHADOW_MARGIN_M - g0) * ia - 0.5;
  lines[o + 2] = (-SHADOW_MARGIN_M - g0) * ia - 0.5;
  lines[o + 3] = -step * ia;
}

/** Reused result of `rowSpan`: [inLo, inHi, outLo, outHi] cell indices of one row. */
const span = new Int32Array(4);

/**
 * On row j, the cells surely inside all three lines (span[0]…span[1]) and possibly inside
 * (span[2]…span[3]); false when none is possibly inside.
 */
function rowSpan(lines: Float64Array, cols: number, j: number): boolean {
  let inLo = 0;
  let inHi = cols - 1;
  let outLo = 0;
  let outHi = cols - 1;
  for (let o = 0; o < 12; o += 4) {
    const kind = lines[o] as number;
    const step = j * (lines[o + 3] as number);
    const tIn = (lines[o + 1] as number) + step;
    const tOut = (lines[o + 2] as number) + step;
    if (kind > 0) {
      inLo = Math.max(inLo, Math.ceil(tIn));
      outLo = Math.max(outLo, Math.ceil(tOut));
    } else if (kind < 0) {
      inHi = Math.min(inHi, Math.floor(tIn));
      outHi = Math.min(outHi, Math.floor(tOut));
    } else {
      if (tOut < -SHADOW_MARGIN_M) outLo = cols;
      if (tIn <= SHADOW_MARGIN_M) inLo = cols;
    }
  }
  span[0] = inLo;
  span[1] = inHi;
  span[2] = outLo;
  span[3] = outHi;
  return outLo <= outHi;
}

/**
 * For rows jFirst…jLast: cells surely inside all three lines get +db in the difference array, cells
 * possibly but not surely inside are flagged uncertain. With db NaN every possibly-inside cell is
 * flagged and nothing is added.
 */
function scanRows(ctx: ShadowContext, jFirst: number, jLast: number, db: number): void {
  const { cols, diff, uncertain, rowUncertain, lines } = ctx;
  const markOnly = Number.isNaN(db);
  for (let j = jFirst; j <= jLast; j++) {
    if (!rowSpan(lines, cols, j)) continue;
    const inLo = span[0] as number;
    const inHi = span[1] as number;
    const outLo = span[2] as number;
    const outHi = span[3] as number;
    const row = j * cols;
    if (markOnly || inLo > inHi) {
      for (let i = outLo; i <= outHi; i++) uncertain[row + i] = 1;
      rowUncertain[j] = 1;
      continue;
    }
    const at = j * (cols + 1);
    diff[at + inLo] = (diff[at + inLo] as number) + db;
    diff[at + inHi + 1] = (diff[at + inHi + 1] as number) - db;
    if (outLo < inLo || inHi < outHi) rowUncertain[j] = 1;
    for (let i = outLo; i < inLo; i++) uncertain[row + i] = 1;
    for (let i = inHi + 1; i <= outHi; i++) uncertain[row + i] = 1;
  }
}
