import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

// Scan-to-login tickets (issue 14 §3). A ticket is known by the SHA-256 of the token its QR link
// carries and bound to the browser that showed it by the SHA-256 of that browser's httpOnly cookie
// secret: neither secret is stored. `state` is waiting → scanned → confirmed | refused → used (expired
// is derived from expires_at); `account_id` is the phone's account once it scanned. Times in ms.
// Used and expired rows are swept by the feature.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('scan_login_tickets'))
    .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('browser_hash', 'text', notNull)
    .addColumn('browser', 'text', notNull)
    .addColumn('state', 'text', notNull)
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('scan_login_tickets_expires_idx')
    .on('scan_login_tickets')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_login_tickets').execute();
}
