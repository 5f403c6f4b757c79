import type { LayoutDirection } from './layout';
import { type FlowNode, linkPoints, type ViewTransform } from './overview';

/**
 * Which links of a large network are on screen. React Flow's own test (with
 * `onlyRenderVisibleElements`) keeps a link whose source and target boxes together span the view:
 * on a wide network, hundreds of a switch's links to children far off screen (387 links for 17
 * nodes at the first readable zoom of 1,000 devices, the `topology-ui` bench), each an SVG group the
 * browser styles and lays out, and mounted all at once when the overview turns into nodes. A link is
 * drawn as a step (linkPoints: its piece of its parent's bus, from the previous sibling's drop, and
 * down into the child); it is on screen when one of those segments is.
 */

/** Screen pixels around the canvas inside which links are kept: they are there before they pan in. */
export const LINK_MARGIN = 200;

export interface FlowRect {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The part of the drawing on screen, in flow coordinates, grown by `margin` screen pixels. */
export function viewRect(
  transform: ViewTransform,
  size: { width: number; height: number },
  margin = LINK_MARGIN,
): FlowRect {
  const [x, y, zoom] = transform;
  return {
    x1: (-x - margin) / zoom,
    y1: (-y - margin) / zoom,
    x2: (size.width - x + margin) / zoom,
    y2: (size.height - y + margin) / zoom,
  };
}

/** A link and the boxes of its segments (each a line: one side of its box is 0 wide). */
export interface LinkGeometry {
  id: string;
  segments: FlowRect[];
}

export function linkGeometry(
  nodes: readonly FlowNode[],
  edges: readonly { id: string; source: string; target: string; data?: { busFrom?: number } }[],
  direction: LayoutDirection,
): LinkGeometry[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const out: LinkGeometry[] = [];
  for (const e of edges) {
    const from = byId.get(e.source);
    const to = byId.get(e.target);
    if (!from || !to) continue;
    const points = linkPoints(from, to, direction, e.data?.busFrom);
    const segments: FlowRect[] = [];
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as { x: number; y: number };
      const b = points[i] as { x: number; y: number };
      segments.push({
        x1: Math.min(a.x, b.x),
        y1: Math.min(a.y, b.y),
        x2: Math.max(a.x, b.x),
        y2: Math.max(a.y, b.y),
      });
    }
    out.push({ id: e.id, segments });
  }
  return out;
}

const overlaps = (a: FlowRect, b: FlowRect) => a.x1 <= b.x2 && a.x2 >= b.x1 && a.y1 <= b.y2 && a.y2 >= b.y1;

/**
 * The ids of the links with a segment in `rect`, as one string (a store selector's result: the
 * canvas re-renders when the set changes, not on every frame of a pan).
 */
export function linksInView(geometry: readonly LinkGeometry[], rect: FlowRect): string {
  let key = '';
  for (const g of geometry) {
    if (g.segments.some((s) => overlaps(s, rect))) key += `${g.id}\n`;
  }
  return key;
}
