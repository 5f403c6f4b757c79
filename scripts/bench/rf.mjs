// Budget (issue 5, RF planner): planning 1,000 APs takes under 2 s. For 50, 200 and 1,000 dual-band
// APs on a synthetic office floor (rfPlanner.ts) it reports the planner's time and the interference
// of its plan — co-channel plus adjacent-channel, each also shown alone — as a ratio to the greedy
// colouring's, both computed in the same run with the same interference model and transmit powers.
import { spawnTs } from './devicesLib.mjs';

const SIZES = (process.env.BENCH_RF_APS ?? '50,200,1000').split(',').map(Number);
const BUDGET_MS = 2000;

export async function run() {
  const lines = [];
  const child = spawnTs('scripts/bench/rfPlanner.ts', [SIZES.join(',')], { onJson: (o) => lines.push(o) });
  await new Promise((resolve) => child.once('close', resolve));
  if (lines.length !== SIZES.length) throw new Error(`RF planner bench printed ${lines.length} results`);
  return lines.map((r) => {
    // Both kinds of interference the model computes: co-channel AND adjacent-channel (overlapping
    // 2.4 GHz channels, wide 5 GHz channels), each against the greedy colouring's of the same run.
    const ratioOf = (a, b) => (b > 0 ? a / b : a > 0 ? Number.POSITIVE_INFINITY : 1);
    const co = ratioOf(r.coChannelMw, r.greedyCoChannelMw);
    const adjacentMw = r.interferenceMw - r.coChannelMw;
    const greedyAdjacentMw = r.greedyInterferenceMw - r.greedyCoChannelMw;
    const adjacent = ratioOf(adjacentMw, greedyAdjacentMw);
    const total = ratioOf(r.interferenceMw, r.greedyInterferenceMw);
    const budgeted = r.aps >= 1000;
    return {
      name: `RF planner, ${r.aps} APs (${r.radios} radios, ${r.hearings} scan entries)`,
      figure:
        `${r.plannerMs.toFixed(0)} ms (greedy ${r.greedyMs.toFixed(0)} ms); total noise ` +
        `${r.beforeTotalDbm.toFixed(1)} → ${r.afterTotalDbm.toFixed(1)} dBm; interference ${total.toFixed(3)}× greedy ` +
        `(co-channel ${co.toFixed(3)}×, adjacent-channel ${adjacent.toFixed(3)}×)`,
      ratio: `${(r.plannerMs / BUDGET_MS).toFixed(2)}× of the ${BUDGET_MS / 1000} s budget`,
      withinBudget: (!budgeted || r.plannerMs < BUDGET_MS) && total <= 1,
    };
  });
}
