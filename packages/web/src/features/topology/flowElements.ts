import {
  DEVICE_TYPE_LABELS,
  deviceDisplayStatus,
  TOPOLOGY_ROOT_ID,
  type Topology,
  type TopologyEdge,
  type TopologyNode,
} from '@netloom/domain';
import { MarkerType } from '@xyflow/react';
import type { LinkFlowEdge } from './LinkEdge';
import type { LayoutDirection, TopologyLayout } from './layout';
import { linkRateText } from './nodeLook';
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

/** What a screen reader says of a device node (Enter opens it). */
function deviceAriaLabel(n: TopologyNode): string {
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
): { nodes: (DeviceFlowNode | InternetFlowNode)[]; edges: LinkFlowEdge[] } {
  const current = new Map(graph.nodes.map((n) => [n.id, n]));
  const nodes: (DeviceFlowNode | InternetFlowNode)[] = [];
  for (const p of layout.nodes) {
    const node = current.get(p.node.id);
    if (!node) continue;
    const data = { node, direction, hiddenBelow: p.hiddenBelow };
    const position = { x: p.x, y: p.y };
    nodes.push(
      node.id === TOPOLOGY_ROOT_ID
        ? { id: node.id, type: 'internet', position, data, selectable: false }
        : { id: node.id, type: 'device', position, data, ariaLabel: deviceAriaLabel(node) },
    );
  }
  const placed = new Set(nodes.map((n) => n.id));
  const unknownUplink = new Set(graph.nodes.filter((n) => n.uplinkUnknown).map((n) => n.id));
  const edges: LinkFlowEdge[] = graph.edges
    .filter((e) => placed.has(e.from) && placed.has(e.to))
    .map((e) => {
      const unknown = unknownUplink.has(e.to);
      const stroke = unknown
        ? colours.unknown
        : !e.up
          ? colours.down
          : e.kind === 'wired'
            ? colours.up
            : colours.air;
      const dashed = unknown || !e.up || e.kind !== 'wired';
      return {
        id: `${e.from}-${e.to}`,
        source: e.from,
        target: e.to,
        type: 'link' as const,
        animated: e.up && e.kind !== 'wired' && !unknown,
        style: {
          stroke,
          strokeWidth: e.up && !unknown ? 2 : 1.5,
          strokeDasharray: dashed ? '6 4' : undefined,
        },
        markerEnd: { type: MarkerType.ArrowClosed, color: stroke, width: 14, height: 14 },
        data: { label: unknown ? '' : edgeLabel(e), colour: stroke, labelColour: colours.label },
      };
    });
  return { nodes, edges };
}
