/**
 * How far one AP covers, with the heat map's own model (domain `heatmap`): log-distance path loss
 * from free space at 1 m with the default exponent, the catalogue-less default antenna gain, and
 * the §9 wall losses counted by the heat map's ray/wall test. The site is modelled as rooms of equal
 * width in a row, walls of the chosen material between them, the AP in the middle of a room: the
 * cell's radius is the farthest distance along the row at which the design signal still arrives.
 */
import type { WallMaterial } from '../enums/wifi';
import { DEFAULT_ANTENNA_GAIN_DBI, DEFAULT_PATH_LOSS_EXPONENT } from '../heatmap/constants';
import { channelFrequencyMhz, logDistanceLossDb } from '../heatmap/pathLoss';
import type { HeatmapBand, HeatmapWall } from '../heatmap/types';
import { buildWallSet, hitScratch, rayWallLossDb } from '../heatmap/walls';

/** Signal at a cell's edge, dBm: the usual design level for voice and video (−67 dBm). */
export const DESIGN_EDGE_SIGNAL_DBM = -67;
/** The band and channel the cells are planned on: 5 GHz (shorter reach, so it bounds the cell). */
export const DESIGN_BAND: HeatmapBand = '5G';
export const DESIGN_CHANNEL = 36;
/** Planned transmit power, dBm: below the radios' maximum, leaving room for RF optimisation. */
export const DESIGN_TX_POWER_DBM = 20;
/** Largest indoor cell radius, m: beyond it clients' own (weaker) transmitters no longer reach the AP. */
export const MAX_INDOOR_RADIUS_M = 20;
/** Largest outdoor cell radius, m (outdoor AP, open space). */
export const MAX_OUTDOOR_RADIUS_M = 40;
/** Area of the hexagon inscribed in a cell of radius r is (3√3/2)·r²: cells tile without gaps. */
const HEX_AREA_FACTOR = (3 * Math.sqrt(3)) / 2;
const STEP_M = 0.25;

export interface CellCoverage {
  /** Farthest distance reaching the design signal, m. */
  radiusM: number;
  /** Floor area one AP covers (the hexagon of that radius), m². */
  areaPerApM2: number;
  /** Walls crossed at the edge of the cell and their loss, dB. */
  wallsAtEdge: number;
  wallLossDb: number;
}

/**
 * The cell of one AP: rooms `roomWidthM` wide (walls of `wall` between them; null: open space),
 * radiating `txPowerDbm` on the design channel, up to `maxRadiusM`.
 */
export function cellCoverage(opts: {
  roomWidthM: number | null;
  wall: WallMaterial;
  maxRadiusM: number;
  txPowerDbm?: number;
}): CellCoverage {
  const band = DESIGN_BAND;
  const f = channelFrequencyMhz(band, DESIGN_CHANNEL);
  const eirp = (opts.txPowerDbm ?? DESIGN_TX_POWER_DBM) + DEFAULT_ANTENNA_GAIN_DBI[band];
  const walls: HeatmapWall[] = [];
  const w = opts.roomWidthM;
  if (w !== null && w > 0)
    for (let x = w / 2; x <= opts.maxRadiusM + w; x += w)
      walls.push({
        material: opts.wall,
        closed: false,
        points: [
          { x, y: -1 },
          { x, y: 1 },
        ],
      });
  const set = buildWallSet(walls);
  const scratch = hitScratch(set);
  let radius = 0;
  let edgeLoss = 0;
  for (let d = STEP_M; d <= opts.maxRadiusM + 1e-9; d += STEP_M) {
    const wallLoss = rayWallLossDb(set, 0, 0, d, 0, scratch);
    const signal = eirp - logDistanceLossDb(d, f, DEFAULT_PATH_LOSS_EXPONENT[band]) - wallLoss;
    if (signal < DESIGN_EDGE_SIGNAL_DBM) break;
    radius = d;
    edgeLoss = wallLoss;
  }
  const perWall = walls.length > 0 ? (set.lossDb[0] ?? 0) : 0;
  return {
    radiusM: radius,
    areaPerApM2: HEX_AREA_FACTOR * radius * radius,
    wallsAtEdge: perWall > 0 ? Math.round(edgeLoss / perWall) : 0,
    wallLossDb: edgeLoss,
  };
}
