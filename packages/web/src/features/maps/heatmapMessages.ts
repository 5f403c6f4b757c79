/** The messages between the page and the heat-map worker: a heat map, or an AP plan with its heat map. */
import type { ApPlanInput, ApPlanOutcome, HeatmapBand, HeatmapInput } from '@netloom/domain';
import type { HeatmapView } from './heatmapInput';

export interface HeatmapRequest {
  kind: 'heatmap';
  seq: number;
  input: HeatmapInput;
  band: HeatmapBand;
  view: HeatmapView;
}

/** One view's cells as RGBA, one pixel per cell (transferred, not copied). */
export interface HeatmapPixels {
  rgba: Uint8ClampedArray;
  cols: number;
  rows: number;
  cellSizeM: number;
}

export interface HeatmapResponse extends HeatmapPixels {
  kind: 'heatmap';
  seq: number;
}

/** Plan APs (domain `planAps`), then draw the signal of the kept and the proposed APs at `cellSizeM`. */
export interface PlanRequest {
  kind: 'plan';
  seq: number;
  plan: ApPlanInput;
  cellSizeM: number;
}

export interface PlanResponse {
  kind: 'plan';
  seq: number;
  outcome: ApPlanOutcome;
  /** The proposal's signal view; null when the plan was refused. */
  heat: HeatmapPixels | null;
}

export type WorkerRequest = HeatmapRequest | PlanRequest;
export type WorkerResponse = HeatmapResponse | PlanResponse;
