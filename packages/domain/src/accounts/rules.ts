import { ACCOUNT_ROLES, type AccountRole } from '../enums/account';

/**
 * Who sees and may use account management (§2 "account management", issue 14 §5): the
 * manufacturer role, the console's administrator. The header's account menu shows the entry only
 * then, and the server refuses every other role with 403.
 */
export function canManageAccounts(role: AccountRole): boolean {
  return role === ACCOUNT_ROLES.MANUFACTURER;
}

/** Whether an account is enabled, disabled, or either (the list's status filter). */
export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  active: 'Active',
  disabled: 'Disabled',
};

/** What one account-management change did, as its audit row names it. */
export const ACCOUNT_AUDIT_ACTIONS = ['role', 'level', 'disable', 'enable', 'permissions'] as const;
export type AccountAuditAction = (typeof ACCOUNT_AUDIT_ACTIONS)[number];
export const ACCOUNT_AUDIT_ACTION_LABELS: Record<AccountAuditAction, string> = {
  role: 'Role changed',
  level: 'Member level changed',
  disable: 'Account disabled',
  enable: 'Account enabled',
  permissions: 'Permissions changed',
};
