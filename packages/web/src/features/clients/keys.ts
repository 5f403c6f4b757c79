import type { LiveInvalidations } from '../../api/live';

/** Query keys of the client list: everything derived from the devices' client tables. */
export const clientKeys = {
  all: (projectId: number) => ['clients', projectId] as const,
  list: (projectId: number, query: unknown) => ['clients', projectId, 'list', query] as const,
  detail: (projectId: number, mac: string) => ['clients', projectId, 'detail', mac] as const,
};

/** A device's client table was replaced: the list refetches. */
export const clientsLive: LiveInvalidations = {
  events: { 'clients.changed': (e) => [clientKeys.all(e.projectId)] },
  resync: (p) => [clientKeys.all(p)],
};
