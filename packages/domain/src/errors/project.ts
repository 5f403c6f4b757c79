/**
 * Error codes of §8 about projects, sharing, transfer, solutions and scenarios. Assembled into `ERR`
 * by `catalogue.ts`.
 */
export const PROJECT_ERRORS = {
  SOLUTION_ALREADY_SHARED: { code: 21, message: 'This solution has already been shared with that account.' },
  SHARE_TO_SELF: { code: 28, message: 'There is no need to share with yourself.' },
  PROJECT_ALREADY_SHARED: { code: 44, message: 'This project has already been shared with that account.' },
  SOLUTION_CHANGED_ELSEWHERE: {
    code: 54,
    message: 'The solution was changed since you opened it. Reload it and edit again.',
  },
  SOLUTION_ORDER_INVALID: { code: 55, message: 'The order of the devices in the solution is not valid.' },
  SOLUTION_DEVICE_MISSING: {
    code: 56,
    message: 'A device of the solution no longer exists. Remove it and save.',
  },
  SOLUTION_NO_DEVICES: { code: 57, message: 'Add at least one device to the solution.' },
  SHARE_READ_ONLY_LIMIT: {
    code: 61,
    message: 'The account already holds the maximum of 32 unexpired read-only shared projects.',
  },
  SHARE_READ_WRITE_LIMIT: {
    code: 62,
    message: 'The account already holds the maximum of 8 unexpired read-write shared projects.',
  },
  INVITATION_CODE_EXPIRED: {
    code: 64,
    message: 'The invitation code has expired. Ask for a new invitation.',
  },
  PROJECT_INVALID: { code: 73, message: 'This project is not available to your account.' },
  PROJECT_EXPIRED: { code: 74, message: 'Your access to this project has expired.' },
  /**
   * Netloom addition (issue 10 §6): a project's time zone is an IANA name the runtime's zone
   * database knows (Europe/Lisbon), not an offset.
   */
  UNKNOWN_TIME_ZONE: {
    code: 436,
    message: 'Choose a time zone from the list, for example Europe/Lisbon.',
  },
  PROJECT_LIMIT: { code: 140, message: 'You have reached the maximum number of projects.' },
  INVITATION_CODE_ERROR: { code: 168, message: 'The invitation code is not valid.' },
  READ_ONLY_PROJECT: { code: 173, message: 'This project is read-only.' },
  SCENARIO_LIMIT: { code: 186, message: 'At most 20 custom scenarios can be created.' },
  MANAGEABLE_SHARE_LIMIT: {
    code: 188,
    message: 'This project already has the maximum of 11 manageable permissions.',
  },
  PERMANENT_SHARE_LIMIT: {
    code: 406,
    message: 'A project can be shared permanently with at most 3 read-write managers.',
  },
  DAILY_PROJECT_LIMIT: {
    code: 1160,
    message: 'You have reached the number of projects that can be created today.',
  },
  DEMO_PROJECT_EXISTS: { code: 1161, message: 'A demo project already exists for your account.' },
  /** Netloom addition (issue 15 §5): EXPERIENCE_MAX_DEVICES simulated devices already run. */
  EXPERIENCE_CAPACITY: {
    code: 530,
    message: 'The server is running as many simulated devices as it can. Try again later.',
  },
  /** Netloom addition: deleting an experience project the account does not have. */
  EXPERIENCE_NOT_FOUND: { code: 531, message: 'You have no experience project.' },
  /**
   * Transfer of ownership (issue 14 §2). The spec reserves 2100–2105 for "transfer and optimisation
   * errors" without their meanings; Netloom's: 2100 the receiver already owns the project (the owner
   * naming themself), 2101 the receiver would own more projects than PROJECT_LIMIT (140's rule),
   * 2102 the receiver's devices across their projects would exceed ACCOUNT_DEVICE_LIMIT (1162's rule).
   */
  TRANSFER_TO_OWNER: {
    code: 2100,
    message: 'This account already owns the project. Choose another account to receive it.',
  },
  TRANSFER_RECEIVER_PROJECT_LIMIT: {
    code: 2101,
    message: 'The receiving account already owns the maximum number of projects, so it cannot take this one.',
  },
  TRANSFER_RECEIVER_DEVICE_LIMIT: {
    code: 2102,
    message: "The project's devices would take the receiving account over its device limit.",
  },
} as const;
