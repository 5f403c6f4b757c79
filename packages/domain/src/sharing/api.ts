/**
 * The HTTP contract of project sharing (`/manage/authority`): shares by account, invitation codes,
 * redeeming a code, and leaving a project shared with you.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { emptySchema } from '../api/envelope';
import { dbIdSchema, projectParamsSchema } from '../api/params';
import { SHARE_PERMISSION_VALUES, SHARE_ROLE_VALUES } from '../enums/sharing';
import { INVITATION_CODE_INPUT_MAX_LENGTH, INVITATION_MAX_VALIDITY_HOURS, SHARE_MAX_HOURS } from '../limits';
import { shareAccountSchema } from '../validation/sharing';

export const SHARE_EXPIRY_PAST_MESSAGE = 'Choose a date and time in the future.';
export const SHARE_EXPIRY_TOO_FAR_MESSAGE = `A share lasts at most ${SHARE_MAX_HOURS / 24} days; choose "Never expires" for longer.`;

export const sharePermissionSchema = z.enum(SHARE_PERMISSION_VALUES);
export const shareRoleSchema = z.union(
  SHARE_ROLE_VALUES.map((v) => z.literal(v)) as [z.ZodLiteral<0>, z.ZodLiteral<1>],
);

/** §3 expiry: a number of hours, a custom instant (ISO 8601), or never. The future check is the server's (its clock). */
export const shareExpirySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('never') }),
  z.object({
    kind: z.literal('hours'),
    hours: z.number().int().min(1).max(SHARE_MAX_HOURS, SHARE_EXPIRY_TOO_FAR_MESSAGE),
  }),
  z.object({ kind: z.literal('custom'), at: z.iso.datetime({ offset: true }) }),
]);

export const shareInputSchema = z.object({
  /** E-mail or mobile number of an existing account (22 when none). */
  account: shareAccountSchema,
  permission: sharePermissionSchema,
  role: shareRoleSchema.default(0),
  expiry: shareExpirySchema,
});
export type ShareInput = z.input<typeof shareInputSchema>;

export const shareUpdateSchema = z
  .object({ permission: sharePermissionSchema, role: shareRoleSchema, expiry: shareExpirySchema })
  .partial();
export type ShareUpdate = z.input<typeof shareUpdateSchema>;

/** A share of the project as the Share & permissions page lists it. */
export const projectShareSchema = z.object({
  accountId: z.number().int(),
  nick: z.string(),
  /** The account's e-mail or mobile number as it signs in. */
  account: z.string(),
  permission: sharePermissionSchema,
  role: shareRoleSchema,
  /** ISO instant the share ends; null: never. */
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
  /** How the account got the project: shared by account or by redeeming an invitation code. */
  via: z.enum(['share', 'invitation']),
  createdAt: z.string(),
});
export type ProjectShare = z.infer<typeof projectShareSchema>;

export const shareListSchema = z.object({
  items: z.array(projectShareSchema),
  /** Whether the caller may share, change and revoke (owner; administrator managers for view shares). */
  canManage: z.boolean(),
  /** Whether the caller may give manageable shares (the owner only). */
  canShareManage: z.boolean(),
});
export type ShareList = z.infer<typeof shareListSchema>;

export const invitationInputSchema = z.object({
  permission: sharePermissionSchema,
  role: shareRoleSchema.default(0),
  /** How long the code may be redeemed. */
  validHours: z.number().int().min(1).max(INVITATION_MAX_VALIDITY_HOURS),
  /** The expiry of the share each redemption gives. */
  expiry: shareExpirySchema,
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  /** The code itself only in the answer to its creation (only its hash is stored); else its last 4 characters. */
  code: z.string().nullable(),
  hint: z.string(),
  permission: sharePermissionSchema,
  role: shareRoleSchema,
  expiry: shareExpirySchema,
  /** ISO instant after which the code is refused with 64. */
  validUntil: z.string(),
  expired: z.boolean(),
  redemptions: z.number().int(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });

export const redeemInputSchema = z.object({
  code: z.string().trim().min(1, 'Enter the invitation code.').max(INVITATION_CODE_INPUT_MAX_LENGTH),
});
export const redeemResultSchema = z.object({ projectId: z.number().int(), projectName: z.string() });

export const shareParamsSchema = projectParamsSchema.extend({ accountId: dbIdSchema });
export const invitationParamsSchema = projectParamsSchema.extend({ invitationId: dbIdSchema });
export const leaveParamsSchema = z.object({ projectId: dbIdSchema });

const TAG = 'sharing';

export const sharingEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/projects/:id/shares',
    summary: "The project's shares (members other than the owner), expired ones included.",
    tag: TAG,
    auth: { project: 'rw' },
    group: 'shares',
    params: projectParamsSchema,
    response: shareListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/projects/:id/shares',
    summary: 'Share with an existing account (22 none, 28 self, 44 already shared, 406/188/61/62 limits).',
    tag: TAG,
    auth: { project: 'rw' },
    group: 'shares',
    params: projectParamsSchema,
    body: shareInputSchema,
    response: projectShareSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/shares/:accountId',
    summary: "Change a share's permission, role or expiry (limits as when sharing; 412 no such share).",
    tag: TAG,
    auth: { project: 'rw' },
    group: 'shares',
    params: shareParamsSchema,
    body: shareUpdateSchema,
    response: projectShareSchema,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/shares/:accountId',
    summary: 'Revoke a share: the account loses the project at once, live channel included.',
    tag: TAG,
    auth: { project: 'rw' },
    group: 'shares',
    params: shareParamsSchema,
    response: emptySchema,
  }),
  invitations: endpoint({
    method: 'GET',
    path: '/api/projects/:id/invitations',
    summary: "The project's invitation codes (their hints, never the codes).",
    tag: TAG,
    auth: { project: 'rw' },
    group: 'invitations',
    params: projectParamsSchema,
    response: invitationListSchema,
  }),
  createInvitation: endpoint({
    method: 'POST',
    path: '/api/projects/:id/invitations',
    summary: 'Create an invitation code with a right and a validity; the code is shown once.',
    tag: TAG,
    auth: { project: 'rw' },
    group: 'invitations',
    params: projectParamsSchema,
    body: invitationInputSchema,
    response: invitationSchema,
  }),
  deleteInvitation: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/invitations/:invitationId',
    summary: 'Withdraw an invitation code (redeeming it is 168 afterwards).',
    tag: TAG,
    auth: { project: 'rw' },
    group: 'invitations',
    params: invitationParamsSchema,
    response: emptySchema,
  }),
  redeem: endpoint({
    method: 'POST',
    path: '/api/invitations/redeem',
    summary: 'Join a project with an invitation code (168 wrong, 64 expired, 28/44 and the share limits).',
    tag: TAG,
    auth: 'session',
    body: redeemInputSchema,
    response: redeemResultSchema,
  }),
  leave: endpoint({
    method: 'DELETE',
    path: '/api/shared-projects/:projectId',
    summary: 'Leave a project shared with you (an act on your own membership; 73 not shared with you).',
    tag: TAG,
    auth: 'session',
    params: leaveParamsSchema,
    response: emptySchema,
  }),
};
