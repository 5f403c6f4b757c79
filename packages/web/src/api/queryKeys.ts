/** TanStack Query keys shared by every feature, so invalidation hits the same cache entries. */
export const queryKeys = {
  session: ['session'],
  projects: ['projects'],
  projectsOverview: ['projects', 'overview'],
  project: (id: number) => ['projects', id],
  version: ['version'],

  // Issue 3 — project-scoped keys. Each family starts with a root + projectId so the live channel
  // can invalidate one project's family with a prefix (see api/live.ts).
  /** Every device query of a project (list, types, detail, telemetry). */
  devices: (projectId: number) => ['devices', projectId],
  deviceList: (projectId: number, query: unknown) => ['devices', projectId, 'list', query],
  deviceTypes: (projectId: number) => ['devices', projectId, 'types'],
  device: (projectId: number, deviceId: number) => ['devices', projectId, 'detail', deviceId],
  /** Per-device telemetry chart (`…/devices/:id/telemetry?range=`); prefix of every range. */
  deviceTelemetry: (projectId: number, deviceId?: number, range?: string) =>
    ['devices', projectId, 'telemetry', deviceId, range].filter((p) => p !== undefined),
  /** Devices to be verified (list + count). */
  pendingDevices: (projectId: number) => ['pendingDevices', projectId],
  pendingDeviceCount: (projectId: number) => ['pendingDevices', projectId, 'count'],
  /** Network status page (§5 monitoring status). */
  status: (projectId: number) => ['status', projectId],
  /** Project monitoring overview. */
  overview: (projectId: number) => ['overview', projectId],
  /** Device data page (software versions, models, load). */
  deviceData: (projectId: number) => ['deviceData', projectId],
  /** Client data page (passenger flow, traffic). */
  clientData: (projectId: number) => ['clientData', projectId],
  /** Client list and anything derived from a device's client table. */
  clients: (projectId: number) => ['clients', projectId],
  // Issue 4 — configuration. One family per project: every config view, history and audit list.
  config: (projectId: number) => ['config', projectId],
  configStatus: (projectId: number) => ['config', projectId, 'status'],
  configDocument: (projectId: number, kind: string, deviceId?: number) =>
    ['config', projectId, 'document', kind, deviceId].filter((p) => p !== undefined),
  configRevisions: (projectId: number, query: unknown) => ['config', projectId, 'revisions', query],
  configDiff: (projectId: number, from: number, to?: number) =>
    ['config', projectId, 'diff', from, to].filter((p) => p !== undefined),
  audit: (projectId: number, query: unknown) => ['config', projectId, 'audit', query],
  routeTable: (projectId: number) => ['config', projectId, 'routeTable'],
  /** Alarms and device events of a project: the list, the bell, a device's recent events. */
  alarms: (projectId: number) => ['alarms', projectId],
  /** Per-account UI preferences (`/api/account/preferences/:key`). */
  preferences: (key: string) => ['preferences', key],
} as const;
