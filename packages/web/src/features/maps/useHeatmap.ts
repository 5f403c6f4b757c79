import type { HeatmapBand, HeatmapInput } from '@netloom/domain';
import { useEffect, useRef, useState } from 'react';
import type { HeatmapView } from './heatmapInput';
import type { HeatmapPixels, HeatmapRequest, WorkerResponse } from './heatmapMessages';

/** The drawn overlay: a canvas of one pixel per cell, and the cell size in metres. */
export interface HeatmapOverlay {
  canvas: HTMLCanvasElement;
  cellSizeM: number;
  cols: number;
  rows: number;
}

/** One pixel per cell on a canvas the plan scales. */
export function toCanvas(r: HeatmapPixels): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = r.cols;
  canvas.height = r.rows;
  const ctx = canvas.getContext('2d');
  if (ctx) ctx.putImageData(new ImageData(new Uint8ClampedArray(r.rgba), r.cols, r.rows), 0, 0);
  return canvas;
}

/**
 * The heat map of `input` for one band and view, computed in a worker started with the page. A new
 * input (walls saved, an AP moved, a radio changed) asks again; only the latest answer is shown.
 */
export function useHeatmap(
  input: HeatmapInput | null,
  band: HeatmapBand,
  view: HeatmapView,
  enabled: boolean,
) {
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
  const [overlay, setOverlay] = useState<HeatmapOverlay | null>(null);
  /** The input the latest request was computed from, and the one the shown overlay came from. */
  const requested = useRef<HeatmapInput | null>(null);
  const [shownInput, setShownInput] = useState<HeatmapInput | null>(null);
  const [computing, setComputing] = useState(false);

  useEffect(() => {
    const w = new Worker(new URL('./heatmap.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<WorkerResponse>) => {
      if (e.data.kind !== 'heatmap' || e.data.seq !== seq.current) return;
      setOverlay({
        canvas: toCanvas(e.data),
        cellSizeM: e.data.cellSizeM,
        cols: e.data.cols,
        rows: e.data.rows,
      });
      setShownInput(requested.current);
      setComputing(false);
    };
    worker.current = w;
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, []);

  const key = input && enabled ? JSON.stringify([input, band, view]) : null;
  useEffect(() => {
    const w = worker.current;
    seq.current += 1;
    if (!w || key === null) {
      setOverlay(null);
      setShownInput(null);
      setComputing(false);
      return;
    }
    setComputing(true);
    const request = JSON.parse(key) as [HeatmapInput, HeatmapBand, HeatmapView];
    requested.current = request[0];
    const message: HeatmapRequest = {
      kind: 'heatmap',
      seq: seq.current,
      input: request[0],
      band: request[1],
      view: request[2],
    };
    w.postMessage(message);
  }, [key]);

  return { overlay, computing, shownInput };
}
