import type { LiveInvalidations } from '../../api/live';

/** Query keys of the alarms feature: the list, the header bell and a device's recent events. */
export const alarmKeys = {
  all: (projectId: number) => ['alarms', projectId] as const,
  list: (projectId: number, query: unknown) => ['alarms', projectId, 'list', query] as const,
  unread: (projectId: number) => ['alarms', projectId, 'unread'] as const,
};

/** New alarms, and alarms marked read elsewhere, refresh every alarm view of the project. */
export const alarmsLive: LiveInvalidations = {
  events: { 'alarms.changed': (e) => [alarmKeys.all(e.projectId)] },
  resync: (p) => [alarmKeys.all(p)],
};
