import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ROLE_LABELS,
  ACCOUNT_ROLE_VALUES,
  DEFAULT_MEMBER_LEVEL,
  isMemberLevel,
  MEMBER_LEVEL_LABELS,
  MEMBER_LEVELS,
  memberLevelAtLeast,
} from './account';
import { isShareRole, SHARE_ROLE_LABELS, SHARE_ROLE_VALUES, SHARE_ROLES } from './sharing';

describe('account roles (§3: 0 normal, 1 engineer, 2 manufacturer, 3 retail partner)', () => {
  it('keeps the spec numbers, each labelled', () => {
    expect(ACCOUNT_ROLE_VALUES).toEqual([0, 1, 2, 3]);
    expect(ACCOUNT_ROLE_LABELS).toEqual({
      0: 'Normal user',
      1: 'Engineer',
      2: 'Manufacturer',
      3: 'Retail partner',
    });
  });
});

describe('share roles (§3: guest 0, admin 1)', () => {
  it('keeps the spec numbers, each labelled', () => {
    expect(SHARE_ROLES).toEqual({ GUEST: 0, ADMIN: 1 });
    expect(SHARE_ROLE_VALUES).toEqual([0, 1]);
    expect(SHARE_ROLE_LABELS[SHARE_ROLES.GUEST]).toBe('Guest');
    expect(SHARE_ROLE_LABELS[SHARE_ROLES.ADMIN]).toBe('Administrator');
  });

  it.each([
    [0, true],
    [1, true],
    [2, false],
    [-1, false],
    ['0', false],
    [null, false],
  ])('isShareRole(%j) → %j', (v, expected) => {
    expect(isShareRole(v)).toBe(expected);
  });
});

describe('member levels (§6: visitor, common user, basic/silver/gold members)', () => {
  it('lists five unique levels from the least to the most privileged, each labelled', () => {
    expect(MEMBER_LEVELS).toEqual(['visitor', 'common', 'basic', 'silver', 'gold']);
    expect(new Set(Object.values(MEMBER_LEVEL_LABELS)).size).toBe(MEMBER_LEVELS.length);
    expect(MEMBER_LEVEL_LABELS.gold).toBe('Gold member');
    expect(MEMBER_LEVEL_LABELS.visitor).toBe('Visitor');
    expect(DEFAULT_MEMBER_LEVEL).toBe('common');
  });

  it.each([
    ['gold', 'silver', true],
    ['silver', 'silver', true],
    ['basic', 'silver', false],
    ['common', 'basic', false],
    ['visitor', 'visitor', true],
    ['visitor', 'common', false],
  ] as const)('%s is at least %s → %j', (level, min, expected) => {
    expect(memberLevelAtLeast(level, min)).toBe(expected);
  });

  it.each([
    ['gold', true],
    ['common', true],
    ['Gold', false],
    ['platinum', false],
    [2, false],
  ])('isMemberLevel(%j) → %j', (v, expected) => {
    expect(isMemberLevel(v)).toBe(expected);
  });
});
