/**
 * Turning clicks on the plan into walls and scale lines (issue 12 §2): image pixels while drawing,
 * metres once the scale is known (what the API and the heat map read). Pure and tested.
 */
import { type MapPoint, type WallShape, wallShapeIssue } from '@netloom/domain';

/** The drawing tools of the canvas: pan/select, the scale line, and the four wall shapes. */
export const MAP_TOOLS = ['select', 'scale', 'line', 'polyline', 'rectangle', 'polygon'] as const;
export type MapTool = (typeof MAP_TOOLS)[number];

export function isWallTool(tool: MapTool): tool is WallShape {
  return tool === 'line' || tool === 'polyline' || tool === 'rectangle' || tool === 'polygon';
}

/** Clicks a tool takes before it finishes by itself (polyline and polygon finish on double-click). */
export function clicksToFinish(tool: MapTool): number | null {
  return tool === 'scale' || tool === 'line' || tool === 'rectangle' ? 2 : null;
}

/** A point kept on the image. */
export function clampToImage(p: MapPoint, image: { width: number; height: number }): MapPoint {
  return { x: Math.min(image.width, Math.max(0, p.x)), y: Math.min(image.height, Math.max(0, p.y)) };
}

/** The four corners, in drawing order, of the axis-aligned rectangle with these opposite corners. */
export function rectangleCorners(a: MapPoint, b: MapPoint): MapPoint[] {
  return [a, { x: b.x, y: a.y }, b, { x: a.x, y: b.y }];
}

/** Consecutive points closer than half a pixel are one click (a double-click's second click). */
export function dropRepeats(points: readonly MapPoint[]): MapPoint[] {
  return points.filter((p, i) => {
    const prev = points[i - 1];
    return !prev || Math.hypot(p.x - prev.x, p.y - prev.y) >= 0.5;
  });
}

/**
 * The wall the clicks draw, in metres, or the reason it cannot be one (the domain's shape rule,
 * the same the server applies).
 */
export function wallFromClicks(
  shape: WallShape,
  clicks: readonly MapPoint[],
  metresPerPixel: number,
): { points: MapPoint[] } | { issue: string } {
  const px =
    shape === 'rectangle' && clicks.length === 2
      ? rectangleCorners(clicks[0] as MapPoint, clicks[1] as MapPoint)
      : dropRepeats(clicks);
  const points = px.map((p) => ({ x: p.x * metresPerPixel, y: p.y * metresPerPixel }));
  const issue = wallShapeIssue({ shape, points });
  return issue ? { issue } : { points };
}

/** Metres to image pixels, flattened for a Konva line. */
export function toPixels(points: readonly MapPoint[], metresPerPixel: number): number[] {
  return points.flatMap((p) => [p.x / metresPerPixel, p.y / metresPerPixel]);
}

/** A scale bar of a round length (1, 2, 5 × 10ⁿ m) about `targetPx` pixels long at this zoom. */
export function scaleBar(metresPerScreenPixel: number, targetPx = 120): { metres: number; px: number } {
  const raw = metresPerScreenPixel * targetPx;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const metres = [1, 2, 5, 10].map((k) => k * pow).reduce((best, m) => (m <= raw ? m : best), pow);
  return { metres, px: metres / metresPerScreenPixel };
}
