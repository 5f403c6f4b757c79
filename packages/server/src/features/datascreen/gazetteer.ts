/**
 * The offline gazetteer of the location picker: the world's cities of the `city-timezones` npm
 * package (about 7,300 places with coordinates, province and ISO country — nothing is fetched at run
 * time), read from node_modules at the first search and kept in memory (a few MB).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { GazetteerPlace } from '@netloom/domain';

interface CityRecord {
  city: string;
  city_ascii: string;
  lat: number;
  lng: number;
  pop: number;
  country: string;
  iso2: string;
  province: string;
}

interface Entry {
  place: GazetteerPlace;
  /** Lower-case, accents removed: the city (ascii and native) and "city province country". */
  names: string[];
  all: string;
  pop: number;
}

export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

function labelOf(r: CityRecord): string {
  return r.province && fold(r.province) !== fold(r.city) ? `${r.city}, ${r.province}` : r.city;
}

export class Gazetteer {
  private entries: Promise<Entry[]> | null = null;

  constructor(
    private readonly load: () => Promise<CityRecord[]> = async () => {
      const path = createRequire(import.meta.url).resolve('city-timezones/data/cityMap.json');
      return JSON.parse(await readFile(path, 'utf8')) as CityRecord[];
    },
  ) {}

  private all(): Promise<Entry[]> {
    this.entries ??= this.load().then((records) =>
      records
        .filter((r) => /^[A-Z]{2}$/.test(r.iso2) && Number.isFinite(r.lat) && Number.isFinite(r.lng))
        .map((r) => {
          const names = [...new Set([fold(r.city_ascii), fold(r.city)])];
          return {
            place: {
              label: labelOf(r),
              city: r.city,
              province: r.province ?? '',
              country: r.iso2,
              countryName: r.country,
              lat: r.lat,
              lng: r.lng,
            },
            names,
            all: fold(`${r.city} ${r.city_ascii} ${r.province} ${r.country}`),
            pop: Number(r.pop) || 0,
          };
        }),
    );
    return this.entries;
  }

  /**
   * Places matching `q`: cities whose name starts with it first, then cities whose name, province or
   * country contains it; the most populous first within each; at most `limit`.
   */
  async search(q: string, limit: number): Promise<GazetteerPlace[]> {
    const needle = fold(q);
    if (!needle) return [];
    const ranked: { e: Entry; rank: number }[] = [];
    for (const e of await this.all()) {
      if (e.names.some((n) => n === needle)) ranked.push({ e, rank: 0 });
      else if (e.names.some((n) => n.startsWith(needle))) ranked.push({ e, rank: 1 });
      else if (e.all.includes(needle)) ranked.push({ e, rank: 2 });
    }
    ranked.sort((a, b) => a.rank - b.rank || b.e.pop - a.e.pop);
    return ranked.slice(0, limit).map((r) => r.e.place);
  }
}
