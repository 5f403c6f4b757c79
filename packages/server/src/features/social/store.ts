import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db';
import type { SocialFlowsTable, SocialIdentitiesTable, SocialPendingTable } from '../../db/schema';

export type SocialIdentityRow = Selectable<SocialIdentitiesTable>;
export type SocialFlowRow = Selectable<SocialFlowsTable>;
export type SocialPendingRow = Selectable<SocialPendingTable>;

/** The social feature's SQL: its three tables (migration 0029), nothing else. */
export class SocialStore {
  constructor(private readonly db: Db) {}

  // ── Identities ──────────────────────────────────────────────────────────────────────────────
  identity(provider: string, subject: string): Promise<SocialIdentityRow | undefined> {
    return this.db
      .selectFrom('social_identities')
      .selectAll()
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  identitiesOf(accountId: number): Promise<SocialIdentityRow[]> {
    return this.db
      .selectFrom('social_identities')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
  }

  /** Throws the database's unique violation when the identity or the account's provider is taken. */
  async bind(row: Insertable<SocialIdentitiesTable>): Promise<void> {
    await this.db.insertInto('social_identities').values(row).execute();
  }

  /** Whether a binding was removed. */
  async unbind(accountId: number, provider: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('social_identities')
      .where('account_id', '=', accountId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  // ── Sign-ins under way ──────────────────────────────────────────────────────────────────────
  async addFlow(row: Insertable<SocialFlowsTable>): Promise<void> {
    await this.db.insertInto('social_flows').values(row).execute();
  }

  /** The flow of a state, deleted in the same statement: a state is used once. */
  takeFlow(stateHash: string): Promise<SocialFlowRow | undefined> {
    return this.db
      .deleteFrom('social_flows')
      .where('state_hash', '=', stateHash)
      .returningAll()
      .executeTakeFirst();
  }

  // ── Identities waiting to be bound ──────────────────────────────────────────────────────────
  async addPending(row: Insertable<SocialPendingTable>): Promise<void> {
    await this.db.insertInto('social_pending').values(row).execute();
  }

  pending(ticketHash: string): Promise<SocialPendingRow | undefined> {
    return this.db
      .selectFrom('social_pending')
      .selectAll()
      .where('ticket_hash', '=', ticketHash)
      .executeTakeFirst();
  }

  /** The waiting identity, deleted in the same statement: bound or registered once. */
  takePending(ticketHash: string): Promise<SocialPendingRow | undefined> {
    return this.db
      .deleteFrom('social_pending')
      .where('ticket_hash', '=', ticketHash)
      .returningAll()
      .executeTakeFirst();
  }

  /** Forgets flows and waiting identities that expired (on each new sign-in: they stay few). */
  async sweep(now: number): Promise<void> {
    await this.db.deleteFrom('social_flows').where('expires_at', '<', now).execute();
    await this.db.deleteFrom('social_pending').where('expires_at', '<', now).execute();
  }
}
