import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './helpers';

// Project sharing (issue 14 §1): a share is a `project_members` row of a non-owner with
// - expires_at: ISO instant the share ends (null: never); from that instant the member is refused
//   with 74 and the row stays (the owner sees it expired and may renew or revoke it);
// - role: the §3 role within the shared project (0 guest, 1 administrator);
// - via: how the member got it ('share' by account, 'invitation' by a code; null for the owner);
// - expiry_seen: 1 once the expiry was announced on the live channel (one node announces it).
// project_invitations: invitation codes (only the code's SHA-256 is stored, plus its last 4
// characters to tell codes apart), the right and share expiry each redemption gives, and until when
// the code may be redeemed (64 afterwards).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('project_members').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('project_members').addColumn('role', 'integer', zero).execute();
  await db.schema.alterTable('project_members').addColumn('via', 'text').execute();
  await db.schema.alterTable('project_members').addColumn('expiry_seen', 'integer', zero).execute();
  await db.schema
    .createIndex('project_members_expires_idx')
    .on('project_members')
    .columns(['expiry_seen', 'expires_at'])
    .execute();

  await withId(db, db.schema.createTable('project_invitations'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', notNull)
    .addColumn('permission', 'text', notNull)
    .addColumn('role', 'integer', zero)
    .addColumn('expiry_json', 'text', notNull)
    .addColumn('valid_until', 'text', notNull)
    .addColumn('redemptions', 'integer', zero)
    .addColumn('created_by', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('project_invitations_project_idx')
    .on('project_invitations')
    .column('project_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_invitations').execute();
  await db.schema.dropIndex('project_members_expires_idx').execute();
  for (const column of ['expiry_seen', 'via', 'role', 'expires_at'])
    await db.schema.alterTable('project_members').dropColumn(column).execute();
}
