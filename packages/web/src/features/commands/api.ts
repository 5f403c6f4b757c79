import type { CommandJob } from '@netloom/domain';
import { api } from '../../api/client';

/**
 * A command job of a project (`GET /api/projects/:id/commands/:commandId`): what a page asks for
 * now and then while it follows a command (kick, PoE reboot, CPE mode switch) over the live channel,
 * in case an event was missed.
 */
export function fetchCommandJob(projectId: number, commandId: string): Promise<CommandJob> {
  return api.get<CommandJob>(`/api/projects/${projectId}/commands/${encodeURIComponent(commandId)}`);
}
