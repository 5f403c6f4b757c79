import { describe, expect, it } from 'vitest';
import { DEVICE_STATUS } from '../enums/deviceStatus';
import { ERR } from '../errors/catalogue';
import { diskFormatSeconds, formatDiskRefusal } from './rules';

const NVR = { type: 'nvr', model: 'NL-N8P', status: DEVICE_STATUS.ONLINE, managementMode: 1, meshRole: null };
const DISKS = [
  { id: 1, status: 'ok', capacityGb: 8000 },
  { id: 2, status: 'ok', capacityGb: 2000 },
];

describe('formatDiskRefusal', () => {
  it('allows an online recorder to format a disk it has', () => {
    expect(formatDiskRefusal(NVR, DISKS, 1)).toBeNull();
    expect(formatDiskRefusal(NVR, DISKS, 1, { connected: true })).toBeNull();
  });
  it('refuses in order: not a recorder 913, local mode 76, offline 36, busy 911, a format under way 3001, no disk 3002', () => {
    expect(formatDiskRefusal({ ...NVR, type: 'ap', model: 'NL-A1200C' }, DISKS, 1)).toBe(
      ERR.DEVICE_OPERATION_UNSUPPORTED,
    );
    expect(formatDiskRefusal({ ...NVR, managementMode: 2 }, DISKS, 1)).toBe(ERR.LOCAL_MODE_UNSUPPORTED);
    expect(formatDiskRefusal({ ...NVR, status: DEVICE_STATUS.OFFLINE }, DISKS, 1)).toBe(ERR.DEVICE_OFFLINE);
    expect(formatDiskRefusal(NVR, DISKS, 1, { connected: false })).toBe(ERR.DEVICE_OFFLINE);
    expect(formatDiskRefusal(NVR, DISKS, 1, { jobOpen: true })).toBe(ERR.DEVICE_BUSY);
    expect(formatDiskRefusal(NVR, DISKS, 2, { formatting: true })).toBe(ERR.DISK_FORMAT_IN_PROGRESS);
    expect(formatDiskRefusal(NVR, [{ ...DISKS[0], status: 'formatting' } as (typeof DISKS)[number]], 9)).toBe(
      ERR.DISK_FORMAT_IN_PROGRESS,
    );
    expect(formatDiskRefusal(NVR, DISKS, 3)).toBe(ERR.DISK_NOT_FOUND);
    expect(formatDiskRefusal(NVR, [], 1)).toBe(ERR.DISK_NOT_FOUND);
  });
  it('takes about 30 s plus 15 s per TB', () => {
    expect(diskFormatSeconds(0)).toBe(30);
    expect(diskFormatSeconds(8000)).toBe(150);
  });
});
