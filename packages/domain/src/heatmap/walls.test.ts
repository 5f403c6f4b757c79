import { describe, expect, it } from 'vitest';
import { WALL_MATERIAL_KEYS, WALL_MATERIALS, type WallMaterial } from '../enums/wifi';
import { computeHeatmap, computeHeatmapNaive } from './grid';
import type { HeatmapInput, HeatmapWall } from './types';
import { buildWallSet, hitScratch, rayWallLossDb, wallHits } from './walls';

type Pt = { x: number; y: number };
const line = (material: WallMaterial, ...points: Pt[]): HeatmapWall => ({ material, points, closed: false });
const shape = (material: WallMaterial, ...points: Pt[]): HeatmapWall => ({ material, points, closed: true });
const p = (x: number, y: number): Pt => ({ x, y });

/** Wall loss of the ray (0.5, 0.5) → (10.5, 0.5) by the reference rule. */
function reference(walls: HeatmapWall[], from = p(0.5, 0.5), to = p(10.5, 0.5)): number {
  const set = buildWallSet(walls);
  return rayWallLossDb(set, from.x, from.y, to.x, to.y, hitScratch(set));
}

/**
 * The same loss read off both heat maps: a 20 m × 4 m floor of 1 m cells, the AP on the centre of
 * cell (0, 0), the loss at cell (10, 0) = signal without walls − signal with them.
 */
function onGrids(walls: HeatmapWall[]): [number, number] {
  const base: HeatmapInput = {
    floor: { widthM: 20, heightM: 4, cellSizeM: 1 },
    aps: [{ id: 'a', x: 0.5, y: 0.5, radios: [{ band: '5G', channel: 36, txPowerDbm: 20, gainDbi: 0 }] }],
    walls: [],
  };
  const open = computeHeatmap(base).bands['5G'].bestDbm[10] as number;
  const fast = computeHeatmap({ ...base, walls }).bands['5G'].bestDbm[10] as number;
  const naive = computeHeatmapNaive({ ...base, walls }).bands['5G'].bestDbm[10] as number;
  return [open - fast, open - naive];
}

function expectLoss(walls: HeatmapWall[], db: number): void {
  expect(reference(walls)).toBeCloseTo(db, 9);
  const [fast, naive] = onGrids(walls);
  expect(fast).toBeCloseTo(db, 9);
  expect(naive).toBeCloseTo(db, 9);
}

describe('one wall of each material subtracts exactly its dB (§9)', () => {
  // The §9 figures themselves are pinned in enums.test.ts; here each material's own figure is lost.
  it.each(WALL_MATERIAL_KEYS)('%s', (material) => {
    expectLoss([line(material, p(5.3, -1), p(5.3, 3))], WALL_MATERIALS[material].attenuationDb);
  });

  it('two walls add up; a wall behind the cell or beside the ray costs nothing', () => {
    expectLoss([line('glass', p(3.3, 0), p(3.3, 2)), line('wood', p(7.7, 0), p(7.7, 2))], 18.5);
    expectLoss([line('concrete', p(12.2, -1), p(12.2, 3)), line('brick', p(2, 1.5), p(9, 1.5))], 0);
  });
});

describe('each wall counted once per place the ray meets it', () => {
  it('a ray along a wall counts it once (one segment, or several joined segments)', () => {
    expectLoss([line('brick', p(2, 0.5), p(8, 0.5))], 20);
    expectLoss([line('brick', p(2, 0.5), p(5, 0.5), p(8, 0.5))], 20);
    expectLoss([line('brick', p(-3, 0.5), p(30, 0.5))], 20);
  });

  it('a ray through the corner of a polyline counts it once, crossing or turning back', () => {
    expectLoss([line('concrete', p(4, -2), p(5, 0.5), p(6, 3))], 20);
    expectLoss([line('concrete', p(3, -2), p(5, 0.5), p(3, 3))], 20);
  });

  it('a ray through a rectangle (in and out) counts two segments; ending inside, one', () => {
    const room = shape('plasterboard', p(4, -1), p(7, -1), p(7, 2), p(4, 2));
    expectLoss([room], 10);
    expect(reference([room], p(0.5, 0.5), p(5.5, 0.5))).toBe(5);
  });

  it('a ray through a corner of a rectangle counts it once', () => {
    const room = shape('glass', p(5, 5), p(7, 5), p(7, 3), p(5, 3));
    expect(reference([room], p(0, 0), p(10, 10))).toBe(12);
    // Entering through the corner (5, 3) and leaving through the side x = 7: two places.
    expect(reference([room], p(3, 1), p(9, 7))).toBe(24);
  });

  it('two separate walls meeting at a point are two walls', () => {
    expectLoss([line('wood', p(5, -1), p(5, 0.5)), line('wood', p(5, 0.5), p(5, 3))], 13);
  });

  it('a polygon crossing itself: the crossing point is one place (bow-tie: 3 places)', () => {
    const bowTie = shape('glass', p(2, -1), p(6, 2), p(6, -1), p(2, 2));
    expectLoss([bowTie], 36);
  });

  it('a wall folded back onto itself is met once where the ray crosses both layers', () => {
    expectLoss([line('brick', p(2.5, -1), p(2.5, 2), p(2.5, 0))], 20);
  });

  it('a wall through the AP itself is not in its way; a wall through the cell is', () => {
    expectLoss([line('bearing_wall', p(0.5, -1), p(0.5, 3))], 0);
    expectLoss([line('bearing_wall', p(10.5, -1), p(10.5, 3))], 28);
  });

  it('repeated points, a repeated closing point and a zero-length ray change nothing', () => {
    const room = shape('brick', p(4, -1), p(4, -1), p(7, -1), p(7, 2), p(4, 2), p(4, -1));
    expect(buildWallSet([room]).segmentCount).toBe(4);
    expectLoss([room], 40);
    const set = buildWallSet([room]);
    expect(wallHits(set, 0, 5, 5, 5, 5, hitScratch(set))).toBe(0);
  });
});
