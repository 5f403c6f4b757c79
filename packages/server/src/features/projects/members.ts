import { ERR, type ErrorCode, type ShareCounts, type SharePermission, type ShareRole } from '@netloom/domain';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db';
import { toCount } from '../../db';
import { AppError } from '../../lib/errors';

/** A non-owner member of a project as the share list shows it (names from `accounts`, read-only). */
export interface ShareRow {
  projectId: number;
  accountId: number;
  right: SharePermission;
  role: ShareRole;
  /** ISO instant it ends, null: never. */
  expiresAt: string | null;
  via: 'share' | 'invitation';
  createdAt: string;
  nick: string;
  email: string | null;
  countryCode: string | null;
  mobile: string | null;
}

/** A member's standing, owner included, expiry not applied (the caller decides what expired means). */
export interface MemberRow {
  right: 'own' | SharePermission;
  role: ShareRole;
  expiresAt: string | null;
}

/** A share to give or replace. */
export interface Grant {
  projectId: number;
  accountId: number;
  right: SharePermission;
  role: ShareRole;
  expiresAt: string | null;
  via: 'share' | 'invitation';
  now: string;
  /**
   * `new`: the account must hold no unexpired membership (44 otherwise; an expired share is given
   * anew); `change`: the share must exist (412 otherwise) and is replaced.
   */
  mode: 'new' | 'change';
}

/** The second key of the PostgreSQL advisory lock serialising share grants ("NLSH"). */
const SHARE_LOCK = 0x4e4c5348;

/**
 * SQL of shares: the non-owner rows of `project_members` (this feature's table; the sharing feature
 * asks for them through the projects feature's public `members`). Names shown with a share are
 * joined read-only from `accounts` (a list join, docs/architecture.md "Data ownership").
 */
export class MemberStore {
  constructor(private readonly db: Db) {}

  async shares(projectId: number): Promise<ShareRow[]> {
    const rows = await this.db
      .selectFrom('project_members as m')
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .select([
        'm.project_id',
        'm.account_id',
        'm.right',
        'm.role',
        'm.expires_at',
        'm.via',
        'm.created_at',
        'a.nick',
        'a.email',
        'a.country_code',
        'a.mobile',
      ])
      .where('m.project_id', '=', projectId)
      .where('m.right', '!=', 'own')
      .orderBy('m.created_at')
      .orderBy('m.account_id')
      .execute();
    return rows.map((r) => ({
      projectId: r.project_id,
      accountId: r.account_id,
      right: r.right as SharePermission,
      role: Number(r.role) as ShareRole,
      expiresAt: r.expires_at,
      via: r.via === 'invitation' ? 'invitation' : 'share',
      createdAt: r.created_at,
      nick: r.nick,
      email: r.email,
      countryCode: r.country_code,
      mobile: r.mobile,
    }));
  }

  async member(projectId: number, accountId: number): Promise<MemberRow | undefined> {
    const r = await this.db
      .selectFrom('project_members')
      .select(['right', 'role', 'expires_at'])
      .where('project_id', '=', projectId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return (
      r && {
        right: r.right as MemberRow['right'],
        role: Number(r.role) as ShareRole,
        expiresAt: r.expires_at,
      }
    );
  }

  /**
   * Gives or replaces a share in one transaction: the counts of the §6 limits are read, `check`
   * answers a code (thrown) or null, then the row is written. Grants are serialised (PostgreSQL: an
   * advisory lock; SQLite: one writer), so two grants cannot both pass a limit with one place left.
   */
  async grant(g: Grant, check: (counts: ShareCounts) => ErrorCode | null): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      if (tx.getExecutor().adapter instanceof PostgresAdapter)
        await sql`select pg_advisory_xact_lock(${SHARE_LOCK})`.execute(tx);
      const existing = await tx
        .selectFrom('project_members')
        .select(['right', 'expires_at'])
        .where('project_id', '=', g.projectId)
        .where('account_id', '=', g.accountId)
        .executeTakeFirst();
      if (g.mode === 'new' && existing) {
        const expired = existing.expires_at !== null && existing.expires_at <= g.now;
        if (!expired || existing.right === 'own') throw new AppError(ERR.PROJECT_ALREADY_SHARED, 409);
      }
      if (g.mode === 'change' && (!existing || existing.right === 'own')) throw new AppError(ERR.NOT_EXIST);
      const unexpired = sql<boolean>`(m.expires_at is null or m.expires_at > ${g.now})`;
      const countOf = async (where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) =>
        toCount((await where(base()).executeTakeFirst())?.n);
      const base = () =>
        tx
          .selectFrom('project_members as m')
          .select((eb) => eb.fn.countAll().as('n'))
          .where(unexpired);
      const counts: ShareCounts = {
        accountReadOnly: await countOf((q) =>
          q
            .where('m.account_id', '=', g.accountId)
            .where('m.right', '=', 'r')
            .where('m.project_id', '!=', g.projectId),
        ),
        accountReadWrite: await countOf((q) =>
          q
            .where('m.account_id', '=', g.accountId)
            .where('m.right', '=', 'rw')
            .where('m.project_id', '!=', g.projectId),
        ),
        projectManageable: await countOf((q) =>
          q
            .where('m.project_id', '=', g.projectId)
            .where('m.right', '=', 'rw')
            .where('m.account_id', '!=', g.accountId),
        ),
        projectPermanentManageable: await countOf((q) =>
          q
            .where('m.project_id', '=', g.projectId)
            .where('m.right', '=', 'rw')
            .where('m.expires_at', 'is', null)
            .where('m.account_id', '!=', g.accountId),
        ),
      };
      const refusal = check(counts);
      if (refusal !== null) throw new AppError(refusal);
      const values = {
        right: g.right,
        role: g.role,
        expires_at: g.expiresAt,
        via: g.via,
        expiry_seen: 0,
      };
      if (existing) {
        await tx
          .updateTable('project_members')
          // A change keeps how the member came (by account or by invitation).
          .set(g.mode === 'new' ? { ...values, created_at: g.now } : { ...values, via: undefined })
          .where('project_id', '=', g.projectId)
          .where('account_id', '=', g.accountId)
          .execute();
      } else {
        await tx
          .insertInto('project_members')
          .values({ project_id: g.projectId, account_id: g.accountId, created_at: g.now, ...values })
          .execute();
      }
    });
  }

  /** Removes a non-owner member; false when there was none. */
  async remove(projectId: number, accountId: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('project_members')
      .where('project_id', '=', projectId)
      .where('account_id', '=', accountId)
      .where('right', '!=', 'own')
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /**
   * Claims the shares whose expiry has passed and was not announced yet (each row claimed by one
   * node: the update's condition is re-checked per row), and returns them.
   */
  async claimExpired(now: string): Promise<{ projectId: number; accountId: number }[]> {
    const due = await this.db
      .selectFrom('project_members')
      .select(['project_id', 'account_id'])
      .where('expiry_seen', '=', 0)
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .execute();
    const out: { projectId: number; accountId: number }[] = [];
    for (const r of due) {
      const u = await this.db
        .updateTable('project_members')
        .set({ expiry_seen: 1 })
        .where('project_id', '=', r.project_id)
        .where('account_id', '=', r.account_id)
        .where('expiry_seen', '=', 0)
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      if (Number(u.numUpdatedRows) > 0) out.push({ projectId: r.project_id, accountId: r.account_id });
    }
    return out;
  }

  /** The earliest expiry not yet announced (ISO), or null. */
  async nextExpiry(): Promise<string | null> {
    const r = await this.db
      .selectFrom('project_members')
      .select((eb) => eb.fn.min('expires_at').as('at'))
      .where('expiry_seen', '=', 0)
      .where('expires_at', 'is not', null)
      .executeTakeFirst();
    return (r?.at as string | null | undefined) ?? null;
  }
}
