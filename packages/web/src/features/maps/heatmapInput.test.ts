import { DEFAULT_ANTENNA_GAIN_DBI } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { buildHeatmapInput, cellSizeFor, heatmapRadiosKey, radioLines } from './heatmapInput';

const map = {
  width: 1000,
  height: 500,
  scale: { from: { x: 0, y: 0 }, to: { x: 100, y: 0 }, lengthM: 5, metresPerPixel: 0.05 },
  walls: [
    {
      id: 1,
      shape: 'rectangle' as const,
      material: 'brick' as const,
      points: [
        { x: 1, y: 1 },
        { x: 3, y: 1 },
        { x: 3, y: 2 },
        { x: 1, y: 2 },
      ],
    },
  ],
  placements: [{ deviceId: 7, x: 10, y: 5, name: 'AP', sn: 'SN', type: 'ap', status: 1 }],
  calibration: [],
};
const fitted = (band: '2.4G' | '5G', exponent: number | null, applied: boolean) => ({
  band,
  measurements: 12,
  exponent,
  rmsErrorDb: exponent === null ? null : 1.5,
  applied,
  measuredAt: 1,
});

describe('heat-map input from the map and live radios', () => {
  it('waits for the scale', () => {
    expect(buildHeatmapInput({ ...map, scale: null }, () => [])).toBeNull();
  });

  it('takes the floor in metres, closed walls and the radios of the heat-map bands only', () => {
    const input = buildHeatmapInput(map, () => [
      { band: '2.4G', channel: 6, txPower: 20 },
      { band: '6G', channel: 5, txPower: 20 },
    ]);
    expect(input?.floor.widthM).toBeCloseTo(50);
    expect(input?.floor.heightM).toBeCloseTo(25);
    expect(input?.walls[0]?.closed).toBe(true);
    expect(input?.aps[0]).toEqual({
      id: '7',
      x: 10,
      y: 5,
      radios: [{ band: '2.4G', channel: 6, txPowerDbm: 20, gainDbi: DEFAULT_ANTENNA_GAIN_DBI['2.4G'] }],
    });
  });

  it('uses the calibrated exponent of a band only where the server applies it', () => {
    expect(buildHeatmapInput(map, () => [])?.exponent).toEqual({});
    const input = buildHeatmapInput(
      { ...map, calibration: [fitted('2.4G', 3.1, true), fitted('5G', 7.5, false)] },
      () => [],
    );
    expect(input?.exponent).toEqual({ '2.4G': 3.1 });
  });

  it('says each placed radio in words and keys a computed map by its radios', () => {
    const live = [
      { band: '2.4G', channel: 6, txPower: 12 },
      { band: '6G', channel: 5, txPower: 20 },
      { band: '5G', channel: 36, txPower: 20 },
    ];
    expect(radioLines(live)).toEqual(['2.4 GHz ch 6 · 12 dBm', '5 GHz ch 36 · 20 dBm']);
    expect(radioLines(undefined)).toEqual([]);
    expect(heatmapRadiosKey(buildHeatmapInput(map, () => live))).toBe('7:2.4G:6:12 7:5G:36:20');
    expect(heatmapRadiosKey(null)).toBe('');
  });

  it('keeps the raster bounded on a large floor and no finer than 10 cm on a small one', () => {
    const big = cellSizeFor(500, 300);
    expect((500 / big) * (300 / big)).toBeLessThanOrEqual(120_001);
    expect(cellSizeFor(5, 5)).toBe(0.1);
  });
});
