/**
 * A seeded synthetic office floor for the tests and the bench: rooms (rectangles), corridors
 * (polylines), partitions (lines) and odd-shaped rooms (polygons) of every §9 material, exactly the
 * requested number of wall segments, and dual-band APs at random places. Deterministic per seed.
 */
import { WALL_MATERIAL_KEYS } from '../enums/wifi';
import { seededRandom } from '../random/seeded';
import type { HeatmapAp, HeatmapInput, HeatmapWall } from './types';

export interface SyntheticFloorOptions {
  seed: number;
  widthM: number;
  heightM: number;
  cellSizeM: number;
  aps: number;
  segments: number;
}

const CHANNELS_24 = [1, 6, 11];
const CHANNELS_5 = [36, 44, 52, 60, 100, 108, 149, 157];

export function syntheticFloor(o: SyntheticFloorOptions): HeatmapInput {
  const random = seededRandom(o.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const at = (w: number, h: number) => ({ x: random() * w, y: random() * h });
  const walls: HeatmapWall[] = [];
  let left = o.segments;
  while (left > 0) {
    const material = pick(WALL_MATERIAL_KEYS);
    const kind = random();
    if (kind < 0.5 && left >= 4) {
      const { x, y } = at(o.widthM - 4, o.heightM - 4);
      const w = 3 + random() * Math.min(12, o.widthM - x - 1);
      const h = 3 + random() * Math.min(10, o.heightM - y - 1);
      const points = [
        { x, y },
        { x: x + w, y },
        { x: x + w, y: y + h },
        { x, y: y + h },
      ];
      walls.push({ material, points, closed: true });
      left -= 4;
    } else if (kind < 0.7 && left >= 3) {
      const n = Math.min(left, 2 + Math.floor(random() * 4));
      const points = [at(o.widthM, o.heightM)];
      for (let k = 0; k < n; k++) {
        const prev = points[points.length - 1] as { x: number; y: number };
        const horizontal = k % 2 === 0;
        // 2–15 m, turned back when it would leave the floor (never folded onto itself).
        const step = (random() < 0.5 ? -1 : 1) * (2 + random() * 13);
        const inside = (v: number, max: number) => (v + step >= 0 && v + step <= max ? v + step : v - step);
        const next = horizontal
          ? { x: inside(prev.x, o.widthM), y: prev.y }
          : { x: prev.x, y: inside(prev.y, o.heightM) };
        points.push(next);
      }
      walls.push({ material, points, closed: false });
      left -= n;
    } else if (kind < 0.8 && left >= 5) {
      const c = at(o.widthM, o.heightM);
      const points = Array.from({ length: 5 }, (_, k) => {
        const angle = (2 * Math.PI * k) / 5 + random() * 0.5;
        const r = 2 + random() * 4;
        return { x: c.x + r * Math.cos(angle), y: c.y + r * Math.sin(angle) };
      });
      walls.push({ material, points, closed: true });
      left -= 5;
    } else {
      const a = at(o.widthM, o.heightM);
      const angle = random() * Math.PI;
      const len = 2 + random() * 15;
      walls.push({
        material,
        points: [a, { x: a.x + len * Math.cos(angle), y: a.y + len * Math.sin(angle) }],
        closed: false,
      });
      left -= 1;
    }
  }
  const aps: HeatmapAp[] = Array.from({ length: o.aps }, (_, k) => {
    const { x, y } = at(o.widthM, o.heightM);
    return {
      id: `ap${k}`,
      x,
      y,
      radios: [
        { band: '2.4G', channel: pick(CHANNELS_24), txPowerDbm: 14 + Math.round(random() * 9), gainDbi: 3 },
        { band: '5G', channel: pick(CHANNELS_5), txPowerDbm: 17 + Math.round(random() * 9), gainDbi: 4 },
      ],
    };
  });
  return { floor: { widthM: o.widthM, heightM: o.heightM, cellSizeM: o.cellSizeM }, aps, walls };
}
