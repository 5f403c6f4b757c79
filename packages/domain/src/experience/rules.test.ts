import { describe, expect, it } from 'vitest';
import { PROJECT_NAME_MAX_LENGTH } from '../limits';
import { experienceCreateSchema } from './api';
import {
  EXPERIENCE_NAME_MAX_LENGTH,
  EXPERIENCE_NUMBER_MAX_DIGITS,
  experienceProjectName,
  isFreeRegistrationMode,
} from './rules';
import { safeForwardPath } from './staticPages';

describe('experience rules', () => {
  it('names the project by its name plus the experience number, within the project name limit', () => {
    expect(experienceProjectName(' Trial ', 12)).toBe('Trial 12');
    const longest = experienceProjectName(
      'x'.repeat(EXPERIENCE_NAME_MAX_LENGTH),
      10 ** EXPERIENCE_NUMBER_MAX_DIGITS - 1,
    );
    expect(longest.length).toBe(PROJECT_NAME_MAX_LENGTH);
    expect(
      experienceCreateSchema.safeParse({ name: 'x'.repeat(EXPERIENCE_NAME_MAX_LENGTH + 1) }).success,
    ).toBe(false);
    expect(experienceCreateSchema.parse({})).toEqual({ name: 'Experience' });
  });

  it('treats the visitor level as free-registration mode, every member level else not', () => {
    expect(isFreeRegistrationMode('visitor')).toBe(true);
    for (const level of ['common', 'basic', 'silver', 'gold'] as const)
      expect(isFreeRegistrationMode(level)).toBe(false);
  });

  it('forwards only to paths of this console', () => {
    expect(safeForwardPath('/manage/alarminfo?x=1')).toBe('/manage/alarminfo?x=1');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil', 'manage', '/a\nb'])
      expect(safeForwardPath(bad)).toBeNull();
  });
});
