/**
 * The AP planner (issue 15, "plan on a floor plan"; docs/heatmap.md "Planning APs"): proposes where to
 * put the fewest APs so that a coverage goal (95 % of the floor by default) hears the target signal
 * (−67 dBm) — with the heat map's own model: path loss from free space at 1 m, the exponent, and the
 * §9 wall losses painted by the same shadow scan (`shadow.ts`).
 *
 * 1. A coarse raster (about `PLAN_TARGET_CELLS` cells) and a candidate grid (about
 *    `PLAN_TARGET_CANDIDATES` positions). Each candidate's signal is computed once, kept as the list of
 *    cells it covers at the target.
 * 2. Greedy set cover: add the candidate covering the most still-uncovered cells until the goal is met
 *    (or `AP_PLAN_MAX_APS`). Ties go to the lower candidate index: the plan is deterministic.
 * 3. Refinement: move each AP to the best neighbouring candidate while coverage rises; then try to
 *    drop each AP (repairing with moves); finally drop any AP the goal does not need. So no AP of the
 *    result can be removed without falling below the goal.
 */
import { ERR, type ErrorCode, errorMessage } from '../errors/catalogue';
import { DEFAULT_PATH_LOSS_EXPONENT } from './constants';
import { channelFrequencyMhz, distanceTermDb, referenceLossDb } from './pathLoss';
import { AP_PLAN_MAX_APS, apPlanRadio } from './planOptions';
import { shadowContext, shadowWallLoss } from './shadow';
import type { HeatmapAp, HeatmapBand, HeatmapRadio, HeatmapWall } from './types';
import { buildWallSet } from './walls';

/** About this many cells in the planner's raster: a 2,000 m² floor at about 0.8 m. */
export const PLAN_TARGET_CELLS = 3_000;
/** Never finer than this, metres (a small room still gets a few dozen cells). */
export const PLAN_MIN_CELL_M = 0.5;
/** About this many candidate positions: one every 2.2 m on a 2,000 m² floor. */
export const PLAN_TARGET_CANDIDATES = 400;
/** Never closer than this, metres. */
export const PLAN_MIN_CANDIDATE_SPACING_M = 1;
/** Rounds of moves in one refinement (each round tries every AP once). */
const MOVE_ROUNDS = 4;

export interface ApPlanInput {
  floor: { widthM: number; heightM: number };
  walls: readonly HeatmapWall[];
  band: HeatmapBand;
  /** Catalogue AP model of the proposed APs. */
  model: string;
  targetDbm: number;
  /** Goal, % of the floor's cells at or above the target. */
  coveragePct: number;
  /** Placed APs kept where they are (with their live radios); the plan adds to them. */
  fixed?: readonly HeatmapAp[];
  exponent?: Partial<Record<HeatmapBand, number>>;
}

export interface ApPlan {
  /** The catalogue model and the band planned. */
  model: string;
  band: HeatmapBand;
  /** Proposed APs, metres from the plan's top-left corner, in the order they are numbered. */
  positions: { x: number; y: number }[];
  /** The radio each proposed AP is planned with. */
  radio: HeatmapRadio;
  /** Placed APs counted (kept fixed). */
  fixedCount: number;
  /** % of cells at or above the target with the fixed and the proposed APs. */
  coveragePct: number;
  /** The best coverage with one proposed AP fewer (null when none is proposed). */
  oneFewerPct: number | null;
  goalReached: boolean;
  areaM2: number;
  /** "4 APs: 96 % of 420 m² at ≥ −67 dBm; 3 reach only 88 %." */
  summary: string;
  /** Why the goal was not reached (538), when it was not. */
  shortfall: { code: ErrorCode; message: string } | null;
  /** The planner's raster and candidate grid, metres. */
  cellSizeM: number;
  candidateSpacingM: number;
}

export type ApPlanOutcome = { ok: true; plan: ApPlan } | { ok: false; code: ErrorCode; message: string };

/** Cells each candidate covers, and what the fixed APs already cover. */
interface Coverage {
  cells: number;
  need: number;
  /** Covered cell indices per candidate. */
  lists: Int32Array[];
  /** Per cell: how many fixed APs cover it. */
  fixedCount: Uint16Array;
  candidates: { x: number; y: number }[];
  /** Candidate grid: cols × rows, index = row · cols + col. */
  candCols: number;
  candRows: number;
}

function rasterOf(widthM: number, heightM: number) {
  const area = widthM * heightM;
  const cellSizeM = Math.max(PLAN_MIN_CELL_M, Math.sqrt(area / PLAN_TARGET_CELLS));
  const spacing = Math.max(PLAN_MIN_CANDIDATE_SPACING_M, Math.sqrt(area / PLAN_TARGET_CANDIDATES));
  return {
    cellSizeM,
    cols: Math.max(1, Math.ceil(widthM / cellSizeM - 1e-9)),
    rows: Math.max(1, Math.ceil(heightM / cellSizeM - 1e-9)),
    spacing,
    candCols: Math.max(1, Math.round(widthM / spacing)),
    candRows: Math.max(1, Math.round(heightM / spacing)),
  };
}

/** Every candidate's and fixed AP's covered cells, each AP's wall losses painted once. */
function coverage(input: ApPlanInput, radio: HeatmapRadio, r: ReturnType<typeof rasterOf>): Coverage {
  const { cols, rows, cellSizeM, candCols, candRows } = r;
  const { widthM, heightM } = input.floor;
  const cells = cols * rows;
  const candidates: { x: number; y: number }[] = [];
  for (let j = 0; j < candRows; j++)
    for (let i = 0; i < candCols; i++)
      candidates.push({ x: ((i + 0.5) * widthM) / candCols, y: ((j + 0.5) * heightM) / candRows });
  const fixed = (input.fixed ?? []).flatMap((ap) => {
    const own = ap.radios.find((x) => x.band === input.band);
    return own ? [{ x: ap.x, y: ap.y, radio: own }] : [];
  });
  const set = buildWallSet(input.walls);
  const ctx = shadowContext(set, cols, rows, cellSizeM, [...candidates, ...fixed]);
  const exponent = input.exponent?.[input.band] ?? DEFAULT_PATH_LOSS_EXPONENT[input.band];
  const wallLoss = new Float64Array(cells);
  const scratch = new Int32Array(cells);
  const covered = (x: number, y: number, rr: HeatmapRadio): Int32Array => {
    const base = rr.txPowerDbm + rr.gainDbi - referenceLossDb(channelFrequencyMhz(input.band, rr.channel));
    shadowWallLoss(ctx, x, y, wallLoss);
    let n = 0;
    for (let j = 0; j < rows; j++) {
      const dy = (j + 0.5) * cellSizeM - y;
      for (let i = 0; i < cols; i++) {
        const dx = (i + 0.5) * cellSizeM - x;
        const c = j * cols + i;
        const dbm = base - exponent * distanceTermDb(dx * dx + dy * dy) - (wallLoss[c] as number);
        if (dbm >= input.targetDbm) scratch[n++] = c;
      }
    }
    return scratch.slice(0, n);
  };
  const fixedCount = new Uint16Array(cells);
  for (const f of fixed)
    for (const c of covered(f.x, f.y, f.radio)) fixedCount[c] = (fixedCount[c] as number) + 1;
  return {
    cells,
    need: Math.ceil((input.coveragePct / 100) * cells - 1e-9),
    lists: candidates.map((p) => covered(p.x, p.y, radio)),
    fixedCount,
    candidates,
    candCols,
    candRows,
  };
}

/** The chosen candidates and how many APs cover each cell; coverage changes are computed incrementally. */
class Selection {
  readonly count: Uint16Array;
  covered = 0;
  chosen: number[] = [];
  constructor(private readonly cov: Coverage) {
    this.count = cov.fixedCount.slice();
    for (const c of this.count) if (c > 0) this.covered++;
  }
  add(k: number): void {
    const count = this.count;
    for (const c of this.cov.lists[k] as Int32Array) {
      const n = count[c] as number;
      if (n === 0) this.covered++;
      count[c] = n + 1;
    }
    this.chosen.push(k);
  }
  remove(at: number): void {
    const k = this.chosen[at] as number;
    const count = this.count;
    for (const c of this.cov.lists[k] as Int32Array) {
      const n = (count[c] as number) - 1;
      if (n === 0) this.covered--;
      count[c] = n;
    }
    this.chosen.splice(at, 1);
  }
  /** Cells `k` would newly cover. */
  gain(k: number): number {
    let g = 0;
    for (const c of this.cov.lists[k] as Int32Array) if (this.count[c] === 0) g++;
    return g;
  }
  /** Cells only the AP at `at` covers (lost if it goes). */
  sole(at: number): number {
    let s = 0;
    for (const c of this.cov.lists[this.chosen[at] as number] as Int32Array) if (this.count[c] === 1) s++;
    return s;
  }
  /** Coverage after moving the AP at `at` to candidate k. */
  movedTo(at: number, k: number): number {
    const from = this.cov.lists[this.chosen[at] as number] as Int32Array;
    const count = this.count;
    for (const c of from) count[c] = (count[c] as number) - 1;
    let lost = 0;
    for (const c of from) if (count[c] === 0) lost++;
    const result = this.covered - lost + this.gain(k);
    for (const c of from) count[c] = (count[c] as number) + 1;
    return result;
  }
  move(at: number, k: number): void {
    this.remove(at);
    this.add(k);
    // keep the AP's place in the numbering
    this.chosen.splice(at, 0, this.chosen.pop() as number);
  }
}

function greedy(cov: Coverage, sel: Selection): void {
  while (sel.covered < cov.need && sel.chosen.length < AP_PLAN_MAX_APS) {
    let best = -1;
    let bestGain = 0;
    for (let k = 0; k < cov.lists.length; k++) {
      const g = sel.gain(k);
      if (g > bestGain) {
        bestGain = g;
        best = k;
      }
    }
    if (best < 0) return;
    sel.add(best);
  }
}

/** Neighbouring candidates of k (the 8 around it on the candidate grid). */
function neighbours(cov: Coverage, k: number): number[] {
  const ci = k % cov.candCols;
  const cj = Math.floor(k / cov.candCols);
  const out: number[] = [];
  for (let dj = -1; dj <= 1; dj++)
    for (let di = -1; di <= 1; di++) {
      const i = ci + di;
      const j = cj + dj;
      if ((di !== 0 || dj !== 0) && i >= 0 && j >= 0 && i < cov.candCols && j < cov.candRows)
        out.push(j * cov.candCols + i);
    }
  return out;
}

/** Hill climbing: each AP to its best neighbour while coverage strictly rises. Stops early at `stopAt`. */
function improveByMoves(cov: Coverage, sel: Selection, stopAt = Number.POSITIVE_INFINITY): void {
  for (let round = 0; round < MOVE_ROUNDS; round++) {
    let moved = false;
    for (let at = 0; at < sel.chosen.length; at++) {
      let best = -1;
      let bestCovered = sel.covered;
      for (const k of neighbours(cov, sel.chosen[at] as number)) {
        if (sel.chosen.includes(k)) continue;
        const c = sel.movedTo(at, k);
        if (c > bestCovered) {
          bestCovered = c;
          best = k;
        }
      }
      if (best >= 0) {
        sel.move(at, best);
        moved = true;
        if (sel.covered >= stopAt) return;
      }
    }
    if (!moved) return;
  }
}

/** Tries to do without each AP (least needed first), letting the others move to close the gap. */
function dropWithRepair(cov: Coverage, sel: Selection): void {
  let dropped = true;
  while (dropped && sel.chosen.length > 0) {
    dropped = false;
    const order = sel.chosen
      .map((k, at) => ({ k, sole: sel.sole(at) }))
      .sort((a, b) => a.sole - b.sole || a.k - b.k);
    for (const { k } of order) {
      const before = sel.chosen.slice();
      sel.remove(sel.chosen.indexOf(k));
      if (sel.covered < cov.need) improveByMoves(cov, sel, cov.need);
      if (sel.covered >= cov.need) {
        dropped = true;
        break;
      }
      restore(sel, before);
    }
  }
}

function restore(sel: Selection, chosen: readonly number[]): void {
  while (sel.chosen.length > 0) sel.remove(sel.chosen.length - 1);
  for (const k of chosen) sel.add(k);
}

/** Drops every AP the goal does not need (so none of the result can go). */
function dropRedundant(cov: Coverage, sel: Selection): void {
  for (let at = sel.chosen.length - 1; at >= 0; at--) {
    if (sel.covered - sel.sole(at) >= cov.need) sel.remove(at);
  }
}

const pct = (covered: number, cells: number) => (cells === 0 ? 0 : (100 * covered) / cells);
/** Shown rounded down: "95 %" is never said of 94.8 %. */
const shownPct = (p: number) => `${Math.floor(p + 1e-9)} %`;
const aps = (n: number) => `${n} AP${n === 1 ? '' : 's'}`;
const reaches = (n: number) => (n === 1 ? 'reaches' : 'reach');

/** Proposes AP positions for the goal; refuses (539) a model without a radio on the band. */
export function planAps(input: ApPlanInput): ApPlanOutcome {
  const radio = apPlanRadio(input.model, input.band);
  if (!radio) return { ok: false, code: ERR.AP_PLAN_NO_RADIO, message: errorMessage(ERR.AP_PLAN_NO_RADIO) };
  const { widthM, heightM } = input.floor;
  if (!(widthM > 0) || !(heightM > 0)) throw new RangeError('floor width and height must be positive');
  const raster = rasterOf(widthM, heightM);
  const cov = coverage(input, radio, raster);
  const sel = new Selection(cov);
  greedy(cov, sel);
  improveByMoves(cov, sel);
  if (sel.covered >= cov.need) {
    dropWithRepair(cov, sel);
    dropRedundant(cov, sel);
  }
  let oneFewer: number | null = null;
  for (let at = 0; at < sel.chosen.length; at++)
    oneFewer = Math.max(oneFewer ?? 0, sel.covered - sel.sole(at));
  const coveragePct = pct(sel.covered, cov.cells);
  const oneFewerPct = oneFewer === null ? null : pct(oneFewer, cov.cells);
  const goalReached = sel.covered >= cov.need;
  const areaM2 = widthM * heightM;
  const fixedCount = (input.fixed ?? []).length;
  const summary = planSummary({
    proposed: sel.chosen.length,
    fixedCount,
    coveragePct,
    oneFewerPct,
    goalReached,
    areaM2,
    targetDbm: input.targetDbm,
  });
  return {
    ok: true,
    plan: {
      model: input.model,
      band: input.band,
      positions: sel.chosen.map((k) => cov.candidates[k] as { x: number; y: number }),
      radio,
      fixedCount,
      coveragePct,
      oneFewerPct,
      goalReached,
      areaM2,
      summary,
      shortfall: goalReached ? null : { code: ERR.AP_PLAN_GOAL_UNREACHABLE, message: summary },
      cellSizeM: raster.cellSizeM,
      candidateSpacingM: raster.spacing,
    },
  };
}

/** The plan in one sentence: how many APs, what they reach, and what one fewer would. */
export function planSummary(p: {
  proposed: number;
  fixedCount: number;
  coveragePct: number;
  oneFewerPct: number | null;
  goalReached: boolean;
  areaM2: number;
  targetDbm: number;
}): string {
  const who = p.fixedCount > 0 ? `${aps(p.fixedCount)} placed + ${p.proposed} new` : aps(p.proposed);
  const reach = `${shownPct(p.coveragePct)} of ${Math.round(p.areaM2).toLocaleString('en-US')} m² at ≥ ${p.targetDbm} dBm`;
  if (!p.goalReached)
    return `${errorMessage(ERR.AP_PLAN_GOAL_UNREACHABLE)} ${who}${p.proposed === AP_PLAN_MAX_APS ? ' (the most a plan proposes)' : ''} ${reaches(p.fixedCount + p.proposed)} ${reach}.`;
  if (p.proposed === 0) return `The placed APs already reach ${reach}: no new AP needed.`;
  const fewer =
    p.oneFewerPct === null || (p.proposed === 1 && p.fixedCount === 0)
      ? ''
      : `; ${p.fixedCount > 0 ? `${p.proposed - 1} new` : aps(p.proposed - 1)} ${reaches(p.fixedCount + p.proposed - 1)} only ${shownPct(p.oneFewerPct)}`;
  return `${who}: ${reach}${fewer}.`;
}
