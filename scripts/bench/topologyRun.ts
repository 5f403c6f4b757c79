// The topology layout bench, run with tsx by topology.mjs (issue 12 §3 budget: layout of 1,000 nodes
// < 1 s): the page's own layout code (`elkLayout.ts`, the options the Web Worker runs) with elkjs's
// bundled engine in Node, on a generated 1,000-node site. One warm-up, then 5 runs per direction
// (wall clock and CPU time of each). Prints one JSON line.
import { loadavg } from 'node:os';
import ELK from 'elkjs/lib/elk.bundled.js';
import {
  generatedTopology,
  LAYOUT_DIRECTIONS,
  type LayoutDirection,
  layoutTopologyWith,
} from '../../packages/web/src/features/topology/elkLayout';

const NODES = 1000;
const RUNS = 5;

const graph = generatedTopology(NODES);
const engine = new ELK();

async function timed(direction: LayoutDirection) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const layout = await layoutTopologyWith(engine, graph, direction, graph.depth);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (layout.nodes.length !== graph.nodes.length) throw new Error('the layout lost nodes');
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

await timed('vertical');
const out: Record<string, { ms: number[]; cpuMs: number[] }> = {};
for (const direction of LAYOUT_DIRECTIONS) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await timed(direction));
  out[direction] = { ms: runs.map((r) => r.ms), cpuMs: runs.map((r) => r.cpuMs) };
}
console.log(
  JSON.stringify({
    nodes: graph.nodes.length,
    edges: graph.edges.length,
    depth: graph.depth,
    load: loadavg(),
    directions: Object.fromEntries(
      Object.entries(out).map(([d, r]) => [
        d,
        {
          medianMs: median(r.ms),
          medianCpuMs: median(r.cpuMs),
          minMs: Math.min(...r.ms),
          maxMs: Math.max(...r.ms),
        },
      ]),
    ),
  }),
);
