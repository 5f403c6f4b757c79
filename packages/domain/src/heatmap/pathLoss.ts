/**
 * The log-distance part of the model: a reference loss at 1 m taken from free space at the channel's
 * centre frequency, plus 10·n·log10(d) beyond it. Wall losses are added by `walls.ts`.
 */
import { FSPL_CONSTANT_DB, REFERENCE_DISTANCE_M } from './constants';
import type { HeatmapBand } from './types';

/** 2.4 GHz channel 14 (Japan, 802.11b) is the one channel off the 5 MHz raster. */
const CHANNEL_14_MHZ = 2484;

/**
 * Centre frequency of a 20 MHz channel, MHz (IEEE 802.11 channel numbering): 2.4 GHz 2407 + 5·ch
 * (channel 14 is 2484), 5 GHz 5000 + 5·ch.
 */
export function channelFrequencyMhz(band: HeatmapBand, channel: number): number {
  if (!Number.isInteger(channel) || channel < 1) throw new RangeError(`no ${band} channel ${channel}`);
  if (band === '2.4G') return channel === 14 ? CHANNEL_14_MHZ : 2407 + 5 * channel;
  return 5000 + 5 * channel;
}

/** Free-space path loss, dB: 20·log10(d_m) + 20·log10(f_MHz) − 27.55. */
export function freeSpaceLossDb(distanceM: number, frequencyMhz: number): number {
  return 20 * Math.log10(distanceM) + 20 * Math.log10(frequencyMhz) + FSPL_CONSTANT_DB;
}

/** The model's loss at its 1 m reference distance: free space at 1 m. */
export function referenceLossDb(frequencyMhz: number): number {
  return freeSpaceLossDb(REFERENCE_DISTANCE_M, frequencyMhz);
}

/** 10·log10(d) = (5 / ln 10) · ln(d²): natural log is about twice as fast as log10 in V8. */
const HALF_DB_PER_NEPER = 5 / Math.LN10;
const REFERENCE_DISTANCE_SQUARED = REFERENCE_DISTANCE_M * REFERENCE_DISTANCE_M;

/**
 * 10·log10(max(d, 1 m)) from the squared distance — the term the exponent multiplies. Taking d² saves
 * a square root per cell; both grids and the calibration call this, so they agree to the bit.
 */
export function distanceTermDb(distanceSquaredM2: number): number {
  return distanceSquaredM2 > REFERENCE_DISTANCE_SQUARED ? HALF_DB_PER_NEPER * Math.log(distanceSquaredM2) : 0;
}

/** Log-distance loss without walls, dB: reference loss + n · 10·log10(max(d, 1 m)). */
export function logDistanceLossDb(distanceM: number, frequencyMhz: number, exponent: number): number {
  return referenceLossDb(frequencyMhz) + exponent * distanceTermDb(distanceM * distanceM);
}
