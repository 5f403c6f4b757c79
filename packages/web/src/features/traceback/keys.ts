import type { LiveInvalidations } from '../../api/live';
import { tracebackKeys } from './api';

/** A device's client table changed: an open traceback refetches (a connection opened or closed). */
export const tracebackLive: LiveInvalidations = {
  events: { 'clients.changed': (e) => [tracebackKeys.all(e.projectId)] },
  resync: (p) => [tracebackKeys.all(p)],
};
