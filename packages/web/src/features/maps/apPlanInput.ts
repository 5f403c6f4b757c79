/**
 * The AP planner's input from what the page has (the map, the panel's options, the placed APs as the
 * heat map takes them), and the link that carries a plan to the solution generator. Pure, so it is
 * tested without a worker.
 */
import {
  AP_PLAN_MAX_APS,
  type ApPlan,
  type ApPlanInput,
  type ApPlanLink,
  type ApPlanOptions,
  type HeatmapAp,
  heatmapWallOf,
  type MapDetail,
  mapSizeM,
} from '@netloom/domain';
import { calibratedExponents } from './heatmapInput';

/** Null while the map has no scale (the planner waits for it like walls and placements). */
export function buildApPlanInput(
  map: Pick<MapDetail, 'width' | 'height' | 'scale' | 'walls' | 'calibration'>,
  options: ApPlanOptions,
  placed: readonly HeatmapAp[],
): ApPlanInput | null {
  if (!map.scale) return null;
  return {
    floor: mapSizeM(map, map.scale.metresPerPixel),
    walls: map.walls.map(heatmapWallOf),
    band: options.band,
    model: options.model,
    targetDbm: options.targetDbm,
    coveragePct: options.coveragePct,
    fixed: options.keepPlaced ? placed : [],
    exponent: calibratedExponents(map.calibration),
  };
}

/** The generator's link for a plan's new APs; null when the plan proposes none. */
export function solutionLinkOf(plan: ApPlan, mapName: string): ApPlanLink | null {
  const aps = plan.positions.length;
  if (aps === 0 || aps > AP_PLAN_MAX_APS) return null;
  return {
    apModel: plan.model,
    aps,
    floorAreaM2: Math.max(1, Math.round(plan.areaM2)),
    plan: `${mapName}: ${plan.summary}`.slice(0, 300),
  };
}
