/**
 * Account management (§2 "account management", §6 roles and member levels, issue 14 §5): the
 * manufacturer's list of every account — search, role, member level, status — and its changes
 * (role, level, disable/enable, per-account permission flags), each written to the account's audit.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { MEMBER_LEVELS } from '../enums/account';
import { DEFAULT_PAGE_SIZE, LIST_PAGE_MAX, MAX_PAGE_SIZE } from '../limits';
import { permissionOverridesSchema } from '../menu/permissions';
import { accountRoleSchema } from '../validation/account';
import { ACCOUNT_AUDIT_ACTIONS, ACCOUNT_STATUSES } from './rules';

const tag = 'accounts';
const id = z.number().int();

/** Longest search text (an e-mail address is the longest thing searched). */
export const ACCOUNT_SEARCH_MAX_LENGTH = 254; // not a rule: the longest e-mail address

export const accountListQuerySchema = z.object({
  /** Part of the nick, e-mail, mobile or cloud code (case-insensitive). */
  q: z.string().trim().max(ACCOUNT_SEARCH_MAX_LENGTH).optional(),
  role: z.coerce.number().pipe(accountRoleSchema).optional(),
  level: z.enum(MEMBER_LEVELS).optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type AccountListQuery = z.input<typeof accountListQuerySchema>;

export const managedAccountSchema = z.object({
  id,
  cloudCode: z.string(),
  nick: z.string(),
  email: z.string().nullable(),
  countryCode: z.string().nullable(),
  mobile: z.string().nullable(),
  role: accountRoleSchema,
  memberLevel: z.enum(MEMBER_LEVELS),
  /** When an administrator disabled it; null while it may sign in. */
  disabledAt: z.string().nullable(),
  /** The §6 flags that differ from its role's defaults (empty: the role's defaults). */
  permissions: permissionOverridesSchema,
  createdAt: z.string(),
});
export type ManagedAccount = z.infer<typeof managedAccountSchema>;

export const accountListSchema = z.object({
  items: z.array(managedAccountSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AccountList = z.infer<typeof accountListSchema>;

/** One change (any subset); `permissions` replaces the account's overrides as a whole. */
export const accountUpdateSchema = z
  .object({
    role: accountRoleSchema.optional(),
    memberLevel: z.enum(MEMBER_LEVELS).optional(),
    disabled: z.boolean().optional(),
    permissions: permissionOverridesSchema.optional(),
  })
  .strict();
export type AccountUpdate = z.input<typeof accountUpdateSchema>;

export const accountAuditEntrySchema = z.object({
  id,
  at: z.string(),
  action: z.enum(ACCOUNT_AUDIT_ACTIONS),
  summary: z.string(),
  /** Who made the change (null: the account that did it no longer exists). */
  actor: z.object({ id, nick: z.string() }).nullable(),
});
export type AccountAuditEntry = z.infer<typeof accountAuditEntrySchema>;

export const accountParamsSchema = z.object({ accountId: z.coerce.number().int().min(1) });

export const accountsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/accounts',
    summary: 'Accounts, searched and paged (manufacturer only, else 403)',
    tag,
    auth: 'session',
    query: accountListQuerySchema,
    response: accountListSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/accounts/:accountId',
    summary:
      'Change role, member level, status or permission flags (manufacturer only, else 403; 412 no such account; 521 own account)',
    tag,
    auth: 'session',
    params: accountParamsSchema,
    body: accountUpdateSchema,
    response: managedAccountSchema,
  }),
  audit: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/audit',
    summary: 'The latest account-management changes of one account (manufacturer only, else 403)',
    tag,
    auth: 'session',
    params: accountParamsSchema,
    response: z.object({ items: z.array(accountAuditEntrySchema) }),
  }),
};
