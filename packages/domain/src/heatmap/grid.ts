/**
 * The heat map over a raster: per band, every cell's strongest signal, which AP gives it, and where
 * two APs on one channel are both loud enough to contend (co-channel overlap).
 *
 * Received power = tx power + antenna gain − (reference loss at 1 m + n·10·log10(d) + wall losses).
 * Both `computeHeatmap` (fast: walls painted as shadows, shadow.ts) and `computeHeatmapNaive` (the
 * reference: every wall against every ray) produce the same per-AP wall-loss field and then share
 * `accumulateAp`, so they can differ only in how the walls were found.
 */
import {
  BEST_AP_TIE_DB,
  CO_CHANNEL_THRESHOLD_DBM,
  DEFAULT_PATH_LOSS_EXPONENT,
  HEATMAP_MAX_CELLS,
} from './constants';
import { channelFrequencyMhz, distanceTermDb, referenceLossDb } from './pathLoss';
import { shadowContext, shadowWallLoss } from './shadow';
import {
  type BandHeatmap,
  HEATMAP_BANDS,
  type Heatmap,
  type HeatmapBand,
  type HeatmapGrid,
  type HeatmapInput,
} from './types';
import { buildWallSet, hitScratch, rayWallLossDb, type WallSet } from './walls';

/** The raster of a floor: whole cells covering it (the last row/column may stick out). */
export function heatmapGrid(input: HeatmapInput): HeatmapGrid {
  const { widthM, heightM, cellSizeM } = input.floor;
  if (!(cellSizeM > 0) || !(widthM > 0) || !(heightM > 0)) {
    throw new RangeError('floor width, height and cell size must be positive');
  }
  const cols = Math.ceil(widthM / cellSizeM - 1e-9);
  const rows = Math.ceil(heightM / cellSizeM - 1e-9);
  if (cols * rows > HEATMAP_MAX_CELLS) {
    throw new RangeError(`${cols} × ${rows} cells is more than ${HEATMAP_MAX_CELLS}; use larger cells`);
  }
  return { cols, rows, cellSizeM };
}

/** One radio resolved for the inner loop: everything but distance and walls folded into `base`. */
interface ResolvedRadio {
  band: HeatmapBand;
  /** tx power + gain − reference loss, dBm at 1 m. */
  base: number;
  exponent: number;
  /** Bit of this radio's channel in the band's per-cell channel mask. */
  channelBit: number;
}

/** The radios of each AP (one per band, the first listed), with channel bits allocated per band. */
function resolveRadios(input: HeatmapInput): ResolvedRadio[][] {
  const bits: Record<HeatmapBand, Map<number, number>> = { '2.4G': new Map(), '5G': new Map() };
  return input.aps.map((ap) =>
    HEATMAP_BANDS.flatMap((band) => {
      const radio = ap.radios.find((r) => r.band === band);
      if (!radio) return [];
      const channels = bits[band];
      let bit = channels.get(radio.channel);
      if (bit === undefined) {
        // Not a rule: a 32-bit mask per cell holds the channels; 2.4 GHz has 14 and 5 GHz 25.
        if (channels.size >= 32) throw new RangeError(`more than 32 distinct ${band} channels`);
        bit = 1 << channels.size;
        channels.set(radio.channel, bit);
      }
      const exponent = input.exponent?.[band] ?? DEFAULT_PATH_LOSS_EXPONENT[band];
      const base =
        radio.txPowerDbm + radio.gainDbi - referenceLossDb(channelFrequencyMhz(band, radio.channel));
      return [{ band, base, exponent, channelBit: bit }];
    }),
  );
}

/** Per-band accumulators: the public arrays plus the mask of channels heard above the threshold. */
interface BandState {
  out: BandHeatmap;
  heard: Uint32Array;
}

function bandStates(cells: number): Record<HeatmapBand, BandState> {
  const state = (band: HeatmapBand): BandState => ({
    out: {
      band,
      bestDbm: new Float64Array(cells).fill(Number.NEGATIVE_INFINITY),
      bestAp: new Int32Array(cells).fill(-1),
      overlap: new Uint8Array(cells),
    },
    heard: new Uint32Array(cells),
  });
  return { '2.4G': state('2.4G'), '5G': state('5G') };
}

/**
 * Folds one AP into the bands: the distance term once per cell, then one pass over the cells for its
 * radios (at most one per band). The wall loss is the same on both bands (§9 gives one figure per
 * material).
 */
function accumulateAp(
  grid: HeatmapGrid,
  apIndex: number,
  ax: number,
  ay: number,
  radios: readonly ResolvedRadio[],
  wallLoss: Float64Array,
  states: Record<HeatmapBand, BandState>,
  distance: Float64Array,
): void {
  const { cols, rows, cellSizeM } = grid;
  for (let j = 0; j < rows; j++) {
    const dy = (j + 0.5) * cellSizeM - ay;
    const dy2 = dy * dy;
    const row = j * cols;
    for (let i = 0; i < cols; i++) {
      const dx = (i + 0.5) * cellSizeM - ax;
      distance[row + i] = distanceTermDb(dx * dx + dy2);
    }
  }
  // Both radios in one pass (each cell's distance and wall loss read once). A single-band AP repeats
  // its radio as the second with no channel bit: the same value never beats itself (ties keep the
  // first) and marks no overlap.
  const first = radios[0] as ResolvedRadio;
  const second = radios[1] ?? { ...first, channelBit: 0 };
  const a = states[first.band];
  const b = states[second.band];
  const [bestA, apA, overlapA, heardA] = [a.out.bestDbm, a.out.bestAp, a.out.overlap, a.heard];
  const [bestB, apB, overlapB, heardB] = [b.out.bestDbm, b.out.bestAp, b.out.overlap, b.heard];
  const cells = cols * rows;
  for (let c = 0; c < cells; c++) {
    const term = distance[c] as number;
    const walls = wallLoss[c] as number;
    const dbmA = first.base - first.exponent * term - walls;
    if (dbmA > (bestA[c] as number) + BEST_AP_TIE_DB) {
      bestA[c] = dbmA;
      apA[c] = apIndex;
    }
    if (dbmA >= CO_CHANNEL_THRESHOLD_DBM) {
      const mask = heardA[c] as number;
      if ((mask & first.channelBit) !== 0) overlapA[c] = 1;
      heardA[c] = mask | first.channelBit;
    }
    const dbmB = second.base - second.exponent * term - walls;
    if (dbmB > (bestB[c] as number) + BEST_AP_TIE_DB) {
      bestB[c] = dbmB;
      apB[c] = apIndex;
    }
    if (dbmB >= CO_CHANNEL_THRESHOLD_DBM) {
      const mask = heardB[c] as number;
      if ((mask & second.channelBit) !== 0) overlapB[c] = 1;
      heardB[c] = mask | second.channelBit;
    }
  }
}

/** Fills `out` with the wall loss, dB, of the ray from (ax, ay) to every cell. */
type WallLossField = (ax: number, ay: number, out: Float64Array) => void;

/** Computes each AP's wall-loss field with `prepare`'s function and folds it into the bands. */
function compute(input: HeatmapInput, prepare: (set: WallSet, grid: HeatmapGrid) => WallLossField): Heatmap {
  const grid = heatmapGrid(input);
  const cells = grid.cols * grid.rows;
  const set = buildWallSet(input.walls);
  const wallLossOf = prepare(set, grid);
  const radios = resolveRadios(input);
  const states = bandStates(cells);
  const wallLoss = new Float64Array(cells);
  const distance = new Float64Array(cells);
  input.aps.forEach((ap, index) => {
    const apRadios = radios[index] ?? [];
    if (apRadios.length === 0) return;
    wallLossOf(ap.x, ap.y, wallLoss);
    accumulateAp(grid, index, ap.x, ap.y, apRadios, wallLoss, states, distance);
  });
  return { grid, bands: { '2.4G': states['2.4G'].out, '5G': states['5G'].out } };
}

/** The heat map, fast: each AP's wall losses painted as segment shadows (shadow.ts). */
export function computeHeatmap(input: HeatmapInput): Heatmap {
  return compute(input, (set, grid) => {
    const ctx = shadowContext(set, grid.cols, grid.rows, grid.cellSizeM, input.aps);
    return (ax, ay, out) => shadowWallLoss(ctx, ax, ay, out);
  });
}

/** The reference heat map: every wall tested against every AP→cell ray. Slow; for tests and the bench. */
export function computeHeatmapNaive(input: HeatmapInput): Heatmap {
  return compute(input, (set, grid) => {
    const scratch = hitScratch(set);
    const { cols, rows, cellSizeM } = grid;
    return (ax, ay, out) => {
      for (let j = 0; j < rows; j++) {
        for (let i = 0; i < cols; i++) {
          out[j * cols + i] = rayWallLossDb(
            set,
            ax,
            ay,
            (i + 0.5) * cellSizeM,
            (j + 0.5) * cellSizeM,
            scratch,
          );
        }
      }
    };
  });
}
