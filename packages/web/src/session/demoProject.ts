import { isDemoProject } from '@netloom/domain';
import { useCurrentProject } from './session';

/**
 * Whether the current project is a demo project (§3: ids 500000/600000 or type_flag 9). Pages use it
 * to disable buttons that the server would refuse with the demo code anyway (add, delete, rename,
 * kick, commands…), with {@link DEMO_DISABLED_TITLE} as the tooltip.
 */
export function useIsDemoProject(): boolean {
  const { project } = useCurrentProject();
  return project ? isDemoProject({ id: project.id }) : false;
}

export const DEMO_DISABLED_TITLE = 'Unavailable in demo projects';
