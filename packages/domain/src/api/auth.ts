import { z } from 'zod';
import { ACCESS_TYPES, CODE_PURPOSES } from '../enums/account';
import { REMEMBER_ME_MAX_SECONDS } from '../limits';
import { permissionFlagsSchema } from '../menu/permissions';
import {
  accountRoleSchema,
  countryCodeSchema,
  emailCodeSchema,
  emailSchema,
  mobileIssue,
  mobileSchema,
  PASSWORD_MISMATCH_MESSAGE,
  passwordSchema,
  smsCodeSchema,
} from '../validation/account';
import { endpoint } from './endpoint';
import { emptySchema } from './envelope';

/** Adds the mobile-number rule, which depends on the country code, to an object with both. */
function withMobileRule<T extends z.ZodType<{ countryCode: string; mobile: string }>>(schema: T) {
  return schema.superRefine((v, ctx) => {
    const issue = mobileIssue(v.mobile, v.countryCode);
    if (issue) ctx.addIssue({ code: 'custom', path: ['mobile'], message: issue });
  });
}
function withConfirmRule<T extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: T) {
  return schema.superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MISMATCH_MESSAGE });
    }
  });
}

const emailTarget = { email: emailSchema };
const mobileTarget = { countryCode: countryCodeSchema, mobile: mobileSchema };
const newPassword = { password: passwordSchema, confirmPassword: z.string() };

// ── Verification codes ──────────────────────────────────────────────────────────────────────────
export const sendCodeRequestSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), purpose: z.enum(CODE_PURPOSES), ...emailTarget }),
  withMobileRule(z.object({ channel: z.literal('sms'), purpose: z.enum(CODE_PURPOSES), ...mobileTarget })),
]);
export type SendCodeRequest = z.input<typeof sendCodeRequestSchema>;
export const sendCodeResponseSchema = z.object({
  /** Seconds until another code may be requested (the resend countdown). */
  resendAfter: z.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>;

// ── Register ────────────────────────────────────────────────────────────────────────────────────
export const registerRequestSchema = z.discriminatedUnion('method', [
  withConfirmRule(
    z.object({ method: z.literal('email'), ...emailTarget, code: emailCodeSchema, ...newPassword }),
  ),
  withConfirmRule(
    withMobileRule(
      z.object({ method: z.literal('mobile'), ...mobileTarget, code: smsCodeSchema, ...newPassword }),
    ),
  ),
]);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

// ── Sign in ─────────────────────────────────────────────────────────────────────────────────────
const loginCommon = {
  /** web: httpOnly cookie session; openapi/app: bearer token returned in the body. */
  client: z.enum(ACCESS_TYPES).default('web'),
  /** Cookie expiry in seconds ("remember me"); 0 = session cookie (§9). */
  rememberSeconds: z.number().int().min(0).max(REMEMBER_ME_MAX_SECONDS).default(0),
};
export const loginRequestSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('email'),
    ...emailTarget,
    password: z.string().min(1, 'Enter your password.'),
    ...loginCommon,
  }),
  withMobileRule(
    z.object({
      method: z.literal('mobile'),
      ...mobileTarget,
      password: z.string().min(1, 'Enter your password.'),
      ...loginCommon,
    }),
  ),
  withMobileRule(
    z.object({ method: z.literal('sms'), ...mobileTarget, code: smsCodeSchema, ...loginCommon }),
  ),
]);
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const accountSchema = z.object({
  id: z.number().int(),
  /** The account's unique cloud code, shown in the account menu. */
  cloudCode: z.string(),
  nick: z.string(),
  role: accountRoleSchema,
  email: z.string().nullable(),
  countryCode: z.string().nullable(),
  mobile: z.string().nullable(),
  companyName: z.string(),
  companyLocation: z.string(),
  /** Whether company name / location may still be changed this calendar year. */
  companyNameEditable: z.boolean(),
  companyLocationEditable: z.boolean(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/**
 * The signed-in session (`GET /api/auth/session`): the account, the access type the session was
 * opened with and the account's effective permission flags (§6). The console builds its menu from
 * these; the server enforces the same (domain `menu/apiRoutes.ts`).
 */
export const sessionInfoSchema = z.object({
  account: accountSchema,
  access: z.enum(ACCESS_TYPES),
  permissions: permissionFlagsSchema,
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const loginResponseSchema = sessionInfoSchema.extend({
  /** Bearer token, only for openapi/app clients (web gets an httpOnly cookie instead). */
  token: z.string().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// ── Passwords ───────────────────────────────────────────────────────────────────────────────────
export const resetPasswordRequestSchema = z.discriminatedUnion('method', [
  withConfirmRule(
    z.object({ method: z.literal('email'), ...emailTarget, code: emailCodeSchema, ...newPassword }),
  ),
  withConfirmRule(
    withMobileRule(
      z.object({ method: z.literal('mobile'), ...mobileTarget, code: smsCodeSchema, ...newPassword }),
    ),
  ),
]);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = withConfirmRule(
  z.object({ oldPassword: z.string().min(1, 'Enter your current password.'), ...newPassword }),
);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** `POST /api/auth/register`: the new account (registering does not sign in). */
export const registerResponseSchema = z.object({ account: accountSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────
// Every /api/auth route shares one per-IP rate limit (AUTH_RATE_LIMIT, code 2010 when exceeded).

const tag = 'auth';

export const authEndpoints = {
  sendCode: endpoint({
    method: 'POST',
    path: '/api/auth/codes',
    summary: 'Send a verification code (e-mail 6 digits, SMS 4 digits): 13, 22, 1, 51, 52, 53, 2010',
    tag,
    auth: 'public',
    body: sendCodeRequestSchema,
    response: sendCodeResponseSchema,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Register with e-mail or mobile and a code (12, 13, 75); does not sign in',
    tag,
    auth: 'public',
    body: registerRequestSchema,
    response: registerResponseSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    summary:
      'Sign in (4, 12, 75, 80): account, access type, permission flags. web: cookies nl_session + nl_csrf; openapi/app: token in body',
    tag,
    auth: 'public',
    body: loginRequestSchema,
    response: loginResponseSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/password/reset',
    summary: 'Reset a forgotten password with a code (22, 12, 75); ends every session',
    tag,
    auth: 'public',
    body: resetPasswordRequestSchema,
    response: emptySchema,
  }),
  session: endpoint({
    method: 'GET',
    path: '/api/auth/session',
    summary: 'The signed-in account, access type and permission flags (401, 70)',
    tag,
    auth: 'session',
    response: sessionInfoSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/auth/password/change',
    summary: 'Change password (100); every other session then answers 70',
    tag,
    auth: 'session',
    body: changePasswordRequestSchema,
    response: emptySchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Sign out: ends the session and clears both cookies',
    tag,
    auth: 'session',
    response: emptySchema,
  }),
};
