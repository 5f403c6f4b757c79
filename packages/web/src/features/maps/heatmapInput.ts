/**
 * The heat map's input from what the page has: the map (size, scale, saved walls, placements) and
 * each placed AP's live radios from its device detail. Pure, so it is tested without a worker.
 */
import {
  DEFAULT_ANTENNA_GAIN_DBI,
  HEATMAP_BANDS,
  type HeatmapAp,
  type HeatmapBand,
  type HeatmapInput,
  heatmapWallOf,
  type MapDetail,
  mapSizeM,
} from '@netloom/domain';

/** The views the page offers (issue 12 §2). */
export const HEATMAP_VIEWS = ['signal', 'overlap', 'bestAp'] as const;
export type HeatmapView = (typeof HEATMAP_VIEWS)[number];
export const HEATMAP_VIEW_LABELS: Record<HeatmapView, string> = {
  signal: 'Signal strength',
  overlap: 'Co-channel overlap',
  bestAp: 'Best AP',
};

/** A radio as the device detail reports it. */
export interface LiveRadio {
  band: string;
  channel: number;
  txPower: number;
}

/** About this many cells at most: fine enough to read rooms, quick enough to redraw on every change. */
const TARGET_CELLS = 120_000;
/** Never finer than 10 cm: a finer raster shows nothing the model can tell apart. */
const MIN_CELL_M = 0.1;

export function cellSizeFor(widthM: number, heightM: number): number {
  return Math.max(MIN_CELL_M, Math.sqrt((widthM * heightM) / TARGET_CELLS));
}

function isBand(b: string): b is HeatmapBand {
  return (HEATMAP_BANDS as readonly string[]).includes(b);
}

/**
 * The path-loss exponents the map's calibration gives (docs/heatmap.md): a band's fitted exponent
 * when the server applies it, else nothing (the model's default).
 */
export function calibratedExponents(
  calibration: MapDetail['calibration'],
): Partial<Record<HeatmapBand, number>> {
  const out: Partial<Record<HeatmapBand, number>> = {};
  for (const c of calibration) if (c.applied && c.exponent !== null) out[c.band] = c.exponent;
  return out;
}

/** Null while the map has no scale (the heat map waits for it like walls and placements). */
export function buildHeatmapInput(
  map: Pick<MapDetail, 'width' | 'height' | 'scale' | 'walls' | 'placements' | 'calibration'>,
  radiosOf: (deviceId: number) => readonly LiveRadio[] | undefined,
): HeatmapInput | null {
  if (!map.scale) return null;
  const { widthM, heightM } = mapSizeM(map, map.scale.metresPerPixel);
  const aps: HeatmapAp[] = map.placements.map((p) => ({
    id: String(p.deviceId),
    x: p.x,
    y: p.y,
    radios: (radiosOf(p.deviceId) ?? []).flatMap((r) =>
      isBand(r.band)
        ? [
            {
              band: r.band,
              channel: r.channel,
              txPowerDbm: r.txPower,
              gainDbi: DEFAULT_ANTENNA_GAIN_DBI[r.band],
            },
          ]
        : [],
    ),
  }));
  return {
    floor: { widthM, heightM, cellSizeM: cellSizeFor(widthM, heightM) },
    aps,
    walls: map.walls.map(heatmapWallOf),
    exponent: calibratedExponents(map.calibration),
  };
}

const BAND_SHORT: Record<HeatmapBand, string> = { '2.4G': '2.4 GHz', '5G': '5 GHz' };

/** ["2.4 GHz ch 6 · 12 dBm", "5 GHz ch 36 · 20 dBm"]: a placed AP's radios as the heat map takes them. */
export function radioLines(radios: readonly LiveRadio[] | undefined): string[] {
  return (radios ?? [])
    .filter((r) => isBand(r.band))
    .map((r) => `${BAND_SHORT[r.band as HeatmapBand]} ch ${r.channel} · ${r.txPower} dBm`);
}

/** The radios a computed heat map used, one "id:band:channel:power" per radio (the page's data attribute). */
export function heatmapRadiosKey(input: HeatmapInput | null): string {
  if (!input) return '';
  return input.aps
    .flatMap((a) => a.radios.map((r) => `${a.id}:${r.band}:${r.channel}:${r.txPowerDbm}`))
    .join(' ');
}
