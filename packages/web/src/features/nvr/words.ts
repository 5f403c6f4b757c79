/** How the console words disks and cameras: sizes, durations, statuses. */
import {
  DISK_HEALTH_LABELS,
  DISK_STATUS_LABELS,
  type DiskFormatJob,
  diskFormatSeconds,
  errorMessage,
} from '@netloom/domain';
import { plural } from '../../components/format';

const GB_PER_TB = 1000;

/** "500 GB", "4 TB", "1.2 TB" (disk makers' units: 1 TB = 1,000 GB). */
export function sizeText(gb: number): string {
  if (gb < GB_PER_TB) return `${Math.round(gb)} GB`;
  const tb = gb / GB_PER_TB;
  return `${tb >= 10 || Number.isInteger(tb) ? Math.round(tb) : tb.toFixed(1)} TB`;
}

/** "about 2 minutes" for a disk of this size. */
export function formatDuration(capacityGb: number): string {
  return `about ${plural(Math.max(1, Math.round(diskFormatSeconds(capacityGb) / 60)), 'minute')}`;
}

export function healthLabel(health: string | undefined): string {
  return health ? (DISK_HEALTH_LABELS[health] ?? health) : 'Unknown';
}

export const HEALTH_COLORS: Record<string, string> = { good: 'success', warning: 'warning', bad: 'error' };

export function statusLabel(status: string): string {
  return DISK_STATUS_LABELS[status] ?? status;
}

export const STATUS_COLORS: Record<string, string> = {
  ok: 'success',
  formatting: 'processing',
  unformatted: 'default',
  full: 'warning',
  failed: 'error',
};

/** "1920×1080 (1080p)" for the common streams, else the size as reported. */
export function resolutionText(resolution: string | undefined): string {
  if (!resolution) return '—';
  const [w, h] = resolution.split('x');
  const name: Record<string, string> = { '1080': '1080p', '1440': '2K', '2160': '4K', '720': '720p' };
  const tag = h ? name[h] : undefined;
  return `${w}×${h}${tag ? ` (${tag})` : ''}`;
}

/** What a finished format job says, for the result line above the disks. */
export function jobResultText(job: DiskFormatJob): string {
  if (job.status === 'done') return `Disk ${job.disk} was formatted: it is empty and recording again.`;
  const why = job.code !== null ? errorMessage(job.code) : (job.message ?? 'No reason was given.');
  return `Formatting disk ${job.disk} failed. ${why}${job.code !== null ? ` (code ${job.code})` : ''}`;
}
