import {
  type AccountRole,
  accountRoleSchema,
  DEFAULT_ACCOUNT_ROLE,
  effectivePermissions,
  PERMISSION_FLAGS,
  type PermissionFlags,
  type PermissionOverrides,
  permissionOverridesSchema,
} from '@netloom/domain';
import { chunks, type Db } from '../../db';

/** An account's role and effective §6 permission flags. */
export interface AccountPermissions {
  role: AccountRole;
  permissions: PermissionFlags;
}

/**
 * Per-account permission flags (§6): the role's defaults (domain `ROLE_DEFAULT_PERMISSIONS`) with
 * the overrides stored in `account_permissions`. Read by the session API and by the project-access
 * guard; written by the operator (see docs/operations.md) and by tests.
 */
export class PermissionStore {
  constructor(private readonly db: Db) {}

  /**
   * Role and effective flags in one query; undefined when the account does not exist. The role is
   * the account's column, read here (never written) because every guarded request asks.
   */
  async of(accountId: number): Promise<AccountPermissions | undefined> {
    const row = await this.db
      .selectFrom('accounts as a')
      .leftJoin('account_permissions as p', 'p.account_id', 'a.id')
      .select(['a.role', 'p.flags'])
      .where('a.id', '=', accountId)
      .executeTakeFirst();
    if (!row) return undefined;
    const role = accountRoleSchema.catch(DEFAULT_ACCOUNT_ROLE).parse(row.role);
    return { role, permissions: effectivePermissions(role, parseOverrides(row.flags)) };
  }

  /** The stored overrides of these accounts, in one query per chunk (absent: none stored). */
  async overridesOf(accountIds: readonly number[]): Promise<Map<number, PermissionOverrides>> {
    const out = new Map<number, PermissionOverrides>();
    for (const part of chunks([...new Set(accountIds)])) {
      const rows = await this.db
        .selectFrom('account_permissions')
        .select(['account_id', 'flags'])
        .where('account_id', 'in', part)
        .execute();
      for (const r of rows) out.set(r.account_id, parseOverrides(r.flags));
    }
    return out;
  }

  /** Replaces the account's overrides (an empty object returns it to its role's defaults). */
  async set(accountId: number, overrides: PermissionOverrides, now: string): Promise<void> {
    const flags = JSON.stringify(permissionOverridesSchema.parse(overrides));
    await this.db
      .insertInto('account_permissions')
      .values({ account_id: accountId, flags, updated_at: now })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ flags, updated_at: now }))
      .execute();
  }
}

// Read leniently: flags this build does not know are ignored, known flags keep their stored value
// (a strict parse failing on one stray key would silently restore every default).
function parseOverrides(json: string | null): PermissionOverrides {
  if (json === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const overrides: PermissionOverrides = {};
  for (const flag of PERMISSION_FLAGS) {
    const v = (value as Record<string, unknown>)[flag];
    if (typeof v === 'boolean') overrides[flag] = v;
  }
  return overrides;
}
