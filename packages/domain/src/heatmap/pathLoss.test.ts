import { describe, expect, it } from 'vitest';
import { computeHeatmap } from './grid';
import { channelFrequencyMhz, freeSpaceLossDb, logDistanceLossDb, referenceLossDb } from './pathLoss';

describe('free-space and log-distance loss', () => {
  it('free space at 10 m and 2412 MHz is 20 + 67.64755 − 27.55 = 60.09755 dB', () => {
    // 20·log10(10) = 20; 20·log10(2412) = 20 × 3.382377 = 67.64755.
    expect(freeSpaceLossDb(10, 2412)).toBeCloseTo(60.09755, 5);
  });

  it('the 1 m reference is free space at 1 m: 40.09755 dB at 2412 MHz, 46.7366 dB at 5180 MHz', () => {
    expect(referenceLossDb(2412)).toBeCloseTo(40.09755, 5);
    // 20·log10(5180) = 20 × 3.714330 = 74.28660.
    expect(referenceLossDb(5180)).toBeCloseTo(46.7366, 4);
  });

  it('with n = 2 the log-distance model is free space; n = 3 adds 10 dB per decade', () => {
    expect(logDistanceLossDb(10, 2412, 2)).toBeCloseTo(freeSpaceLossDb(10, 2412), 10);
    expect(logDistanceLossDb(100, 2412, 3)).toBeCloseTo(40.09755 + 60, 5);
  });

  it('distances under 1 m are taken as 1 m', () => {
    expect(logDistanceLossDb(0.3, 2412, 3)).toBe(referenceLossDb(2412));
  });

  it.each([
    ['2.4G', 1, 2412],
    ['2.4G', 6, 2437],
    ['2.4G', 11, 2462],
    ['2.4G', 13, 2472],
    ['2.4G', 14, 2484],
    ['5G', 36, 5180],
    ['5G', 100, 5500],
    ['5G', 149, 5745],
    ['5G', 165, 5825],
  ] as const)('%s channel %i is centred on %i MHz', (band, channel, mhz) => {
    expect(channelFrequencyMhz(band, channel)).toBe(mhz);
  });

  it('refuses a channel that is not a positive integer', () => {
    expect(() => channelFrequencyMhz('5G', 0)).toThrow(RangeError);
    expect(() => channelFrequencyMhz('2.4G', 1.5)).toThrow(RangeError);
  });
});

describe('received power on the grid', () => {
  // A 20 m × 1 m corridor of 1 m cells: centres at (i + 0.5, 0.5); the AP sits on cell 0's centre.
  const input = {
    floor: { widthM: 20, heightM: 1, cellSizeM: 1 },
    aps: [
      {
        id: 'a',
        x: 0.5,
        y: 0.5,
        radios: [{ band: '2.4G' as const, channel: 1, txPowerDbm: 20, gainDbi: 3 }],
      },
    ],
    walls: [],
    exponent: { '2.4G': 2 },
  };

  it('is tx power + gain − path loss: 23 − 60.09755 = −37.09755 dBm at 10 m with n = 2', () => {
    const map = computeHeatmap(input);
    expect(map.grid).toEqual({ cols: 20, rows: 1, cellSizeM: 1 });
    expect(map.bands['2.4G'].bestDbm[10]).toBeCloseTo(-37.09755, 5);
    expect(map.bands['2.4G'].bestDbm[0]).toBeCloseTo(23 - 40.09755, 5);
  });

  it('uses the band default exponent when none is given (2.5 at 2.4 GHz: 25 dB per decade)', () => {
    const map = computeHeatmap({ ...input, exponent: {} });
    expect(map.bands['2.4G'].bestDbm[10]).toBeCloseTo(23 - 40.09755 - 25, 5);
  });

  it('a band without radios has no signal and no AP', () => {
    const map = computeHeatmap(input);
    expect([...map.bands['5G'].bestDbm].every((v) => v === Number.NEGATIVE_INFINITY)).toBe(true);
    expect([...map.bands['5G'].bestAp].every((v) => v === -1)).toBe(true);
  });
});
