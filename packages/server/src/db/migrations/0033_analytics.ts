import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

// Analytics (issue 15 §3).
// - analytics_terminals: a signed-in console's terminal id and HMAC key for `POST
//   /upload/app-data/v2`; deleted when the sign-in ends, refused after its expiry.
// - analytics_events: the uploaded events, one row per (account, event_key): a retried upload
//   inserts nothing twice. The pivot's dimensions are columns (page, event, app version, browser,
//   OS, UTC day), indexed by day for the range.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_terminals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', notNull)
    .addColumn('signing_key', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('analytics_terminals_session')
    .on('analytics_terminals')
    .column('session_id')
    .execute();

  await withId(db, db.schema.createTable('analytics_events'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('terminal_id', 'text', notNull)
    .addColumn('event_key', 'text', notNull)
    .addColumn('event_name', 'text', notNull)
    .addColumn('event_desc', 'text', notNull)
    .addColumn('page_path', 'text', notNull)
    .addColumn('params_json', 'text', notNull)
    .addColumn('event_time_ms', 'bigint', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('duration_ms', 'bigint', notNull)
    .addColumn('session_id', 'text', notNull)
    .addColumn('app_version', 'text', notNull)
    .addColumn('browser', 'text', notNull)
    .addColumn('os', 'text', notNull)
    .addColumn('language', 'text', notNull)
    .addColumn('received_at', 'text', notNull)
    .addUniqueConstraint('analytics_events_key', ['account_id', 'event_key'])
    .execute();
  await db.schema.createIndex('analytics_events_day').on('analytics_events').column('day').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute();
  await db.schema.dropTable('analytics_terminals').execute();
}
