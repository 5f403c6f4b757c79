// The Wi-Fi heat map bench, run with tsx by heatmap.mjs (issue 12 §2 budget): 50 dual-band APs and 200
// wall segments on a 100 m × 60 m floor at 0.25 m cells (the seeded synthetic office of the domain's
// tests). One warm-up, then the fast heat map 5 times (wall clock and CPU time of each), then the
// naive every-wall-per-ray reference once on the same input, and the two results compared cell by
// cell. Prints one JSON line.
import { loadavg } from 'node:os';
import { computeHeatmap, computeHeatmapNaive, HEATMAP_BANDS, type Heatmap } from '../../packages/domain/src';
import { syntheticFloor } from '../../packages/domain/src/heatmap/syntheticFloor';

const APS = 50;
const SEGMENTS = 200;
const RUNS = 5;

const input = syntheticFloor({
  seed: 12,
  widthM: 100,
  heightM: 60,
  cellSizeM: 0.25,
  aps: APS,
  segments: SEGMENTS,
});

function timed(run: () => Heatmap): { map: Heatmap; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const map = run();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { map, ms, cpuMs: (used.user + used.system) / 1000 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

timed(() => computeHeatmap(input));
const fast = Array.from({ length: RUNS }, () => timed(() => computeHeatmap(input)));
const naive = timed(() => computeHeatmapNaive(input));

// Identical or within 1e-6 dB: the largest signal difference, and cells whose best AP or overlap differ.
let maxDiffDb = 0;
let apMismatches = 0;
let overlapMismatches = 0;
const a = (fast[0] as { map: Heatmap }).map;
for (const band of HEATMAP_BANDS) {
  const f = a.bands[band];
  const n = naive.map.bands[band];
  for (let c = 0; c < n.bestDbm.length; c++) {
    const x = f.bestDbm[c] as number;
    const y = n.bestDbm[c] as number;
    if (x !== y) maxDiffDb = Math.max(maxDiffDb, Math.abs(x - y));
    if (f.bestAp[c] !== n.bestAp[c]) apMismatches++;
    if (f.overlap[c] !== n.overlap[c]) overlapMismatches++;
  }
}

const cells = a.grid.cols * a.grid.rows;
console.log(
  JSON.stringify({
    aps: APS,
    segments: SEGMENTS,
    cols: a.grid.cols,
    rows: a.grid.rows,
    cells,
    fastMs: fast.map((r) => r.ms),
    fastCpuMs: fast.map((r) => r.cpuMs),
    medianMs: median(fast.map((r) => r.ms)),
    medianCpuMs: median(fast.map((r) => r.cpuMs)),
    naiveMs: naive.ms,
    naiveCpuMs: naive.cpuMs,
    maxDiffDb,
    apMismatches,
    overlapMismatches,
    load: loadavg(),
  }),
);
