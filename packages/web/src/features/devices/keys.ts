import type { LiveInvalidations } from '../../api/live';

/**
 * Query keys of the devices feature. Every device query of a project starts with `devices, id`, so
 * one prefix refreshes the list, the types, the details and the charts together.
 */
export const deviceKeys = {
  all: (projectId: number) => ['devices', projectId] as const,
  lists: (projectId: number) => ['devices', projectId, 'list'] as const,
  list: (projectId: number, query: unknown) => ['devices', projectId, 'list', query] as const,
  types: (projectId: number) => ['devices', projectId, 'types'] as const,
  detail: (projectId: number, deviceId: number) => ['devices', projectId, 'detail', deviceId] as const,
  /** Per-device telemetry chart (`…/devices/:id/telemetry?range=`); without ids: every chart. */
  telemetry: (projectId: number, deviceId?: number, range?: string) =>
    ['devices', projectId, 'telemetry', deviceId, range].filter((p) => p !== undefined),
  /** Devices to be verified (list + count). */
  pending: (projectId: number) => ['pendingDevices', projectId] as const,
  pendingCount: (projectId: number) => ['pendingDevices', projectId, 'count'] as const,
};

/**
 * Device rows follow status, identity and configuration delivery (the Config column); charts follow
 * telemetry; a finished command refreshes its device; a new unclaimed device the pending list.
 */
export const devicesLive: LiveInvalidations = {
  events: {
    'device.status': (e) => [deviceKeys.all(e.projectId)],
    'device.updated': (e) => [deviceKeys.all(e.projectId)],
    'config.status': (e) => [deviceKeys.all(e.projectId)],
    'telemetry.tick': (e) => [deviceKeys.telemetry(e.projectId)],
    'command.updated': (e) => [deviceKeys.detail(e.projectId, e.deviceId)],
    'device.pending': (e) => [deviceKeys.pending(e.projectId)],
  },
  resync: (p) => [deviceKeys.all(p), deviceKeys.pending(p)],
};
