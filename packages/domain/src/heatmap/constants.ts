/**
 * Constants of the heat-map model (docs/heatmap.md explains each). Wall losses are not here: they are
 * `WALL_MATERIALS` of enums/wifi.ts (§9), the one place the spec's dB figures live.
 */
import type { HeatmapBand } from './types';

/**
 * Path-loss exponent n of the log-distance model when the project has no calibration. Free space is
 * 2; walls are counted explicitly (multi-wall model), so n only has to carry what is not drawn —
 * furniture, people, undrawn partitions — which costs more at 5 GHz. Calibration replaces these.
 */
export const DEFAULT_PATH_LOSS_EXPONENT: Record<HeatmapBand, number> = { '2.4G': 2.5, '5G': 2.7 };

/** Distances below 1 m are taken as 1 m: the log-distance model starts at its 1 m reference. */
export const REFERENCE_DISTANCE_M = 1;

/** FSPL constant for d in metres and f in MHz: 20·log10(4π/c) expressed in those units. */
export const FSPL_CONSTANT_DB = -27.55;

/**
 * Co-channel overlap threshold, dBm: a radio hears (and defers to) another on its channel from
 * about −82 dBm, the 802.11 preamble-detection sensitivity of a 20 MHz channel.
 */
export const CO_CHANNEL_THRESHOLD_DBM = -82;

/** Signals within this many dB are a tie for the best AP; the earlier AP keeps the cell. */
export const BEST_AP_TIE_DB = 1e-9;

/** Display range of the signal view, dBm: stronger shows as the strongest colour, weaker as the weakest. */
export const SIGNAL_DISPLAY_STRONGEST_DBM = -30;
export const SIGNAL_DISPLAY_WEAKEST_DBM = -90;

/** Largest raster computed at once (e.g. 200 m × 200 m at 0.1 m): a guard against a runaway cell size. */
export const HEATMAP_MAX_CELLS = 4_000_000;

/**
 * Antenna gain, dBi, of a radio whose model the catalogue gives none for (it has no gain figure
 * today): a typical ceiling AP's integrated omni antennas — about 3 dBi at 2.4 GHz, 4 dBi at 5 GHz.
 */
export const DEFAULT_ANTENNA_GAIN_DBI: Record<HeatmapBand, number> = { '2.4G': 3, '5G': 4 };

/** The heat map's opacity over the plan: from barely there to opaque (the page's slider). */
export const HEATMAP_OPACITY_MIN = 0.1;
export const HEATMAP_OPACITY_MAX = 1;

/**
 * Fewest AP-to-AP measurements a map's calibration takes (per band): with fewer, one odd reading
 * (a door left open, a person by the AP) moves the exponent too much, and the default stays.
 */
export const CALIBRATION_MIN_MEASUREMENTS = 6;

/**
 * Exponents a calibration may give: below free space's 2 would mean walls drawn that are not there,
 * above 6 walls missing from the plan; a fit outside is shown but the heat map keeps the default.
 */
export const CALIBRATION_EXPONENT_MIN = 1.6;
export const CALIBRATION_EXPONENT_MAX = 6;
