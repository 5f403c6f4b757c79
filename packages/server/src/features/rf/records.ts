/**
 * Figures of an RF optimisation record that the planner does not report itself: the same-channel
 * interference each radio receives under a plan (the same model as `noise()`, per listener), and the
 * change summary of a device's radios.
 */
import { overlap } from './channels';
import {
  buildGraphs,
  dbmToMw,
  type Hearing,
  mwToDbm,
  NOISE_FLOOR_DBM,
  type Plan,
  type RadioNode,
  received,
} from './interference';

/** Same-channel interference (dBm) each radio receives under `plan`; NOISE_FLOOR when none. */
export function sameChannelByRadio(
  radios: readonly RadioNode[],
  hearings: readonly Hearing[],
  plan: Plan,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const g of buildGraphs(radios, hearings)) {
    const now = g.nodes.map((n) => plan.get(n.id) ?? { channel: n.channel, txPower: n.txPower });
    for (const [i, node] of g.nodes.entries()) {
      let mw = 0;
      const mine = now[i];
      for (const e of g.edges[i] ?? []) {
        const other = g.nodes[e.j];
        const theirs = now[e.j];
        if (e.rssiIn === null || !other || !theirs || !mine) continue;
        if (overlap(g.band, theirs.channel, other.width, mine.channel, node.width) < 0.999) continue;
        mw += dbmToMw(received(e.rssiIn, other.txPower, theirs.txPower));
      }
      out.set(node.id, mw > 0 ? round1(mwToDbm(mw)) : NOISE_FLOOR_DBM);
    }
  }
  return out;
}

export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

const BAND_NAMES: Record<string, string> = { '2.4G': '2.4 GHz', '5G': '5 GHz', '6G': '6 GHz' };

/** "5 GHz ch 36 → 52, 23 → 17 dBm" for one radio (only what changes). */
export function radioChangeText(
  band: string,
  before: { channel: number; txPower: number },
  after: { channel: number; txPower: number },
): string {
  const parts: string[] = [];
  if (before.channel !== after.channel) parts.push(`ch ${before.channel} → ${after.channel}`);
  if (before.txPower !== after.txPower) parts.push(`${before.txPower} → ${after.txPower} dBm`);
  return `${BAND_NAMES[band] ?? band} ${parts.join(', ')}`;
}
