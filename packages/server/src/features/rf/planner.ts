/**
 * The RF planner: transmit power per radio, then channels per band, minimising co- and
 * adjacent-channel interference over the interference graph built from the APs' neighbour scans.
 *
 * 1. **Power** (transmit power control, like the classic "third neighbour" rule): a radio heard by
 *    at least `tpcNeighbours` others lowers its power until its `tpcNeighbours`-th loudest listener
 *    hears it at `tpcThresholdDbm`, within 8–29 dBm and the radio's maximum; a radio with fewer
 *    listeners is at a coverage edge and keeps full power.
 * 2. **Channels**: weighted graph colouring. Edge weight = interference both ways in mW at the new
 *    powers; a radio's cost on a channel = Σ overlap(channel, neighbour's channel) × weight. A
 *    DSATUR-like start (heaviest radios first, each takes its cheapest channel given those already
 *    placed, the current channel winning ties), then local search (move any radio to its cheapest
 *    channel until none improves), then iterated local search (seeded random kicks around the most
 *    disturbed radios, keep the best) within an iteration and time budget.
 * `greedyChannels` is the textbook greedy colouring (radios in id order, cheapest channel, no
 * search) that the benchmark compares against.
 */
import { seededRandom, TX_POWER_MAX, TX_POWER_MIN } from '@netloom/domain';
import { type ChannelOptions, type ChannelWidth, candidateChannels, overlap } from './channels';
import {
  type BandGraph,
  buildGraphs,
  dbmToMw,
  type Hearing,
  type NoiseFigures,
  noise,
  type RadioNode,
  type RadioPlan,
  received,
} from './interference';

export interface PlannerOptions {
  /** Seed of the random kicks (the plan is reproducible for a seed and an iteration budget). */
  seed?: number;
  /** Iterated-local-search kicks at most (default 400). */
  maxKicks?: number;
  /** Wall-clock budget of the whole plan in ms (default 1,200); the start and first descent always run. */
  timeBudgetMs?: number;
  /** Change transmit powers (default true). */
  optimisePower?: boolean;
  /**
   * Least relative cut of a band's interference for its channels to change (default 0.1); a power
   * within 1 dB of the current one is kept likewise. 0 takes any improvement.
   */
  minGain?: number;
  tpcThresholdDbm?: number;
  tpcNeighbours?: number;
  channels?: ChannelOptions;
}

export interface PlanResult {
  plan: Map<string, RadioPlan>;
  before: NoiseFigures;
  after: NoiseFigures;
  /** Radios whose channel or power changes. */
  changed: number;
  kicks: number;
  elapsedMs: number;
}

/** Third-neighbour transmit power control; returns the power per radio id. */
export function planPower(graphs: readonly BandGraph[], opts: PlannerOptions = {}): Map<string, number> {
  const threshold = opts.tpcThresholdDbm ?? -70;
  const k = opts.tpcNeighbours ?? 3;
  const out = new Map<string, number>();
  for (const g of graphs) {
    for (const [i, node] of g.nodes.entries()) {
      const max = Math.min(TX_POWER_MAX, node.maxTxPower);
      // How loud each listener hears this radio at full power.
      const heard = (g.edges[i] ?? [])
        .filter((e) => e.rssiOut !== null)
        .map((e) => received(e.rssiOut as number, node.txPower, max))
        .sort((a, b) => b - a);
      const kth = heard[k - 1];
      const wanted = kth === undefined ? max : Math.round(max + (threshold - kth));
      const power = Math.max(TX_POWER_MIN, Math.min(max, wanted));
      // Hysteresis: a change of 1 dB or less is not worth a reconfiguration.
      const keep = (opts.minGain ?? 0.1) > 0 && Math.abs(power - node.txPower) <= 1 && node.txPower <= max;
      out.set(node.id, keep ? node.txPower : power);
    }
  }
  return out;
}

/** One band prepared for fast search: neighbour indices, weights and candidate channels per radio. */
interface Prepared {
  g: BandGraph;
  widths: ChannelWidth[];
  candidates: number[][];
  nbr: Int32Array[];
  weight: Float64Array[];
  /** Total weight per radio (how constrained it is). */
  load: Float64Array;
  /** Overlap by width pair, then `a * 256 + b` for channels a, b (channels are < 256). */
  overlapTables: Map<number, Float64Array>;
}

function prepare(g: BandGraph, power: ReadonlyMap<string, number>, opts: PlannerOptions): Prepared {
  const n = g.nodes.length;
  const widths = g.nodes.map((x) => x.width);
  const byWidth = new Map<ChannelWidth, number[]>();
  const candidates = widths.map((w) => {
    let c = byWidth.get(w);
    if (!c) {
      c = candidateChannels(g.band, w, opts.channels);
      byWidth.set(w, c);
    }
    return c;
  });
  const nbr: Int32Array[] = [];
  const weight: Float64Array[] = [];
  const load = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const edges = g.edges[i] ?? [];
    const me = g.nodes[i] as RadioNode;
    nbr.push(Int32Array.from(edges.map((e) => e.j)));
    weight.push(
      Float64Array.from(
        edges.map((e) => {
          const other = g.nodes[e.j] as RadioNode;
          const pIn = power.get(other.id) ?? other.txPower;
          const pOut = power.get(me.id) ?? me.txPower;
          const wIn = e.rssiIn === null ? 0 : dbmToMw(received(e.rssiIn, other.txPower, pIn));
          const wOut = e.rssiOut === null ? 0 : dbmToMw(received(e.rssiOut, me.txPower, pOut));
          return wIn + wOut;
        }),
      ),
    );
    load[i] = (weight[i] as Float64Array).reduce((a, b) => a + b, 0);
  }
  // Every channel a radio can be on (candidates and current ones), and the overlap tables over them.
  const channels = [...new Set([...candidates.flat(), ...g.nodes.map((x) => x.channel)])];
  const overlapTables = new Map<number, Float64Array>();
  for (const wa of new Set(widths)) {
    for (const wb of new Set(widths)) {
      const table = new Float64Array(256 * 256);
      for (const a of channels) for (const b of channels) table[a * 256 + b] = overlap(g.band, a, wa, b, wb);
      overlapTables.set(wa * 1000 + wb, table);
    }
  }
  return { g, widths, candidates, nbr, weight, load, overlapTables };
}

/** Interference cost of radio i on channel c given the others' channels (unassigned: -1, ignored). */
function costOn(p: Prepared, assign: Int32Array, i: number, c: number): number {
  const nb = p.nbr[i] as Int32Array;
  const w = p.weight[i] as Float64Array;
  const wi = (p.widths[i] as ChannelWidth) * 1000;
  const row = c * 256;
  let cost = 0;
  for (let k = 0; k < nb.length; k++) {
    const j = nb[k] as number;
    const cj = assign[j] as number;
    if (cj < 0) continue;
    const table = p.overlapTables.get(wi + (p.widths[j] as ChannelWidth)) as Float64Array;
    const f = table[row + cj] as number;
    if (f > 0) cost += f * (w[k] as number);
  }
  return cost;
}

/** The cheapest channel of radio i; `keep` wins ties (a radio is not moved for nothing). */
function cheapest(
  p: Prepared,
  assign: Int32Array,
  i: number,
  keep: number,
): { channel: number; cost: number } {
  let best = keep;
  let bestCost = keep >= 0 ? costOn(p, assign, i, keep) : Number.POSITIVE_INFINITY;
  for (const c of p.candidates[i] as number[]) {
    if (c === keep) continue;
    const cost = costOn(p, assign, i, c);
    if (cost < bestCost * (1 - 1e-9) - 1e-18) {
      best = c;
      bestCost = cost;
    }
  }
  return { channel: best, cost: bestCost };
}

function totalCost(p: Prepared, assign: Int32Array): number {
  let sum = 0;
  for (let i = 0; i < assign.length; i++) sum += costOn(p, assign, i, assign[i] as number);
  return sum / 2;
}

/**
 * Moves radios to their cheapest channel until none improves; starts from `dirty` (all when absent).
 * Returns the change of the total cost (weights are symmetric, so a move changes the total by exactly
 * the moved radio's own cost change).
 */
function descend(p: Prepared, assign: Int32Array, dirty?: Iterable<number>): number {
  const n = assign.length;
  const queued = new Uint8Array(n);
  const queue = new Int32Array(n + 1);
  let head = 0;
  let size = 0;
  const push = (i: number) => {
    if (queued[i]) return;
    queued[i] = 1;
    queue[(head + size) % queue.length] = i;
    size++;
  };
  for (const i of dirty ?? Array.from({ length: n }, (_, k) => k)) push(i);
  let delta = 0;
  let guard = n * 64;
  while (size > 0 && guard-- > 0) {
    const i = queue[head] as number;
    head = (head + 1) % queue.length;
    size--;
    queued[i] = 0;
    const current = assign[i] as number;
    const before = costOn(p, assign, i, current);
    const { channel, cost } = cheapest(p, assign, i, current);
    if (channel !== current) {
      assign[i] = channel;
      delta += cost - before;
      for (const j of p.nbr[i] as Int32Array) push(j);
    }
  }
  return delta;
}

/** Binary max-heap of (priority, index) with lazy updates (stale entries are skipped on pop). */
class MaxHeap {
  private readonly keys: number[] = [];
  private readonly vals: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  push(key: number, val: number): void {
    const k = this.keys;
    const v = this.vals;
    k.push(key);
    v.push(val);
    let i = k.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((k[parent] as number) >= key) break;
      k[i] = k[parent] as number;
      v[i] = v[parent] as number;
      i = parent;
    }
    k[i] = key;
    v[i] = val;
  }
  pop(): [number, number] {
    const k = this.keys;
    const v = this.vals;
    const top: [number, number] = [k[0] as number, v[0] as number];
    const lastK = k.pop() as number;
    const lastV = v.pop() as number;
    if (k.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= k.length) break;
        const r = l + 1;
        const c = r < k.length && (k[r] as number) > (k[l] as number) ? r : l;
        if ((k[c] as number) <= lastK) break;
        k[i] = k[c] as number;
        v[i] = v[c] as number;
        i = c;
      }
      k[i] = lastK;
      v[i] = lastV;
    }
    return top;
  }
}

/** Weighted DSATUR start: next = the unplaced radio with the most weight towards placed ones. */
function dsatur(p: Prepared): Int32Array {
  const n = p.g.nodes.length;
  const assign = new Int32Array(n).fill(-1);
  const pressure = new Float64Array(n);
  const heap = new MaxHeap();
  // Ties (nothing placed yet) go to the heaviest radio: its load, scaled below any real pressure.
  let maxLoad = 0;
  for (let i = 0; i < n; i++) maxLoad = Math.max(maxLoad, p.load[i] as number);
  const tiny = maxLoad > 0 ? 1e-9 / maxLoad : 0;
  for (let i = 0; i < n; i++) heap.push((p.load[i] as number) * tiny, i);
  while (heap.size > 0) {
    const [key, i] = heap.pop();
    if (assign[i] !== -1 || key < (pressure[i] as number) + (p.load[i] as number) * tiny - 1e-30) continue;
    const current = (p.g.nodes[i] as RadioNode).channel;
    const keep = (p.candidates[i] as number[]).includes(current) ? current : -1;
    assign[i] = cheapest(p, assign, i, keep).channel;
    const nb = p.nbr[i] as Int32Array;
    const w = p.weight[i] as Float64Array;
    for (let k = 0; k < nb.length; k++) {
      const j = nb[k] as number;
      if (assign[j] !== -1) continue;
      pressure[j] = (pressure[j] as number) + (w[k] as number);
      heap.push((pressure[j] as number) + (p.load[j] as number) * tiny, j);
    }
  }
  return assign;
}

/** The greedy colouring of the baseline: radios in id order, cheapest channel, no tie preference. */
function greedyAssign(p: Prepared): Int32Array {
  const n = p.g.nodes.length;
  const assign = new Int32Array(n).fill(-1);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) =>
    (p.g.nodes[a] as RadioNode).id < (p.g.nodes[b] as RadioNode).id ? -1 : 1,
  );
  for (const i of order) assign[i] = cheapest(p, assign, i, -1).channel;
  return assign;
}

/**
 * The search, then the hysteresis: a new channel plan is taken only when it cuts the band's
 * interference by at least `minGain` against the channels the radios are on now (at the new powers) —
 * re-running an optimisation on a good plan must not reshuffle every radio for nothing.
 */
function searchBand(
  p: Prepared,
  opts: PlannerOptions,
  deadline: number,
  counter: { kicks: number },
): Int32Array {
  const best = searchFromStarts(p, opts, deadline, counter);
  const current = Int32Array.from(p.g.nodes, (node, i) =>
    (p.candidates[i] as number[]).includes(node.channel) ? node.channel : -1,
  );
  if (current.includes(-1)) return best;
  const currentCost = totalCost(p, current);
  const minGain = opts.minGain ?? 0.1;
  return totalCost(p, best) <= currentCost * (1 - minGain) ? best : current;
}

function searchFromStarts(
  p: Prepared,
  opts: PlannerOptions,
  deadline: number,
  counter: { kicks: number },
): Int32Array {
  const n = p.g.nodes.length;
  // Two starts, each followed by a descent; the better one seeds the search. Weighted DSATUR grows
  // the plan from the most constrained radio outwards (each next radio is the one with the most
  // interference towards radios already placed), which keeps neighbourhoods coherent; the id-order
  // greedy start is the baseline's own, so the plan is never worse than the greedy colouring.
  const a = dsatur(p);
  descend(p, a);
  let best = a;
  let bestCost = totalCost(p, a);
  if (bestCost > 0 && Date.now() < deadline) {
    const b = greedyAssign(p);
    descend(p, b);
    const costB = totalCost(p, b);
    if (costB < bestCost) {
      best = b;
      bestCost = costB;
    }
  }
  if (bestCost <= 0) return best;
  const random = seededRandom(opts.seed ?? 1);
  const maxKicks = opts.maxKicks ?? 400;
  let stall = 0;
  while (counter.kicks < maxKicks && stall < 60 && Date.now() < deadline) {
    counter.kicks++;
    const trial = best.slice();
    let cost = bestCost;
    // Kick the most disturbed of a few random radios, and its neighbourhood, onto random channels.
    let centre = Math.floor(random() * n);
    let worst = -1;
    for (let s = 0; s < 4; s++) {
      const i = Math.floor(random() * n);
      const c = costOn(p, trial, i, trial[i] as number);
      if (c > worst) {
        worst = c;
        centre = i;
      }
    }
    const touched = [centre, ...Array.from(p.nbr[centre] as Int32Array).filter(() => random() < 0.5)];
    const dirty = new Set<number>();
    for (const i of touched) {
      const cands = p.candidates[i] as number[];
      const was = costOn(p, trial, i, trial[i] as number);
      trial[i] = cands[Math.floor(random() * cands.length)] as number;
      cost += costOn(p, trial, i, trial[i] as number) - was;
      dirty.add(i);
      for (const j of p.nbr[i] as Int32Array) dirty.add(j);
    }
    cost += descend(p, trial, dirty);
    if (cost < bestCost * (1 - 1e-9)) {
      best = trial;
      // Re-anchor on the exact total now and then, so rounding never accumulates.
      bestCost = counter.kicks % 32 === 0 ? totalCost(p, best) : cost;
      stall = 0;
      if (bestCost <= 0) break;
    } else stall++;
  }
  return best;
}

/** Plans power and channels for every radio; `before`/`after` come from the same model. */
export function planRf(
  radios: readonly RadioNode[],
  hearings: readonly Hearing[],
  opts: PlannerOptions = {},
): PlanResult {
  const started = Date.now();
  const graphs = buildGraphs(radios, hearings);
  const power =
    opts.optimisePower === false ? new Map(radios.map((r) => [r.id, r.txPower])) : planPower(graphs, opts);
  const deadline = started + (opts.timeBudgetMs ?? 1200);
  const counter = { kicks: 0 };
  const plan = new Map<string, RadioPlan>();
  for (const g of graphs) {
    const p = prepare(g, power, opts);
    const assign = searchBand(p, opts, deadline, counter);
    for (const [i, node] of g.nodes.entries()) {
      plan.set(node.id, { channel: assign[i] as number, txPower: power.get(node.id) ?? node.txPower });
    }
  }
  const changed = radios.filter((r) => {
    const x = plan.get(r.id);
    return x !== undefined && (x.channel !== r.channel || x.txPower !== r.txPower);
  }).length;
  return {
    plan,
    before: noise(graphs, new Map()),
    after: noise(graphs, plan),
    changed,
    kicks: counter.kicks,
    elapsedMs: Date.now() - started,
  };
}

/**
 * Baseline: greedy colouring — radios in id order, each takes the cheapest channel given the radios
 * already placed; no search. `power` lets the comparison use the planner's powers.
 */
export function greedyChannels(
  radios: readonly RadioNode[],
  hearings: readonly Hearing[],
  opts: PlannerOptions & { power?: ReadonlyMap<string, number> } = {},
): Map<string, RadioPlan> {
  const graphs = buildGraphs(radios, hearings);
  const power = opts.power ?? new Map(radios.map((r) => [r.id, r.txPower]));
  const plan = new Map<string, RadioPlan>();
  for (const g of graphs) {
    const p = prepare(g, power, opts);
    const assign = greedyAssign(p);
    for (const [i, node] of g.nodes.entries()) {
      plan.set(node.id, { channel: assign[i] as number, txPower: power.get(node.id) ?? node.txPower });
    }
  }
  return plan;
}

/** Interference of a plan under the model (for baselines and records). */
export function planNoise(
  radios: readonly RadioNode[],
  hearings: readonly Hearing[],
  plan: ReadonlyMap<string, RadioPlan>,
): NoiseFigures {
  return noise(buildGraphs(radios, hearings), plan);
}
