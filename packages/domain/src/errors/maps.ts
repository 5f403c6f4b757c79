/**
 * Error codes of the floor-plan maps (issue 12 §1; §5 "map upload jpg or PDF max 5 MB, PDF at most
 * 15 pages … Scale line must be drawn first") and of their AP planner (issue 15: 538–539). The
 * spec's 251/413 say "larger than 10 MB" (images), so maps have their own codes — Netloom
 * additions, listed in `NETLOOM_ADDED_CODES`. Assembled into `ERR` by `catalogue.ts`.
 */
import { MAP_MAX_BYTES, MAP_PDF_MAX_PAGES } from '../limits';

const BYTES_PER_MB = 1024 * 1024;

export const MAP_ERRORS = {
  MAP_TOO_LARGE: {
    code: 460,
    message: `Upload failed: the map is larger than ${MAP_MAX_BYTES / BYTES_PER_MB} MB.`,
  },
  MAP_PDF_TOO_MANY_PAGES: { code: 461, message: `The PDF has more than ${MAP_PDF_MAX_PAGES} pages.` },
  MAP_FILE_TYPE: { code: 462, message: 'The file is not a JPG, PNG or PDF.' },
  MAP_FILE_DAMAGED: { code: 463, message: 'The file is damaged and cannot be read.' },
  MAP_PAGE_IMAGES_MISMATCH: {
    code: 464,
    message:
      'The page images do not match the PDF: send one PNG per page to split it, or one PNG to merge it.',
  },
  /** §5 "Scale line must be drawn first": walls and AP positions are in metres. */
  MAP_SCALE_FIRST: { code: 465, message: 'Scale line must be drawn first.' },
  MAP_DEVICE_NOT_PLACEABLE: {
    code: 466,
    message: 'Only access points, mesh routers and wireless routers can be placed on a map.',
  },
  /** The AP planner (issue 15, "plan on a floor plan"): the goal is out of reach of its most APs. */
  AP_PLAN_GOAL_UNREACHABLE: {
    code: 538,
    message:
      'The coverage goal cannot be reached: lower the goal or the target signal, or choose another model.',
  },
  AP_PLAN_NO_RADIO: { code: 539, message: 'This AP model has no radio on the chosen band.' },
} as const;
