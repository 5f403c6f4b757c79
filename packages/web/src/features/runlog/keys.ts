import type { LiveInvalidations } from '../../api/live';

/** Query keys of the system log: its pages, its accounts, its retention. */
export const runlogKeys = {
  all: (projectId: number) => ['runlog', projectId] as const,
  list: (projectId: number, query: unknown) => ['runlog', projectId, 'list', query] as const,
  accounts: (projectId: number) => ['runlog', projectId, 'accounts'] as const,
  settings: (projectId: number) => ['runlog', projectId, 'settings'] as const,
};

/**
 * A device changing status or a job ending adds entries: the open log refetches (the server writes
 * transitions within a second, so the list also polls while it is open, see api.ts).
 */
export const runlogLive: LiveInvalidations = {
  events: {
    'device.status': (e) => [['runlog', e.projectId, 'list']],
    'command.updated': (e) => [['runlog', e.projectId, 'list']],
    'config.status': (e) => [['runlog', e.projectId, 'list']],
  },
  resync: (p) => [runlogKeys.all(p)],
};
