/**
 * The interference model shared by the RF planner and the RF optimisation records: who hears whom
 * (from the APs' neighbour scans), how loud at a given transmit power, and how much that disturbs
 * on the channels assigned. "Before" and "after" figures of a record come from this one model, so
 * they are comparable.
 */
import type { RadioBand } from '@netloom/domain';
import { type ChannelWidth, overlap } from './channels';

/** Receiver noise floor in dBm: what a radio hears with no interference at all. */
export const NOISE_FLOOR_DBM = -95;
/** Signals weaker than this are below what a radio can decode; they are left out of the graph. */
export const HEARING_THRESHOLD_DBM = -90;

/** One radio of one AP on one band. `id` is unique (e.g. `${sn}:${band}`). */
export interface RadioNode {
  id: string;
  band: RadioBand;
  channel: number;
  width: ChannelWidth;
  /** Current transmit power in dBm. */
  txPower: number;
  /** Highest power the radio may use (model), ≤ 29. */
  maxTxPower: number;
}

/** A scan result: `listener` hears `transmitter` at `rssi` dBm while the transmitter runs its current power. */
export interface Hearing {
  transmitter: string;
  listener: string;
  rssi: number;
}

/** A channel/power plan: per radio id. */
export interface RadioPlan {
  channel: number;
  txPower: number;
}
export type Plan = ReadonlyMap<string, RadioPlan>;

/** Adjacency of one band: for each radio index, the radios it hears and is heard by. */
export interface BandGraph {
  band: RadioBand;
  nodes: RadioNode[];
  /** For node i: edges to j with the measured rssi of j at i (`in`) and of i at j (`out`). */
  edges: { j: number; rssiIn: number | null; rssiOut: number | null }[][];
}

export function dbmToMw(dbm: number): number {
  return 10 ** (dbm / 10);
}
export function mwToDbm(mw: number): number {
  return 10 * Math.log10(mw);
}

/** Splits radios by band and joins the hearings into symmetric adjacency lists (indices). */
export function buildGraphs(radios: readonly RadioNode[], hearings: readonly Hearing[]): BandGraph[] {
  const byBand = new Map<RadioBand, RadioNode[]>();
  for (const r of radios) byBand.set(r.band, [...(byBand.get(r.band) ?? []), r]);
  const graphs: BandGraph[] = [];
  for (const [band, nodes] of byBand) {
    const index = new Map(nodes.map((n, i) => [n.id, i]));
    const maps = nodes.map(() => new Map<number, { rssiIn: number | null; rssiOut: number | null }>());
    for (const h of hearings) {
      const t = index.get(h.transmitter);
      const l = index.get(h.listener);
      if (t === undefined || l === undefined || t === l || h.rssi < HEARING_THRESHOLD_DBM) continue;
      const atListener = maps[l]?.get(t) ?? { rssiIn: null, rssiOut: null };
      atListener.rssiIn = Math.max(atListener.rssiIn ?? -Infinity, h.rssi);
      maps[l]?.set(t, atListener);
      const atTransmitter = maps[t]?.get(l) ?? { rssiIn: null, rssiOut: null };
      atTransmitter.rssiOut = Math.max(atTransmitter.rssiOut ?? -Infinity, h.rssi);
      maps[t]?.set(l, atTransmitter);
    }
    graphs.push({ band, nodes, edges: maps.map((m) => [...m].map(([j, e]) => ({ j, ...e }))) });
  }
  return graphs;
}

/** Received power (dBm) at a listener of a transmitter that moved from `measuredAt` to `txPower`. */
export function received(rssi: number, measuredAt: number, txPower: number): number {
  return rssi + (txPower - measuredAt);
}

export interface NoiseFigures {
  /** Co-channel interference summed over every radio, dBm (NOISE_FLOOR when none). */
  sameChannelDbm: number;
  /** Partially overlapping (adjacent-channel) interference, weighted by overlap, dBm. */
  nearChannelDbm: number;
  /** Noise floor of every radio plus all interference, dBm per radio on average. */
  totalDbm: number;
  /** The same in mW, for ratios (the dBm figures hide small differences). */
  sameChannelMw: number;
  nearChannelMw: number;
}

/**
 * Interference every radio receives under `plan` (radios missing from the plan keep their current
 * channel and power): same-channel, near-channel and total noise. Totals are sums over listeners.
 */
export function noise(graphs: readonly BandGraph[], plan: Plan): NoiseFigures {
  let same = 0;
  let near = 0;
  let radios = 0;
  for (const g of graphs) {
    const now = g.nodes.map((n) => plan.get(n.id) ?? { channel: n.channel, txPower: n.txPower });
    for (const [i, node] of g.nodes.entries()) {
      radios++;
      const mine = now[i] as RadioPlan;
      for (const e of g.edges[i] ?? []) {
        if (e.rssiIn === null) continue;
        const other = g.nodes[e.j] as RadioNode;
        const theirs = now[e.j] as RadioPlan;
        const f = overlap(g.band, theirs.channel, other.width, mine.channel, node.width);
        if (f <= 0) continue;
        const mw = dbmToMw(received(e.rssiIn, other.txPower, theirs.txPower)) * f;
        if (f >= 0.999) same += mw;
        else near += mw;
      }
    }
  }
  const floor = dbmToMw(NOISE_FLOOR_DBM);
  return {
    sameChannelDbm: same > 0 ? mwToDbm(same) : NOISE_FLOOR_DBM,
    nearChannelDbm: near > 0 ? mwToDbm(near) : NOISE_FLOOR_DBM,
    totalDbm: radios > 0 ? mwToDbm(floor + (same + near) / radios) : NOISE_FLOOR_DBM,
    sameChannelMw: same,
    nearChannelMw: near,
  };
}
