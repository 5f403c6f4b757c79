import { type CommandJob, commandEndpoints as E } from '@netloom/domain';
import { call } from '../../api/client';

/**
 * A command job of a project (`commandEndpoints.get`): what a page asks for now and then while it
 * follows a command (kick, PoE reboot, CPE mode switch) over the live channel, in case an event
 * was missed.
 */
export function fetchCommandJob(projectId: number, commandId: string): Promise<CommandJob> {
  return call(E.get, { params: { id: projectId, commandId } });
}
