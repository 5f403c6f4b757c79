import type { Topology } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { flowElements } from './flowElements';
import type { TopologyLayout } from './layout';
import { reuseUnchanged, sameEdge, sameNode } from './stableElements';

const colours = { up: '#0a0', air: '#00a', down: '#999', unknown: '#fa0', label: '#666' };

function graphOf(clients: number): Topology {
  return {
    nodes: [
      { id: 'internet', kind: 'internet', name: 'Internet', level: 0, status: 1, clients: null },
      { id: 'd1', kind: 'switch', name: 'SW', level: 1, status: 1, clients: null, sn: 'A', model: 'M' },
      { id: 'd2', kind: 'ap', name: 'AP', level: 2, status: 1, clients, sn: 'B', model: 'M' },
    ],
    edges: [
      { from: 'internet', to: 'd1', kind: 'wired', up: true },
      { from: 'd1', to: 'd2', kind: 'wired', up: true, port: 3, rateMbps: 1000 },
    ],
  } as unknown as Topology; // only the fields flowElements reads
}

function layoutOf(g: Topology): TopologyLayout {
  return {
    nodes: g.nodes.map((node, i) => ({ node, x: i * 10, y: i * 100, hiddenBelow: 0 })),
  } as unknown as TopologyLayout;
}

describe('stable topology elements', () => {
  it('keeps the objects of nodes and links that did not change, and replaces the changed one', () => {
    const g1 = graphOf(3);
    const first = flowElements(g1, layoutOf(g1), 'vertical', colours);
    // The next fetch: the query cache keeps unchanged node objects, the AP's clients changed.
    const g2 = graphOf(4);
    (g2.nodes as unknown[])[0] = g1.nodes[0];
    (g2.nodes as unknown[])[1] = g1.nodes[1];
    const second = flowElements(g2, layoutOf(g1), 'vertical', colours);
    const nodes = reuseUnchanged(new Map(first.nodes.map((n) => [n.id, n])), second.nodes, sameNode);
    const edges = reuseUnchanged(new Map(first.edges.map((e) => [e.id, e])), second.edges, sameEdge);
    expect(nodes[0]).toBe(first.nodes[0]);
    expect(nodes[1]).toBe(first.nodes[1]);
    expect(nodes[2]).not.toBe(first.nodes[2]);
    expect(nodes[2]?.data.node.clients).toBe(4);
    expect(edges).toEqual(first.edges);
    expect(edges[0]).toBe(first.edges[0]);
    expect(edges[1]).toBe(first.edges[1]);
  });

  it('draws a node again when it moves', () => {
    const g = graphOf(3);
    const first = flowElements(g, layoutOf(g), 'vertical', colours);
    const moved = flowElements(g, layoutOf(g), 'vertical', colours, {
      vlan: null,
      editable: false,
      dragged: new Map([['d2', { x: 5, y: 5 }]]),
    });
    const nodes = reuseUnchanged(new Map(first.nodes.map((n) => [n.id, n])), moved.nodes, sameNode);
    expect(nodes[1]).toBe(first.nodes[1]);
    expect(nodes[2]).not.toBe(first.nodes[2]);
    expect(nodes[2]?.position).toEqual({ x: 5, y: 5 });
  });
});
