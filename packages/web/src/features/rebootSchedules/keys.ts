import type { LiveInvalidations } from '../../api/live';

/** Query keys of the reboot schedules: one list per project, and the devices the form chooses from. */
export const rebootScheduleKeys = {
  list: (projectId: number) => ['rebootSchedules', projectId] as const,
  devices: (projectId: number) => ['rebootSchedules', projectId, 'devices'] as const,
};

/** A reboot job's progress (a slot ran: its last and next run moved) refreshes the list. */
export const rebootSchedulesLive: LiveInvalidations = {
  events: {
    'command.updated': (e) => (e.name === 'reboot' ? [rebootScheduleKeys.list(e.projectId)] : []),
  },
  resync: (p) => [rebootScheduleKeys.list(p)],
};
