import { useRef } from 'react';
import type { LinkFlowEdge } from './LinkEdge';
import type { DeviceFlowNode, InternetFlowNode } from './TopologyNodes';

type FlowNode = DeviceFlowNode | InternetFlowNode;

/** Same keys, each value identical (`Object.is`). */
function shallowEqual(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.is(a[k], b[k]));
}

/**
 * Whether a node drawn before is the same drawing: its graph node is the same object (the query
 * cache keeps an unchanged node's object from one fetch to the next), at the same place, with the
 * same look of the view.
 */
export function sameNode(a: FlowNode, b: FlowNode): boolean {
  return (
    a.type === b.type &&
    a.position.x === b.position.x &&
    a.position.y === b.position.y &&
    a.draggable === b.draggable &&
    a.ariaLabel === b.ariaLabel &&
    shallowEqual(a.data, b.data)
  );
}

/** Whether a link drawn before looks the same (small plain objects: compared by value). */
export function sameEdge(a: LinkFlowEdge, b: LinkFlowEdge): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The new list with every element that did not change replaced by the object drawn before, so React
 * Flow re-renders only what changed. At 1,000 devices a live refresh (about once a second while the
 * fleet reports) would otherwise draw every node again and keep the page from panning smoothly.
 */
export function reuseUnchanged<T extends { id: string }>(
  previous: ReadonlyMap<string, T>,
  next: readonly T[],
  same: (a: T, b: T) => boolean,
): T[] {
  return next.map((n) => {
    const before = previous.get(n.id);
    return before !== undefined && same(before, n) ? before : n;
  });
}

/** {@link reuseUnchanged} across renders, for the drawing's nodes and links. */
export function useStableElements(elements: { nodes: FlowNode[]; edges: LinkFlowEdge[] }): {
  nodes: FlowNode[];
  edges: LinkFlowEdge[];
} {
  const drawn = useRef<{
    source: unknown;
    nodes: FlowNode[];
    edges: LinkFlowEdge[];
    byId: { nodes: Map<string, FlowNode>; edges: Map<string, LinkFlowEdge> };
  } | null>(null);
  const last = drawn.current;
  if (last && last.source === elements) return last;
  const nodes = reuseUnchanged(last?.byId.nodes ?? new Map(), elements.nodes, sameNode);
  const edges = reuseUnchanged(last?.byId.edges ?? new Map(), elements.edges, sameEdge);
  drawn.current = {
    source: elements,
    nodes,
    edges,
    byId: { nodes: new Map(nodes.map((n) => [n.id, n])), edges: new Map(edges.map((e) => [e.id, e])) },
  };
  return drawn.current;
}
