import type { TopologyNode } from '@netloom/domain';

/** A topology node for the drawing's tests: an online AP at level 1 unless told otherwise. */
export function topologyNode(id: string, over: Partial<TopologyNode> = {}): TopologyNode {
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
