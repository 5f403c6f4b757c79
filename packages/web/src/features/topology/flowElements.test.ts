import { type Topology, vlanView } from '@netloom/domain';
import type { ElkNode } from 'elkjs/lib/elk-api.js';
import { describe, expect, it } from 'vitest';
import {
  closeLevels,
  generatedTopology,
  type LayoutEngine,
  layoutTopologyWith,
  type TopologyLayout,
} from './elkLayout';
import { ANIMATED_LINKS_MAX, flowElements, vlanPortsText } from './flowElements';
import { NODE_HEIGHT, NODE_WIDTH } from './layout';
import { topologyNode } from './testNodes';

const COLOURS = { up: 'green', air: 'blue', down: 'grey', unknown: 'amber', label: 'black' };

const node = topologyNode;

// Internet → gateway → switch (port 1: VLAN 20 tagged → AP a; port 2: VLAN 1 only → AP b, and a manual camera on port 3).
const graph: Topology = {
  nodes: [
    node('internet', { kind: 'internet', level: 0 }),
    node('d1', { kind: 'v7', level: 1 }),
    node('d2', {
      kind: 'switch',
      level: 2,
      vlanPorts: [
        { port: 1, untagged: 1, tagged: [20] },
        { port: 2, untagged: 1, tagged: [] },
        { port: 3, untagged: 1, tagged: [] },
      ],
    }),
    node('d3', { level: 3 }),
    node('d4', { level: 3 }),
    node('m1', { kind: 'expand_ipc', level: 3, manual: { id: 1, remark: '', dx: 30, dy: -10 } }),
  ],
  edges: [
    { from: 'internet', to: 'd1', kind: 'wired', up: true, vlans: [] },
    { from: 'd1', to: 'd2', port: '3', kind: 'wired', up: true },
    { from: 'd2', to: 'd3', port: '1', kind: 'wired', up: true, vlans: [1, 20] },
    { from: 'd2', to: 'd4', port: '2', kind: 'wired', up: true, vlans: [1] },
    { from: 'd2', to: 'm1', port: '3', kind: 'wired', up: true, vlans: [1] },
  ],
  depth: 3,
  vlans: [
    { id: 1, name: 'Default' },
    { id: 20, name: 'Staff' },
  ],
  manualCount: 1,
};

/** Every node at (10·i, 100·level): enough to check offsets. */
const layout: TopologyLayout = {
  nodes: graph.nodes.map((n, i) => ({ node: n, x: 10 * i, y: 100 * n.level, hiddenBelow: 0 })),
  edges: graph.edges,
};

describe('topology drawing', () => {
  it('fades what does not carry the VLAN and names the ports that do', () => {
    const view = vlanView(graph, 20);
    const { nodes, edges } = flowElements(graph, layout, 'vertical', COLOURS, {
      vlan: { id: 20, view },
      editable: false,
      dragged: new Map(),
    });
    const dimmed = nodes.filter((n) => n.data.dimmed).map((n) => n.id);
    expect(dimmed.sort()).toEqual(['d4', 'internet', 'm1']);
    expect(nodes.find((n) => n.id === 'd2')?.data.vlanPorts).toBe('VLAN 20 · tagged 1');
    expect(
      edges
        .filter((e) => e.className === 'nl-topo-edge-dimmed')
        .map((e) => e.id)
        .sort(),
    ).toEqual(['d2-d4', 'd2-m1', 'internet-d1']);
    expect(vlanPortsText(1, { untagged: [1, 2, 3], tagged: [] })).toBe('VLAN 1 · untagged 1, 2, 3');
  });

  it('places a manual node at its saved offset; only manual nodes drag, and only when editable', () => {
    const at = (editable: boolean, dragged = new Map<string, { x: number; y: number }>()) =>
      flowElements(graph, layout, 'vertical', COLOURS, { vlan: null, editable, dragged }).nodes;
    const m = at(true).find((n) => n.id === 'm1');
    expect(m?.position).toEqual({ x: 50 + 30, y: 300 - 10 });
    expect(m?.draggable).toBe(true);
    expect(at(true).find((n) => n.id === 'd3')?.draggable).toBe(false);
    expect(at(false).find((n) => n.id === 'm1')?.draggable).toBe(false);
    expect(at(true, new Map([['m1', { x: 7, y: 8 }]])).find((n) => n.id === 'm1')?.position).toEqual({
      x: 7,
      y: 8,
    });
  });

  it('gives every node its size up front; air links move only in a drawing of at most ANIMATED_LINKS_MAX links', () => {
    // The gateway's downlinks: one over the air, then `wired` cabled APs.
    const withAir = (wired: number): { graph: Topology; layout: TopologyLayout } => {
      const extra = Array.from({ length: wired }, (_, i) => node(`w${i}`, { level: 2 }));
      const g: Topology = {
        ...graph,
        nodes: [...graph.nodes, node('air', { level: 2 }), ...extra],
        edges: [
          ...graph.edges,
          { from: 'd1', to: 'air', kind: 'wireless', up: true },
          ...extra.map((n) => ({ from: 'd1', to: n.id, kind: 'wired' as const, up: true })),
        ],
      };
      return {
        graph: g,
        layout: { nodes: g.nodes.map((n) => ({ node: n, x: 0, y: 0, hiddenBelow: 0 })), edges: g.edges },
      };
    };
    const airLink = (wired: number) => {
      const small = withAir(wired);
      return flowElements(small.graph, small.layout, 'vertical', COLOURS).edges.find(
        (e) => e.id === 'd1-air',
      );
    };
    const few = withAir(0);
    const drawn = flowElements(few.graph, few.layout, 'vertical', COLOURS);
    expect(drawn.nodes.every((n) => n.width === NODE_WIDTH && n.height === NODE_HEIGHT)).toBe(true);
    // graph has 5 links; with the air link, ANIMATED_LINKS_MAX in all still moves, one more does not.
    expect(airLink(ANIMATED_LINKS_MAX - 6)?.animated).toBe(true);
    expect(airLink(ANIMATED_LINKS_MAX - 5)?.animated).toBe(false);
    expect(airLink(ANIMATED_LINKS_MAX - 5)?.style?.strokeDasharray).toBe('6 4');
  });

  it('lays out a generated 1,000-node site with the shared layout code (a fake engine checks the input)', async () => {
    const big = generatedTopology(1000);
    expect(big.nodes).toHaveLength(1000);
    expect(big.edges).toHaveLength(999);
    const laid = await layoutTopologyWith(
      {
        // The engine's generic signature cannot be met by a fake; it places child i at (i, 2i).
        layout: (async (g: ElkNode) => ({
          ...g,
          children: (g.children ?? []).map((c, i) => ({ ...c, x: i, y: 2 * i })),
        })) as LayoutEngine['layout'],
      },
      big,
      'horizontal',
      big.depth,
    );
    expect(laid.nodes).toHaveLength(1000);
    // Horizontal: each child a level of its own (x = i), the levels put the fixed gap apart; y as placed.
    expect(laid.nodes[5]).toMatchObject({ x: 5 * (NODE_WIDTH + 150), y: 10 });
  });

  it('closes the gaps between levels, keeping their order and the places within a level', () => {
    const placed = new Map([
      ['root', { x: 500, y: 0 }],
      ['a', { x: 0, y: 4000 }],
      ['b', { x: 900, y: 4000 }],
      ['c', { x: 40, y: 9000 }],
    ]);
    expect([...closeLevels(placed, 'vertical')]).toEqual([
      ['root', { x: 500, y: 0 }],
      ['a', { x: 0, y: NODE_HEIGHT + 88 }],
      ['b', { x: 900, y: NODE_HEIGHT + 88 }],
      ['c', { x: 40, y: 2 * (NODE_HEIGHT + 88) }],
    ]);
    const across = new Map([
      ['root', { x: 0, y: 10 }],
      ['a', { x: 7000, y: 20 }],
    ]);
    expect(closeLevels(across, 'horizontal').get('a')).toEqual({ x: NODE_WIDTH + 150, y: 20 });
  });
});
