/**
 * Floor-plan maps (issue 12 §1, §3 "Map: name, image, scale", §5 files, §9 walls): a project's
 * maps, each an uploaded image with its scale line, walls and the positions of placed APs. Request
 * and response schemas shared by the server and the web; the upload's multipart contract is in
 * docs/api.md ("Floor-plan maps").
 */
import { z } from 'zod';
import { WALL_MATERIAL_KEYS, WALL_SHAPES } from '../enums/wifi';
import { HEATMAP_BANDS } from '../heatmap/types';
import {
  MAP_IMAGE_MAX_SIDE_PX,
  MAP_NAME_MAX_LENGTH,
  MAP_SCALE_MAX_LENGTH_M,
  MAP_WALL_POINTS_MAX,
  MAP_WALLS_MAX,
} from '../maps/limits';
import { MAP_IMAGE_TYPES, MAP_PDF_MODES, wallShapeIssue } from '../maps/rules';
import { textSchema } from '../validation/text';
import { endpoint } from './endpoint';
import { emptySchema } from './envelope';
import { dbIdSchema, projectParamsSchema } from './params';

/** `/api/projects/:id/maps/:mapId…` */
export const projectMapParamsSchema = projectParamsSchema.extend({ mapId: dbIdSchema });
/** `/api/projects/:id/maps/:mapId/placements/:deviceId` */
export const mapPlacementParamsSchema = projectMapParamsSchema.extend({ deviceId: dbIdSchema });

export const mapNameSchema = textSchema({ label: 'Map name', max: MAP_NAME_MAX_LENGTH });

/** A point on the image, pixels from its top-left corner. */
export const mapPixelPointSchema = z.object({
  x: z.number().min(0).max(MAP_IMAGE_MAX_SIDE_PX),
  y: z.number().min(0).max(MAP_IMAGE_MAX_SIDE_PX),
});
/** A point on the floor, metres from the map's top-left corner (y downwards); on the map, checked by the server. */
export const mapPointSchema = z.object({ x: z.number().min(0), y: z.number().min(0) });

// ── Requests ──────────────────────────────────────────────────────────────────────────────────────

/** The form fields of an upload besides its files (multipart; see docs/api.md). */
export const mapUploadFieldsSchema = z.object({
  /** The map's name; by default the file's name (split pages numbered). */
  name: mapNameSchema.optional(),
  /** Required with a PDF: one map per page, or one map of all pages stacked. */
  pdfMode: z.enum(MAP_PDF_MODES).optional(),
});
export type MapUploadFields = z.infer<typeof mapUploadFieldsSchema>;

export const mapRenameSchema = z.object({ name: mapNameSchema });

/** The scale line: two points on the image and the real length between them (`mapScaleLineIssue`). */
export const mapScaleRequestSchema = z.object({
  from: mapPixelPointSchema,
  to: mapPixelPointSchema,
  lengthM: z.number().positive().max(MAP_SCALE_MAX_LENGTH_M),
});
export type MapScaleRequest = z.infer<typeof mapScaleRequestSchema>;

export const mapWallSchema = z
  .object({
    shape: z.enum(WALL_SHAPES),
    material: z.enum(WALL_MATERIAL_KEYS),
    points: z.array(mapPointSchema).max(MAP_WALL_POINTS_MAX),
  })
  .superRefine((wall, ctx) => {
    const issue = wallShapeIssue(wall);
    if (issue) ctx.addIssue({ code: 'custom', path: ['points'], message: issue });
  });
export type MapWallInputBody = z.infer<typeof mapWallSchema>;

/** The whole wall set of a map, replacing the stored one. */
export const mapWallsRequestSchema = z.object({ walls: z.array(mapWallSchema).max(MAP_WALLS_MAX) });
export type MapWallsRequest = z.infer<typeof mapWallsRequestSchema>;

export const mapPlacementRequestSchema = mapPointSchema;

// ── Responses ─────────────────────────────────────────────────────────────────────────────────────

export const mapScaleSchema = mapScaleRequestSchema.extend({
  /** Metres per image pixel (`metresPerPixel`). */
  metresPerPixel: z.number(),
});
export type MapScaleView = z.infer<typeof mapScaleSchema>;

export const mapPlacementSchema = z.object({ deviceId: z.number().int(), x: z.number(), y: z.number() });
export type MapPlacement = z.infer<typeof mapPlacementSchema>;

export const mapSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The type the server sniffed from the bytes; the image route serves it with this type. */
  contentType: z.enum(MAP_IMAGE_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  /** Null until the scale line is drawn: walls and placements wait for it (465). */
  scale: mapScaleSchema.nullable(),
  wallCount: z.number().int(),
  placements: z.array(mapPlacementSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type MapSummary = z.infer<typeof mapSummarySchema>;

export const mapListSchema = z.object({ maps: z.array(mapSummarySchema) });
export type MapList = z.infer<typeof mapListSchema>;

export const mapWallViewSchema = z.object({
  id: z.number().int(),
  shape: z.enum(WALL_SHAPES),
  material: z.enum(WALL_MATERIAL_KEYS),
  points: z.array(z.object({ x: z.number(), y: z.number() })),
});
export type MapWallView = z.infer<typeof mapWallViewSchema>;

/** A placed device with what the map shows of it (name, SN, type, status code of §4). */
export const mapPlacedDeviceSchema = mapPlacementSchema.extend({
  name: z.string(),
  sn: z.string(),
  type: z.string(),
  status: z.number().int(),
});
export type MapPlacedDevice = z.infer<typeof mapPlacedDeviceSchema>;

/**
 * The path-loss exponent of one band fitted on this map (docs/heatmap.md "Calibration"): from what
 * the APs placed on it heard of each other in their neighbour scans, with their positions and walls.
 */
export const mapCalibrationSchema = z.object({
  band: z.enum(HEATMAP_BANDS),
  /** Usable measurements: both APs placed on this map, at least 1 m apart, heard on this band. */
  measurements: z.number().int(),
  /** The fitted exponent; null below `CALIBRATION_MIN_MEASUREMENTS`. */
  exponent: z.number().nullable(),
  /** Root-mean-square of measured − predicted RSSI with that exponent, dB ("error ± X dB"). */
  rmsErrorDb: z.number().nullable(),
  /** Whether the heat map uses it (enough measurements and an exponent within the plausible range). */
  applied: z.boolean(),
  /** When the newest of these measurements was taken (epoch ms); null without any. */
  measuredAt: z.number().nullable(),
});
export type MapCalibration = z.infer<typeof mapCalibrationSchema>;

export const mapDetailSchema = mapSummarySchema.extend({
  walls: z.array(mapWallViewSchema),
  placements: z.array(mapPlacedDeviceSchema),
  /** One entry per heat-map band (2.4 GHz, 5 GHz). */
  calibration: z.array(mapCalibrationSchema),
});
export type MapDetail = z.infer<typeof mapDetailSchema>;

// ── Endpoints ─────────────────────────────────────────────────────────────────────────────────────

const tag = 'maps';
const group = 'maps';
const read = { project: 'r' } as const;
// Changes need the manage right (916 read-only member), are refused while the project is locked (173)
// and in demo projects (405) by the guards every change passes.
const change = { project: 'rw' } as const;

export const mapEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/projects/:id/maps',
    summary: "The project's maps: scale, wall count, placements",
    tag,
    auth: read,
    group,
    params: projectParamsSchema,
    response: mapListSchema,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/projects/:id/maps',
    summary:
      'Upload a map (multipart: file = JPG/PNG, or PDF + pdfMode split|merge + page PNGs; name?): 460 > 5 MB, 461 > 15 pages, 462 type, 463 damaged, 464 page images',
    tag,
    auth: change,
    group,
    params: projectParamsSchema,
    multipart: true,
    response: mapListSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/projects/:id/maps/:mapId',
    summary:
      'One map with its walls, placed devices and the path-loss calibration from their neighbour scans (412 unknown map)',
    tag,
    auth: read,
    group,
    params: projectMapParamsSchema,
    response: mapDetailSchema,
  }),
  image: endpoint({
    method: 'GET',
    path: '/api/projects/:id/maps/:mapId/image',
    summary: "The map's image, with the type the server sniffed (nosniff)",
    tag,
    auth: read,
    group,
    params: projectMapParamsSchema,
    response: 'file',
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/maps/:mapId',
    summary: 'Rename a map',
    tag,
    auth: change,
    group,
    params: projectMapParamsSchema,
    body: mapRenameSchema,
    response: mapSummarySchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/maps/:mapId',
    summary: 'Delete a map, its walls, placements and image',
    tag,
    auth: change,
    group,
    params: projectMapParamsSchema,
    response: emptySchema,
  }),
  setScale: endpoint({
    method: 'PUT',
    path: '/api/projects/:id/maps/:mapId/scale',
    summary: 'Draw or replace the scale line (walls and placements keep their place on the image)',
    tag,
    auth: change,
    group,
    params: projectMapParamsSchema,
    body: mapScaleRequestSchema,
    response: mapSummarySchema,
  }),
  putWalls: endpoint({
    method: 'PUT',
    path: '/api/projects/:id/maps/:mapId/walls',
    summary: 'Replace the wall set of a map (≤ 500 walls; 465 before the scale line)',
    tag,
    auth: change,
    group,
    params: projectMapParamsSchema,
    body: mapWallsRequestSchema,
    response: z.object({ walls: z.array(mapWallViewSchema) }),
  }),
  placeDevice: endpoint({
    method: 'PUT',
    path: '/api/projects/:id/maps/:mapId/placements/:deviceId',
    summary:
      "Place or move a device on a map, in metres (465 before the scale line, 466 not an AP); it leaves the project's other maps",
    tag,
    auth: change,
    group,
    params: mapPlacementParamsSchema,
    body: mapPlacementRequestSchema,
    response: mapPlacementSchema,
  }),
  unplaceDevice: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/maps/:mapId/placements/:deviceId',
    summary: 'Take a device off a map',
    tag,
    auth: change,
    group,
    params: mapPlacementParamsSchema,
    response: emptySchema,
  }),
};
