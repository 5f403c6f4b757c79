// Budget (issue 12 §2, Wi-Fi heat map): 50 APs, 200 wall segments, a 100 m × 60 m floor at 0.25 m
// cells → the full heat map (both bands: best signal, best AP, co-channel overlap) in under 500 ms on
// this 2-core machine, single-threaded. heatmapRun.ts prints the median of 5 runs, cells × APs per
// second, and the naive every-wall-per-ray implementation measured in the same run on the same input,
// whose result must be the same (within 1e-6 dB, same best AP and overlap in every cell).
import { spawnTs } from './devicesLib.mjs';

const BUDGET_MS = 500;

export async function run() {
  const lines = [];
  const child = spawnTs('scripts/bench/heatmapRun.ts', [], { onJson: (o) => lines.push(o) });
  await new Promise((resolve) => child.once('close', resolve));
  const r = lines[0];
  if (!r) throw new Error(`heat-map bench printed nothing: ${child.text.join('\n')}`);
  const perSecond = (ms) => ((r.cells * r.aps) / (ms / 1000) / 1e6).toFixed(1);
  const same = r.maxDiffDb <= 1e-6 && r.apMismatches === 0 && r.overlapMismatches === 0;
  const range = `${Math.min(...r.fastMs).toFixed(0)}–${Math.max(...r.fastMs).toFixed(0)}`;
  return [
    {
      name: `Wi-Fi heat map, ${r.aps} APs × ${r.segments} wall segments, ${r.cols}×${r.rows} cells (load ${r.load
        .map((l) => l.toFixed(2))
        .join(' ')})`,
      figure:
        `${r.medianMs.toFixed(0)} ms median of 5 (${range} ms; CPU ${r.medianCpuMs.toFixed(0)} ms), ` +
        `${perSecond(r.medianMs)} M cell·APs/s; naive every-wall ${(r.naiveMs / 1000).toFixed(1)} s ` +
        `(${perSecond(r.naiveMs)} M cell·APs/s, ${(r.naiveMs / r.medianMs).toFixed(0)}× slower); ` +
        (same
          ? `same result (max Δ ${r.maxDiffDb.toExponential(1)} dB)`
          : `DIFFERENT result: max Δ ${r.maxDiffDb} dB, ${r.apMismatches} best-AP and ${r.overlapMismatches} overlap cells`),
      ratio: `${(r.medianMs / BUDGET_MS).toFixed(2)}× of the ${BUDGET_MS} ms budget`,
      withinBudget: r.medianMs < BUDGET_MS && same,
    },
  ];
}
