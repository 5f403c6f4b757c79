/**
 * The floor the calibration tests share (the server's integration test and the Wi-Fi map's end-to-end
 * test): a 30 m × 16 m office with a brick wall across it, a plasterboard partition and a glass
 * corridor wall, six AP spots and the building's path-loss exponents. The tests draw the same walls
 * through the maps API and place the APs on the same spots; the fit must find these exponents.
 */
import {
  DEFAULT_ANTENNA_GAIN_DBI,
  type MapWallInputBody,
  type RadioBand,
  WALL_MATERIALS,
} from '@netloom/domain';
import type { SimFloorPlan } from './floor';

export const CALIBRATION_FLOOR = {
  walls: [
    {
      shape: 'line',
      material: 'brick',
      points: [
        { x: 10, y: 0.5 },
        { x: 10, y: 15.5 },
      ],
    },
    {
      shape: 'line',
      material: 'plasterboard',
      points: [
        { x: 20, y: 0.5 },
        { x: 20, y: 7 },
      ],
    },
    {
      shape: 'polyline',
      material: 'glass',
      points: [
        { x: 0.5, y: 8 },
        { x: 15, y: 8 },
        { x: 29.5, y: 8.5 },
      ],
    },
  ] as MapWallInputBody[],
  /** Where the six APs stand, metres from the plan's top-left corner. */
  spots: [
    { x: 4, y: 4 },
    { x: 15, y: 3 },
    { x: 26, y: 4.5 },
    { x: 5, y: 12 },
    { x: 14.5, y: 13 },
    { x: 25, y: 12 },
  ],
  exponent: { '2.4G': 2.8, '5G': 3.3 } as Record<Extract<RadioBand, '2.4G' | '5G'>, number>,
};

/** The simulator's floor with the given APs on the spots, in order (at most six). */
export function calibrationFloorPlan(apSns: readonly string[], shadowDb?: number): SimFloorPlan {
  const { spots, walls, exponent } = CALIBRATION_FLOOR;
  if (apSns.length > spots.length) throw new Error(`the calibration floor has ${spots.length} spots`);
  return {
    positions: Object.fromEntries(apSns.map((sn, i) => [sn, spots[i] as { x: number; y: number }])),
    walls: walls.map((w) => ({ points: w.points, lossDb: WALL_MATERIALS[w.material].attenuationDb })),
    exponent,
    antennaGainDbi: DEFAULT_ANTENNA_GAIN_DBI,
    ...(shadowDb === undefined ? {} : { shadowDb }),
  };
}
