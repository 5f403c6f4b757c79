import { type DisplayStatusKey, deviceDisplayStatus, TOPOLOGY_ROOT_ID } from '@netloom/domain';
import type { LinkFlowEdge } from './LinkEdge';
import { type LayoutDirection, LINK_BUS_OFFSET, NODE_HEIGHT, NODE_WIDTH } from './layout';
import { kindColour } from './nodeLook';
import type { DeviceFlowNode, InternetFlowNode } from './TopologyNodes';

/**
 * The zoomed-out drawing (detail.ts: below the zoom where words can be read): every node as its box,
 * its status colour on the left edge and its type colour in the middle, every link as the step the
 * page draws — painted on one canvas in a few milliseconds, instead of 1,000 page elements the
 * browser restyles, lays out and paints on every frame of a pan or zoom (the `topology-ui` bench).
 * Pure functions of the flow elements and the view, so a test can check what is drawn where.
 */

export type FlowNode = DeviceFlowNode | InternetFlowNode;

/** React Flow's viewport: screen = flow × zoom + (x, y). */
export type ViewTransform = readonly [x: number, y: number, zoom: number];

/** The radius of a drawn box's corners, as the nodes' CSS has it. */
const BOX_CORNER = 8;
const STATUS_EDGE = 4;
const ICON = 48;

function box(n: FlowNode) {
  return { x: n.position.x, y: n.position.y, w: n.width ?? NODE_WIDTH, h: n.height ?? NODE_HEIGHT };
}

/** The node under a point of the drawing (flow coordinates), the topmost (last drawn) first. */
export function nodeAt(nodes: readonly FlowNode[], at: { x: number; y: number }): FlowNode | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i] as FlowNode;
    const b = box(n);
    if (at.x >= b.x && at.x <= b.x + b.w && at.y >= b.y && at.y <= b.y + b.h) return n;
  }
  return undefined;
}

/**
 * The link as a polyline: down (or across) to the parent's bus, along it, and into the child. A link
 * with `busFrom` (flowElements.ts: the previous sibling's drop, along the bus) draws only its own
 * piece of the bus, from there: the siblings' links together draw the bus once.
 */
export function linkPoints(
  from: FlowNode,
  to: FlowNode,
  direction: LayoutDirection,
  busFrom?: number,
): { x: number; y: number }[] {
  const a = box(from);
  const b = box(to);
  if (direction === 'vertical') {
    const s = { x: a.x + a.w / 2, y: a.y + a.h };
    const t = { x: b.x + b.w / 2, y: b.y };
    if (Math.abs(s.x - t.x) < 2) return [s, t];
    const bus = s.y + LINK_BUS_OFFSET;
    if (busFrom !== undefined) return [{ x: busFrom, y: bus }, { x: t.x, y: bus }, t];
    return [s, { x: s.x, y: bus }, { x: t.x, y: bus }, t];
  }
  const s = { x: a.x + a.w, y: a.y + a.h / 2 };
  const t = { x: b.x, y: b.y + b.h / 2 };
  if (Math.abs(s.y - t.y) < 2) return [s, t];
  const bus = s.x + LINK_BUS_OFFSET;
  if (busFrom !== undefined) return [{ x: bus, y: busFrom }, { x: bus, y: t.y }, t];
  return [s, { x: bus, y: s.y }, { x: bus, y: t.y }, t];
}

/**
 * Where each link's piece of its parent's bus starts (`busFrom` of linkPoints): the siblings on
 * each side of the parent, nearest first, each from the drop of the nearest sibling before it whose
 * link looks the same (`look`: colour, dash, dimmed) — that one's links already draw the bus from
 * the parent to there in that look; with none, from the parent (undefined). So a link up, or one
 * that carries the VLAN shown, reads unbroken from its parent even where a nearer sibling's link is
 * down or faded. Keyed by link id.
 */
export function busStarts(
  nodes: readonly FlowNode[],
  edges: readonly { id: string; source: string; target: string; look?: string }[],
  direction: LayoutDirection,
): Map<string, number> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const along = (n: FlowNode) => {
    const b = box(n);
    return direction === 'vertical' ? b.x + b.w / 2 : b.y + b.h / 2;
  };
  const children = new Map<string, { id: string; at: number; look: string }[]>();
  for (const e of edges) {
    const to = byId.get(e.target);
    if (!to || !byId.has(e.source)) continue;
    const list = children.get(e.source) ?? [];
    list.push({ id: e.id, at: along(to), look: e.look ?? '' });
    children.set(e.source, list);
  }
  const starts = new Map<string, number>();
  for (const [source, list] of children) {
    const p = along(byId.get(source) as FlowNode);
    const after = list.filter((c) => c.at >= p + 2).sort((x, y) => x.at - y.at);
    const before = list.filter((c) => c.at <= p - 2).sort((x, y) => y.at - x.at);
    for (const side of [after, before]) {
      const lastOfLook = new Map<string, number>();
      for (const c of side) {
        const from = lastOfLook.get(c.look);
        if (from !== undefined) starts.set(c.id, from);
        lastOfLook.set(c.look, c.at);
      }
    }
  }
  return starts;
}

export interface OverviewColours {
  status: (key: DisplayStatusKey) => string;
  border: string;
  fill: string;
  internet: string;
}

/** Paints the drawing on a canvas of `size` CSS pixels (the context already scaled to the device's pixels). */
export function drawOverview(
  ctx: CanvasRenderingContext2D,
  size: { width: number; height: number },
  view: ViewTransform,
  elements: { nodes: readonly FlowNode[]; edges: readonly LinkFlowEdge[] },
  direction: LayoutDirection,
  colours: OverviewColours,
): void {
  const [tx, ty, zoom] = view;
  ctx.clearRect(0, 0, size.width, size.height);
  ctx.save();
  ctx.translate(tx, ty);
  ctx.scale(zoom, zoom);
  // What is on screen, in flow coordinates (a margin for links that cross the edge).
  const left = -tx / zoom - NODE_WIDTH;
  const top = -ty / zoom - NODE_HEIGHT;
  const right = (size.width - tx) / zoom + NODE_WIDTH;
  const bottom = (size.height - ty) / zoom + NODE_HEIGHT;
  const onScreen = (b: { x: number; y: number; w: number; h: number }) =>
    b.x + b.w >= left && b.x <= right && b.y + b.h >= top && b.y <= bottom;

  const byId = new Map(elements.nodes.map((n) => [n.id, n]));
  // Links: one path per colour and dash, each stroked once.
  const strokes = new Map<
    string,
    { colour: string; dashed: boolean; width: number; dim: boolean; path: Path2D }
  >();
  for (const e of elements.edges) {
    const from = byId.get(e.source);
    const to = byId.get(e.target);
    if (!from || !to) continue;
    const points = linkPoints(from, to, direction, e.data?.busFrom);
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    if (
      Math.max(...xs) < left ||
      Math.min(...xs) > right ||
      Math.max(...ys) < top ||
      Math.min(...ys) > bottom
    )
      continue;
    const colour = String(e.style?.stroke ?? colours.border);
    const dashed = e.style?.strokeDasharray !== undefined;
    const width = Number(e.style?.strokeWidth ?? 1.5);
    const dim = e.className === 'nl-topo-edge-dimmed';
    const key = `${colour}|${dashed}|${width}|${dim}`;
    let stroke = strokes.get(key);
    if (!stroke) {
      stroke = { colour, dashed, width, dim, path: new Path2D() };
      strokes.set(key, stroke);
    }
    const [first, ...rest] = points;
    if (!first) continue;
    stroke.path.moveTo(first.x, first.y);
    for (const p of rest) stroke.path.lineTo(p.x, p.y);
  }
  for (const s of strokes.values()) {
    ctx.globalAlpha = s.dim ? 0.35 : 1;
    ctx.strokeStyle = s.colour;
    // Never thinner than a screen pixel, however far out.
    ctx.lineWidth = Math.max(s.width, 1 / zoom);
    ctx.setLineDash(s.dashed ? [6, 4] : []);
    ctx.stroke(s.path);
  }
  ctx.setLineDash([]);

  for (const n of elements.nodes) {
    const b = box(n);
    if (!onScreen(b)) continue;
    const dimmed = n.data.dimmed === true;
    ctx.globalAlpha = dimmed ? 0.35 : 1;
    const internet = n.id === TOPOLOGY_ROOT_ID;
    const manual = n.data.node.manual !== undefined;
    ctx.beginPath();
    ctx.roundRect(b.x, b.y, b.w, b.h, BOX_CORNER);
    ctx.fillStyle = colours.fill;
    ctx.fill();
    ctx.lineWidth = Math.max(1, 1 / zoom);
    ctx.strokeStyle = internet ? colours.internet : colours.border;
    ctx.setLineDash(manual ? [6, 4] : []);
    ctx.stroke();
    ctx.setLineDash([]);
    if (!internet && !manual) {
      ctx.fillStyle = colours.status(deviceDisplayStatus(n.data.node.status).key);
      ctx.beginPath();
      ctx.roundRect(b.x, b.y, STATUS_EDGE, b.h, [BOX_CORNER, 0, 0, BOX_CORNER]);
      ctx.fill();
    }
    ctx.fillStyle = internet ? colours.internet : kindColour(n.data.node.kind);
    ctx.beginPath();
    ctx.roundRect(b.x + (b.w - ICON) / 2, b.y + (b.h - ICON) / 2, ICON, ICON, BOX_CORNER);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  ctx.restore();
}
