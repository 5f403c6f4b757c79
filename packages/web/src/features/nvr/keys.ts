import { FORMAT_DISK_COMMAND } from '@netloom/domain';
import type { LiveInvalidations } from '../../api/live';

/** Query keys of the NVR feature: a recorder's format jobs. */
export const nvrKeys = {
  all: (projectId: number) => ['nvr', projectId] as const,
  formats: (projectId: number, deviceId: number) => ['nvr', projectId, 'formats', deviceId] as const,
};

/**
 * Every step of a format (its stage and percent, then its end) refetches that recorder's jobs; the
 * disks themselves follow the recorder's `state` through the devices feature's own invalidations.
 */
export const nvrLive: LiveInvalidations = {
  events: {
    'command.updated': (e) =>
      e.name === FORMAT_DISK_COMMAND ? [nvrKeys.formats(e.projectId, e.deviceId)] : [],
  },
  resync: (projectId) => [nvrKeys.all(projectId)],
};
