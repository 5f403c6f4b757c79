import type { ApPlan, ApPlanInput } from '@netloom/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlanRequest, WorkerResponse } from './heatmapMessages';
import { type HeatmapOverlay, toCanvas } from './useHeatmap';

/** What the planner shows: the plan and its heat map, or why there is none. */
export type ApPlanState =
  | { status: 'idle' }
  | { status: 'planning' }
  | { status: 'done'; plan: ApPlan; overlay: HeatmapOverlay | null }
  | { status: 'refused'; message: string };

/**
 * The AP planner, in a worker of its own (started on the first plan): planning a large floor takes a
 * few hundred milliseconds, which must stall neither the page nor the heat map's own worker.
 */
export function useApPlan() {
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
  const [state, setState] = useState<ApPlanState>({ status: 'idle' });

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  const run = useCallback((plan: ApPlanInput, cellSizeM: number) => {
    if (!worker.current) {
      const w = new Worker(new URL('./heatmap.worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (e: MessageEvent<WorkerResponse>) => {
        const r = e.data;
        if (r.kind !== 'plan' || r.seq !== seq.current) return;
        if (!r.outcome.ok) {
          setState({ status: 'refused', message: r.outcome.message });
          return;
        }
        const overlay = r.heat
          ? { canvas: toCanvas(r.heat), cellSizeM: r.heat.cellSizeM, cols: r.heat.cols, rows: r.heat.rows }
          : null;
        setState({ status: 'done', plan: r.outcome.plan, overlay });
      };
      worker.current = w;
    }
    seq.current += 1;
    setState({ status: 'planning' });
    const message: PlanRequest = { kind: 'plan', seq: seq.current, plan, cellSizeM };
    worker.current.postMessage(message);
  }, []);

  const discard = useCallback(() => {
    seq.current += 1;
    setState({ status: 'idle' });
  }, []);

  return { state, run, discard };
}
