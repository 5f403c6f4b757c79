/**
 * The three views of the heat map as data a canvas can draw (RGBA bytes in ImageData order) and the
 * legend beside it: signal strength on a fixed dBm colour scale, best-AP areas, co-channel overlap.
 */
import {
  CO_CHANNEL_THRESHOLD_DBM,
  SIGNAL_DISPLAY_STRONGEST_DBM,
  SIGNAL_DISPLAY_WEAKEST_DBM,
} from './constants';
import type { BandHeatmap, HeatmapGrid } from './types';

export type Rgba = readonly [number, number, number, number];

/** One stop of the signal colour scale; colours between stops are interpolated linearly. */
export interface SignalStop {
  dbm: number;
  rgba: Rgba;
  /** What a signal this strong is good for, for the legend. */
  meaning: string;
}

/** Overlays are drawn over the floor plan, so they are partly transparent (alpha of 255). */
const OVERLAY_ALPHA = 170;

/** Strongest first, from the display range's strong end to its weak end (−30 … −90 dBm). */
export const SIGNAL_STOPS: readonly SignalStop[] = [
  { dbm: SIGNAL_DISPLAY_STRONGEST_DBM, rgba: [0, 104, 55, OVERLAY_ALPHA], meaning: 'Excellent' },
  { dbm: -50, rgba: [26, 152, 80, OVERLAY_ALPHA], meaning: 'Very good' },
  { dbm: -60, rgba: [145, 207, 96, OVERLAY_ALPHA], meaning: 'Good' },
  { dbm: -67, rgba: [254, 224, 90, OVERLAY_ALPHA], meaning: 'Voice and video' },
  { dbm: -75, rgba: [253, 141, 60, OVERLAY_ALPHA], meaning: 'Browsing' },
  { dbm: CO_CHANNEL_THRESHOLD_DBM, rgba: [215, 48, 39, OVERLAY_ALPHA], meaning: 'Weak' },
  { dbm: SIGNAL_DISPLAY_WEAKEST_DBM, rgba: [110, 20, 90, OVERLAY_ALPHA], meaning: 'Edge of coverage' },
];

const TRANSPARENT: Rgba = [0, 0, 0, 0];

/**
 * Colour of a signal: clamped to the display range (stronger than −30 dBm shows as −30, weaker than
 * −90 as −90), interpolated between stops; transparent where there is no signal at all.
 */
export function signalColor(dbm: number): Rgba {
  if (!Number.isFinite(dbm)) return TRANSPARENT;
  const v = Math.min(SIGNAL_DISPLAY_STRONGEST_DBM, Math.max(SIGNAL_DISPLAY_WEAKEST_DBM, dbm));
  for (let k = 1; k < SIGNAL_STOPS.length; k++) {
    const hi = SIGNAL_STOPS[k - 1] as SignalStop;
    const lo = SIGNAL_STOPS[k] as SignalStop;
    if (v >= lo.dbm) {
      const t = (hi.dbm - v) / (hi.dbm - lo.dbm);
      const mix = (i: 0 | 1 | 2 | 3) => Math.round(hi.rgba[i] + t * (lo.rgba[i] - hi.rgba[i]));
      return [mix(0), mix(1), mix(2), mix(3)];
    }
  }
  return (SIGNAL_STOPS[SIGNAL_STOPS.length - 1] as SignalStop).rgba;
}

/** The legend of the signal view: each stop with its label, strongest first. */
export function signalLegend(): { label: string; meaning: string; rgba: Rgba }[] {
  return SIGNAL_STOPS.map((s) => ({ label: `${s.dbm} dBm`, meaning: s.meaning, rgba: s.rgba }));
}

/** A distinct colour per AP index (golden-angle hues), transparent for −1 (no AP). */
export function apColor(index: number): Rgba {
  if (index < 0) return TRANSPARENT;
  const hue = (index * 137.508) % 360;
  return [...hslToRgb(hue, 0.65, 0.5), OVERLAY_ALPHA];
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

/** Colour of a co-channel overlap cell. */
export const OVERLAP_RGBA: Rgba = [220, 20, 60, OVERLAY_ALPHA];

/** RGBA bytes (ImageData order, one pixel per cell) of one per-cell view. */
function image(grid: HeatmapGrid, colourOf: (cell: number) => Rgba): Uint8ClampedArray {
  const cells = grid.cols * grid.rows;
  const out = new Uint8ClampedArray(4 * cells);
  for (let c = 0; c < cells; c++) out.set(colourOf(c), 4 * c);
  return out;
}

/** The signal-strength view of a band. */
export function signalImage(grid: HeatmapGrid, band: BandHeatmap): Uint8ClampedArray {
  return image(grid, (c) => signalColor(band.bestDbm[c] as number));
}

/** The best-AP view of a band: each AP's area in its colour. */
export function bestApImage(grid: HeatmapGrid, band: BandHeatmap): Uint8ClampedArray {
  return image(grid, (c) => apColor(band.bestAp[c] as number));
}

/** The co-channel overlap view of a band: overlap cells coloured, the rest transparent. */
export function overlapImage(grid: HeatmapGrid, band: BandHeatmap): Uint8ClampedArray {
  return image(grid, (c) => (band.overlap[c] === 1 ? OVERLAP_RGBA : TRANSPARENT));
}
