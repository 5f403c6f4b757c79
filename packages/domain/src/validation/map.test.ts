import { describe, expect, it } from 'vitest';
import { MAP_PROPORTION, MAP_RECOMMENDED_HEIGHT, MAP_RECOMMENDED_WIDTH } from '../limits';
import { mapImageWarning, SCALE_LINE_FIRST_MESSAGE, scaleLineIssue } from './map';

describe('scale line must be drawn first (§5)', () => {
  it.each([
    [{ pixels: 120, meters: 10 }, null],
    [{ pixels: 0.5, meters: 0.1 }, null],
    [null, SCALE_LINE_FIRST_MESSAGE],
    [undefined, SCALE_LINE_FIRST_MESSAGE],
    [{ pixels: 0, meters: 10 }, 'The scale line has no length. Draw it again between two points.'],
    [{ pixels: Number.NaN, meters: 10 }, 'The scale line has no length. Draw it again between two points.'],
    [{ pixels: 120, meters: 0 }, 'Enter the real length of the scale line in metres.'],
    [{ pixels: 120, meters: -3 }, 'Enter the real length of the scale line in metres.'],
    [{ pixels: 120, meters: Number.POSITIVE_INFINITY }, 'Enter the real length of the scale line in metres.'],
  ])('%j → %j', (scale, expected) => {
    expect(scaleLineIssue(scale)).toBe(expected);
  });
});

describe('map image recommendation: 800×400, proportion 5:3 (§5) — a warning, never a refusal', () => {
  it('uses the limits of §5', () => {
    expect([MAP_RECOMMENDED_WIDTH, MAP_RECOMMENDED_HEIGHT]).toEqual([800, 400]);
    expect(MAP_PROPORTION).toEqual([5, 3]);
  });

  it.each([
    [1000, 600], // exactly 5:3
    [800, 480], // 5:3 at the recommended width
    [800, 400], // the recommended size itself (2:1, 20 % wider than 5:3)
    [2000, 1000],
    [1000, 720], // 20 % taller than 5:3
    [0, 0], // size unknown yet
  ])('%d×%d passes', (width, height) => {
    expect(mapImageWarning({ width, height })).toBeNull();
  });

  it.each([
    [640, 384, 'only 640×384 pixels and may look blurred'], // 5:3 but small
    [799, 450, 'only 799×450 pixels'],
    [800, 399, 'This image is 800×399 pixels. For a sharp map'], // short and just past 2:1
    [799, 480, 'only 799×480 pixels'],
    [2400, 1000, 'far from a 5:3 proportion'], // 2.4:1
    [1000, 1000, 'far from a 5:3 proportion'], // square
    [1000, 760, 'far from a 5:3 proportion'], // just past 20 % taller
    [300, 300, 'This image is 300×300 pixels. For a sharp map'], // small and square
  ])('%d×%d warns (%s)', (width, height, fragment) => {
    const warning = mapImageWarning({ width, height });
    expect(warning).toContain(fragment);
    expect(warning).toContain('at least 800×400 pixels in a 5:3 proportion');
  });
});
