import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

// Sessions and API keys (issue 14 §5, §6).
// - sessions: the user agent and address of the sign-in, for the list of active sessions in My
//   account (what device, which browser, from where).
// - session_policies: the account's "one active session" option (a row only once it was set).
// - api_keys: personal API keys, stored as the SHA-256 of the key (it is never stored), with the
//   first characters shown to recognise it, its scope, the projects it is limited to (a JSON array,
//   null for all), its expiry and when and from where it was last used. Revoking deletes the row.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();

  await db.schema
    .createTable('session_policies')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('one_session', 'integer', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('prefix', 'text', notNull)
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scope', 'text', notNull)
    .addColumn('project_ids', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_ip', 'text')
    .execute();
  await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('session_policies').execute();
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
}
