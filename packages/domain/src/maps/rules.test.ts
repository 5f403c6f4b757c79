import { describe, expect, it } from 'vitest';
import { mapWallSchema } from '../api/maps';
import { MAP_NAME_MAX_LENGTH } from './limits';
import {
  heatmapWallOf,
  isOnMap,
  isPlaceableKind,
  mapNameFromFile,
  mapScaleLineIssue,
  metresPerPixel,
  pagedMapName,
  pageImagesExpected,
  wallShapeIssue,
} from './rules';

const pts = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));

describe('wall shapes', () => {
  it.each([
    ['line', pts([0, 0], [3, 0])],
    ['polyline', pts([0, 0], [3, 0])],
    ['polyline', pts([0, 0], [3, 0], [3, 4], [7, 4])],
    ['rectangle', pts([1, 1], [5, 1], [5, 3], [1, 3])],
    // Rotated 45°: still a rectangle (diagonals share their midpoint and length).
    ['rectangle', pts([2, 0], [4, 2], [2, 4], [0, 2])],
    ['polygon', pts([0, 0], [4, 0], [2, 3])],
  ] as const)('accepts a %s of %j', (shape, points) => {
    expect(wallShapeIssue({ shape, points })).toBeNull();
  });

  it.each([
    ['line', pts([0, 0]), 'A line wall has 2 points.'],
    ['line', pts([0, 0], [1, 0], [2, 0]), 'A line wall has 2 points.'],
    ['polyline', pts([0, 0]), 'A polyline wall has at least 2 points.'],
    ['rectangle', pts([0, 0], [2, 2]), 'A rectangle wall has 4 points.'],
    [
      'rectangle',
      pts([0, 0], [4, 0], [5, 2], [0, 2]),
      'The four corners of a rectangle wall must form a rectangle.',
    ],
    // A parallelogram: diagonals bisect each other but differ in length.
    [
      'rectangle',
      pts([0, 0], [4, 0], [5, 2], [1, 2]),
      'The four corners of a rectangle wall must form a rectangle.',
    ],
    ['polygon', pts([0, 0], [1, 1]), 'A polygon wall has at least 3 points.'],
    ['line', pts([1, 1], [1, 1]), 'Two consecutive points of a wall are the same point.'],
    ['polygon', pts([0, 0], [1, 1], [1, 1.0005]), 'Two consecutive points of a wall are the same point.'],
  ] as const)('refuses a %s of %j', (shape, points, message) => {
    expect(wallShapeIssue({ shape, points })).toBe(message);
  });

  it('the schema takes the materials of §9 only and reports shape problems on points', () => {
    const ok = { shape: 'line', material: 'coated_glass', points: pts([0, 0], [1, 0]) };
    expect(mapWallSchema.safeParse(ok).success).toBe(true);
    expect(mapWallSchema.safeParse({ ...ok, material: 'cardboard' }).success).toBe(false);
    const bad = mapWallSchema.safeParse({ ...ok, points: pts([0, 0]) });
    expect(bad.error?.issues[0]?.path).toEqual(['points']);
  });

  it('gives the heat map closed rectangles and polygons, open lines and polylines', () => {
    const closed = (shape: 'line' | 'polyline' | 'rectangle' | 'polygon') =>
      heatmapWallOf({ shape, material: 'brick', points: [] }).closed;
    expect([closed('line'), closed('polyline'), closed('rectangle'), closed('polygon')]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('the scale line', () => {
  const image = { width: 800, height: 480 };
  const line = { from: { x: 100, y: 100 }, to: { x: 400, y: 500 }, lengthM: 25 };

  it('gives metres per pixel from the drawn length', () => {
    expect(metresPerPixel({ ...line, to: { x: 100, y: 100 + 480 } })).toBeCloseTo(25 / 480, 12);
    expect(metresPerPixel({ from: { x: 0, y: 0 }, to: { x: 300, y: 400 }, lengthM: 10 })).toBe(0.02);
  });

  it.each([
    [{ ...line, to: { x: 400, y: 470 } }, null],
    [{ ...line, to: { x: 800, y: 480 } }, null],
    [{ ...line, to: { x: 801, y: 100 } }, 'Both ends of the scale line must be on the map.'],
    [{ ...line, to: { x: 100.5, y: 100.5 } }, 'The two ends of the scale line must be different points.'],
    [{ ...line, to: { x: 300, y: 300 }, lengthM: 0 }, 'Enter the real length of the scale line in metres.'],
    [{ ...line, to: { x: 300, y: 300 }, lengthM: 10_001 }, 'The scale line can stand for at most 10000 m.'],
  ])('%j → %s', (l, message) => {
    expect(mapScaleLineIssue(l, image)).toBe(message);
  });
});

describe('uploads and placements', () => {
  it('expects one page image per page to split, one to merge', () => {
    expect([pageImagesExpected('split', 3), pageImagesExpected('merge', 3)]).toEqual([3, 1]);
  });

  it('names maps after the file, numbering split pages, within the name limit', () => {
    expect(mapNameFromFile('Ground floor.pdf')).toBe('Ground floor');
    expect(mapNameFromFile('.pdf')).toBe('Floor plan');
    expect(mapNameFromFile('🏢.png')).toBe('Floor plan');
    expect(mapNameFromFile(`${'x'.repeat(40)}.jpg`)).toHaveLength(MAP_NAME_MAX_LENGTH);
    expect(pagedMapName('Tower', { index: 2, count: 3 })).toBe('Tower (2/3)');
    expect(pagedMapName('Tower', { index: 1, count: 1 })).toBe('Tower');
    const long = pagedMapName('y'.repeat(40), { index: 12, count: 15 });
    expect([long.length, long.endsWith(' (12/15)')]).toEqual([MAP_NAME_MAX_LENGTH, true]);
  });

  it('places APs, mesh and wireless routers only', () => {
    expect(['ap', 'mesh', 'wrouter', 'switch', 'router', 'cpe'].map(isPlaceableKind)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('keeps points on the map, its edges included', () => {
    const size = { widthM: 20, heightM: 12 };
    expect([isOnMap({ x: 0, y: 0 }, size), isOnMap({ x: 20, y: 12 }, size)]).toEqual([true, true]);
    expect([isOnMap({ x: 20.01, y: 1 }, size), isOnMap({ x: 1, y: 12.01 }, size)]).toEqual([false, false]);
  });
});
