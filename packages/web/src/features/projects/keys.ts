import type { LiveInvalidations } from '../../api/live';

/** Query keys of the projects feature: every key starts with `projects`, so one prefix refreshes all. */
export const projectKeys = {
  all: ['projects'] as const,
  overview: ['projects', 'overview'] as const,
};

/** The overview's device and unread-alarm figures follow the project's devices and alarms. */
export const projectsLive: LiveInvalidations = {
  events: {
    'device.status': () => [projectKeys.overview],
    'device.updated': () => [projectKeys.overview],
    'alarms.changed': () => [projectKeys.overview],
    // A project transferred to the account or shared with it: every list of projects refetches.
    'account.projects': () => [projectKeys.all],
  },
};
