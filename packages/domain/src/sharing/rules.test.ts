import { describe, expect, it } from 'vitest';
import { ERR } from '../errors/catalogue';
import {
  formatInvitationCode,
  isInvitationCodeShape,
  isShareExpired,
  normaliseInvitationCode,
  type ShareCounts,
  shareExpiresAt,
  shareLimitRefusal,
  shareManageRefusal,
} from './rules';

const NONE: ShareCounts = {
  accountReadOnly: 0,
  accountReadWrite: 0,
  projectManageable: 0,
  projectPermanentManageable: 0,
};

describe('share limits (§6, §9)', () => {
  it.each([
    ['rw', true, { projectPermanentManageable: 3 }, ERR.PERMANENT_SHARE_LIMIT],
    ['rw', true, { projectPermanentManageable: 2 }, null],
    ['rw', false, { projectPermanentManageable: 3 }, null],
    ['rw', false, { projectManageable: 11 }, ERR.MANAGEABLE_SHARE_LIMIT],
    ['rw', false, { projectManageable: 10 }, null],
    ['rw', false, { accountReadWrite: 8 }, ERR.SHARE_READ_WRITE_LIMIT],
    ['rw', false, { accountReadOnly: 32 }, null],
    ['r', true, { accountReadOnly: 32 }, ERR.SHARE_READ_ONLY_LIMIT],
    ['r', false, { accountReadOnly: 31, projectManageable: 11, accountReadWrite: 8 }, null],
  ] as const)('%s permanent=%s %o → %s', (permission, permanent, counts, code) => {
    expect(shareLimitRefusal(permission, permanent, { ...NONE, ...counts })).toBe(code);
  });
});

describe('who may manage shares', () => {
  it.each([
    ['own', 0, 'rw', null],
    ['rw', 1, 'r', null],
    ['rw', 1, 'rw', ERR.NO_PERMISSION],
    ['rw', 0, 'r', ERR.NO_PERMISSION],
    ['r', 0, 'r', ERR.READ_ONLY_SHARE],
  ] as const)('%s role %s sharing %s → %s', (right, role, permission, code) => {
    expect(shareManageRefusal({ right, role }, permission)).toBe(code);
  });
});

describe('expiry', () => {
  const now = Date.parse('2026-03-10T10:00:00Z');
  it('ends after hours, at a custom instant, or never — and is expired from that very instant', () => {
    expect(shareExpiresAt({ kind: 'hours', hours: 2 }, now)).toBe(now + 7_200_000);
    expect(shareExpiresAt({ kind: 'custom', at: '2026-03-11T00:00:00Z' }, now)).toBe(
      Date.parse('2026-03-11T00:00:00Z'),
    );
    expect(shareExpiresAt({ kind: 'never' }, now)).toBeNull();
    expect(isShareExpired(now, now)).toBe(true);
    expect(isShareExpired(now + 1, now)).toBe(false);
    expect(isShareExpired(null, now)).toBe(false);
  });
});

describe('invitation codes', () => {
  it('reads a typed code leniently and refuses other shapes', () => {
    expect(normaliseInvitationCode(' k7px-mq2d-9tza ')).toBe('K7PXMQ2D9TZA');
    expect(normaliseInvitationCode('O1IL')).toBe('0111');
    expect(isInvitationCodeShape('K7PXMQ2D9TZA')).toBe(true);
    expect(isInvitationCodeShape('K7PXMQ2D9TZ')).toBe(false);
    expect(isInvitationCodeShape('K7PXMQ2D9TZU')).toBe(false);
    expect(formatInvitationCode('K7PXMQ2D9TZA')).toBe('K7PX-MQ2D-9TZA');
  });
});
