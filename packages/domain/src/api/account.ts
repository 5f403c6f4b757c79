import { z } from 'zod';
import {
  accountRoleSchema,
  companyLocationSchema,
  companyNameSchema,
  emailCodeSchema,
  emailSchema,
  nickSchema,
} from '../validation/account';

/** Profile changes; company name and location may each change once per calendar year (14/15/65). */
export const profileUpdateRequestSchema = z
  .object({
    nick: nickSchema,
    role: accountRoleSchema,
    companyName: companyNameSchema,
    companyLocation: companyLocationSchema,
  })
  .partial();
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

export const versionInfoSchema = z.object({
  version: z.string(),
  releasedAt: z.string(),
  majorUpdates: z.array(z.string()),
});
export type VersionInfo = z.infer<typeof versionInfoSchema>;

// ── Binding or changing the account's e-mail ────────────────────────────────────────────────────
/**
 * Step 1: a 6-digit code is mailed to the NEW address (13 when another account uses it, 2010 on an
 * early resend, 1 when it cannot be delivered). Answered with the resend countdown and lifetime.
 */
export const emailCodeRequestSchema = z.object({ email: emailSchema });
export type EmailCodeRequest = z.input<typeof emailCodeRequestSchema>;

/** Step 2: the code proves the address; the account's e-mail becomes it (12, 13, 75). */
export const emailBindRequestSchema = z.object({ email: emailSchema, code: emailCodeSchema });
export type EmailBindRequest = z.input<typeof emailBindRequestSchema>;

/** Field message when the new address is the one the account already has. */
export const SAME_EMAIL_MESSAGE = 'This is already the e-mail address of your account.';
