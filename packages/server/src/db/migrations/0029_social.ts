import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

// Social sign-in (issue 14 §4): OpenID Connect identities bound to accounts, the sign-ins under way
// and the new identities waiting to be bound. In the database, not in memory, so that any node of a
// scale-out may answer the provider's redirect back or the bind form.
//
// - social_identities: one identity (provider, the provider's `sub`) is bound to one account (138),
//   and an account has at most one identity per provider (158). Deleted with its account.
// - social_flows: a started authorisation (state, nonce and PKCE verifier), keyed by the SHA-256 of
//   its state, bound to the browser that started it (SHA-256 of a cookie) so that a redirect carrying
//   someone else's state is refused (142); used once (deleted when the redirect comes back).
// - social_pending: a signed-in identity not bound yet, keyed by the SHA-256 of the ticket in the
//   browser's httpOnly cookie, until it is bound or a new account is registered for it (one use).

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('social_identities'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('provider', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('name', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('social_identities_subject_uq')
    .on('social_identities')
    .columns(['provider', 'subject'])
    .unique()
    .execute();
  await db.schema
    .createIndex('social_identities_account_uq')
    .on('social_identities')
    .columns(['account_id', 'provider'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('social_flows'))
    .addColumn('state_hash', 'text', (c) => c.notNull().unique())
    .addColumn('browser_hash', 'text', notNull)
    .addColumn('provider', 'text', notNull)
    .addColumn('redirect_uri', 'text', notNull)
    .addColumn('code_verifier', 'text', notNull)
    .addColumn('nonce', 'text', notNull)
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('remember_seconds', 'integer', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('social_flows_expires_idx').on('social_flows').column('expires_at').execute();

  await withId(db, db.schema.createTable('social_pending'))
    .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('expires_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('social_pending_expires_idx')
    .on('social_pending')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_pending').execute();
  await db.schema.dropTable('social_flows').execute();
  await db.schema.dropTable('social_identities').execute();
}
