import {
  BaseEdge,
  type Edge,
  EdgeLabelRenderer,
  type EdgeProps,
  getSmoothStepPath,
  Position,
} from '@xyflow/react';

export interface LinkEdgeData extends Record<string, unknown> {
  /** "Port 3 · 1 Gbps", "Mesh"; empty for none. */
  label: string;
  colour: string;
  labelColour: string;
}
export type LinkFlowEdge = Edge<LinkEdgeData, 'link'>;

/** How far below (or beside) the parent the siblings' links split: a short bus, long drops. */
const BUS_OFFSET = 22;

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
    borderRadius: 8,
    ...(vertical ? { centerY: p.sourceY + BUS_OFFSET } : { centerX: p.sourceX + BUS_OFFSET }),
  });
  const path = aligned ? `M ${p.sourceX},${p.sourceY} L ${p.targetX},${p.targetY}` : stepPath;
  const label = p.data?.label ?? '';
  const at = vertical ? { x: p.targetX, y: p.targetY - 20 } : { x: p.targetX - 64, y: p.targetY };
  return (
    <>
      <BaseEdge id={p.id} path={path} style={p.style} markerEnd={p.markerEnd} />
      {label ? (
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

export const EDGE_TYPES = { link: LinkEdgeView };
