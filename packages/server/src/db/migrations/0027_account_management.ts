import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

// Account management and transfer of ownership (issue 14 §2, §5).
// - accounts.member_level: the §6 member level (domain MEMBER_LEVELS), 'common' for every account so far.
// - accounts.disabled_at: when an administrator disabled the account (null: it may sign in).
// - account_audit: every account-management change (who, to which account, what), newest read first.
// A transfer changes `projects.owner_id` and `project_members` rows: no new table (sharing uses the same
// membership rows); its audit row goes to the project's `audit_log`.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('member_level', 'text', (c) => c.notNull().defaultTo('common'))
    .execute();
  await db.schema.alterTable('accounts').addColumn('disabled_at', 'text').execute();
  await withId(db, db.schema.createTable('account_audit'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('action', 'text', notNull)
    .addColumn('summary', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('account_audit_account')
    .on('account_audit')
    .columns(['account_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_audit').ifExists().execute();
  await db.schema.alterTable('accounts').dropColumn('disabled_at').execute();
  await db.schema.alterTable('accounts').dropColumn('member_level').execute();
}
