import { GENERAL_MESSAGES } from './general';

/**
 * Error codes of §8 about accounts, sign-in, verification codes, social binding and login
 * authorisation codes. Assembled into `ERR` by `catalogue.ts`.
 */
export const ACCOUNT_ERRORS = {
  CODE_SEND_FAILED: { code: 1, message: 'The verification code could not be sent. Please try again later.' },
  WRONG_CREDENTIALS: { code: 4, message: 'Wrong account or password.' },
  WRONG_CREDENTIALS_ALT: { code: 6, message: 'Wrong account or password.' },
  WRONG_VERIFICATION_CODE: { code: 12, message: 'The verification code is wrong or has expired.' },
  ACCOUNT_EXISTS: { code: 13, message: 'This account already exists. Sign in instead.' },
  COMPANY_NAME_CHANGED_THIS_YEAR: {
    code: 14,
    message: 'The company name can be changed only once a year and was already changed this year.',
  },
  COMPANY_LOCATION_CHANGED_THIS_YEAR: {
    code: 15,
    message: 'The company location can be changed only once a year and was already changed this year.',
  },
  ACCOUNT_NOT_EXIST: { code: 22, message: 'This account does not exist.' },
  /**
   * Netloom addition: the §8 general message "mobile number not registered" as a code, answered
   * instead of 22 when a sign-in or reset code is asked for a mobile number no account uses.
   */
  MOBILE_NOT_REGISTERED: { code: 419, message: GENERAL_MESSAGES.MOBILE_NOT_REGISTERED },
  INSUFFICIENT_CREDITS: {
    code: 23,
    message: 'Your account does not have enough credits for this operation.',
  },
  SMS_LIMIT_HOUR: { code: 51, message: 'Too many SMS codes requested this hour. Please try again later.' },
  SMS_LIMIT_DAY: { code: 52, message: 'Too many SMS codes requested today. Please try again tomorrow.' },
  SMS_LIMIT_MINUTE: {
    code: 53,
    message: 'An SMS code was sent less than a minute ago. Please wait before requesting another.',
  },
  COMPANY_INFO_CHANGED_THIS_YEAR: {
    code: 65,
    message: 'Company information can be changed only once a year and was already changed this year.',
  },
  LOGGED_IN_ELSEWHERE: {
    code: 69,
    message:
      'Your account signed in on another device. If this was not you, your password may have leaked: change it.',
  },
  PASSWORD_CHANGED: { code: 70, message: 'Your password was changed. Please sign in again.' },
  VERIFY_ATTEMPTS_EXCEEDED: {
    code: 75,
    message: 'Too many wrong verification attempts (5). Request a new code.',
  },
  LOGIN_LOCKED: {
    code: 80,
    message: 'Too many failed sign-in attempts within 5 minutes. Try again in 30 minutes.',
  },
  WRONG_OLD_PASSWORD: { code: 100, message: 'The old password is wrong.' },
  SOCIAL_ACCOUNT_BOUND_ELSEWHERE: {
    code: 138,
    message: 'This social account is already bound to another Netloom account.',
  },
  SOCIAL_BIND_FAILED: { code: 139, message: 'The social account could not be bound. Please try again.' },
  SOCIAL_AUTH_FAILED: { code: 142, message: 'Sign-in with the social account was not authorised.' },
  SOCIAL_ACCOUNT_NOT_BOUND: {
    code: 152,
    message: 'This social account is not bound to any account yet. Bind it to an existing account first.',
  },
  SOCIAL_KIND_ALREADY_BOUND: {
    code: 158,
    message: 'Your account is already bound to a social account of this kind.',
  },
  SOCIAL_AUTH_EXPIRED: { code: 159, message: 'The social sign-in authorisation has expired. Start again.' },
  SOCIAL_UNBIND_FAILED: { code: 160, message: 'The social account could not be unbound. Please try again.' },
  SOCIAL_UNBIND_LAST_METHOD: {
    code: 161,
    message: 'The social account cannot be unbound: it is the only way to sign in to this account.',
  },
  SOCIAL_PROFILE_UNAVAILABLE: {
    code: 162,
    message: 'The profile of the social account could not be read. Please try again.',
  },
  SOCIAL_PLATFORM_UNSUPPORTED: { code: 163, message: 'This social sign-in platform is not supported.' },
  EMAIL_IN_SIBLING_PRODUCT: {
    code: 189,
    message: 'This e-mail address is registered in a sibling product. Sign in with that account instead.',
  },
  MOBILE_IN_SIBLING_PRODUCT: {
    code: 190,
    message: 'This mobile number is registered in a sibling product. Sign in with that account instead.',
  },
  IMAGE_TOO_LARGE: { code: 251, message: 'Upload failed: the image is larger than 10 MB.' },
  /** Netloom addition (not in the spec's table): the request has no valid session. */
  NOT_SIGNED_IN: {
    code: 401,
    message: 'You are not signed in, or your session has expired. Please sign in.',
  },
  IMAGE_TOO_LARGE_UPLOAD: { code: 413, message: 'Upload failed: the image is larger than 10 MB.' },
  /** Netloom addition (issue 14 §5): an administrator disabled the account; sign-in and sessions end. */
  ACCOUNT_DISABLED: {
    code: 520,
    message: 'This account has been disabled. Contact your administrator.',
  },
  /**
   * Netloom addition (issue 14 §5): an administrator may not disable their own account nor take
   * account management away from it (nobody would be left to undo it).
   */
  OWN_ACCOUNT_PROTECTED: {
    code: 521,
    message: 'You cannot disable your own account or remove its account-management role.',
  },
  AUTH_CODE_INCORRECT: { code: 3101, message: 'The login authorisation code is incorrect.' },
  AUTH_CODE_USED: { code: 3102, message: 'The login authorisation code has already been used.' },
  AUTH_CODE_EXPIRED: { code: 3103, message: 'The login authorisation code has expired. Request a new one.' },
} as const;
