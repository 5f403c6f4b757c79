import type { LiveInvalidations } from '../../api/live';

/** Query keys of the monitoring pages: one family per page, each starting with its project. */
export const monitoringKeys = {
  /** Network status page (§5 monitoring status), every range. */
  status: (projectId: number) => ['status', projectId] as const,
  /** Project monitoring overview (KPIs, unread alarms). */
  overview: (projectId: number) => ['overview', projectId] as const,
  /** Device data page (software versions, models, load). */
  deviceData: (projectId: number) => ['deviceData', projectId] as const,
  /** Client data page (passenger flow, traffic), every range. */
  clientData: (projectId: number) => ['clientData', projectId] as const,
};

const figures = (p: number) => [monitoringKeys.status(p), monitoringKeys.overview(p)];

/** Status changes and new telemetry move the figures; alarms move the overview's unread count. */
export const monitoringLive: LiveInvalidations = {
  events: {
    'device.status': (e) => figures(e.projectId),
    'device.updated': (e) => figures(e.projectId),
    'telemetry.tick': (e) => [
      ...figures(e.projectId),
      monitoringKeys.deviceData(e.projectId),
      monitoringKeys.clientData(e.projectId),
    ],
    'alarms.changed': (e) => [monitoringKeys.overview(e.projectId)],
  },
  resync: (p) => [...figures(p), monitoringKeys.deviceData(p), monitoringKeys.clientData(p)],
};
