import { useCurrentProject } from '../app/session';
import { useLiveQueryInvalidation } from './live';

/**
 * Mounted once by the console layout: keeps the current project's cached queries fresh from the
 * live channel on every page (device list, monitoring, clients, the pending-devices badge).
 */
export function LiveQueryBridge() {
  const { project } = useCurrentProject();
  useLiveQueryInvalidation(project?.id ?? null);
  return null;
}
