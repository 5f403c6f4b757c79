import { ACCOUNT_ROLES, type AccountRole } from '../enums/account';

/**
 * Who sees and may use account management (§2 named screen "account management", issue 14 §5):
 * the manufacturer role, the console's administrator. It is no item of the §2 menu table, so it is
 * not governed by the per-function flags: the header's account menu shows the entry only for this
 * role, and the server refuses every other role with 403.
 */
export function canManageAccounts(role: AccountRole): boolean {
  return role === ACCOUNT_ROLES.MANUFACTURER;
}
