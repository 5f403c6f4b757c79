import { canConfigure, GENERAL_MESSAGES, isDemoProject, type SessionProject } from '@netloom/domain';

/**
 * Why the account may not change anything in `project` (the message the server would give: no
 * project, a demo project, a read-only share), or null when it may. Pages disable the controls
 * with it as the tooltip instead of letting the server refuse.
 */
export function changeBlockedReason(project: SessionProject | null): string | null {
  if (!project) return GENERAL_MESSAGES.NO_PERMISSION;
  if (isDemoProject(project)) return GENERAL_MESSAGES.DEMO_BLOCKED;
  return canConfigure(project.right) ? null : GENERAL_MESSAGES.READ_ONLY_NOT_CONFIGURABLE;
}
