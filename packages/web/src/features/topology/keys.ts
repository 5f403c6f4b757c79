import type { LiveInvalidations } from '../../api/live';

/** Query keys of the topology page: one graph per project. */
export const topologyKeys = {
  graph: (projectId: number) => ['topology', projectId] as const,
};

/**
 * A device going on- or offline, or reporting a new uplink (`device.updated`), redraws its node and
 * links; telemetry moves the client counts (and brings another tab's manual-node changes); a saved
 * settings document (`config.status` without a device) may change the VLANs and the switches' port
 * VLANs of the VLAN view. The layout is only recomputed when the structure changes.
 */
export const topologyLive: LiveInvalidations = {
  events: {
    'device.status': (e) => [topologyKeys.graph(e.projectId)],
    'device.updated': (e) => [topologyKeys.graph(e.projectId)],
    'telemetry.tick': (e) => [topologyKeys.graph(e.projectId)],
    'config.status': (e) => (e.deviceId === null ? [topologyKeys.graph(e.projectId)] : []),
  },
  resync: (p) => [topologyKeys.graph(p)],
};
