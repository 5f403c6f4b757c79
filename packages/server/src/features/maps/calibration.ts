/**
 * The map's calibration (issue 12 §2, docs/heatmap.md "Calibration from neighbour scans"): the
 * path-loss exponent per band fitted to what the APs placed on this map heard of each other in their
 * latest neighbour scans, with their positions and this map's walls. Computed when the map is read
 * (a few hundred rays at most), so it follows every wall saved, AP moved and scan taken.
 */
import {
  CALIBRATION_MIN_MEASUREMENTS,
  DEFAULT_ANTENNA_GAIN_DBI,
  fitPathLossExponent,
  HEATMAP_BANDS,
  type HeatmapAp,
  type HeatmapBand,
  heatmapWallOf,
  isCalibrationUsable,
  type MapCalibration,
  type MapWallView,
  type NeighbourMeasurement,
} from '@netloom/domain';
import type { NeighbourRow } from '../rf';

/** A radio the fit never reads: every measurement carries its own channel and power. */
const PLACEHOLDER_CHANNEL: Record<HeatmapBand, number> = { '2.4G': 1, '5G': 36 };

const isBand = (b: string): b is HeatmapBand => (HEATMAP_BANDS as readonly string[]).includes(b);

export function mapCalibration(
  walls: readonly MapWallView[],
  placed: readonly { deviceId: number; x: number; y: number }[],
  heard: readonly NeighbourRow[],
): MapCalibration[] {
  const aps: HeatmapAp[] = placed.map((p) => ({
    id: String(p.deviceId),
    x: p.x,
    y: p.y,
    radios: HEATMAP_BANDS.map((band) => ({
      band,
      channel: PLACEHOLDER_CHANNEL[band],
      txPowerDbm: 0,
      gainDbi: DEFAULT_ANTENNA_GAIN_DBI[band],
    })),
  }));
  const here = new Set(placed.map((p) => p.deviceId));
  const onMap = heard.filter((h) => here.has(h.listenerId) && here.has(h.transmitterId) && isBand(h.band));
  const measurements: NeighbourMeasurement[] = onMap.map((h) => ({
    transmitterId: String(h.transmitterId),
    listenerId: String(h.listenerId),
    band: h.band as HeatmapBand,
    rssiDbm: h.rssi,
    txPowerDbm: h.txPower,
    channel: h.channel,
  }));
  const heatWalls = walls.map(heatmapWallOf);
  return HEATMAP_BANDS.map((band) => {
    const fit = fitPathLossExponent({ aps, walls: heatWalls, measurements, band });
    const times = onMap.filter((h) => h.band === band).map((h) => h.measuredAt);
    const measuredAt = times.length > 0 ? Math.max(...times) : null;
    if (!fit) return { band, measurements: 0, exponent: null, rmsErrorDb: null, applied: false, measuredAt };
    const usable = isCalibrationUsable(fit);
    const enough = fit.measurements >= CALIBRATION_MIN_MEASUREMENTS;
    return {
      band,
      measurements: fit.measurements,
      exponent: enough ? round(fit.n, 3) : null,
      rmsErrorDb: enough ? round(fit.rmsErrorDb, 1) : null,
      applied: usable,
      measuredAt,
    };
  });
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
