// Budget (issue 12 §3, network topology): the layout of 1,000 nodes in under 1 s on this 2-core
// machine. topologyRun.ts runs the page's own layout code (elkLayout.ts, the elkjs options of the Web
// Worker) with elkjs's bundled engine in Node on a generated 1,000-node site, 5 runs per direction,
// and prints the medians; the slower direction is held to the budget.
import { spawnTs } from './devicesLib.mjs';

const BUDGET_MS = 1000;

export async function run() {
  const lines = [];
  const child = spawnTs('scripts/bench/topologyRun.ts', [], { onJson: (o) => lines.push(o) });
  await new Promise((resolve) => child.once('close', resolve));
  const r = lines[0];
  if (!r) throw new Error(`topology bench printed nothing: ${child.text.join('\n')}`);
  return Object.entries(r.directions).map(([direction, d]) => ({
    name: `Topology layout (elkjs layered, ${direction}), ${r.nodes} nodes, ${r.edges} links, depth ${r.depth} (load ${r.load
      .map((l) => l.toFixed(2))
      .join(' ')})`,
    figure: `${d.medianMs.toFixed(0)} ms median of 5 (${d.minMs.toFixed(0)}–${d.maxMs.toFixed(0)} ms; CPU ${d.medianCpuMs.toFixed(0)} ms)`,
    ratio: `${(d.medianMs / BUDGET_MS).toFixed(2)}× of the ${BUDGET_MS} ms budget`,
    withinBudget: d.medianMs < BUDGET_MS,
  }));
}
