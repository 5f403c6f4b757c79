/**
 * The VLAN view of the topology (issue 12 §3 "VLAN topology: choose a VLAN, the links and ports
 * that carry it"). Pure: the graph the server sends in, the parts that carry the VLAN out. The rule
 * (docs/api.md "Network topology"):
 * - a link carries the VLAN when its parent carries it and the parent's port lets it through
 *   (`edge.vlans` absent = every VLAN; a switch port: its untagged or tagged VLANs);
 * - the devices the Internet root feeds (gateways, a mesh primary) carry every VLAN of the project:
 *   the VLANs are theirs; a device whose uplink is unknown carries none;
 * - a switch's ports carrying it are listed (untagged and tagged), whether anything hangs on them or not.
 */
import type { Topology, TopologyPortVlans } from '../api/topology';
import { TOPOLOGY_ROOT_ID, topologyEdgeId } from '../api/topology';

export interface VlanView {
  /** Node ids that carry the VLAN. */
  nodes: Set<string>;
  /** Link ids ({@link topologyEdgeId}) that carry it. */
  edges: Set<string>;
  /** Per node, its ports that carry it. */
  ports: Map<string, { untagged: number[]; tagged: number[] }>;
}

/** The ports of one device that carry `vlanId`. */
export function portsCarrying(ports: readonly TopologyPortVlans[], vlanId: number) {
  return {
    untagged: ports.filter((p) => p.untagged === vlanId).map((p) => p.port),
    tagged: ports.filter((p) => p.untagged !== vlanId && p.tagged.includes(vlanId)).map((p) => p.port),
  };
}

export function vlanView(graph: Topology, vlanId: number): VlanView {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const nodes = new Set<string>();
  const edges = new Set<string>();
  const ports = new Map<string, { untagged: number[]; tagged: number[] }>();
  const childrenOf = new Map<string, typeof graph.edges>();
  for (const e of graph.edges) childrenOf.set(e.from, [...(childrenOf.get(e.from) ?? []), e]);

  const queue: string[] = [];
  for (const e of childrenOf.get(TOPOLOGY_ROOT_ID) ?? []) {
    const top = byId.get(e.to);
    if (top && !top.uplinkUnknown) {
      nodes.add(top.id);
      queue.push(top.id);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i] as string;
    for (const e of childrenOf.get(id) ?? []) {
      if (e.vlans !== undefined && !e.vlans.includes(vlanId)) continue;
      edges.add(topologyEdgeId(e));
      if (!nodes.has(e.to)) {
        nodes.add(e.to);
        queue.push(e.to);
      }
    }
  }
  for (const id of nodes) {
    const vp = byId.get(id)?.vlanPorts;
    if (!vp) continue;
    const carrying = portsCarrying(vp, vlanId);
    if (carrying.untagged.length + carrying.tagged.length > 0) ports.set(id, carrying);
  }
  return { nodes, edges, ports };
}
