import { type Topology, type TopologyNode, vlanView } from '@netloom/domain';
import type { ElkNode } from 'elkjs/lib/elk-api.js';
import { describe, expect, it } from 'vitest';
import { generatedTopology, type LayoutEngine, layoutTopologyWith, type TopologyLayout } from './elkLayout';
import { flowElements, vlanPortsText } from './flowElements';

const COLOURS = { up: 'green', air: 'blue', down: 'grey', unknown: 'amber', label: 'black' };

function node(id: string, over: Partial<TopologyNode> = {}): TopologyNode {
  return {
    id,
    kind: 'ap',
    sn: id,
    name: id,
    model: null,
    status: 1,
    clients: null,
    level: 1,
    meshRole: null,
    uplinkUnknown: false,
    ...over,
  };
}

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
    expect(laid.nodes[5]).toMatchObject({ x: 5, y: 10 });
  });
});
