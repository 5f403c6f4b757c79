/**
 * Shapes of the Wi-Fi heat map (issue 12 §2): what goes in (a floor in metres, placed APs with their
 * live radio settings, drawn walls) and what comes out (per band: best signal, best AP, co-channel
 * overlap per cell). Plain data and typed arrays only, so a Web Worker can receive and transfer them.
 */
import type { WallMaterial } from '../enums/wifi';
import type { RadioBand } from '../models/types';

/** Bands the heat map draws (§2 of the issue: 2.4 GHz and 5 GHz). */
export const HEATMAP_BANDS = ['2.4G', '5G'] as const satisfies readonly RadioBand[];
export type HeatmapBand = (typeof HEATMAP_BANDS)[number];

/** One radio of a placed AP, as the configuration engine has it (channel, power) plus the model's gain. */
export interface HeatmapRadio {
  band: HeatmapBand;
  /** Primary 20 MHz channel number (2.4 GHz 1–14, 5 GHz 36–165). */
  channel: number;
  /** Transmit power at the antenna port, dBm. */
  txPowerDbm: number;
  /** Antenna gain from the model catalogue, dBi. */
  gainDbi: number;
}

/** An AP placed on the plan: position in metres from the plan's top-left corner (y grows downwards). */
export interface HeatmapAp {
  id: string;
  x: number;
  y: number;
  /** At most one radio per band counts; a second radio of the same band is ignored. */
  radios: readonly HeatmapRadio[];
}

/**
 * One drawn wall: a line (2 points), a polyline (n points), a rectangle (its 4 corners, closed) or a
 * polygon (n points, closed). However many segments it has, it is ONE wall for the counting rules of
 * `walls.ts`.
 */
export interface HeatmapWall {
  material: WallMaterial;
  /** Vertices in metres, in drawing order. */
  points: readonly { x: number; y: number }[];
  /** Whether the last point joins the first (rectangle, polygon). */
  closed: boolean;
}

/** The floor and its raster: cells of `cellSizeM` metres, centres at ((i + ½)·size, (j + ½)·size). */
export interface HeatmapFloor {
  widthM: number;
  heightM: number;
  cellSizeM: number;
}

/** Everything one heat map needs. */
export interface HeatmapInput {
  floor: HeatmapFloor;
  aps: readonly HeatmapAp[];
  walls: readonly HeatmapWall[];
  /** Path-loss exponent per band; defaults to `DEFAULT_PATH_LOSS_EXPONENT` (or a calibrated value). */
  exponent?: Partial<Record<HeatmapBand, number>>;
}

/** The raster: `cols × rows` cells, row-major (index = row · cols + col). */
export interface HeatmapGrid {
  cols: number;
  rows: number;
  cellSizeM: number;
}

/** One band's result, one entry per cell. */
export interface BandHeatmap {
  band: HeatmapBand;
  /** Strongest received signal, dBm; −Infinity where no AP has a radio on this band. */
  bestDbm: Float64Array;
  /** Index into `input.aps` of the strongest AP; −1 where none. Ties within 1e-9 dB go to the earlier AP. */
  bestAp: Int32Array;
  /** 1 where two or more APs on the same channel are both at or above the co-channel threshold. */
  overlap: Uint8Array;
}

export interface Heatmap {
  grid: HeatmapGrid;
  bands: Record<HeatmapBand, BandHeatmap>;
}
