import type { LiveInvalidations } from '../../api/live';

/**
 * Query keys of the Wi-Fi map page. Every query of a project starts with `maps, id`, so one prefix
 * refreshes the list, the open map, the placeable devices and the placed APs' radios together.
 */
export const mapKeys = {
  all: (projectId: number) => ['maps', projectId] as const,
  list: (projectId: number) => ['maps', projectId, 'list'] as const,
  detail: (projectId: number, mapId: number) => ['maps', projectId, 'detail', mapId] as const,
  devices: (projectId: number) => ['maps', projectId, 'devices'] as const,
  radios: (projectId: number, deviceId: number) => ['maps', projectId, 'radios', deviceId] as const,
};

/**
 * A device going on- or offline or changing its radios (`device.updated`, a delivered configuration)
 * redraws its icon and recomputes the heat map; telemetry moves the client counts; an RF run's end
 * brings new neighbour scans, so a new calibration.
 */
export const mapsLive: LiveInvalidations = {
  events: {
    'device.status': (e) => [mapKeys.all(e.projectId)],
    'device.updated': (e) => [mapKeys.all(e.projectId)],
    'config.status': (e) => [mapKeys.all(e.projectId)],
    'telemetry.tick': (e) => [mapKeys.devices(e.projectId)],
    // A run's scans are the calibration's measurements: the open map refits when a run ends.
    'rf.progress': (e) => (e.status === 'running' ? [] : [mapKeys.all(e.projectId)]),
  },
  resync: (p) => [mapKeys.all(p)],
};
