/** Account roles of spec §3 ("0 normal, 1 engineer, 2 manufacturer, 3 a retail partner"). */
export const ACCOUNT_ROLES = {
  NORMAL: 0,
  ENGINEER: 1,
  MANUFACTURER: 2,
  RETAIL_PARTNER: 3,
} as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[keyof typeof ACCOUNT_ROLES];
export const ACCOUNT_ROLE_VALUES = [0, 1, 2, 3] as const satisfies readonly AccountRole[];
export const ACCOUNT_ROLE_LABELS: Record<AccountRole, string> = {
  0: 'Normal user',
  1: 'Engineer',
  2: 'Manufacturer',
  3: 'Retail partner',
};
/** Default role of the shared status state (§3: "role (default normal)"). */
export const DEFAULT_ACCOUNT_ROLE: AccountRole = ACCOUNT_ROLES.NORMAL;

/** Access types of §1: web is the full console; openapi (and the app-embedded mode) show fewer pages. */
export const ACCESS_TYPES = ['web', 'openapi', 'app'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];
export const DEFAULT_ACCESS_TYPE: AccessType = 'web';

/** Channels a verification code can be sent through. */
export const CODE_CHANNELS = ['email', 'sms'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

/** What a verification code is for; a code is only valid for the purpose it was sent for. */
export const CODE_PURPOSES = ['register', 'reset', 'login'] as const;
/** The purposes anyone may request a code for (`POST /api/auth/codes`). */
export type CodePurpose = (typeof CODE_PURPOSES)[number];
/**
 * Codes a signed-in account requests through its own routes: proving a new e-mail address, and
 * confirming the transfer of a project it owns (sent to the owner's own e-mail or mobile).
 */
export const ACCOUNT_CODE_PURPOSES = ['bind-email', 'transfer'] as const;
/** Every purpose a stored verification code can have. */
export type VerificationPurpose = CodePurpose | (typeof ACCOUNT_CODE_PURPOSES)[number];

/** Loading state of §4 (default end). */
export const LOADING_STATES = {
  OTHER: -1,
  END: 0,
  SAVING: 1,
  LOADING: 2,
  UPLOADING: 3,
  JUMPING: 4,
} as const;
export type LoadingState = (typeof LOADING_STATES)[keyof typeof LOADING_STATES];
/** Overlay text per loading state; `null` means the overlay is hidden. */
export const LOADING_TEXT: Record<LoadingState, string | null> = {
  [-1]: 'Please wait…',
  0: null,
  1: 'Saving…',
  2: 'Loading…',
  3: 'Uploading…',
  4: 'Redirecting…',
};

/**
 * Membership levels of §6 ("common user, basic/silver/gold members, … visitor"). The spec gives
 * them no numeric values, so they travel as these spellings. Ordered from the least to the most
 * privileged: a visitor (not registered, e.g. the live demo) below a common user, then the paid
 * member tiers.
 */
export const MEMBER_LEVELS = ['visitor', 'common', 'basic', 'silver', 'gold'] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];
export const MEMBER_LEVEL_LABELS: Record<MemberLevel, string> = {
  visitor: 'Visitor',
  common: 'Common user',
  basic: 'Basic member',
  silver: 'Silver member',
  gold: 'Gold member',
};
/** A newly registered account is a common user. */
export const DEFAULT_MEMBER_LEVEL: MemberLevel = 'common';

/** Whether `level` is `min` or a higher tier (e.g. a feature for silver members and above). */
export function memberLevelAtLeast(level: MemberLevel, min: MemberLevel): boolean {
  return MEMBER_LEVELS.indexOf(level) >= MEMBER_LEVELS.indexOf(min);
}

/** Whether a value read from storage or the wire is a member level. */
export function isMemberLevel(v: unknown): v is MemberLevel {
  return typeof v === 'string' && (MEMBER_LEVELS as readonly string[]).includes(v);
}
