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
