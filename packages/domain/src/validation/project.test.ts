import { describe, expect, it } from 'vitest';
import { netModeSchema, projectAddressSchema, projectNameSchema, scenarioSchema } from './project';

describe('project name: required, at most 18 characters, general text rules', () => {
  it.each([
    ['A', null],
    ['a'.repeat(18), null],
    ['汉'.repeat(18), null], // 18 characters, 54 bytes: the limit counts characters
    ['', 'Project name is required.'],
    ['a'.repeat(19), 'Project name must be 1–18 characters.'],
    [' Shop', 'Project name cannot start or end with a space.'],
    ['Shop 🏬', 'Project name cannot contain emoticons.'],
  ])('%j → %j', (s, expected) => {
    const r = projectNameSchema.safeParse(s);
    expect(r.success ? null : r.error.issues[0]?.message).toBe(expected);
  });
});

describe('other project fields', () => {
  it('network mode is 0 (WLAN) or 1 (mesh)', () => {
    expect(netModeSchema.safeParse(0).success).toBe(true);
    expect(netModeSchema.safeParse(1).success).toBe(true);
    expect(netModeSchema.safeParse(2).success).toBe(false);
  });
  it('scenario comes from the list', () => {
    expect(scenarioSchema.safeParse('hotel').success).toBe(true);
    expect(scenarioSchema.safeParse('castle').success).toBe(false);
  });
  it('address is optional but keeps the text rules', () => {
    expect(projectAddressSchema.safeParse('').success).toBe(true);
    expect(projectAddressSchema.safeParse('a'.repeat(129)).success).toBe(false);
  });
});
