import { describe, expect, it } from 'vitest';
import { clampToImage, dropRepeats, scaleBar, toPixels, wallFromClicks } from './mapGeometry';

describe('walls from clicks on the plan', () => {
  it('makes a rectangle of two opposite corners, in metres', () => {
    const r = wallFromClicks(
      'rectangle',
      [
        { x: 10, y: 10 },
        { x: 110, y: 60 },
      ],
      0.1,
    );
    expect(r).toEqual({
      points: [
        { x: 1, y: 1 },
        { x: 11, y: 1 },
        { x: 11, y: 6 },
        { x: 1, y: 6 },
      ],
    });
  });

  it('refuses a flat rectangle and a polygon of two points with the domain message', () => {
    const flat = wallFromClicks(
      'rectangle',
      [
        { x: 10, y: 10 },
        { x: 110, y: 10 },
      ],
      0.1,
    );
    expect(flat).toEqual({ issue: 'Two consecutive points of a wall are the same point.' });
    const polygon = wallFromClicks(
      'polygon',
      [
        { x: 0, y: 0 },
        { x: 5, y: 5 },
        { x: 5, y: 5 },
      ],
      0.1,
    );
    expect(polygon).toEqual({ issue: 'A polygon wall has at least 3 points.' });
  });

  it('drops the repeated click of a double-click and keeps points on the image', () => {
    expect(
      dropRepeats([
        { x: 1, y: 1 },
        { x: 1.2, y: 1 },
        { x: 4, y: 1 },
      ]),
    ).toHaveLength(2);
    expect(clampToImage({ x: -5, y: 900 }, { width: 800, height: 400 })).toEqual({ x: 0, y: 400 });
    expect(toPixels([{ x: 1, y: 2 }], 0.5)).toEqual([2, 4]);
  });

  it('picks a round scale-bar length', () => {
    expect(scaleBar(0.05)).toEqual({ metres: 5, px: 100 });
    expect(scaleBar(1).metres).toBe(100);
  });
});
