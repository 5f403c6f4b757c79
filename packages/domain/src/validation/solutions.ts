import { z } from 'zod';
import { DATA_SCREEN_ERRORS } from '../errors/datascreen';
import {
  DATA_SCREEN_MAX_COUNTRIES,
  MAX_CUSTOM_SCENARIOS,
  SOLUTION_MAX_ACCESS_SWITCHES,
  SOLUTION_MAX_ACS,
  SOLUTION_MAX_APS,
  SOLUTION_MAX_CORE_SWITCHES,
  SOLUTION_MAX_GATEWAYS,
  TITLE_MAX_LENGTH,
} from '../limits';
import { refineWithIssue } from './rule';
import { textIssue } from './text';

/**
 * Solution-generator and data-screen rules of §5: solution name required, at least one device,
 * per-solution device limits, custom scenario names not repeating system ones (and at most 20),
 * data screen with at most 5 countries and a title of at most 30 characters.
 */

/** Device categories a solution counts, with the most of each one solution may hold. */
export const SOLUTION_DEVICE_LIMITS = {
  ac: SOLUTION_MAX_ACS,
  gateway: SOLUTION_MAX_GATEWAYS,
  accessSwitch: SOLUTION_MAX_ACCESS_SWITCHES,
  coreSwitch: SOLUTION_MAX_CORE_SWITCHES,
  ap: SOLUTION_MAX_APS,
} as const;
export type SolutionDeviceCategory = keyof typeof SOLUTION_DEVICE_LIMITS;
const CATEGORY_NAMES: Record<SolutionDeviceCategory, [one: string, many: string]> = {
  ac: ['AC', 'ACs'],
  gateway: ['gateway', 'gateways'],
  accessSwitch: ['access switch', 'access switches'],
  coreSwitch: ['core switch', 'core switches'],
  ap: ['AP', 'APs'],
};

/** Solution name: required, general text rules, at most 30 characters (a title of §5). */
export function solutionNameIssue(name: string): string | null {
  return textIssue(name, { label: 'Solution name', max: TITLE_MAX_LENGTH });
}
export const solutionNameSchema = refineWithIssue(z.string(), solutionNameIssue);

/** One line of a solution's device list. */
export interface SolutionDeviceLine {
  /** The category the line counts towards, if it is a limited one. */
  category?: SolutionDeviceCategory;
  quantity: number;
}

/** At least `min` devices in all (default 1), whole positive quantities, category limits respected. */
export function solutionDevicesIssue(lines: readonly SolutionDeviceLine[], min = 1): string | null {
  if (lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < 1)) {
    return 'Each device quantity must be a whole number of at least 1.';
  }
  const total = lines.reduce((n, l) => n + l.quantity, 0);
  if (total < min) return min === 1 ? 'Add at least one device.' : `Add at least ${min} devices.`;
  for (const [category, max] of Object.entries(SOLUTION_DEVICE_LIMITS) as [
    SolutionDeviceCategory,
    number,
  ][]) {
    const count = lines.filter((l) => l.category === category).reduce((n, l) => n + l.quantity, 0);
    if (count > max) {
      const [one, many] = CATEGORY_NAMES[category];
      return `A solution can have at most ${max} ${max === 1 ? one : many} (${count} given).`;
    }
  }
  return null;
}

/**
 * A custom scenario name: general text rules (at most 30 characters) and not the name of a system
 * scenario or of another custom scenario (compared ignoring case and outer spaces).
 */
export function customScenarioNameIssue(
  name: string,
  systemNames: readonly string[],
  customNames: readonly string[] = [],
): string | null {
  const issue = textIssue(name, { label: 'Scenario name', max: TITLE_MAX_LENGTH });
  if (issue) return issue;
  const key = name.trim().toLowerCase();
  if (systemNames.some((s) => s.trim().toLowerCase() === key))
    return `"${name}" is already a system scenario.`;
  if (customNames.some((s) => s.trim().toLowerCase() === key))
    return `A custom scenario named "${name}" already exists.`;
  return null;
}

/** Adding one more custom scenario to `existingCount` must stay within 20. */
export function customScenarioCountIssue(existingCount: number): string | null {
  return existingCount >= MAX_CUSTOM_SCENARIOS
    ? `You can have at most ${MAX_CUSTOM_SCENARIOS} custom scenarios.`
    : null;
}

/** Data screen: at least one and at most 5 countries, none twice. */
export function dataScreenCountriesIssue(countries: readonly string[]): string | null {
  if (countries.length === 0) return 'Choose at least one country.';
  if (countries.length > DATA_SCREEN_MAX_COUNTRIES) {
    return DATA_SCREEN_ERRORS.DATA_SCREEN_TOO_MANY_COUNTRIES.message;
  }
  return new Set(countries).size === countries.length ? null : 'Each country can be chosen once.';
}
export const dataScreenCountriesSchema = refineWithIssue(z.array(z.string()), dataScreenCountriesIssue);

/** Data-screen custom title: general text rules, at most 30 characters. */
export function dataScreenTitleIssue(title: string): string | null {
  return textIssue(title, { label: 'Title', max: TITLE_MAX_LENGTH });
}
export const dataScreenTitleSchema = refineWithIssue(z.string(), dataScreenTitleIssue);
