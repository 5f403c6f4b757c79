import type { ReactFlowState } from '@xyflow/react';

/**
 * Below this zoom a node's words are a few pixels high and cannot be read: nodes draw as their
 * status colour and type icon only, links without labels. At 1,000 devices fitted on screen, the
 * words are most of what the browser paints on every frame of a pan (the `topology-ui` bench).
 */
export const DETAIL_MIN_ZOOM = 0.2;

/** React Flow store selector: the drawing is zoomed out below {@link DETAIL_MIN_ZOOM} (the canvas then wears `nl-topo-far`). */
export const zoomedOut = (s: ReactFlowState): boolean => s.transform[2] < DETAIL_MIN_ZOOM;
