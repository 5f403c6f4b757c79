import { z } from 'zod';
import { COUNTRY_CODE_MAX_LENGTH, DEFAULT_COUNTRY_CODE } from '../limits';
import { emailSchema, mobileIssue } from './account';

/**
 * "Sharing account must be valid" (§5): the account a project or solution is shared with, typed as
 * an e-mail address or a mobile number. A number may carry its country prefix followed by a space ("+44 7700900123");
 * without one the default prefix (86, §9) applies.
 */

export type ShareAccount = { email: string } | { countryCode: string; mobile: string };

export const SHARE_ACCOUNT_REQUIRED_MESSAGE = 'Enter the e-mail address or mobile number to share with.';
export const SHARE_ACCOUNT_INVALID_MESSAGE =
  'Enter a valid e-mail address, like name@example.com, or a mobile number, like +86 13800138000.';

// The prefix is separated from the number, so "+12345…" is not guessed apart.
const WITH_PREFIX = new RegExp(`^\\+(\\d{1,${COUNTRY_CODE_MAX_LENGTH}})[\\s-]+(.*)$`);

type Parsed = { ok: true; account: ShareAccount } | { ok: false; message: string };

function parse(raw: string): Parsed {
  const value = raw.trim();
  if (value === '') return { ok: false, message: SHARE_ACCOUNT_REQUIRED_MESSAGE };
  if (value.includes('@')) {
    const r = emailSchema.safeParse(value);
    return r.success
      ? { ok: true, account: { email: r.data } }
      : { ok: false, message: r.error.issues[0]?.message ?? SHARE_ACCOUNT_INVALID_MESSAGE };
  }
  const prefixed = WITH_PREFIX.exec(value);
  const countryCode = prefixed ? (prefixed[1] ?? '') : DEFAULT_COUNTRY_CODE;
  const mobile = (prefixed ? (prefixed[2] ?? '') : value).replace(/[\s-]/g, '');
  if (!/^\d+$/.test(mobile)) return { ok: false, message: SHARE_ACCOUNT_INVALID_MESSAGE };
  const issue = mobileIssue(mobile, countryCode);
  return issue ? { ok: false, message: issue } : { ok: true, account: { countryCode, mobile } };
}

/** The message for an invalid sharing account, or null when it is an e-mail or mobile number. */
export function shareAccountIssue(value: string): string | null {
  const r = parse(value);
  return r.ok ? null : r.message;
}

/** The account a valid entry names (e-mail lower-cased, mobile without spaces), else null. */
export function parseShareAccount(value: string): ShareAccount | null {
  const r = parse(value);
  return r.ok ? r.account : null;
}

/** The same rule as a schema: a string in, the parsed account out (for request bodies and forms). */
export const shareAccountSchema = z.string().transform((value, ctx) => {
  const r = parse(value);
  if (r.ok) return r.account;
  ctx.addIssue({ code: 'custom', message: r.message });
  return z.NEVER;
});
