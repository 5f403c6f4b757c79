/** How the console words a maintenance action: durations, confirmations, outcomes. */
import {
  MAINTENANCE_ACTION_INFO,
  type MaintenanceAction,
  type MaintenanceTarget,
  maintenanceRefusalReason,
} from '@netloom/domain';
import { plural } from '../../components/format';

/** A device as the maintenance screens need it: the rule's facts plus what to call it. */
export type MaintenanceDevice = MaintenanceTarget & { id: number; name: string };

/** "about 1 minute", "about 3 minutes" (§9). */
export function awayFor(seconds: number): string {
  return `about ${plural(Math.max(1, Math.round(seconds / 60)), 'minute')}`;
}

/** The devices of a selection that may take the action now, and the others with their reasons. */
export function splitByRule(action: MaintenanceAction, devices: readonly MaintenanceDevice[]) {
  const allowed: MaintenanceDevice[] = [];
  const refused: { device: MaintenanceDevice; reason: string }[] = [];
  for (const d of devices) {
    const reason = maintenanceRefusalReason(action, d);
    if (reason === null) allowed.push(d);
    else refused.push({ device: d, reason });
  }
  return { allowed, refused };
}

/** The confirmation's title: "Restart “AP-Lobby”?", "Reset 4 devices?". */
export function confirmTitle(action: MaintenanceAction, devices: readonly MaintenanceDevice[]): string {
  const label = MAINTENANCE_ACTION_INFO[action].label;
  const [first] = devices;
  return devices.length === 1 && first
    ? `${label} “${first.name}”?`
    : `${label} ${plural(devices.length, 'device')}?`;
}

/** What the success message says once the device(s) accepted. */
export function startedText(action: MaintenanceAction, n: number, minutes: number): string {
  const info = MAINTENANCE_ACTION_INFO[action];
  const who = plural(n, 'device');
  if (action === 'locate') return `LED blinking on ${who} for ${plural(minutes, 'minute')}.`;
  const back = info.seconds ? ` Back online in ${awayFor(info.seconds)}.` : '';
  return action === 'reboot' ? `Restarting ${who}.${back}` : `Resetting ${who} to factory settings.${back}`;
}
