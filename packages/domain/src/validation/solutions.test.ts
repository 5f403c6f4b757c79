import { describe, expect, it } from 'vitest';
import {
  customScenarioCountIssue,
  customScenarioNameIssue,
  dataScreenCountriesIssue,
  dataScreenCountriesSchema,
  dataScreenTitleIssue,
  solutionDevicesIssue,
  solutionNameIssue,
  solutionNameSchema,
} from './solutions';

describe('solution name: required, at most 30 characters', () => {
  it.each([
    ['Hotel plan', null],
    ['x'.repeat(30), null],
    ['', 'Solution name is required.'],
    ['x'.repeat(31), 'Solution name must be 1–30 characters.'],
    [' plan', 'Solution name cannot start or end with a space.'],
    ['plan 🏨', 'Solution name cannot contain emoticons.'],
  ])('%j → %j', (s, expected) => {
    expect(solutionNameIssue(s)).toBe(expected);
    expect(solutionNameSchema.safeParse(s).success).toBe(expected === null);
  });
});

describe('solution devices: at least one, per-solution limits', () => {
  it.each([
    [[{ quantity: 1 }], null],
    [
      [
        { category: 'ac' as const, quantity: 1 },
        { category: 'gateway' as const, quantity: 1 },
      ],
      null,
    ],
    [
      [
        { category: 'ap' as const, quantity: 999 },
        { category: 'accessSwitch' as const, quantity: 99 },
      ],
      null,
    ],
    [[{ category: 'coreSwitch' as const, quantity: 99 }], null],
    [[], 'Add at least one device.'],
    [[{ quantity: 0 }], 'Each device quantity must be a whole number of at least 1.'],
    [[{ quantity: 1.5 }], 'Each device quantity must be a whole number of at least 1.'],
    [[{ category: 'ac' as const, quantity: 2 }], 'A solution can have at most 1 AC (2 given).'],
    [
      [
        { category: 'gateway' as const, quantity: 1 },
        { category: 'gateway' as const, quantity: 1 },
      ],
      'A solution can have at most 1 gateway (2 given).',
    ],
    [
      [{ category: 'accessSwitch' as const, quantity: 100 }],
      'A solution can have at most 99 access switches (100 given).',
    ],
    [
      [{ category: 'coreSwitch' as const, quantity: 100 }],
      'A solution can have at most 99 core switches (100 given).',
    ],
    [
      [
        { category: 'ap' as const, quantity: 600 },
        { category: 'ap' as const, quantity: 400 },
      ],
      'A solution can have at most 999 APs (1000 given).',
    ],
  ])('%j → %j', (lines, expected) => {
    expect(solutionDevicesIssue(lines)).toBe(expected);
  });
  it('a minimum of two devices when asked', () => {
    expect(solutionDevicesIssue([{ quantity: 1 }], 2)).toBe('Add at least 2 devices.');
    expect(solutionDevicesIssue([{ quantity: 2 }], 2)).toBeNull();
  });
});

describe('custom scenarios', () => {
  const system = ['Hotel', 'Shopping mall'];
  it.each([
    ['Gym', [], null],
    ['hotel', [], '"hotel" is already a system scenario.'],
    [' Shopping Mall', [], 'Scenario name cannot start or end with a space.'],
    ['Gym', ['gym'], 'A custom scenario named "Gym" already exists.'],
    ['', [], 'Scenario name is required.'],
  ])('%j (custom %j) → %j', (name, custom, expected) => {
    expect(customScenarioNameIssue(name, system, custom)).toBe(expected);
  });
  it('at most 20 custom scenarios', () => {
    expect(customScenarioCountIssue(19)).toBeNull();
    expect(customScenarioCountIssue(20)).toBe('You can have at most 20 custom scenarios.');
  });
});

describe('data screen', () => {
  it.each([
    [['CN'], null],
    [['CN', 'US', 'DE', 'FR', 'JP'], null],
    [[], 'Choose at least one country.'],
    [['CN', 'US', 'DE', 'FR', 'JP', 'GB'], 'Choose at most 5 countries.'],
    [['CN', 'CN'], 'Each country can be chosen once.'],
  ])('countries %j → %j', (list, expected) => {
    expect(dataScreenCountriesIssue(list)).toBe(expected);
    expect(dataScreenCountriesSchema.safeParse(list).success).toBe(expected === null);
  });
  it.each([
    ['Network overview', null],
    ['x'.repeat(30), null],
    ['x'.repeat(31), 'Title must be 1–30 characters.'],
    ['', 'Title is required.'],
  ])('title %j → %j', (s, expected) => {
    expect(dataScreenTitleIssue(s)).toBe(expected);
  });
});
