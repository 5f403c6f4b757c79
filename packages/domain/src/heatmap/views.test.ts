import { describe, expect, it } from 'vitest';
import { computeHeatmap } from './grid';
import type { HeatmapInput } from './types';
import {
  apColor,
  bestApImage,
  OVERLAP_RGBA,
  overlapImage,
  SIGNAL_STOPS,
  signalColor,
  signalImage,
  signalLegend,
} from './views';

describe('signal colour scale', () => {
  it('runs from −30 to −90 dBm, strongest first', () => {
    expect(SIGNAL_STOPS[0]?.dbm).toBe(-30);
    expect(SIGNAL_STOPS[SIGNAL_STOPS.length - 1]?.dbm).toBe(-90);
    const dbms = SIGNAL_STOPS.map((s) => s.dbm);
    expect(dbms).toEqual([...dbms].sort((a, b) => b - a));
  });

  it('is exact at the stops and clamps outside the display range', () => {
    for (const stop of SIGNAL_STOPS) expect(signalColor(stop.dbm)).toEqual(stop.rgba);
    expect(signalColor(-10)).toEqual(SIGNAL_STOPS[0]?.rgba);
    expect(signalColor(-120)).toEqual(SIGNAL_STOPS[SIGNAL_STOPS.length - 1]?.rgba);
  });

  it('interpolates linearly between stops: −40 dBm is halfway between −30 and −50', () => {
    // (0, 104, 55) and (26, 152, 80): halfway is (13, 128, 67.5 → 68).
    expect(signalColor(-40)).toEqual([13, 128, 68, 170]);
  });

  it('no signal at all is transparent', () => {
    expect(signalColor(Number.NEGATIVE_INFINITY)).toEqual([0, 0, 0, 0]);
    expect(signalColor(Number.NaN)).toEqual([0, 0, 0, 0]);
  });

  it('the legend lists every stop with its dBm and colour', () => {
    const legend = signalLegend();
    expect(legend.map((l) => l.label)).toEqual(SIGNAL_STOPS.map((s) => `${s.dbm} dBm`));
    expect(legend[3]).toEqual({ label: '-67 dBm', meaning: 'Voice and video', rgba: SIGNAL_STOPS[3]?.rgba });
  });
});

describe('views as images', () => {
  const input: HeatmapInput = {
    floor: { widthM: 4, heightM: 2, cellSizeM: 1 },
    aps: [
      { id: 'a', x: 0.5, y: 0.5, radios: [{ band: '2.4G', channel: 1, txPowerDbm: 20, gainDbi: 0 }] },
      { id: 'b', x: 3.5, y: 0.5, radios: [{ band: '2.4G', channel: 1, txPowerDbm: 20, gainDbi: 0 }] },
    ],
    walls: [],
  };
  const map = computeHeatmap(input);
  const band = map.bands['2.4G'];

  it('one RGBA pixel per cell, row-major', () => {
    const img = signalImage(map.grid, band);
    expect(img.length).toBe(4 * 8);
    expect([...img.slice(0, 4)]).toEqual([...signalColor(band.bestDbm[0] as number)]);
  });

  it('best-AP areas take each AP its own colour; no AP is transparent', () => {
    const img = bestApImage(map.grid, band);
    expect([...img.slice(0, 4)]).toEqual([...apColor(0)]);
    expect([...img.slice(12, 16)]).toEqual([...apColor(1)]);
    expect(apColor(0)).not.toEqual(apColor(1));
    expect(apColor(-1)).toEqual([0, 0, 0, 0]);
    const empty = bestApImage(map.grid, map.bands['5G']);
    expect(empty.every((v) => v === 0)).toBe(true);
  });

  it('co-channel overlap cells are coloured, the others transparent', () => {
    // Two APs on channel 1, 3 m apart: both far above −82 dBm everywhere.
    const img = overlapImage(map.grid, band);
    expect([...img.slice(0, 4)]).toEqual([...OVERLAP_RGBA]);
    const apart = computeHeatmap({
      ...input,
      aps: [
        input.aps[0],
        { ...input.aps[1], radios: [{ band: '2.4G', channel: 6, txPowerDbm: 20, gainDbi: 0 }] },
      ],
    } as HeatmapInput);
    expect(overlapImage(apart.grid, apart.bands['2.4G']).every((v) => v === 0)).toBe(true);
  });
});
