/**
 * Rules of the floor-plan maps (issue 12 §1), shared by the server (which enforces them) and the web
 * (which checks as the user draws): what may be uploaded, the scale line, the wall shapes, which
 * devices go on a map, and the map's size in metres. Each rule is a function giving the message the
 * user sees, or null.
 */
import type { DeviceKind } from '../enums/devices';
import type { WallShape } from '../enums/wifi';
import type { HeatmapWall } from '../heatmap/types';
import { hasEmoji } from '../validation/text';
import { MAP_GEOMETRY_TOLERANCE_M, MAP_NAME_MAX_LENGTH, MAP_SCALE_MAX_LENGTH_M } from './limits';

/** A point in metres from the map's top-left corner (y grows downwards), as the heat map reads it. */
export interface MapPoint {
  x: number;
  y: number;
}

/** What the server stores a map image as: the type it sniffed from the bytes, never the client's. */
export const MAP_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export type MapImageType = (typeof MAP_IMAGE_TYPES)[number];

/**
 * How a multi-page PDF becomes maps (issue 12 §1): `split` one map per page, `merge` one map of all
 * pages stacked top to bottom.
 */
export const MAP_PDF_MODES = ['split', 'merge'] as const;
export type MapPdfMode = (typeof MAP_PDF_MODES)[number];

/** Page images the client sends with a PDF of `pages` pages (docs/api.md "Uploading a PDF"). */
export function pageImagesExpected(mode: MapPdfMode, pages: number): number {
  return mode === 'split' ? pages : 1;
}

/**
 * Device kinds that may be placed on a map: the ones with Wi-Fi radios the heat map draws — APs
 * (wired APs are `ap` devices on a cable), mesh routers and wireless routers.
 */
export const MAP_PLACEABLE_KINDS = ['ap', 'mesh', 'wrouter'] as const satisfies readonly DeviceKind[];

export function isPlaceableKind(type: string): boolean {
  return (MAP_PLACEABLE_KINDS as readonly string[]).includes(type);
}

// ── Names ─────────────────────────────────────────────────────────────────────────────────────────

const FALLBACK_MAP_NAME = 'Floor plan';

/**
 * The name of a map made from an uploaded file when the user gives none: the file name without its
 * extension, cut to the name rule; "Floor plan" when nothing usable is left (the file name is the
 * user's text, checked like any name).
 */
export function mapNameFromFile(filename: string): string {
  const dot = filename.lastIndexOf('.');
  const stem = (dot >= 0 ? filename.slice(0, dot) : filename)
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return stem && !hasEmoji(stem) ? pagedMapName(stem) : FALLBACK_MAP_NAME;
}

/** A map's name cut to the name rule, with ` (page/pages)` for one page of a split PDF. */
export function pagedMapName(base: string, page?: { index: number; count: number }): string {
  const suffix = page && page.count > 1 ? ` (${page.index}/${page.count})` : '';
  const room = MAP_NAME_MAX_LENGTH - suffix.length;
  return `${[...base].slice(0, room).join('').trimEnd()}${suffix}`;
}

// ── Scale ─────────────────────────────────────────────────────────────────────────────────────────

/** The scale line as drawn: two points on the image, in image pixels, and the real length between them. */
export interface MapScaleLine {
  from: MapPoint;
  to: MapPoint;
  lengthM: number;
}

export function scaleLinePixels(line: Pick<MapScaleLine, 'from' | 'to'>): number {
  return Math.hypot(line.to.x - line.from.x, line.to.y - line.from.y);
}

/** Metres per image pixel of a scale line (the map's scale). */
export function metresPerPixel(line: MapScaleLine): number {
  return line.lengthM / scaleLinePixels(line);
}

/**
 * The scale line's problem, or null: both ends on the image, the ends apart (at least one pixel) and
 * a real length above zero.
 */
export function mapScaleLineIssue(
  line: MapScaleLine,
  image: { width: number; height: number },
): string | null {
  for (const p of [line.from, line.to])
    if (p.x < 0 || p.y < 0 || p.x > image.width || p.y > image.height)
      return 'Both ends of the scale line must be on the map.';
  if (scaleLinePixels(line) < 1) return 'The two ends of the scale line must be different points.';
  if (!(line.lengthM > 0)) return 'Enter the real length of the scale line in metres.';
  if (line.lengthM > MAP_SCALE_MAX_LENGTH_M)
    return `The scale line can stand for at most ${MAP_SCALE_MAX_LENGTH_M} m.`;
  return null;
}

/** The map's size in metres at its scale. */
export function mapSizeM(
  image: { width: number; height: number },
  mpp: number,
): { widthM: number; heightM: number } {
  return { widthM: image.width * mpp, heightM: image.height * mpp };
}

/** Whether a point in metres lies on the map (its edges included, within the tolerance). */
export function isOnMap(p: MapPoint, size: { widthM: number; heightM: number }): boolean {
  const t = MAP_GEOMETRY_TOLERANCE_M;
  return p.x >= -t && p.y >= -t && p.x <= size.widthM + t && p.y <= size.heightM + t;
}

// ── Walls ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * Points per wall shape: a line joins 2 points; a polyline at least 2; a rectangle is its 4 corners
 * in drawing order (so a rotated room is a rectangle too, and the heat map reads it as it is); a
 * polygon at least 3. Rectangles and polygons are closed (the last point joins the first).
 */
export const WALL_SHAPE_RULES: Record<WallShape, { min: number; exact: boolean; closed: boolean }> = {
  line: { min: 2, exact: true, closed: false }, // not a rule: the points of a line
  polyline: { min: 2, exact: false, closed: false }, // not a rule: a polyline has a segment
  rectangle: { min: 4, exact: true, closed: true }, // not a rule: the corners of a rectangle
  polygon: { min: 3, exact: false, closed: true }, // not a rule: a polygon encloses an area
};

export interface MapWallInput {
  shape: WallShape;
  points: readonly MapPoint[];
}

const near = (a: number, b: number) => Math.abs(a - b) <= MAP_GEOMETRY_TOLERANCE_M;
const dist = (a: MapPoint, b: MapPoint) => Math.hypot(a.x - b.x, a.y - b.y);

/** Four corners make a rectangle when its diagonals share their midpoint and have the same length. */
function isRectangle([a, b, c, d]: readonly MapPoint[]): boolean {
  if (!a || !b || !c || !d) return false;
  return near(a.x + c.x, b.x + d.x) && near(a.y + c.y, b.y + d.y) && near(dist(a, c), dist(b, d));
}

/** The first problem of one wall's shape, or null (the material is checked by the schema). */
export function wallShapeIssue(wall: MapWallInput): string | null {
  const rule = WALL_SHAPE_RULES[wall.shape];
  const n = wall.points.length;
  if (rule.exact ? n !== rule.min : n < rule.min)
    return `A ${wall.shape} wall has ${rule.exact ? '' : 'at least '}${rule.min} points.`;
  for (let i = 1; i < n; i++)
    if (dist(wall.points[i - 1] as MapPoint, wall.points[i] as MapPoint) <= MAP_GEOMETRY_TOLERANCE_M)
      return 'Two consecutive points of a wall are the same point.';
  if (wall.shape === 'rectangle' && !isRectangle(wall.points))
    return 'The four corners of a rectangle wall must form a rectangle.';
  return null;
}

/** A stored wall as the heat map reads it (`HeatmapWall`). */
export function heatmapWallOf(wall: MapWallInput & Pick<HeatmapWall, 'material'>): HeatmapWall {
  return { material: wall.material, points: wall.points, closed: WALL_SHAPE_RULES[wall.shape].closed };
}
