/**
 * Limits of the floor-plan maps (issue 12 §1) beyond the file limits of §5 (`MAP_MAX_BYTES`,
 * `MAP_PDF_MAX_PAGES` in `../limits.ts`). Named here once; the schemas, the server and the web's
 * inputs import them.
 */
import { NAME_MAX_BYTES } from '../limits';

/** A map's name: 1–32 characters (§5 names). */
export const MAP_NAME_MAX_LENGTH = NAME_MAX_BYTES;
/** Walls of one map, replaced as one set (issue 12 §1). */
export const MAP_WALLS_MAX = 500;
/** Points of one polyline or polygon wall: far more than anyone clicks, small enough to bound a save. */
export const MAP_WALL_POINTS_MAX = 200;
/**
 * The longest side of a stored map image, pixels: the canvas limit of Chromium and Firefox, so a
 * map the server accepts is one the browser can draw (a merged 15-page PDF stays far below it).
 */
export const MAP_IMAGE_MAX_SIDE_PX = 32_767;
/** The real length a scale line may stand for, metres (a campus, not a country). */
export const MAP_SCALE_MAX_LENGTH_M = 10_000;
/**
 * Geometry tolerance, metres: points closer than this are the same point, and a rectangle's corners
 * may miss a right angle by this much (what a pointer cannot tell apart on any floor plan).
 */
export const MAP_GEOMETRY_TOLERANCE_M = 0.001;
