import { describe, expect, it } from 'vitest';
import { ACCOUNT_ROLE_VALUES, ACCOUNT_ROLES } from '../enums/account';
import { canManageAccounts } from './accountManagement';

describe('account management visibility', () => {
  it('is the manufacturer role’s only', () => {
    expect(ACCOUNT_ROLE_VALUES.filter(canManageAccounts)).toEqual([ACCOUNT_ROLES.MANUFACTURER]);
  });
});
