/**
 * The page's layout engine: elkjs (1.4 MB of compiled Java) in a Web Worker, so the page's chunk stays
 * small and a large network's layout never blocks pan and zoom. The layout itself is `elkLayout.ts`,
 * shared with the bench.
 */
import type { Topology } from '@netloom/domain';
import ELK, { type ELK as ElkEngine } from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import { type LayoutDirection, layoutTopologyWith, type TopologyLayout } from './elkLayout';

export {
  LAYOUT_DIRECTIONS,
  type LayoutDirection,
  LINK_BUS_OFFSET,
  LINK_CORNER,
  NODE_HEIGHT,
  NODE_WIDTH,
  type PlacedNode,
  structureKey,
  type TopologyLayout,
  visiblePart,
} from './elkLayout';

let engine: ElkEngine | null = null;
/** One worker per tab, started by the first layout. */
function elk(): ElkEngine {
  engine ??= new ELK({ workerUrl: elkWorkerUrl });
  return engine;
}

export function layoutTopology(
  graph: Topology,
  direction: LayoutDirection,
  maxLevel: number,
): Promise<TopologyLayout> {
  return layoutTopologyWith(elk(), graph, direction, maxLevel);
}
