/**
 * The radio model shared by neighbour scans, client signal and roaming: log-distance path loss
 * (40 dB at 1 m, exponent 3, a few dB more at 5/6 GHz), walls by distance for the kind of site,
 * and a deterministic shadowing term per pair of endpoints (the same both ways, so what A hears of
 * B matches what B hears of A when both transmit at the same power).
 */
import type { RadioBand } from '@netloom/domain';
import { hash32 } from '../rng';

/** A point on the site's floor plan, metres. */
export interface Point {
  x: number;
  y: number;
  /** Height relative to the ceiling-mounted radios (clients stand about 2 m lower); default 0. */
  z?: number;
}

/** Weakest signal a radio decodes, dBm: anything below is not heard. */
export const HEARING_FLOOR_DBM = -90;
/** Extra loss at 1 m over 2.4 GHz (free space grows with frequency). */
const BAND_EXTRA_DB: Record<RadioBand, number> = { '2.4G': 0, '5G': 5, '6G': 7 };
/** Wall loss per metre of path by kind of site: open plan floors have few walls, homes many. */
const WALL_DB_PER_M: Record<string, number> = {
  outdoor: 0,
  dense: 0.1,
  office: 0.35,
  video: 0.35,
  tour: 0.35,
  home: 0.9,
};
/** Gain of a CPE's directional antenna, dBi (applied at both ends of a bridge). */
export const CPE_ANTENNA_DBI = 16;

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y, (a.z ?? 0) - (b.z ?? 0));
}

/** Log-distance path loss in dB: 40 dB at 1 m at 2.4 GHz, exponent 3. */
export function pathLossDb(distanceM: number, band: RadioBand): number {
  return 40 + BAND_EXTRA_DB[band] + 30 * Math.log10(Math.max(1, distanceM));
}

/** Shadowing between two named endpoints, 0–6 dB, symmetric and stable across runs. */
export function shadowDb(a: string, b: string): number {
  const key = a < b ? `${a}|${b}` : `${b}|${a}`;
  return (hash32(key) % 600) / 100;
}

export interface Endpoint {
  /** Stable name (serial number, client MAC) for the shadowing term. */
  id: string;
  pos: Point;
}

/** Total loss between two endpoints of a site of `siteKind`. */
export function linkLossDb(a: Endpoint, b: Endpoint, band: RadioBand, siteKind: string): number {
  const d = distance(a.pos, b.pos);
  return pathLossDb(d, band) + (WALL_DB_PER_M[siteKind] ?? 0.35) * d + shadowDb(a.id, b.id);
}

/** Received signal, dBm (rounded), of a transmitter at `txPower` dBm over that link. */
export function receivedDbm(
  txPower: number,
  from: Endpoint,
  to: Endpoint,
  band: RadioBand,
  siteKind: string,
  gainDb = 0,
): number {
  return Math.round(txPower + gainDb - linkLossDb(from, to, band, siteKind));
}
