import { describe, expect, it } from 'vitest';
import { ERR } from '../errors/catalogue';
import { BACKUP_MAX_PER_PROJECT, BACKUP_MIN_INTERVAL_SECONDS } from '../limits';
import { backupFileName, backupIntervalRefusal, backupRefusal, backupsOverwritten } from './rules';

const AP = { type: 'ap', model: 'NL-A1200C', status: 1, managementMode: 1, meshRole: null };

describe('backupRefusal', () => {
  it.each([
    ['an online AP', AP, {}, null],
    ['an NVR', { ...AP, type: 'nvr', model: null }, {}, ERR.DEVICE_OPERATION_UNSUPPORTED],
    ['a camera', { ...AP, type: 'ipc', model: null }, {}, ERR.DEVICE_OPERATION_UNSUPPORTED],
    ['local management mode', { ...AP, managementMode: 2 }, {}, ERR.LOCAL_MODE_UNSUPPORTED],
    ['a secondary mesh node', { ...AP, type: 'mesh', model: null, meshRole: 1 }, {}, ERR.SECONDARY_MESH_NODE],
    ['upgrading', { ...AP, status: 3 }, {}, ERR.DEVICE_UPGRADING],
    ['rebooting', { ...AP, status: 8 }, {}, ERR.DEVICE_REBOOTING_OR_UPGRADING],
    ['busy with another job', AP, { jobOpen: true }, ERR.DEVICE_BUSY],
    ['offline', { ...AP, status: 0 }, {}, ERR.DEVICE_OFFLINE],
    ['without a connection', AP, { connected: false }, ERR.DEVICE_OFFLINE],
  ] as const)('%s', (_name, device, ctx, code) => {
    expect(backupRefusal(device, ctx)).toBe(code);
  });
});

describe('backupIntervalRefusal (187)', () => {
  const minute = 60_000;
  it('refuses within the interval and allows after it', () => {
    expect(backupIntervalRefusal(null, 0)).toBeNull();
    expect(backupIntervalRefusal(0, BACKUP_MIN_INTERVAL_SECONDS * 1000 - 1)).toBe(ERR.BACKUP_INTERVAL);
    expect(backupIntervalRefusal(0, BACKUP_MIN_INTERVAL_SECONDS * 1000)).toBeNull();
    expect(backupIntervalRefusal(10 * minute, 11 * minute)).toBe(ERR.BACKUP_INTERVAL);
  });
});

describe('backupsOverwritten (§4 cap)', () => {
  const general = (id: number, createdAt: number) => ({ id, type: 'general' as const, createdAt });
  it('names the oldest general backups beyond the cap, never a restore point', () => {
    const backups = [
      { id: 1, type: 'restore_point' as const, createdAt: 0 },
      general(3, 30),
      general(2, 20),
      general(4, 40),
    ];
    expect(backupsOverwritten(backups, 1, 4)).toEqual([]);
    expect(backupsOverwritten(backups, 2, 4).map((b) => b.id)).toEqual([2]);
    expect(backupsOverwritten(backups, 3, 4).map((b) => b.id)).toEqual([2, 3]);
  });
  it(`keeps ${BACKUP_MAX_PER_PROJECT} by default`, () => {
    const full = Array.from({ length: BACKUP_MAX_PER_PROJECT }, (_, i) => general(i + 1, i));
    expect(backupsOverwritten(full.slice(1), 1)).toEqual([]);
    expect(backupsOverwritten(full, 1).map((b) => b.id)).toEqual([1]);
  });
});

describe('backupFileName', () => {
  it('is the model, SN and UTC time, in file-name characters only', () => {
    expect(backupFileName('NL-A1200C', 'NLA12C0000000001', Date.UTC(2026, 10, 27, 7, 4, 5))).toBe(
      'NL-A1200C_NLA12C0000000001_20261127-070405.cfg',
    );
    expect(backupFileName('A/B C', 'SN', 0)).toBe('A-B-C_SN_19700101-000000.cfg');
  });
});
