import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random/seeded';
import {
  calibrationText,
  fitPathLossExponent,
  isCalibrationUsable,
  type NeighbourMeasurement,
} from './calibration';
import { CALIBRATION_MIN_MEASUREMENTS } from './constants';
import { channelFrequencyMhz, referenceLossDb } from './pathLoss';
import type { HeatmapAp, HeatmapBand, HeatmapWall } from './types';
import { buildWallSet, hitScratch, rayWallLossDb } from './walls';

/** A 60 m × 40 m floor: a corridor wall, two rooms, a glass front, 20 APs on a jittered grid. */
function floor(seed: number): { aps: HeatmapAp[]; walls: HeatmapWall[] } {
  const random = seededRandom(seed);
  const walls: HeatmapWall[] = [
    {
      material: 'brick',
      points: [
        { x: 0, y: 20 },
        { x: 60, y: 20 },
      ],
      closed: false,
    },
    {
      material: 'plasterboard',
      points: [
        { x: 5, y: 3 },
        { x: 20, y: 3 },
        { x: 20, y: 15 },
        { x: 5, y: 15 },
      ],
      closed: true,
    },
    {
      material: 'concrete',
      points: [
        { x: 35, y: 25 },
        { x: 55, y: 25 },
        { x: 55, y: 37 },
        { x: 35, y: 37 },
      ],
      closed: true,
    },
    {
      material: 'glass',
      points: [
        { x: 30, y: 0 },
        { x: 30, y: 12 },
        { x: 42, y: 12 },
      ],
      closed: false,
    },
  ];
  const aps: HeatmapAp[] = [];
  for (let k = 0; k < 20; k++) {
    aps.push({
      id: `ap${k}`,
      x: 6 + (k % 5) * 12 + (random() - 0.5) * 4,
      y: 5 + Math.floor(k / 5) * 10 + (random() - 0.5) * 4,
      radios: [
        { band: '2.4G', channel: [1, 6, 11][k % 3] ?? 1, txPowerDbm: 20, gainDbi: 3 },
        { band: '5G', channel: 36 + 4 * (k % 4), txPowerDbm: 23, gainDbi: 4 },
      ],
    });
  }
  return { aps, walls };
}

/**
 * What the simulator would report: the model with exponent n, plus seeded Gaussian noise of sigma dB,
 * rounded to whole dBm as scans report; only what is heard (≥ −90 dBm) is reported.
 */
function scans(
  aps: HeatmapAp[],
  walls: HeatmapWall[],
  band: HeatmapBand,
  n: number,
  sigma: number,
  seed: number,
) {
  const random = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const set = buildWallSet(walls);
  const scratch = hitScratch(set);
  const out: NeighbourMeasurement[] = [];
  for (const tx of aps) {
    for (const rx of aps) {
      if (tx === rx) continue;
      const t = tx.radios.find((r) => r.band === band);
      const r = rx.radios.find((q) => q.band === band);
      if (!t || !r) continue;
      const d = Math.max(1, Math.hypot(tx.x - rx.x, tx.y - rx.y));
      const loss =
        referenceLossDb(channelFrequencyMhz(band, t.channel)) +
        10 * n * Math.log10(d) +
        rayWallLossDb(set, tx.x, tx.y, rx.x, rx.y, scratch);
      const rssi = Math.round(t.txPowerDbm + t.gainDbi + r.gainDbi - loss + sigma * gauss());
      if (rssi >= -90) out.push({ transmitterId: tx.id, listenerId: rx.id, band, rssiDbm: rssi });
    }
  }
  return out;
}

describe('path-loss exponent from neighbour scans', () => {
  const { aps, walls } = floor(3);

  it('recovers the exponent exactly from noiseless, unrounded data', () => {
    const set = buildWallSet(walls);
    const scratch = hitScratch(set);
    const measurements: NeighbourMeasurement[] = [];
    for (const tx of aps.slice(0, 6)) {
      for (const rx of aps.slice(0, 6)) {
        if (tx === rx) continue;
        const d = Math.hypot(tx.x - rx.x, tx.y - rx.y);
        const loss = referenceLossDb(5180 + 20 * (aps.indexOf(tx) % 4)) + 28 * Math.log10(d);
        const walled = loss + rayWallLossDb(set, tx.x, tx.y, rx.x, rx.y, scratch);
        measurements.push({
          transmitterId: tx.id,
          listenerId: rx.id,
          band: '5G',
          rssiDbm: 23 + 4 + 4 - walled,
        });
      }
    }
    const fit = fitPathLossExponent({ aps, walls, measurements, band: '5G' });
    expect(fit?.measurements).toBe(30);
    expect(fit?.n).toBeCloseTo(2.8, 9);
    expect(fit?.rmsErrorDb).toBeLessThan(1e-9);
  });

  it.each([
    ['2.4G', 3.1, 11],
    ['5G', 3.1, 12],
    ['2.4G', 2.2, 13],
    ['5G', 3.6, 14],
  ] as const)('%s: simulated scans with n = %f and 3 dB noise give n within 10 %%', (band, n, seed) => {
    const measurements = scans(aps, walls, band, n, 3, seed);
    const fit = fitPathLossExponent({ aps, walls, measurements, band });
    expect(fit).not.toBeNull();
    expect(fit?.measurements).toBe(measurements.length);
    expect(fit?.measurements).toBeGreaterThan(50);
    expect(Math.abs((fit?.n ?? 0) - n) / n).toBeLessThan(0.1);
    // The fit's error is the noise it was given (3 dB, plus up to 0.5 dB of rounding).
    expect(fit?.rmsErrorDb).toBeGreaterThan(2);
    expect(fit?.rmsErrorDb).toBeLessThan(4);
  });

  it('ignoring the walls would bias the fit: they are part of the model', () => {
    const measurements = scans(aps, walls, '2.4G', 3.1, 0, 21);
    const withWalls = fitPathLossExponent({ aps, walls, measurements, band: '2.4G' });
    const without = fitPathLossExponent({ aps, walls: [], measurements, band: '2.4G' });
    expect(Math.abs((withWalls?.n ?? 0) - 3.1)).toBeLessThan(0.05);
    expect((without?.n ?? 0) - 3.1).toBeGreaterThan(0.3);
  });

  it('skips other bands, unknown APs and co-located pairs; null when nothing is usable', () => {
    const twin = { ...(aps[0] as HeatmapAp), id: 'twin' };
    const measurements: NeighbourMeasurement[] = [
      { transmitterId: 'ap0', listenerId: 'ap1', band: '5G', rssiDbm: -60 },
      { transmitterId: 'ap0', listenerId: 'nobody', band: '2.4G', rssiDbm: -60 },
      { transmitterId: 'ap0', listenerId: 'twin', band: '2.4G', rssiDbm: -20 },
    ];
    expect(fitPathLossExponent({ aps: [...aps, twin], walls, measurements, band: '2.4G' })).toBeNull();
    const one = fitPathLossExponent({ aps, walls, measurements, band: '5G' });
    expect(one?.measurements).toBe(1);
    expect(one?.rmsErrorDb).toBeCloseTo(0, 9);
  });

  it("uses the power and channel a measurement carries over the AP's current radio", () => {
    const [tx, rx] = aps as [HeatmapAp, HeatmapAp];
    const d = Math.hypot(tx.x - rx.x, tx.y - rx.y);
    const walls0: HeatmapWall[] = [];
    // Heard while the transmitter ran 11 dBm on channel 149; its radio in `aps` says otherwise now.
    const rssi = 11 + 4 + 4 - referenceLossDb(channelFrequencyMhz('5G', 149)) - 30 * Math.log10(d);
    const m: NeighbourMeasurement = {
      transmitterId: tx.id,
      listenerId: rx.id,
      band: '5G',
      rssiDbm: rssi,
      txPowerDbm: 11,
      channel: 149,
    };
    expect(fitPathLossExponent({ aps, walls: walls0, measurements: [m], band: '5G' })?.n).toBeCloseTo(3, 9);
  });

  it('is used from CALIBRATION_MIN_MEASUREMENTS measurements with a plausible exponent, and says so', () => {
    const min = CALIBRATION_MIN_MEASUREMENTS;
    expect(isCalibrationUsable({ n: 3, measurements: min })).toBe(true);
    expect(isCalibrationUsable({ n: 3, measurements: min - 1 })).toBe(false);
    expect(isCalibrationUsable({ n: 1.2, measurements: 40 })).toBe(false);
    expect(isCalibrationUsable({ n: 7, measurements: 40 })).toBe(false);
    expect(calibrationText({ measurements: 28, exponent: 2.8, rmsErrorDb: 1.04, applied: true })).toBe(
      'Calibrated from 28 measurements, error ± 1.0 dB.',
    );
    expect(calibrationText({ measurements: 2, exponent: null, rmsErrorDb: null, applied: false })).toBe(
      `Not calibrated: needs at least ${min} measurements between placed APs (2 so far).`,
    );
    expect(calibrationText({ measurements: 12, exponent: 7.4, rmsErrorDb: 9, applied: false })).toMatch(
      /^Not calibrated: the 12 measurements give an exponent of 7\.40, outside 1\.6–6/,
    );
  });
});
