import { describe, expect, it } from 'vitest';
import { DESKTOP_MIN_WIDTH, screenSizeFor, TABLET_MIN_WIDTH } from './screenSize';

describe('the screen size of a viewport width', () => {
  it.each([
    [320, 'phone'],
    [390, 'phone'],
    [TABLET_MIN_WIDTH - 1, 'phone'],
    [TABLET_MIN_WIDTH, 'tablet'],
    [1024, 'tablet'],
    [DESKTOP_MIN_WIDTH - 1, 'tablet'],
    [DESKTOP_MIN_WIDTH, 'desktop'],
    [1366, 'desktop'],
    [1440, 'desktop'],
  ] as const)('%i px is a %s', (width, mode) => {
    expect(screenSizeFor(width)).toBe(mode);
  });
});
