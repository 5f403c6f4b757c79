import { ERR, errorMessage } from '../errors/catalogue';
import {
  MAP_PROPORTION,
  MAP_PROPORTION_TOLERANCE,
  MAP_RECOMMENDED_HEIGHT,
  MAP_RECOMMENDED_WIDTH,
} from '../limits';

/**
 * Floor-plan map rules of §5 beyond the file itself (see `mapFileIssue` for type and size):
 * "Scale line must be drawn first", and the recommended image size and proportion.
 */

/** The scale line the user draws on a map: its length on screen and what it measures. */
export interface MapScale {
  /** Length of the drawn line in image pixels. */
  pixels: number;
  /** Real distance the line stands for, in metres. */
  meters: number;
}

/** §5, the catalogue's 465 (the server's answer to walls or placements before a scale). */
export const SCALE_LINE_FIRST_MESSAGE = errorMessage(ERR.MAP_SCALE_FIRST);

/**
 * Drawing walls, placing APs by distance or computing a heat map needs the map's scale: null when
 * a usable scale line exists, otherwise what to do.
 */
export function scaleLineIssue(scale: MapScale | null | undefined): string | null {
  if (!scale) return SCALE_LINE_FIRST_MESSAGE;
  if (!Number.isFinite(scale.pixels) || scale.pixels <= 0) {
    return 'The scale line has no length. Draw it again between two points.';
  }
  if (!Number.isFinite(scale.meters) || scale.meters <= 0) {
    return 'Enter the real length of the scale line in metres.';
  }
  return null;
}

/**
 * The recommendation check for a floor-plan image (§5 "recommended 800x400, proportion 5:3"):
 * a warning to show next to the upload, never a refusal — null when the image follows it.
 */
export function mapImageWarning(size: { width: number; height: number }): string | null {
  const { width, height } = size;
  if (!(width > 0 && height > 0)) return null; // size unknown (e.g. a PDF page not rendered yet)
  const [pw, ph] = MAP_PROPORTION;
  const ratio = width / height / (pw / ph);
  const offShape =
    ratio > 1 + MAP_PROPORTION_TOLERANCE + 1e-9 || ratio < 1 / (1 + MAP_PROPORTION_TOLERANCE) - 1e-9;
  const small = width < MAP_RECOMMENDED_WIDTH || height < MAP_RECOMMENDED_HEIGHT;
  const advice = `For a sharp map use an image of at least ${MAP_RECOMMENDED_WIDTH}×${MAP_RECOMMENDED_HEIGHT} pixels in a ${pw}:${ph} proportion.`;
  if (small && offShape) return `This image is ${width}×${height} pixels. ${advice}`;
  if (small) return `This image is only ${width}×${height} pixels and may look blurred. ${advice}`;
  if (offShape)
    return `This image is ${width}×${height} pixels, far from a ${pw}:${ph} proportion. ${advice}`;
  return null;
}
