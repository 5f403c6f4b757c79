// Budget (issue 5, RF planner): planning 1,000 APs takes under 2 s. For 50, 200 and 1,000 dual-band
// APs on a synthetic office floor (rfPlanner.ts) it reports the planner's time and the co-channel
// interference of its plan as a ratio to the greedy colouring's, both computed in the same run with
// the same interference model and the same transmit powers.
import { spawnTs } from './devicesLib.mjs';

const SIZES = (process.env.BENCH_RF_APS ?? '50,200,1000').split(',').map(Number);
const BUDGET_MS = 2000;

export async function run() {
  const lines = [];
  const child = spawnTs('scripts/bench/rfPlanner.ts', [SIZES.join(',')], { onJson: (o) => lines.push(o) });
  await new Promise((resolve) => child.once('close', resolve));
  if (lines.length !== SIZES.length) throw new Error(`RF planner bench printed ${lines.length} results`);
  return lines.map((r) => {
    const co = r.greedyCoChannelMw > 0 ? r.coChannelMw / r.greedyCoChannelMw : 1;
    const budgeted = r.aps >= 1000;
    return {
      name: `RF planner, ${r.aps} APs (${r.radios} radios, ${r.hearings} scan entries)`,
      figure:
        `${r.plannerMs.toFixed(0)} ms (greedy ${r.greedyMs.toFixed(0)} ms); total noise ` +
        `${r.beforeTotalDbm.toFixed(1)} → ${r.afterTotalDbm.toFixed(1)} dBm; co-channel ${co.toFixed(3)}× greedy`,
      ratio: `${(r.plannerMs / BUDGET_MS).toFixed(2)}× of the ${BUDGET_MS / 1000} s budget`,
      withinBudget: (!budgeted || r.plannerMs < BUDGET_MS) && co <= 1,
    };
  });
}
