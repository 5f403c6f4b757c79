import type { TopologyNode } from '@netloom/domain';
import { NODE_HEIGHT, NODE_WIDTH } from './layout';
import type { FlowNode } from './overview';

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

/** A device node of the drawing at (x, y), the layout's size. */
export function flowNode(id: string, x: number, y: number): FlowNode {
  return {
    id,
    type: 'device',
    position: { x, y },
    width: NODE_WIDTH,
    height: NODE_HEIGHT,
    data: { node: topologyNode(id), direction: 'vertical', hiddenBelow: 0 },
  };
}
