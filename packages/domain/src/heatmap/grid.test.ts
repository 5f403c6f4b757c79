import { describe, expect, it } from 'vitest';
import { WALL_MATERIAL_KEYS } from '../enums/wifi';
import { seededRandom } from '../random/seeded';
import { computeHeatmap, computeHeatmapNaive, heatmapGrid } from './grid';
import { shadowContext, shadowWallLoss } from './shadow';
import { syntheticFloor } from './syntheticFloor';
import type { Heatmap, HeatmapAp, HeatmapInput, HeatmapWall } from './types';
import { buildWallSet, hitScratch, rayWallLossDb } from './walls';

function expectSame(fast: Heatmap, naive: Heatmap): void {
  expect(fast.grid).toEqual(naive.grid);
  for (const band of ['2.4G', '5G'] as const) {
    const f = fast.bands[band];
    const n = naive.bands[band];
    let worst = 0;
    for (let c = 0; c < n.bestDbm.length; c++) {
      const a = f.bestDbm[c] as number;
      const b = n.bestDbm[c] as number;
      worst = Math.max(worst, a === b ? 0 : Math.abs(a - b));
    }
    expect(worst).toBeLessThanOrEqual(1e-6);
    expect(f.bestAp).toEqual(n.bestAp);
    expect(f.overlap).toEqual(n.overlap);
  }
}

/**
 * A floor built to hit every exact path of the fast scan: walls on cell-centre lines (rays end on
 * them), walls on a row through an AP (rays run along them), APs on a wall and on a vertex, a bow-tie
 * (self-crossing), a wall folded back on itself, and random walls of every shape.
 */
function hostileFloor(seed: number): HeatmapInput {
  const random = seededRandom(seed);
  const at = () => ({
    x: 0.125 + Math.floor(random() * 120) * 0.25,
    y: 0.125 + Math.floor(random() * 80) * 0.25,
  });
  const material = () => WALL_MATERIAL_KEYS[Math.floor(random() * WALL_MATERIAL_KEYS.length)] ?? 'brick';
  const walls: HeatmapWall[] = [
    {
      material: 'brick',
      points: [
        { x: 10.125, y: 2 },
        { x: 10.125, y: 15 },
      ],
      closed: false,
    },
    {
      material: 'glass',
      points: [
        { x: 3, y: 5.125 },
        { x: 25, y: 5.125 },
      ],
      closed: false,
    },
    {
      material: 'wood',
      points: [
        { x: 14, y: 8 },
        { x: 18, y: 12 },
        { x: 18, y: 8 },
        { x: 14, y: 12 },
      ],
      closed: true,
    },
    {
      material: 'concrete',
      points: [
        { x: 22, y: 9 },
        { x: 22, y: 17 },
        { x: 22, y: 12 },
      ],
      closed: false,
    },
    {
      material: 'plasterboard',
      points: [
        { x: 4, y: 12 },
        { x: 8, y: 12 },
        { x: 8, y: 17 },
        { x: 4, y: 17 },
      ],
      closed: true,
    },
  ];
  for (let k = 0; k < 12; k++) {
    const n = 2 + Math.floor(random() * 4);
    walls.push({ material: material(), points: Array.from({ length: n }, at), closed: random() < 0.4 });
  }
  const radios = (k: number): HeatmapAp['radios'] => [
    { band: '2.4G', channel: [1, 6, 11][k % 3] ?? 1, txPowerDbm: 20, gainDbi: 3 },
    { band: '5G', channel: [36, 44][k % 2] ?? 36, txPowerDbm: 23, gainDbi: 4 },
  ];
  const aps: HeatmapAp[] = [
    { id: 'on-wall', x: 10.125, y: 7, radios: radios(0) },
    { id: 'on-vertex', x: 4, y: 12, radios: radios(1) },
    { id: 'on-row-of-wall', x: 1.3, y: 5.125, radios: radios(2) },
    { id: 'outside', x: -3, y: 25, radios: radios(3) },
  ];
  for (let k = 0; k < 6; k++) aps.push({ id: `r${k}`, ...at(), radios: radios(k) });
  return { floor: { widthM: 30, heightM: 20, cellSizeM: 0.25 }, aps, walls };
}

describe('the fast heat map equals the every-wall reference', () => {
  it.each([1, 2, 3])(
    'on a hostile floor (seed %i): the wall-loss field of every AP, cell by cell',
    (seed) => {
      const input = hostileFloor(seed);
      const { cols, rows, cellSizeM } = heatmapGrid(input);
      const set = buildWallSet(input.walls);
      const ctx = shadowContext(set, cols, rows, cellSizeM, input.aps);
      const fast = new Float64Array(cols * rows);
      const scratch = hitScratch(set);
      for (const ap of input.aps) {
        shadowWallLoss(ctx, ap.x, ap.y, fast);
        const wrong: string[] = [];
        for (let j = 0; j < rows; j++) {
          for (let i = 0; i < cols; i++) {
            const exact = rayWallLossDb(
              set,
              ap.x,
              ap.y,
              (i + 0.5) * cellSizeM,
              (j + 0.5) * cellSizeM,
              scratch,
            );
            if (Math.abs(exact - (fast[j * cols + i] as number)) > 1e-9) wrong.push(`${ap.id} (${i}, ${j})`);
          }
        }
        expect(wrong.slice(0, 5)).toEqual([]);
      }
    },
  );

  it.each([7, 8])('on a hostile floor (seed %i): the whole heat map', (seed) => {
    const input = hostileFloor(seed);
    expectSame(computeHeatmap(input), computeHeatmapNaive(input));
  });

  it('on a random seeded office floor (16 APs, 60 wall segments)', () => {
    const input = syntheticFloor({
      seed: 5,
      widthM: 40,
      heightM: 25,
      cellSizeM: 0.25,
      aps: 16,
      segments: 60,
    });
    expectSame(computeHeatmap(input), computeHeatmapNaive(input));
  });
});

describe('best AP and co-channel overlap', () => {
  // A 30 m × 1 m corridor of 1 m cells (centres at i + 0.5), n = 6 so that a 20 dBm, 0 dBi radio on
  // 2412 MHz is heard at −82 dBm up to 10^((20 − 40.09755 + 82) / 60) = 10.76 m.
  const radio = (channel: number) => [{ band: '2.4G' as const, channel, txPowerDbm: 20, gainDbi: 0 }];
  const corridor = (second: number): HeatmapInput => ({
    floor: { widthM: 30, heightM: 1, cellSizeM: 1 },
    aps: [
      { id: 'a', x: 0.5, y: 0.5, radios: radio(1) },
      { id: 'b', x: 15.5, y: 0.5, radios: radio(second) },
    ],
    walls: [],
    exponent: { '2.4G': 6 },
  });

  it('the nearer AP is best: cells 0–7 to a, 8–29 to b; −70.8034 dBm at cell 7', () => {
    const band = computeHeatmap(corridor(1)).bands['2.4G'];
    expect([...band.bestAp]).toEqual([...Array(8).fill(0), ...Array(22).fill(1)]);
    // 20 − 40.09755 − 60·log10(7) = 20 − 40.09755 − 50.70588.
    expect(band.bestDbm[7]).toBeCloseTo(-70.80343, 4);
  });

  it('same channel: overlap where both are at or above −82 dBm (cells 5–10)', () => {
    const band = computeHeatmap(corridor(1)).bands['2.4G'];
    const overlapping = [...band.overlap].flatMap((v, i) => (v === 1 ? [i] : []));
    expect(overlapping).toEqual([5, 6, 7, 8, 9, 10]);
  });

  it('different channels never overlap; a wall between them removes the overlap', () => {
    expect([...computeHeatmap(corridor(6)).bands['2.4G'].overlap].every((v) => v === 0)).toBe(true);
    const walled = {
      ...corridor(1),
      walls: [
        {
          material: 'concrete' as const,
          points: [
            { x: 8, y: -1 },
            { x: 8, y: 2 },
          ],
          closed: false,
        },
      ],
    };
    expect([...computeHeatmap(walled).bands['2.4G'].overlap].every((v) => v === 0)).toBe(true);
  });

  it('a tie within 1e-9 dB goes to the earlier AP', () => {
    const tie = {
      ...corridor(1),
      aps: [corridor(1).aps[0] as HeatmapAp, { ...(corridor(1).aps[0] as HeatmapAp), id: 'c' }],
    };
    expect([...computeHeatmap(tie).bands['2.4G'].bestAp].every((v) => v === 0)).toBe(true);
  });
});

describe('the raster', () => {
  it('covers the floor with whole cells and refuses a runaway size', () => {
    const floor = (widthM: number, heightM: number, cellSizeM: number) => ({
      floor: { widthM, heightM, cellSizeM },
      aps: [],
      walls: [],
    });
    expect(heatmapGrid(floor(100, 60, 0.25))).toEqual({ cols: 400, rows: 240, cellSizeM: 0.25 });
    expect(heatmapGrid(floor(10.1, 3, 1))).toEqual({ cols: 11, rows: 3, cellSizeM: 1 });
    expect(() => heatmapGrid(floor(1000, 1000, 0.1))).toThrow(RangeError);
    expect(() => heatmapGrid(floor(10, 10, 0))).toThrow(RangeError);
  });
});
