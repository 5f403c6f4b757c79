/**
 * The NVR endpoints (issue 13 §4): format one disk of a recorder — a `formatDisk` command job
 * (docs/protocol.md §7.2) whose stages arrive as `command.updated` — and the recorder's recent
 * format jobs, so a drawer opened (or reloaded) mid-format shows its progress.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { commandJobSchema } from '../api/live';
import { projectDeviceParamsSchema } from '../api/params';
import { NVR_DISKS_MAX } from '../limits';

export const formatDiskRequestSchema = z.object({ disk: z.int().min(1).max(NVR_DISKS_MAX) });
export type FormatDiskRequest = z.infer<typeof formatDiskRequestSchema>;

/** A format job: the command job and the disk it formats. */
export const diskFormatJobSchema = commandJobSchema.extend({ disk: z.number().int() });
export type DiskFormatJob = z.infer<typeof diskFormatJobSchema>;

export const diskFormatJobsSchema = z.object({ jobs: z.array(diskFormatJobSchema) });
export type DiskFormatJobs = z.infer<typeof diskFormatJobsSchema>;

const tag = 'nvr';
const group = 'nvr';

export const nvrEndpoints = {
  format: endpoint({
    method: 'POST',
    path: '/api/projects/:id/nvr/devices/:deviceId/format',
    summary:
      'Format one disk of a recorder: its command job; 901 unknown, 913 not a recorder, 76 local mode, 71 upgrading, 917 rebooting, 911 busy, 36 offline, 3001 a format under way, 3002 no such disk',
    tag,
    auth: { project: 'rw' },
    group,
    params: projectDeviceParamsSchema,
    body: formatDiskRequestSchema,
    response: diskFormatJobSchema,
  }),
  formats: endpoint({
    method: 'GET',
    path: '/api/projects/:id/nvr/devices/:deviceId/formats',
    summary: "A recorder's format jobs of the last hour, newest first (901 unknown)",
    tag,
    auth: { project: 'r' },
    group,
    params: projectDeviceParamsSchema,
    response: diskFormatJobsSchema,
  }),
};
