/**
 * The topology's layout with elkjs's layered algorithm (issue 12 §3: a maintained layout engine),
 * written once for any engine: the page's Web Worker (`layout.ts`) and the bench in Node
 * (`scripts/bench/topologyRun.ts`, `elk.bundled.js`) run this same code with the same options.
 * No browser or bundler import here, so Node can load it.
 */
import type { Topology, TopologyEdge, TopologyNode } from '@netloom/domain';
import type { ELK as ElkEngine } from 'elkjs/lib/elk-api.js';

/** The §3 layout directions: the Internet at the top (vertical) or on the left (horizontal). */
export const LAYOUT_DIRECTIONS = ['vertical', 'horizontal'] as const;
export type LayoutDirection = (typeof LAYOUT_DIRECTIONS)[number];

/** Every node is drawn at one size, so the layout needs no measuring pass. */
export const NODE_WIDTH = 216;
export const NODE_HEIGHT = 68;
/**
 * How far below (or beside) a parent its children's links split: a short bus, then long drops. The
 * link drawing (LinkEdge.tsx) and the overview (overview.ts) draw the same bus from it.
 */
export const LINK_BUS_OFFSET = 22;
/** The radius of a link's corners. */
export const LINK_CORNER = 8;

/** The gap between one level's boxes and the next (room for the port and rate labels). */
const BETWEEN_LEVELS: Record<LayoutDirection, number> = { vertical: 88, horizontal: 150 };

/**
 * Puts the levels at the fixed gap apart. elk's polyline routing widens the gap between two layers
 * with the sideways reach of their links, to keep them steep: under a switch with 40 downlinks
 * that was thousands of units of empty space, a first view with nothing in it. The links are drawn
 * as steps (`LinkEdge`), not as elk routes them, so only the order of the levels matters.
 */
export function closeLevels(
  at: ReadonlyMap<string, { x: number; y: number }>,
  direction: LayoutDirection,
): Map<string, { x: number; y: number }> {
  const axis = direction === 'vertical' ? 'y' : 'x';
  const step = (direction === 'vertical' ? NODE_HEIGHT : NODE_WIDTH) + BETWEEN_LEVELS[direction];
  const levels = [...new Set([...at.values()].map((p) => p[axis]))].sort((a, b) => a - b);
  const rank = new Map(levels.map((v, i) => [v, i]));
  return new Map([...at].map(([id, p]) => [id, { ...p, [axis]: (rank.get(p[axis]) ?? 0) * step }]));
}

export interface PlacedNode {
  node: TopologyNode;
  x: number;
  y: number;
  /** Devices below this one that the level limit hides. */
  hiddenBelow: number;
}

export interface TopologyLayout {
  nodes: PlacedNode[];
  edges: TopologyEdge[];
}

/** What of the engine the layout uses (elkjs's `ELK`, in a worker or not). */
export type LayoutEngine = Pick<ElkEngine, 'layout'>;

/** The nodes down to `maxLevel` and the links between them; what is cut off counted per node. */
export function visiblePart(graph: Topology, maxLevel: number) {
  const nodes = graph.nodes.filter((n) => n.level <= maxLevel);
  const shown = new Set(nodes.map((n) => n.id));
  const edges = graph.edges.filter((e) => shown.has(e.from) && shown.has(e.to));
  const childrenOf = new Map<string, string[]>();
  for (const e of graph.edges) childrenOf.set(e.from, [...(childrenOf.get(e.from) ?? []), e.to]);
  const countBelow = (id: string): number =>
    (childrenOf.get(id) ?? []).reduce((n, child) => n + 1 + countBelow(child), 0);
  const hidden = new Map<string, number>();
  for (const n of nodes) {
    const below = n.level === maxLevel ? countBelow(n.id) : 0;
    if (below > 0) hidden.set(n.id, below);
  }
  return { nodes, edges, hidden };
}

export async function layoutTopologyWith(
  engine: LayoutEngine,
  graph: Topology,
  direction: LayoutDirection,
  maxLevel: number,
): Promise<TopologyLayout> {
  const { nodes, edges, hidden } = visiblePart(graph, maxLevel);
  const result = await engine.layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction === 'vertical' ? 'DOWN' : 'RIGHT',
      // Room between levels for the port/rate labels, less between siblings.
      'elk.layered.spacing.nodeNodeBetweenLayers': String(BETWEEN_LEVELS[direction]),
      'elk.spacing.nodeNode': direction === 'vertical' ? '28' : '20',
      // The server sends a tree breadth first (gateways first, a switch's downlinks in port order):
      // that order has no crossings, so keep it as it is. Sorting by model order or minimising
      // crossings costs seconds from a few hundred devices (measured: 1,000 nodes 0.9 s like this,
      // 2.5 s with crossing minimisation, over 130 s with model-order sorting).
      'elk.layered.crossingMinimization.strategy': 'NONE',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
      'elk.layered.nodePlacement.bk.fixedAlignment': 'BALANCED',
      // Only the places are used (`LinkEdge` draws each link as its own step from the parent to the
      // child), so let elk route the cheapest way: orthogonal routing, the default, was about half of
      // the CPU time of a 1,000-node layout (measured 1.5 s against 0.35–0.55 s with polylines) and
      // its bend room only widened the gaps between levels.
      'elk.edgeRouting': 'POLYLINE',
    },
    children: nodes.map((n) => ({ id: n.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: edges.map((e) => ({ id: `${e.from}-${e.to}`, sources: [e.from], targets: [e.to] })),
  });
  const at = closeLevels(
    new Map((result.children ?? []).map((c) => [c.id, { x: c.x ?? 0, y: c.y ?? 0 }])),
    direction,
  );
  return {
    nodes: nodes.map((node) => ({
      node,
      ...(at.get(node.id) ?? { x: 0, y: 0 }),
      hiddenBelow: hidden.get(node.id) ?? 0,
    })),
    edges,
  };
}

/**
 * What decides the layout: the nodes shown and their links. Status, client counts and rates change
 * the drawing but not the places, so a live refresh does not re-run the engine.
 */
export function structureKey(graph: Topology, direction: LayoutDirection, maxLevel: number): string {
  const { nodes, edges } = visiblePart(graph, maxLevel);
  return [
    direction,
    maxLevel,
    nodes.map((n) => n.id).join(','),
    edges.map((e) => `${e.from}>${e.to}`).join(','),
  ].join('|');
}

/**
 * A generated topology of `count` nodes shaped like a large site (for the bench and tests): an
 * Internet root, one gateway, core switches under it, access switches under those, APs and
 * cameras on the access switches' ports, and a mesh satellite below some APs.
 */
export function generatedTopology(count: number): Topology {
  const nodes: TopologyNode[] = [];
  const edges: TopologyEdge[] = [];
  const node = (id: string, kind: TopologyNode['kind'], level: number): TopologyNode => ({
    id,
    kind,
    sn: id.toUpperCase(),
    name: id,
    model: null,
    status: 1,
    clients: null,
    level,
    meshRole: null,
    uplinkUnknown: false,
  });
  nodes.push(node('internet', 'internet', 0), node('gw', 'v7', 1));
  edges.push({ from: 'internet', to: 'gw', kind: 'wired', up: true });
  const CORES = 4;
  const ACCESS_PER_CORE = 6;
  let depth = 2;
  const access: string[] = [];
  for (let c = 0; c < CORES && nodes.length < count; c++) {
    const core = `core${c}`;
    nodes.push(node(core, 'switch', 2));
    edges.push({ from: 'gw', to: core, port: String(c + 1), kind: 'wired', up: true });
    for (let a = 0; a < ACCESS_PER_CORE && nodes.length < count; a++) {
      const id = `acc${c}-${a}`;
      nodes.push(node(id, 'switch', 3));
      edges.push({ from: core, to: id, port: String(a + 1), kind: 'wired', up: true });
      access.push(id);
      depth = 3;
    }
  }
  // Leaves round-robin over the access switches, a mesh satellite under every fifth AP.
  for (let i = 0; nodes.length < count; i++) {
    const parent = access[i % access.length] as string;
    const id = `leaf${i}`;
    nodes.push(node(id, i % 7 === 0 ? 'ipc' : 'ap', 4));
    edges.push({
      from: parent,
      to: id,
      port: String(Math.floor(i / access.length) + 1),
      kind: 'wired',
      up: true,
    });
    depth = Math.max(depth, 4);
    if (i % 5 === 0 && nodes.length < count) {
      nodes.push(node(`${id}-sat`, 'mesh', 5));
      edges.push({ from: id, to: `${id}-sat`, kind: 'mesh', up: true });
      depth = 5;
    }
  }
  return { nodes, edges, depth, vlans: [], manualCount: 0 };
}
