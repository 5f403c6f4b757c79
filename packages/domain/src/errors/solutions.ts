/**
 * Error codes of the solution generator (issue 15 §1, spec §5 "Solutions") that §8 has none for:
 * Netloom additions 522–528, listed in `NETLOOM_ADDED_CODES`. The spec's own codes of the feature
 * (21, 22, 23, 28, 54–57, 186) live in `project.ts` and `account.ts`. Assembled by `catalogue.ts`.
 */
export const SOLUTION_ERRORS = {
  SOLUTION_NOT_FOUND: { code: 522, message: 'The solution does not exist.' },
  /** §5 per-solution limits; the field issue names the role and its limit. */
  SOLUTION_DEVICE_LIMIT: {
    code: 523,
    message: 'A solution holds at most 1 AC, 1 gateway, 99 access switches, 99 core switches and 999 APs.',
  },
  SOLUTION_MODEL_ROLE: { code: 524, message: 'That model cannot take this role in the solution.' },
  /** §5: custom scenario names must not repeat the system ones. */
  SCENARIO_NAME_SYSTEM: {
    code: 525,
    message: 'A custom scenario cannot have the name of a system scenario.',
  },
  SCENARIO_NAME_EXISTS: { code: 526, message: 'You already have a custom scenario with this name.' },
  SCENARIO_NOT_FOUND: { code: 527, message: 'The scenario does not exist.' },
  /** The inputs need more than the §5 per-solution limits allow (e.g. over 999 APs). */
  SOLUTION_TOO_LARGE: {
    code: 528,
    message:
      'These requirements need more devices than one solution may hold. Split the site into several solutions.',
  },
} as const;
