import { z } from 'zod';
import { AVATAR_ID_MAX_LENGTH } from '../limits';
import {
  accountRoleSchema,
  companyLocationSchema,
  companyNameSchema,
  emailCodeSchema,
  emailSchema,
  nickSchema,
} from '../validation/account';
import { accountSchema, sendCodeResponseSchema } from './auth';
import { endpoint } from './endpoint';

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

/** `/api/account/avatar/:id`: an avatar by its unguessable id. */
export const avatarParamsSchema = z.object({ id: z.string().min(1).max(AVATAR_ID_MAX_LENGTH) });

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

const tag = 'account';

export const accountEndpoints = {
  // Public by unguessable id: <img> tags and bearer clients cannot attach a session to the request.
  avatar: endpoint({
    method: 'GET',
    path: '/api/account/avatar/:id',
    summary: 'Avatar image',
    tag,
    auth: 'public',
    params: avatarParamsSchema,
    response: 'file',
  }),
  profile: endpoint({
    method: 'GET',
    path: '/api/account/profile',
    summary: 'My profile',
    tag,
    auth: 'session',
    response: accountSchema,
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/api/account/profile',
    summary: 'Edit profile (company name/location once per calendar year: 14, 15, 65)',
    tag,
    auth: 'session',
    body: profileUpdateRequestSchema,
    response: accountSchema,
  }),
  emailCode: endpoint({
    method: 'POST',
    path: '/api/account/email/code',
    summary: 'Mail a 6-digit code to the new e-mail address (13, 2010, 1)',
    tag,
    auth: 'session',
    body: emailCodeRequestSchema,
    response: sendCodeResponseSchema,
  }),
  bindEmail: endpoint({
    method: 'POST',
    path: '/api/account/email',
    summary: 'Bind or change the e-mail with the code sent to it (12, 13, 75)',
    tag,
    auth: 'session',
    body: emailBindRequestSchema,
    response: accountSchema,
  }),
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/api/account/avatar',
    summary: 'Upload avatar (multipart field "file"; jpg/png/jpeg/gif/bmp ≤ 10 MB, else 251)',
    tag,
    auth: 'session',
    multipart: true,
    response: accountSchema,
  }),
};

/** The release this server runs (`GET /api/meta/version`). */
export const metaEndpoints = {
  version: endpoint({
    method: 'GET',
    path: '/api/meta/version',
    summary: 'Version, release time and major updates',
    tag: 'meta',
    auth: 'public',
    response: versionInfoSchema,
  }),
};
