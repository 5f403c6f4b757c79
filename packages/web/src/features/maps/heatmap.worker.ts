/**
 * Computes the heat map and the AP plan off the main thread (issue 12 §2, issue 15): the multi-wall
 * model over a whole floor takes long enough to stutter pan and zoom if it ran on the page. Answers
 * each request with the view's RGBA cells (transferred, not copied).
 */
import {
  type ApPlan,
  bestApImage,
  computeHeatmap,
  type HeatmapAp,
  overlapImage,
  planAps,
  signalImage,
} from '@netloom/domain';
import type {
  HeatmapPixels,
  HeatmapRequest,
  PlanRequest,
  WorkerRequest,
  WorkerResponse,
} from './heatmapMessages';

// The web package is type-checked with the DOM library, where `self` is a Window; in this file it is
// a dedicated worker's global scope, typed here by the two members used (no WebWorker lib for one file).
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerResponse, transfer: Transferable[]): void;
};

function heatmap({ input, band, view }: HeatmapRequest): HeatmapPixels {
  const heat = computeHeatmap(input);
  const result = heat.bands[band];
  const rgba =
    view === 'signal'
      ? signalImage(heat.grid, result)
      : view === 'overlap'
        ? overlapImage(heat.grid, result)
        : bestApImage(heat.grid, result);
  return { rgba, cols: heat.grid.cols, rows: heat.grid.rows, cellSizeM: heat.grid.cellSizeM };
}

/** The signal of the kept APs and the proposed ones, on the band planned. */
function proposalHeatmap({ plan, cellSizeM }: PlanRequest, result: ApPlan): HeatmapPixels {
  const proposed: HeatmapAp[] = result.positions.map((p, i) => ({
    id: `plan-${i + 1}`,
    ...p,
    radios: [result.radio],
  }));
  return heatmap({
    kind: 'heatmap',
    seq: 0,
    input: {
      floor: { ...plan.floor, cellSizeM },
      walls: plan.walls,
      aps: [...(plan.fixed ?? []), ...proposed],
      exponent: plan.exponent,
    },
    band: plan.band,
    view: 'signal',
  });
}

scope.onmessage = (e) => {
  const request = e.data;
  if (request.kind === 'heatmap') {
    const pixels = heatmap(request);
    scope.postMessage({ kind: 'heatmap', seq: request.seq, ...pixels }, [pixels.rgba.buffer]);
    return;
  }
  const outcome = planAps(request.plan);
  const heat = outcome.ok ? proposalHeatmap(request, outcome.plan) : null;
  scope.postMessage({ kind: 'plan', seq: request.seq, outcome, heat }, heat ? [heat.rgba.buffer] : []);
};
