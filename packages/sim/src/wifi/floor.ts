/**
 * A floor whose geometry the simulator knows (issue 12 §2, the calibration test): where named devices
 * stand, the walls between them (each with its loss) and the path-loss exponent of the building.
 * When a fleet has one, what its APs hear of each other in a neighbour scan follows this model —
 * the multi-wall log-distance model the console's heat map uses (docs/heatmap.md), written here on
 * its own so the simulator is not the console's code talking to itself:
 *
 *   rssi = P + G_tx + G_rx − FSPL(1 m, f) − 10·n·log10(max(d, 1 m)) − Σ walls crossed − shadowing
 *
 * with f the channel's centre frequency, every wall segment the straight line crosses counted, and
 * a fixed shadowing per pair of devices, uniform in ±`shadowDb` (zero mean), then rounded to whole
 * dBm like a real scan. Devices the floor does not place keep the site model of propagation.ts.
 */
import type { RadioBand } from '@netloom/domain';
import { hash32 } from '../rng';

export interface SimFloorWall {
  /** Vertices in metres; consecutive points are joined (and the last to the first when `closed`). */
  points: readonly { x: number; y: number }[];
  closed?: boolean;
  /** Loss of one crossing, dB. */
  lossDb: number;
}

export interface SimFloorPlan {
  /** Where each device stands, by serial number, metres from the plan's top-left corner. */
  positions: Readonly<Record<string, { x: number; y: number }>>;
  walls?: readonly SimFloorWall[];
  /** The building's path-loss exponent, one for every band or per band. */
  exponent: number | Partial<Record<RadioBand, number>>;
  /** Antenna gain of each end, dBi (default 0). */
  antennaGainDbi?: Partial<Record<RadioBand, number>>;
  /** Half-width of the fixed per-pair shadowing, dB (default 2; 0 = none). */
  shadowDb?: number;
}

/** Exponent when a per-band map leaves a band out (free space plus a little clutter). */
const FALLBACK_EXPONENT = 3;
/** FSPL with d in metres and f in MHz: 20·log10(d) + 20·log10(f) − 27.55. */
const FSPL_CONSTANT_DB = -27.55;
const DEFAULT_SHADOW_DB = 2;

/** Centre frequency of a primary channel, MHz. */
export function channelMhz(band: RadioBand, channel: number): number {
  if (band === '2.4G') return channel === 14 ? 2484 : 2407 + 5 * channel;
  if (band === '6G') return 5950 + 5 * channel;
  return 5000 + 5 * channel;
}

/** Whether segment p1p2 properly crosses segment q1q2 (touching ends do not count). */
function crosses(
  p1: { x: number; y: number },
  p2: { x: number; y: number },
  q1: { x: number; y: number },
  q2: { x: number; y: number },
): boolean {
  const cross = (a: typeof p1, b: typeof p1, c: typeof p1) =>
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** Sum of the losses of every wall segment between a and b, dB. */
export function floorWallLossDb(
  plan: SimFloorPlan,
  a: { x: number; y: number },
  b: { x: number; y: number },
): number {
  let loss = 0;
  for (const w of plan.walls ?? []) {
    const n = w.points.length;
    const segments = w.closed && n > 2 ? n : n - 1;
    for (let i = 0; i < segments; i++) {
      const p = w.points[i];
      const q = w.points[(i + 1) % n];
      if (p && q && crosses(a, b, p, q)) loss += w.lossDb;
    }
  }
  return loss;
}

function exponentOf(plan: SimFloorPlan, band: RadioBand): number {
  return typeof plan.exponent === 'number' ? plan.exponent : (plan.exponent[band] ?? FALLBACK_EXPONENT);
}

/** Fixed shadowing of a pair, uniform in ±half, the same both ways. */
function pairShadowDb(a: string, b: string, half: number): number {
  const key = a < b ? `floor:${a}|${b}` : `floor:${b}|${a}`;
  return ((hash32(key) % 10_001) / 10_000 - 0.5) * 2 * half;
}

/**
 * What `to` hears of `from` transmitting at `txPower` dBm on `channel`, dBm (rounded); undefined
 * when the floor does not place both.
 */
export function floorReceivedDbm(
  plan: SimFloorPlan,
  from: string,
  to: string,
  band: RadioBand,
  channel: number,
  txPower: number,
): number | undefined {
  const a = plan.positions[from];
  const b = plan.positions[to];
  if (!a || !b) return undefined;
  const gain = 2 * (plan.antennaGainDbi?.[band] ?? 0);
  const reference = 20 * Math.log10(channelMhz(band, channel)) + FSPL_CONSTANT_DB;
  const d = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
  const loss = reference + 10 * exponentOf(plan, band) * Math.log10(d) + floorWallLossDb(plan, a, b);
  const shadow = pairShadowDb(from, to, plan.shadowDb ?? DEFAULT_SHADOW_DB);
  return Math.round(txPower + gain - loss - shadow);
}
