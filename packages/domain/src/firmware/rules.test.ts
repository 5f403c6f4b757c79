import { describe, expect, it } from 'vitest';
import { ERR } from '../errors/catalogue';
import { maintenanceRefusal, maintenanceRefusalReason } from '../maintenance/rules';
import { latestFirmwareByModel, newerFirmwareFor, upgradeStageOf } from './rules';
import { compareFirmwareVersions, isNewerFirmware } from './version';

describe('compareFirmwareVersions', () => {
  const vectors: [string, string, number][] = [
    ['V1.10.0', 'V1.9.3', 1],
    ['V1.2', 'V1.2.0', 0],
    ['v2.0.0', 'V1.99.99', 1],
    ['V1.2.0-beta', 'V1.2.0', -1],
    ['V1.2.0', 'V1.2.0-beta', 1],
    ['V1.2.0-beta2', 'V1.2.0-beta1', 1],
    ['1.0.5', 'V1.0.5', 0],
    ['V1.0.5', 'V1.1.5', -1],
  ];
  it.each(vectors)('%s vs %s', (a, b, want) => {
    expect(compareFirmwareVersions(a, b)).toBe(want);
  });
  it('any version is newer than an unknown one', () => {
    expect(isNewerFirmware('V1.0.0', null)).toBe(true);
    expect(isNewerFirmware('V1.0.0', 'V1.0.0')).toBe(false);
  });
});

describe('the catalogue per model', () => {
  const files = [
    { id: 1, model: 'NL-A1200C', version: 'V1.2.0' },
    { id: 2, model: 'NL-A1200C', version: 'V1.10.0' },
    { id: 3, model: 'NL-A1200C', version: 'V1.9.0' },
    { id: 4, model: 'NL-S8P', version: 'V2.0.0' },
  ];
  it('keeps the newest version of each model', () => {
    const c = latestFirmwareByModel(files);
    expect(c.get('NL-A1200C')?.id).toBe(2);
    expect(c.get('NL-S8P')?.id).toBe(4);
  });
  it('offers it only when newer than what the device runs', () => {
    const c = latestFirmwareByModel(files);
    expect(newerFirmwareFor(c, { model: 'NL-A1200C', firmwareVersion: 'V1.9.9' })?.version).toBe('V1.10.0');
    expect(newerFirmwareFor(c, { model: 'NL-A1200C', firmwareVersion: 'V1.10.0' })).toBeNull();
    expect(newerFirmwareFor(c, { model: 'NL-X', firmwareVersion: 'V0.1' })).toBeNull();
    expect(newerFirmwareFor(c, { model: null, firmwareVersion: 'V0.1' })).toBeNull();
  });
});

describe('upgradeStageOf', () => {
  const job = (
    status: 'pending' | 'sent' | 'done' | 'failed' | 'expired',
    stage: string | null,
    code: number | null = null,
  ) => ({
    status,
    stage,
    code,
  });
  it('follows the reported stage while running', () => {
    expect(upgradeStageOf(job('pending', null))).toBe('waiting');
    expect(upgradeStageOf(job('sent', 'downloading'))).toBe('downloading');
    expect(upgradeStageOf(job('sent', 'upgrading'))).toBe('upgrading');
    expect(upgradeStageOf(job('sent', 'restarting'))).toBe('restarting');
  });
  it('ends in the right stage', () => {
    expect(upgradeStageOf(job('done', 'restarting'))).toBe('success');
    expect(upgradeStageOf(job('failed', 'downloading', ERR.FIRMWARE_DOWNLOAD_FAILED))).toBe(
      'download_failed',
    );
    expect(upgradeStageOf(job('failed', 'downloading', ERR.FIRMWARE_HASH_MISMATCH))).toBe('upgrade_failed');
    expect(upgradeStageOf(job('failed', 'upgrading', ERR.FIRMWARE_UPGRADE_FAILED))).toBe('upgrade_failed');
    expect(upgradeStageOf(job('expired', 'downloading'))).toBe('download_failed');
    expect(upgradeStageOf(job('expired', null))).toBe('download_failed');
    expect(upgradeStageOf(job('expired', 'upgrading'))).toBe('upgrade_failed');
  });
});

describe('who may be upgraded (the maintenance rule)', () => {
  const AP = { type: 'ap', model: 'NL-A1200C', status: 1, managementMode: 1, meshRole: null };
  it('an NVR never (§6), an offline device with §8 words', () => {
    expect(maintenanceRefusal('upgrade', AP)).toBeNull();
    expect(maintenanceRefusal('upgrade', { ...AP, type: 'nvr', model: 'NL-N4' })).toBe(
      ERR.DEVICE_OPERATION_UNSUPPORTED,
    );
    expect(maintenanceRefusalReason('upgrade', { ...AP, status: 0 })).toBe(
      'Only online devices can be upgraded.',
    );
    expect(maintenanceRefusal('upgrade', { ...AP, status: 3 })).toBe(ERR.DEVICE_UPGRADING);
  });
});
