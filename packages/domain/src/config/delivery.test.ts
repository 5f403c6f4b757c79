import { describe, expect, it } from 'vitest';
import { errorMessage } from '../errors/catalogue';
import { buildConfigTarget } from '../testing/config';
import type { ConfigTargetStatus } from './api';
import { deliveryState, deliveryText, failureAdvice, failureReason, formatAge } from './delivery';

const NOW = 1_800_000_000_000;
const MIN = 60_000;

const target = buildConfigTarget;
const eight = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => target({ deviceId: i, name: `SW-${i}` }));
const text = (targets: ConfigTargetStatus[], compact = false) =>
  deliveryText(deliveryState(targets), NOW, compact);

describe('delivery state', () => {
  it('says applied on all devices, or on the only one by name', () => {
    expect(text(eight)).toBe('Applied on all 8 devices');
    expect(deliveryState(eight)).toMatchObject({ tone: 'applied', applied: 8, failed: 0, pending: 0 });
    expect(text([target()])).toBe('Applied on Gateway-1');
  });

  it('counts what applied of all, then the failures by name: the same words everywhere', () => {
    const refused = target({
      deviceId: 9,
      name: 'NL-R200',
      status: 'failed',
      failedCode: 400,
      failedMessage: 'Port 2 of the NL-R200 cannot be a WAN port',
    });
    const targets = [...eight.slice(0, 7), refused];
    const s = deliveryState(targets);
    expect(s).toMatchObject({ tone: 'failed', total: 8, applied: 7, failed: 1 });
    expect(deliveryText(s, NOW)).toBe('Applied on 7 of 8 · 1 failed — NL-R200');
    expect(deliveryText(s, NOW, true)).toBe('1 failed — NL-R200');
    expect(s.failures).toEqual([
      {
        deviceId: 9,
        name: 'NL-R200',
        reason: `${errorMessage(400).replace(/\.$/, '')} — Port 2 of the NL-R200 cannot be a WAN port`,
      },
    ]);
    expect(failureAdvice(s)).toMatch(/^The device keeps running the settings it had/);
    expect(failureAdvice(deliveryState(eight))).toBeNull();
  });

  it('names two failed devices and counts the rest', () => {
    const failed = [1, 2, 3, 4].map((i) => target({ deviceId: i, name: `AP-${i}`, status: 'failed' }));
    expect(text([...failed, ...eight.slice(4)])).toBe('Applied on 4 of 8 · 4 failed — AP-1, AP-2 and 2 more');
    expect(failureAdvice(deliveryState(failed))).toMatch(/^These devices keep running the settings they had/);
  });

  it('counts pending devices with the oldest age and the offline ones', () => {
    const targets = [
      ...eight.slice(0, 2),
      target({ deviceId: 3, status: 'pending', pendingSince: NOW - 3 * MIN - 10_000 }),
      target({ deviceId: 4, status: 'pending', pendingSince: NOW - MIN, online: false }),
    ];
    const s = deliveryState(targets);
    expect(s).toMatchObject({ tone: 'pending', pending: 2, applied: 2, offlinePending: 1 });
    expect(deliveryText(s, NOW)).toBe('Applied on 2 of 4 · 2 pending (oldest 3 min, 1 offline)');
    expect(deliveryText(s, NOW, true)).toBe('2 pending (oldest 3 min, 1 offline)');
  });

  it('puts failures before pending devices', () => {
    const targets = [
      target({ name: 'GW', status: 'failed', failedCode: 104 }),
      target({ deviceId: 2, status: 'pending', pendingSince: NOW - 30_000 }),
      target({ deviceId: 3 }),
    ];
    expect(text(targets)).toBe('Applied on 1 of 3 · 1 failed — GW · 1 pending (oldest < 1 min)');
  });

  it('speaks of the only device by name when it is not applied', () => {
    expect(text([target({ status: 'failed' })])).toBe('Failed on Gateway-1');
    expect(text([target({ status: 'pending', pendingSince: NOW - 2 * MIN, online: false })])).toBe(
      'Pending on Gateway-1 (2 min, offline)',
    );
  });

  it('says when nothing receives the document', () => {
    expect(deliveryState([]).tone).toBe('none');
    expect(text([])).toBe('No device receives these settings yet');
  });
});

describe('delivery words', () => {
  it('formats ages coarsely', () => {
    expect(formatAge(59_000)).toBe('< 1 min');
    expect(formatAge(125 * MIN)).toBe('2 h 5 min');
    expect(formatAge(48 * 60 * MIN)).toBe('2 d');
    expect(formatAge(-5)).toBe('< 1 min');
  });

  it('gives the catalogue words first, then the device’s own', () => {
    expect(failureReason(414, 'VLAN 20 overlaps LAN')).toBe(
      `${errorMessage(414).replace(/\.$/, '')} — VLAN 20 overlaps LAN`,
    );
    expect(failureReason(414, null)).toBe(errorMessage(414));
    expect(failureReason(null, 'disk full')).toBe('disk full');
    expect(failureReason(null, '  ')).toMatch(/without a reason/);
  });
});
