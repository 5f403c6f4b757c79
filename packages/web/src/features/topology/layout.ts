/**
 * Lays the topology out with elkjs's layered algorithm (issue 12 §3: a maintained layout engine).
 * The engine (1.4 MB of compiled Java) runs in a Web Worker: the page's chunk stays small and a large
 * network's layout never blocks pan and zoom.
 */
import type { Topology, TopologyEdge, TopologyNode } from '@netloom/domain';
import ELK, { type ELK as ElkEngine } from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';

/** The §3 layout directions: the Internet at the top (vertical) or on the left (horizontal). */
export const LAYOUT_DIRECTIONS = ['vertical', 'horizontal'] as const;
export type LayoutDirection = (typeof LAYOUT_DIRECTIONS)[number];

/** Every node is drawn at one size, so the layout needs no measuring pass. */
export const NODE_WIDTH = 216;
export const NODE_HEIGHT = 68;

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

let engine: ElkEngine | null = null;
/** One worker per tab, started by the first layout. */
function elk(): ElkEngine {
  engine ??= new ELK({ workerUrl: elkWorkerUrl });
  return engine;
}

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

export async function layoutTopology(
  graph: Topology,
  direction: LayoutDirection,
  maxLevel: number,
): Promise<TopologyLayout> {
  const { nodes, edges, hidden } = visiblePart(graph, maxLevel);
  const result = await elk().layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction === 'vertical' ? 'DOWN' : 'RIGHT',
      // Room between levels for the port/rate labels, less between siblings.
      'elk.layered.spacing.nodeNodeBetweenLayers': direction === 'vertical' ? '88' : '150',
      'elk.spacing.nodeNode': direction === 'vertical' ? '28' : '20',
      // The server sends a tree breadth first (gateways first, a switch's downlinks in port order):
      // that order has no crossings, so keep it as it is. Sorting by model order or minimising
      // crossings costs seconds from a few hundred devices (measured: 1,000 nodes 0.9 s like this,
      // 2.5 s with crossing minimisation, over 130 s with model-order sorting).
      'elk.layered.crossingMinimization.strategy': 'NONE',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
      'elk.layered.nodePlacement.bk.fixedAlignment': 'BALANCED',
    },
    children: nodes.map((n) => ({ id: n.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: edges.map((e) => ({ id: `${e.from}-${e.to}`, sources: [e.from], targets: [e.to] })),
  });
  const at = new Map((result.children ?? []).map((c) => [c.id, { x: c.x ?? 0, y: c.y ?? 0 }]));
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
