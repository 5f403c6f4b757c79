import {
  DEVICE_TYPE_LABELS,
  deviceDisplayStatus,
  TOPOLOGY_ROOT_ID,
  type Topology,
  type TopologyEdge,
  type TopologyNode,
  topologyEdgeId,
  type VlanView,
} from '@netloom/domain';
import { MarkerType, type NodeHandle, Position } from '@xyflow/react';
import type { LinkFlowEdge } from './LinkEdge';
import { type LayoutDirection, NODE_HEIGHT, NODE_WIDTH, type TopologyLayout } from './layout';
import { linkRateText } from './nodeLook';
import { busStarts } from './overview';
import type { DeviceFlowNode, InternetFlowNode } from './TopologyNodes';

export interface LinkColours {
  up: string;
  air: string;
  down: string;
  unknown: string;
  label: string;
}

/** What a link's label says: the parent's port and the negotiated rate, or how it is carried. */
export function edgeLabel(e: TopologyEdge): string {
  const parts: string[] = [];
  if (e.kind === 'mesh') parts.push('Mesh');
  if (e.kind === 'wireless') parts.push('Wireless');
  if (e.port !== undefined) parts.push(`Port ${e.port}`);
  if (e.rateMbps !== undefined) parts.push(linkRateText(e.rateMbps));
  if (!e.up && parts.length > 0) parts.push('down');
  return parts.join(' · ');
}

/** "VLAN 20 · untagged 1 · tagged 2, 3": the ports of a node that carry the VLAN shown. */
export function vlanPortsText(vlanId: number, ports: { untagged: number[]; tagged: number[] }): string {
  const parts = [`VLAN ${vlanId}`];
  if (ports.untagged.length > 0) parts.push(`untagged ${ports.untagged.join(', ')}`);
  if (ports.tagged.length > 0) parts.push(`tagged ${ports.tagged.join(', ')}`);
  return parts.join(' · ');
}

/** What the drawing shows besides the graph: the VLAN view, which nodes may be dragged, drags in flight. */
export interface FlowOptions {
  vlan: { id: number; view: VlanView } | null;
  /** Manual nodes may be dragged (the account may change the project). */
  editable: boolean;
  /** Where nodes being dragged (or saved, not yet answered) stand now. */
  dragged: ReadonlyMap<string, { x: number; y: number }>;
}

/**
 * Links over the air are drawn moving (marching dashes) up to this many links in the drawing. Each
 * moving dash repaints the whole link layer on every frame, forever: at 1,000 devices that layer is
 * most of what software rendering paints, and the motion of dozens of links at once tells nothing
 * — they stay dashed and coloured as air links.
 */
export const ANIMATED_LINKS_MAX = 100;

const NO_OPTIONS: FlowOptions = { vlan: null, editable: false, dragged: new Map() };

const NODE_SIZE = { width: NODE_WIDTH, height: NODE_HEIGHT };

/** React Flow's handle (its stylesheet): 6 px square, centred on the side of the node. */
const HANDLE = 6;

function handle(type: 'source' | 'target', position: Position): NodeHandle {
  const half = HANDLE / 2;
  const x = {
    [Position.Top]: NODE_WIDTH / 2 - half,
    [Position.Bottom]: NODE_WIDTH / 2 - half,
    [Position.Left]: -half,
    [Position.Right]: NODE_WIDTH - half,
  }[position];
  const y = {
    [Position.Top]: -half,
    [Position.Bottom]: NODE_HEIGHT - half,
    [Position.Left]: NODE_HEIGHT / 2 - half,
    [Position.Right]: NODE_HEIGHT / 2 - half,
  }[position];
  return { type, position, x, y, width: HANDLE, height: HANDLE };
}

/**
 * Where each node's links attach (TopologyNodes.tsx draws the handles there), given with the node.
 * React Flow draws every node it has not measured, wherever it is — all 1,000 of a large network on
 * the first view and again whenever the overview turns into nodes (18,000 elements styled in one
 * task, the `topology-ui` bench) — unless the node comes with its handles: then only the nodes on
 * screen are in the page.
 */
const HANDLES: Record<LayoutDirection, { device: NodeHandle[]; internet: NodeHandle[] }> = {
  vertical: {
    device: [handle('target', Position.Top), handle('source', Position.Bottom)],
    internet: [handle('source', Position.Bottom)],
  },
  horizontal: {
    device: [handle('target', Position.Left), handle('source', Position.Right)],
    internet: [handle('source', Position.Right)],
  },
};

/** What a screen reader says of a device node (Enter opens it). */
function deviceAriaLabel(n: TopologyNode): string {
  if (n.manual) return [n.name, DEVICE_TYPE_LABELS[n.kind], 'added by hand'].join(', ');
  const parts = [n.name, DEVICE_TYPE_LABELS[n.kind], deviceDisplayStatus(n.status).label];
  if (n.uplinkUnknown) parts.push('uplink unknown');
  return parts.join(', ');
}

/**
 * The current graph drawn at the places of the latest layout: live changes (status, clients, rates)
 * show at once, a node the layout has not placed yet waits for it.
 */
export function flowElements(
  graph: Topology,
  layout: TopologyLayout,
  direction: LayoutDirection,
  colours: LinkColours,
  options: FlowOptions = NO_OPTIONS,
): { nodes: (DeviceFlowNode | InternetFlowNode)[]; edges: LinkFlowEdge[] } {
  const current = new Map(graph.nodes.map((n) => [n.id, n]));
  const nodes: (DeviceFlowNode | InternetFlowNode)[] = [];
  const vlan = options.vlan;
  for (const p of layout.nodes) {
    const node = current.get(p.node.id);
    if (!node) continue;
    const ports = vlan?.view.ports.get(node.id);
    const data = {
      node,
      direction,
      hiddenBelow: p.hiddenBelow,
      ...(vlan ? { dimmed: !vlan.view.nodes.has(node.id) } : {}),
      ...(vlan && ports ? { vlanPorts: vlanPortsText(vlan.id, ports) } : {}),
    };
    // A manual node stands where it was dragged: its offset from the layout's place.
    const position = options.dragged.get(node.id) ?? {
      x: p.x + (node.manual?.dx ?? 0),
      y: p.y + (node.manual?.dy ?? 0),
    };
    // The size is known before the node is drawn (every node is the layout's box, its CSS size), and
    // given as measured too (what React Flow would measure, and what a controlled flow hands back
    // from its dimension changes): React Flow counts the nodes as initialised, fits the view at once
    // and draws only the nodes on screen, without measuring each one first.
    const size = { width: NODE_WIDTH, height: NODE_HEIGHT, measured: NODE_SIZE };
    nodes.push(
      node.id === TOPOLOGY_ROOT_ID
        ? {
            id: node.id,
            type: 'internet',
            position,
            ...size,
            handles: HANDLES[direction].internet,
            data,
            selectable: false,
            draggable: false,
          }
        : {
            id: node.id,
            type: 'device',
            position,
            ...size,
            handles: HANDLES[direction].device,
            data,
            ariaLabel: deviceAriaLabel(node),
            draggable: options.editable && node.manual !== undefined,
          },
    );
  }
  const placed = new Set(nodes.map((n) => n.id));
  const unknownUplink = new Set(graph.nodes.filter((n) => n.uplinkUnknown).map((n) => n.id));
  const drawn = graph.edges.filter((e) => placed.has(e.from) && placed.has(e.to));
  const moving = drawn.length <= ANIMATED_LINKS_MAX;
  const links = drawn.map((e) => {
    const id = topologyEdgeId(e);
    const unknown = unknownUplink.has(e.to);
    const dimmed = vlan !== null && !vlan.view.edges.has(id);
    // What sets a link's look below: faded, colour, dashed.
    return { e, id, unknown, dimmed, look: `${dimmed}|${unknown}|${e.up}|${e.kind === 'wired'}` };
  });
  const starts = busStarts(
    nodes,
    links.map(({ e, id, look }) => ({ id, source: e.from, target: e.to, look })),
    direction,
  );
  const edges: LinkFlowEdge[] = links.map(({ e, id, unknown, dimmed }) => {
    const stroke = dimmed
      ? colours.down
      : unknown
        ? colours.unknown
        : !e.up
          ? colours.down
          : e.kind === 'wired'
            ? colours.up
            : colours.air;
    const dashed = unknown || !e.up || e.kind !== 'wired';
    return {
      id,
      className: dimmed ? 'nl-topo-edge-dimmed' : undefined,
      source: e.from,
      target: e.to,
      type: 'link' as const,
      animated: moving && e.up && e.kind !== 'wired' && !unknown && !dimmed,
      style: {
        stroke,
        strokeWidth: e.up && !unknown ? 2 : 1.5,
        strokeDasharray: dashed ? '6 4' : undefined,
      },
      markerEnd: { type: MarkerType.ArrowClosed, color: stroke, width: 14, height: 14 },
      data: {
        label: unknown || dimmed ? '' : edgeLabel(e),
        colour: stroke,
        labelColour: colours.label,
        busFrom: starts.get(id),
      },
    };
  });
  return { nodes, edges };
}
