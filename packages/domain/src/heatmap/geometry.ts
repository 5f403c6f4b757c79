/** Small plane-geometry helpers of the heat map (metres; a segment is [x0, y0, x1, y1]). */

export type Segment = readonly [number, number, number, number];

/** Signed area of the turn a → b → c (positive counter-clockwise in x-right, y-up axes). */
export function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** Distance from a point to a segment. */
export function pointSegmentDistance(x: number, y: number, [x0, y0, x1, y1]: Segment): number {
  const sx = x1 - x0;
  const sy = y1 - y0;
  const ss = sx * sx + sy * sy;
  const t = ss > 0 ? Math.max(0, Math.min(1, ((x - x0) * sx + (y - y0) * sy) / ss)) : 0;
  return Math.hypot(x - x0 - t * sx, y - y0 - t * sy);
}

/** Where two segments cross properly (each strictly separates the other's ends), or null. */
export function properCrossing(p: Segment, q: Segment): { x: number; y: number } | null {
  const [px, py, px1, py1] = p;
  const [qx, qy, qx1, qy1] = q;
  const d1 = orient(px, py, px1, py1, qx, qy);
  const d2 = orient(px, py, px1, py1, qx1, qy1);
  const d3 = orient(qx, qy, qx1, qy1, px, py);
  const d4 = orient(qx, qy, qx1, qy1, px1, py1);
  if (!(((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))))
    return null;
  const t = d3 / (d3 - d4);
  return { x: px + t * (px1 - px), y: py + t * (py1 - py) };
}

/** Distance between two segments: 0 when they cross, else the nearest end-to-segment distance. */
export function segmentDistance(p: Segment, q: Segment): number {
  if (properCrossing(p, q)) return 0;
  return Math.min(
    pointSegmentDistance(q[0], q[1], p),
    pointSegmentDistance(q[2], q[3], p),
    pointSegmentDistance(p[0], p[1], q),
    pointSegmentDistance(p[2], p[3], q),
  );
}

/** sin of the angle between two segments' directions (0 parallel, 1 perpendicular). */
export function crossingSine(p: Segment, q: Segment): number {
  const ax = p[2] - p[0];
  const ay = p[3] - p[1];
  const bx = q[2] - q[0];
  const by = q[3] - q[1];
  return Math.abs(ax * by - ay * bx) / (Math.hypot(ax, ay) * Math.hypot(bx, by));
}

/** Sutherland–Hodgman: a polygon (flat x, y list) clipped to an axis-aligned box. */
export function clipToBox(poly: readonly number[], x0: number, y0: number, x1: number, y1: number): number[] {
  let out = [...poly];
  // Each edge of the box keeps the side where coordinate `axis` is ≥ bound (sign 1) or ≤ bound (−1).
  for (const [axis, bound, sign] of [
    [0, x0, 1],
    [0, x1, -1],
    [1, y0, 1],
    [1, y1, -1],
  ] as const) {
    const input = out;
    out = [];
    const n = input.length / 2;
    for (let i = 0; i < n; i++) {
      const k = (i + 1) % n;
      const p = [input[2 * i] as number, input[2 * i + 1] as number] as const;
      const q = [input[2 * k] as number, input[2 * k + 1] as number] as const;
      const pIn = sign * (p[axis] - bound) >= 0;
      const qIn = sign * (q[axis] - bound) >= 0;
      if (pIn) out.push(p[0], p[1]);
      if (pIn !== qIn) {
        const t = (bound - p[axis]) / (q[axis] - p[axis]);
        out.push(p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]));
      }
    }
    if (out.length === 0) return out;
  }
  return out;
}
