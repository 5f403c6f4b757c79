/** The messages between the page and the heat-map worker. */
import type { HeatmapBand, HeatmapInput } from '@netloom/domain';
import type { HeatmapView } from './heatmapInput';

export interface HeatmapRequest {
  seq: number;
  input: HeatmapInput;
  band: HeatmapBand;
  view: HeatmapView;
}

export interface HeatmapResponse {
  seq: number;
  rgba: Uint8ClampedArray;
  cols: number;
  rows: number;
  cellSizeM: number;
}
