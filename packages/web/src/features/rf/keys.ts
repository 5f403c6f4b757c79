import type { LiveInvalidations } from '../../api/live';
import { configKeys } from '../config';

/** Query keys of RF optimisation: the run view lives outside the config family (it is not a document). */
export const rfKeys = {
  all: (projectId: number) => ['rf', projectId] as const,
  view: (projectId: number) => ['rf', projectId, 'view'] as const,
};

/**
 * A run's progress refreshes the RF page and the radio/rf settings views (saving them is refused
 * while a run is going).
 */
export const rfLive: LiveInvalidations = {
  events: { 'rf.progress': (e) => [rfKeys.all(e.projectId), configKeys.all(e.projectId)] },
};
