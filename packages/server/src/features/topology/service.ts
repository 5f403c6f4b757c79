import type { Topology } from '@netloom/domain';
import { buildTopology } from './graph';
import type { TopologyStore } from './store';

/** The topology of a project: one read of its devices, the graph built in memory. */
export class TopologyService {
  constructor(private readonly store: TopologyStore) {}

  async graph(projectId: number): Promise<Topology> {
    return buildTopology(await this.store.devicesOf(projectId));
  }
}
