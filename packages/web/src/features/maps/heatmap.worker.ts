/**
 * Computes the heat map off the main thread (issue 12 §2): the multi-wall model over a whole floor
 * takes long enough to stutter pan and zoom if it ran on the page. Answers each request with the
 * view's RGBA cells (transferred, not copied).
 */
import { bestApImage, computeHeatmap, overlapImage, signalImage } from '@netloom/domain';
import type { HeatmapRequest, HeatmapResponse } from './heatmapMessages';

// The web package is type-checked with the DOM library, where `self` is a Window; in this file it is
// a dedicated worker's global scope, typed here by the two members used (no WebWorker lib for one file).
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<HeatmapRequest>) => void) | null;
  postMessage(message: HeatmapResponse, transfer: Transferable[]): void;
};

scope.onmessage = (e) => {
  const { seq, input, band, view } = e.data;
  const heatmap = computeHeatmap(input);
  const result = heatmap.bands[band];
  const rgba =
    view === 'signal'
      ? signalImage(heatmap.grid, result)
      : view === 'overlap'
        ? overlapImage(heatmap.grid, result)
        : bestApImage(heatmap.grid, result);
  scope.postMessage(
    { seq, rgba, cols: heatmap.grid.cols, rows: heatmap.grid.rows, cellSizeM: heatmap.grid.cellSizeM },
    [rgba.buffer],
  );
};
