import { useEffect } from 'react';
import { onSessionInDoubt, registerLiveInvalidations, useLiveQueryInvalidation } from '../api/live';
import { alarmsLive } from '../features/alarms';
import { backupLive } from '../features/backup';
import { clientsLive } from '../features/clients';
import { configLive } from '../features/config';
import { devicesLive } from '../features/devices';
import { firmwareLive } from '../features/firmware';
import { mapsLive } from '../features/maps';
import { monitoringLive } from '../features/monitoring';
import { nvrLive } from '../features/nvr';
import { projectsLive } from '../features/projects';
import { rebootSchedulesLive } from '../features/rebootSchedules';
import { rfLive } from '../features/rf';
import { runlogLive } from '../features/runlog';
import { sharingLive } from '../features/sharing';
import { topologyLive } from '../features/topology';
import { tracebackLive } from '../features/traceback';
import { transferLive } from '../features/transfer';
import { useCurrentProject } from '../session/session';
import { fetchSession } from '../session/sessionApi';

// What each feature's cache makes of live events, in one list (the channel itself knows no feature).
registerLiveInvalidations([
  devicesLive,
  monitoringLive,
  topologyLive,
  mapsLive,
  projectsLive,
  clientsLive,
  configLive,
  alarmsLive,
  rfLive,
  backupLive,
  runlogLive,
  firmwareLive,
  rebootSchedulesLive,
  nvrLive,
  transferLive,
  sharingLive,
  tracebackLive,
]);

/**
 * Mounted once by the console layout: keeps the current project's cached queries fresh from the
 * live channel on every page (device list, monitoring, clients, the pending-devices badge), and
 * asks the API when the socket suggests the session ended (a dead session then signs out once).
 */
export function LiveQueryBridge() {
  const { project } = useCurrentProject();
  useLiveQueryInvalidation(project?.id ?? null);
  useEffect(
    () =>
      onSessionInDoubt(() => {
        // A dead session runs the client's sign-out flow; other errors: the socket retries later.
        fetchSession({ signOut: true }).catch(() => undefined);
      }),
    [],
  );
  return null;
}
