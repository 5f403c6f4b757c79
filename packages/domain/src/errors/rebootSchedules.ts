/**
 * Error codes of reboot schedules (issue 13 §1, spec §6 and §9) that §8 has none for: Netloom
 * additions 490–494, listed in `NETLOOM_ADDED_CODES`. Assembled into `ERR` by `catalogue.ts`.
 */
export const REBOOT_SCHEDULE_ERRORS = {
  /** §6: switch, NVR and CPE get no automatic maintenance. */
  REBOOT_SCHEDULE_KIND: {
    code: 490,
    message: 'Switches, NVRs and CPEs have no automatic maintenance: they cannot have a reboot schedule.',
  },
  /** §6: an AP only has a cyclic reboot. */
  REBOOT_SCHEDULE_AP_CYCLIC_ONLY: {
    code: 491,
    message: 'An AP can only have a cyclic reboot (every N days or hours), not a weekly one.',
  },
  REBOOT_SCHEDULE_EXISTS: {
    code: 492,
    message: 'There is already a reboot schedule for this project or device: change that one.',
  },
  REBOOT_SCHEDULE_NOT_FOUND: { code: 493, message: 'The reboot schedule does not exist.' },
  /** §9: the one-hour online rule (the reason a slot skipped a device, in the system log). */
  REBOOT_ONLINE_UNDER_AN_HOUR: {
    code: 494,
    message: 'The device had been online for less than an hour, so its scheduled reboot was skipped.',
  },
} as const;
