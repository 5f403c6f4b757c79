import {
  ACCOUNT_ROLE_LABELS,
  type AccountAuditAction,
  type AccountAuditEntry,
  type AccountList,
  type AccountRole,
  type accountListQuerySchema,
  accountRoleSchema,
  type accountUpdateSchema,
  canManageAccounts,
  DEFAULT_ACCOUNT_ROLE,
  DEFAULT_MEMBER_LEVEL,
  ERR,
  isMemberLevel,
  type ManagedAccount,
  MEMBER_LEVEL_LABELS,
  type PermissionOverrides,
} from '@netloom/domain';
import type { z } from 'zod';
import type { AccountRow } from '../../db/schema';
import { type Clock, isoAt } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AccountAdministration, Accounts } from '../account';
import type { Auth } from '../auth';
import type { AccountAuditStore } from './store';

type ListQuery = z.output<typeof accountListQuerySchema>;
type Update = z.output<typeof accountUpdateSchema>;

/** How many of an account's changes its drawer shows. */
const AUDIT_SHOWN = 20; // not a rule: a screenful

export interface AccountsServiceDeps {
  accounts: Pick<Accounts, 'findById' | 'search' | 'administer'>;
  auth: Pick<
    Auth,
    'permissionsOf' | 'endSessionsOfDisabled' | 'permissionOverridesOf' | 'setPermissionOverrides'
  >;
  audit: AccountAuditStore;
  clock: Clock;
}

function roleOf(row: AccountRow): AccountRole {
  return accountRoleSchema.catch(DEFAULT_ACCOUNT_ROLE).parse(row.role);
}

function toManaged(row: AccountRow, permissions: PermissionOverrides | undefined): ManagedAccount {
  return {
    id: row.id,
    cloudCode: row.cloud_code,
    nick: row.nick,
    email: row.email,
    countryCode: row.country_code,
    mobile: row.mobile,
    role: roleOf(row),
    memberLevel: isMemberLevel(row.member_level) ? row.member_level : DEFAULT_MEMBER_LEVEL,
    disabledAt: row.disabled_at,
    permissions: permissions ?? {},
    createdAt: row.created_at,
  };
}

function describeFlags(p: PermissionOverrides): string {
  const entries = Object.entries(p);
  if (entries.length === 0) return "the role's defaults";
  return entries.map(([flag, on]) => `${flag} ${on ? 'on' : 'off'}`).join(', ');
}

/**
 * Account management (issue 14 §5): only the manufacturer role (domain `canManageAccounts`); every
 * change written to the account's audit; disabling ends the account's open sessions at once.
 */
export class AccountsService {
  constructor(private readonly deps: AccountsServiceDeps) {}

  /** 403 unless the caller may manage accounts (read from the database at every request). */
  async requireAdmin(accountId: number): Promise<void> {
    const me = await this.deps.auth.permissionsOf(accountId);
    if (!me || !canManageAccounts(me.role)) throw new AppError(ERR.NO_PERMISSION);
  }

  async list(q: ListQuery): Promise<AccountList> {
    const { total, items } = await this.deps.accounts.search(q);
    const flags = await this.deps.auth.permissionOverridesOf(items.map((r) => r.id));
    return {
      total,
      page: q.page,
      pageSize: q.pageSize,
      items: items.map((r) => toManaged(r, flags.get(r.id))),
    };
  }

  async update(actorId: number, accountId: number, input: Update): Promise<ManagedAccount> {
    const row = await this.deps.accounts.findById(accountId);
    if (!row) throw new AppError(ERR.NOT_EXIST);
    const before = toManaged(row, (await this.deps.auth.permissionOverridesOf([accountId])).get(accountId));
    if (
      actorId === accountId &&
      (input.disabled === true || (input.role !== undefined && !canManageAccounts(input.role)))
    )
      throw new AppError(ERR.OWN_ACCOUNT_PROTECTED, 409);

    const now = isoAt(this.deps.clock.now());
    const changes: AccountAdministration = {};
    const audit: { action: AccountAuditAction; summary: string }[] = [];
    if (input.role !== undefined && input.role !== before.role) {
      changes.role = input.role;
      audit.push({
        action: 'role',
        summary: `Role: ${ACCOUNT_ROLE_LABELS[before.role]} → ${ACCOUNT_ROLE_LABELS[input.role]}`,
      });
    }
    if (input.memberLevel !== undefined && input.memberLevel !== before.memberLevel) {
      changes.memberLevel = input.memberLevel;
      audit.push({
        action: 'level',
        summary: `Member level: ${MEMBER_LEVEL_LABELS[before.memberLevel]} → ${MEMBER_LEVEL_LABELS[input.memberLevel]}`,
      });
    }
    if (input.disabled !== undefined && input.disabled !== (before.disabledAt !== null)) {
      changes.disabledAt = input.disabled ? now : null;
      audit.push(
        input.disabled
          ? { action: 'disable', summary: 'Account disabled; its open sessions were ended' }
          : { action: 'enable', summary: 'Account enabled' },
      );
    }
    if (Object.keys(changes).length > 0) await this.deps.accounts.administer(accountId, changes, now);
    if (
      input.permissions !== undefined &&
      JSON.stringify(input.permissions) !== JSON.stringify(before.permissions)
    ) {
      await this.deps.auth.setPermissionOverrides(accountId, input.permissions);
      audit.push({
        action: 'permissions',
        summary: `Permissions: ${describeFlags(before.permissions)} → ${describeFlags(input.permissions)}`,
      });
    }
    // After the row says disabled, so no new session can start between the two.
    if (changes.disabledAt) await this.deps.auth.endSessionsOfDisabled(accountId);
    await this.deps.audit.insert(audit.map((a) => ({ ...a, accountId, actorId, at: now })));

    const after = await this.deps.accounts.findById(accountId);
    if (!after) throw new AppError(ERR.NOT_EXIST);
    return toManaged(after, (await this.deps.auth.permissionOverridesOf([accountId])).get(accountId));
  }

  async audit(accountId: number): Promise<{ items: AccountAuditEntry[] }> {
    return { items: await this.deps.audit.latest(accountId, AUDIT_SHOWN) };
  }
}
