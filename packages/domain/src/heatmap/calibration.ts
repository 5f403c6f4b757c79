/**
 * Calibration from measurements (issue 12 §2): APs hear each other in their neighbour scans; with
 * their positions and the walls known, each heard RSSI is one equation of the model, and the project's
 * path-loss exponent n is the least-squares fit of all of them.
 *
 * For a transmitter T heard by a listener L at RSSI r over distance d through walls W (dB):
 *   r = P_T + G_T + G_L − PL0(f) − n · x − W,   x = 10·log10(max(d, 1 m)),
 * linear in n. With y = P_T + G_T + G_L − PL0(f) − W − r, minimising Σ (y − n·x)² gives the closed
 * form n = Σ x·y / Σ x². Pairs closer than 1 m (x = 0) say nothing about n and are left out.
 */

import {
  CALIBRATION_EXPONENT_MAX,
  CALIBRATION_EXPONENT_MIN,
  CALIBRATION_MIN_MEASUREMENTS,
} from './constants';
import { channelFrequencyMhz, distanceTermDb, referenceLossDb } from './pathLoss';
import type { HeatmapAp, HeatmapBand, HeatmapWall } from './types';
import { buildWallSet, hitScratch, rayWallLossDb } from './walls';

/** One neighbour-scan entry: `listenerId` heard `transmitterId` on `band` at `rssiDbm`. */
export interface NeighbourMeasurement {
  transmitterId: string;
  listenerId: string;
  band: HeatmapBand;
  rssiDbm: number;
  /**
   * The transmitter's power and primary channel when it was heard (a scan reports them): a radio
   * changed since keeps its measurement true. Absent: the AP's radio in `aps` is taken.
   */
  txPowerDbm?: number | undefined;
  channel?: number | undefined;
}

export interface PathLossCalibration {
  band: HeatmapBand;
  /** Fitted path-loss exponent. */
  n: number;
  /** Measurements the fit used. */
  measurements: number;
  /** Root-mean-square of measured − predicted RSSI with the fitted n, dB ("error ± X dB"). */
  rmsErrorDb: number;
}

export interface CalibrationInput {
  aps: readonly HeatmapAp[];
  walls: readonly HeatmapWall[];
  measurements: readonly NeighbourMeasurement[];
  band: HeatmapBand;
}

/**
 * Fits n for one band. Measurements of another band, of an AP not placed on the plan, or of a radio
 * the AP does not have on that band are skipped. Null when no measurement is usable.
 */
export function fitPathLossExponent(input: CalibrationInput): PathLossCalibration | null {
  const set = buildWallSet(input.walls);
  const scratch = hitScratch(set);
  const byId = new Map(input.aps.map((ap) => [ap.id, ap]));
  const rows: { x: number; known: number; rssi: number }[] = [];
  for (const m of input.measurements) {
    if (m.band !== input.band || !Number.isFinite(m.rssiDbm)) continue;
    const tx = byId.get(m.transmitterId);
    const rx = byId.get(m.listenerId);
    const txRadio = tx?.radios.find((r) => r.band === m.band);
    const rxRadio = rx?.radios.find((r) => r.band === m.band);
    if (!tx || !rx || !txRadio || !rxRadio || tx === rx) continue;
    const x = distanceTermDb((tx.x - rx.x) ** 2 + (tx.y - rx.y) ** 2);
    if (x === 0) continue;
    const walls = rayWallLossDb(set, tx.x, tx.y, rx.x, rx.y, scratch);
    const reference = referenceLossDb(channelFrequencyMhz(m.band, m.channel ?? txRadio.channel));
    const power = m.txPowerDbm ?? txRadio.txPowerDbm;
    // Everything the model knows without n: what the listener would hear at 1 m, through the walls.
    const known = power + txRadio.gainDbi + rxRadio.gainDbi - reference - walls;
    rows.push({ x, known, rssi: m.rssiDbm });
  }
  if (rows.length === 0) return null;
  let sxy = 0;
  let sxx = 0;
  for (const r of rows) {
    sxy += r.x * (r.known - r.rssi);
    sxx += r.x * r.x;
  }
  const n = sxy / sxx;
  let sse = 0;
  for (const r of rows) sse += (r.rssi - (r.known - n * r.x)) ** 2;
  return { band: input.band, n, measurements: rows.length, rmsErrorDb: Math.sqrt(sse / rows.length) };
}

/** Whether a fit is used by the heat map: enough measurements and a plausible exponent. */
export function isCalibrationUsable(fit: Pick<PathLossCalibration, 'n' | 'measurements'>): boolean {
  return (
    fit.measurements >= CALIBRATION_MIN_MEASUREMENTS &&
    fit.n >= CALIBRATION_EXPONENT_MIN &&
    fit.n <= CALIBRATION_EXPONENT_MAX
  );
}

/**
 * The calibration line of the Wi-Fi map page: "Calibrated from 12 measurements, error ± 2.1 dB",
 * or why the default exponent is used.
 */
export function calibrationText(c: {
  measurements: number;
  exponent: number | null;
  rmsErrorDb: number | null;
  applied: boolean;
}): string {
  if (c.exponent === null || c.measurements < CALIBRATION_MIN_MEASUREMENTS)
    return `Not calibrated: needs at least ${CALIBRATION_MIN_MEASUREMENTS} measurements between placed APs (${c.measurements} so far).`;
  const error = c.rmsErrorDb === null ? '' : `, error ± ${c.rmsErrorDb.toFixed(1)} dB`;
  if (!c.applied)
    return `Not calibrated: the ${c.measurements} measurements give an exponent of ${c.exponent.toFixed(2)}, outside ${CALIBRATION_EXPONENT_MIN}–${CALIBRATION_EXPONENT_MAX}; check the walls and the APs' places.`;
  return `Calibrated from ${c.measurements} measurements${error}.`;
}
