import { z } from 'zod';
import { ACCOUNT_ROLE_VALUES } from '../enums/account';
import {
  CHINA_MOBILE_LENGTH,
  COMPANY_LOCATION_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  COUNTRY_CODE_MAX_LENGTH,
  DEFAULT_COUNTRY_CODE,
  EMAIL_CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  MOBILE_MAX_LENGTH,
  MOBILE_MIN_LENGTH,
  NICK_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SMS_CODE_LENGTH,
} from '../limits';
import { hasEmoji, optionalTextSchema, textSchema } from './text';

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const CHINA_MOBILE = new RegExp(`^1\\d{${CHINA_MOBILE_LENGTH - 1}}$`);

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address.')
  .max(EMAIL_MAX_LENGTH, `An e-mail address has at most ${EMAIL_MAX_LENGTH} characters.`)
  .regex(EMAIL, 'Enter a valid e-mail address, like name@example.com.')
  .transform((s) => s.toLowerCase());

export const countryCodeSchema = z
  .string()
  .trim()
  .regex(
    new RegExp(`^\\d{1,${COUNTRY_CODE_MAX_LENGTH}}$`),
    `Country code is 1–${COUNTRY_CODE_MAX_LENGTH} digits, like ${DEFAULT_COUNTRY_CODE}.`,
  )
  .default(DEFAULT_COUNTRY_CODE);

/** A mobile number: digits only; for China (+86) exactly 11 digits starting with 1, else 5–15. */
export function mobileIssue(mobile: string, countryCode: string): string | null {
  if (mobile.length === 0) return 'Enter your mobile number.';
  if (!/^\d+$/.test(mobile)) return 'A mobile number contains digits only.';
  if (countryCode === '86')
    return CHINA_MOBILE.test(mobile)
      ? null
      : `Enter an ${CHINA_MOBILE_LENGTH}-digit mobile number starting with 1.`;
  return mobile.length >= MOBILE_MIN_LENGTH && mobile.length <= MOBILE_MAX_LENGTH
    ? null
    : `A mobile number has ${MOBILE_MIN_LENGTH}–${MOBILE_MAX_LENGTH} digits.`;
}
export const mobileSchema = z.string().trim();

/** Account password: 6–32 characters, no spaces, no emoticons (§5). */
export const passwordSchema = z.string().superRefine((s, ctx) => {
  const issue = passwordIssue(s);
  if (issue) ctx.addIssue({ code: 'custom', message: issue });
});
export function passwordIssue(s: string): string | null {
  if (s.length === 0) return 'Enter a password.';
  if (hasEmoji(s)) return 'A password cannot contain emoticons.';
  if (/\s/.test(s)) return 'A password cannot contain spaces.';
  if (s.length < PASSWORD_MIN_LENGTH || s.length > PASSWORD_MAX_LENGTH) {
    return `A password has ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters.`;
  }
  return null;
}
export const PASSWORD_MISMATCH_MESSAGE = 'The two passwords do not match.';

export const emailCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), `The e-mail code has ${EMAIL_CODE_LENGTH} digits.`);
export const smsCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), `The SMS code has ${SMS_CODE_LENGTH} digits.`);

export const nickSchema = textSchema({ label: 'Nickname', max: NICK_MAX_LENGTH });
export const companyNameSchema = optionalTextSchema({ label: 'Company name', max: COMPANY_NAME_MAX_LENGTH });
export const companyLocationSchema = optionalTextSchema({
  label: 'Company location',
  max: COMPANY_LOCATION_MAX_LENGTH,
});
export const accountRoleSchema = z.union(ACCOUNT_ROLE_VALUES.map((v) => z.literal(v)));
