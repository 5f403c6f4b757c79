import type { LiveInvalidations } from '../../api/live';
import { projectKeys } from '../projects';

/** A transfer changes the project's owner and rights: every project view refetches. */
export const transferLive: LiveInvalidations = {
  events: { 'project.changed': () => [projectKeys.all] },
};
