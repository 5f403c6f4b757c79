/** What the generator asks about a site (issue 15 §1): area and floors, rooms, users, walls, cameras, bandwidth, outdoors. */
import { z } from 'zod';
import { WALL_MATERIAL_KEYS, type WallMaterial } from '../enums/wifi';
import { apPlanLinkSchema } from '../heatmap/planOptions';
import {
  SOLUTION_MAX_BANDWIDTH_MBPS,
  SOLUTION_MAX_CAMERAS,
  SOLUTION_MAX_FLOOR_AREA_M2,
  SOLUTION_MAX_FLOORS,
  SOLUTION_MAX_OUTDOOR_AREA_M2,
  SOLUTION_MAX_ROOMS,
  SOLUTION_MAX_USERS,
  SOLUTION_MIN_FLOOR_AREA_M2,
} from '../limits';
import { scenarioRefSchema } from './scenarios';

/** Each input's bounds, for the schema and the form's inputs alike. */
export const SOLUTION_INPUT_BOUNDS = {
  floorAreaM2: { min: SOLUTION_MIN_FLOOR_AREA_M2, max: SOLUTION_MAX_FLOOR_AREA_M2 },
  floors: { min: 1, max: SOLUTION_MAX_FLOORS },
  rooms: { min: 0, max: SOLUTION_MAX_ROOMS },
  users: { min: 1, max: SOLUTION_MAX_USERS },
  cameras: { min: 0, max: SOLUTION_MAX_CAMERAS },
  bandwidthMbps: { min: 1, max: SOLUTION_MAX_BANDWIDTH_MBPS },
  outdoorAreaM2: { min: 0, max: SOLUTION_MAX_OUTDOOR_AREA_M2 },
} as const;
type Bounded = keyof typeof SOLUTION_INPUT_BOUNDS;
const int = (k: Bounded) => z.int().min(SOLUTION_INPUT_BOUNDS[k].min).max(SOLUTION_INPUT_BOUNDS[k].max);

export const solutionInputsSchema = z.object({
  scenario: scenarioRefSchema,
  /** Area of one floor, m². */
  floorAreaM2: int('floorAreaM2'),
  floors: int('floors'),
  /** Rooms on all floors together (0: open plan). */
  rooms: int('rooms'),
  /** Users online at the same time. */
  users: int('users'),
  /** The typical wall between rooms (§9 materials). */
  wall: z.enum(WALL_MATERIAL_KEYS as [WallMaterial, ...WallMaterial[]]),
  cameras: int('cameras'),
  /** Internet bandwidth, Mbit/s. */
  bandwidthMbps: int('bandwidthMbps'),
  /** Outdoor area to cover, m² (0: none). */
  outdoorAreaM2: int('outdoorAreaM2'),
  /**
   * An AP plan made on a floor plan (the Wi-Fi map's *Use in a solution*): its model and count are
   * the indoor APs' coverage figure, in place of the estimate from area, rooms and walls.
   */
  floorPlan: apPlanLinkSchema.omit({ floorAreaM2: true }).optional(),
});
export type SolutionInputs = z.infer<typeof solutionInputsSchema>;

export const SOLUTION_INPUT_LABELS: Record<
  Exclude<keyof SolutionInputs, 'scenario' | 'floorPlan'>,
  string
> = {
  floorAreaM2: 'Floor area (m² per floor)',
  floors: 'Floors',
  rooms: 'Rooms (all floors)',
  users: 'Concurrent users',
  wall: 'Typical walls',
  cameras: 'Cameras',
  bandwidthMbps: 'Internet bandwidth (Mbit/s)',
  outdoorAreaM2: 'Outdoor area (m²)',
};
/** The input a floor plan's AP plan gives (its summary is the value shown). */
export const SOLUTION_FLOOR_PLAN_LABEL = 'AP plan on the floor plan';
