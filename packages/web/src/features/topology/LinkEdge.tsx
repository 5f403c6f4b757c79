import {
  BaseEdge,
  type Edge,
  EdgeLabelRenderer,
  type EdgeProps,
  getSmoothStepPath,
  Position,
  type ReactFlowState,
  useStore,
} from '@xyflow/react';
import { LINK_BUS_OFFSET, LINK_CORNER } from './layout';

export interface LinkEdgeData extends Record<string, unknown> {
  /** "Port 3 · 1 Gbps", "Mesh"; empty for none. */
  label: string;
  colour: string;
  labelColour: string;
  /**
   * Where along its parent's bus this link's piece starts (the previous sibling's drop; overview.ts
   * busStarts), or undefined for the sibling nearest the parent, which draws the whole step.
   */
  busFrom?: number | undefined;
}
export type LinkFlowEdge = Edge<LinkEdgeData, 'link'>;

/** Screen pixels around the canvas inside which a label is kept: it is there before it pans in. */
const LABEL_MARGIN = 160;

/**
 * Whether a point of the drawing is on screen (or within the margin). A link is drawn whenever any
 * part of it is on screen — on a large network, hundreds of a switch's links cross the view on
 * their way to children far off it — but its label sits by its child: only the labels of children
 * near the view are in the page (each label is an element the browser styles and lays out).
 */
function onScreen(s: ReactFlowState, x: number, y: number): boolean {
  const [tx, ty, zoom] = s.transform;
  const sx = x * zoom + tx;
  const sy = y * zoom + ty;
  return (
    sx > -LABEL_MARGIN && sx < s.width + LABEL_MARGIN && sy > -LABEL_MARGIN && sy < s.height + LABEL_MARGIN
  );
}

/**
 * A parent-to-child link drawn as a step: the links of one parent share a bus just past the parent
 * and drop to each child, so each label (port, rate) sits on its own drop, by the child it names,
 * instead of piling up where the siblings' links meet.
 */
export function LinkEdgeView(p: EdgeProps<LinkFlowEdge>) {
  const vertical = p.targetPosition === Position.Top;
  // A child straight below (or beside) its parent: one straight line, not a step of a pixel.
  const aligned = vertical ? Math.abs(p.sourceX - p.targetX) < 2 : Math.abs(p.sourceY - p.targetY) < 2;
  const [stepPath] = getSmoothStepPath({
    sourceX: p.sourceX,
    sourceY: p.sourceY,
    sourcePosition: p.sourcePosition,
    targetX: p.targetX,
    targetY: p.targetY,
    targetPosition: p.targetPosition,
    borderRadius: LINK_CORNER,
    ...(vertical ? { centerY: p.sourceY + LINK_BUS_OFFSET } : { centerX: p.sourceX + LINK_BUS_OFFSET }),
  });
  const busFrom = p.data?.busFrom;
  const path = aligned
    ? `M ${p.sourceX},${p.sourceY} L ${p.targetX},${p.targetY}`
    : busFrom !== undefined
      ? busPiecePath(p, busFrom, vertical)
      : stepPath;
  const label = p.data?.label ?? '';
  const at = vertical ? { x: p.targetX, y: p.targetY - 20 } : { x: p.targetX - 64, y: p.targetY };
  // A boolean: the link re-renders when its label comes into view or leaves it, not on every frame.
  const labelInView = useStore((s) => label !== '' && onScreen(s, at.x, at.y));
  return (
    <>
      <BaseEdge id={p.id} path={path} style={p.style} markerEnd={p.markerEnd} />
      {labelInView ? (
        <EdgeLabelRenderer>
          <span
            className="nl-topo-link-label nodrag nopan"
            style={{
              transform: `translate(-50%, -50%) translate(${at.x}px, ${at.y}px)`,
              color: p.data?.labelColour,
              borderColor: p.data?.colour,
            }}
          >
            {label}
          </span>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
}

/**
 * A later sibling's link: along the bus from the previous sibling's drop (a corner's length before
 * it, so the two meet without a notch), round the corner and down into the child.
 */
function busPiecePath(p: EdgeProps<LinkFlowEdge>, from: number, vertical: boolean): string {
  if (vertical) {
    const bus = p.sourceY + LINK_BUS_OFFSET;
    const dir = Math.sign(p.targetX - from) || 1;
    const r = Math.min(LINK_CORNER, Math.abs(p.targetX - from), Math.abs(p.targetY - bus));
    return `M ${from - dir * LINK_CORNER},${bus} L ${p.targetX - dir * r},${bus} Q ${p.targetX},${bus} ${p.targetX},${bus + r} L ${p.targetX},${p.targetY}`;
  }
  const bus = p.sourceX + LINK_BUS_OFFSET;
  const dir = Math.sign(p.targetY - from) || 1;
  const r = Math.min(LINK_CORNER, Math.abs(p.targetY - from), Math.abs(p.targetX - bus));
  return `M ${bus},${from - dir * LINK_CORNER} L ${bus},${p.targetY - dir * r} Q ${bus},${p.targetY} ${bus + r},${p.targetY} L ${p.targetX},${p.targetY}`;
}

export const EDGE_TYPES = { link: LinkEdgeView };
