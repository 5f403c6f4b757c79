import { type Kysely, sql } from 'kysely';
import { isPostgres, notNull, withId } from './helpers';

// Runs on SQLite and PostgreSQL alike: only types both understand (text, integer, double precision),
// ids via autoincrement (SQLite) or serial (PostgreSQL), timestamps as ISO text.

export async function up(db: Kysely<unknown>): Promise<void> {
  const blob = isPostgres(db) ? 'bytea' : 'blob';

  await withId(db, db.schema.createTable('accounts'))
    .addColumn('cloud_code', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('country_code', 'text')
    .addColumn('mobile', 'text')
    .addColumn('password_hash', 'text', notNull)
    .addColumn('nick', 'text', notNull)
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('company_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company_location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company_name_changed_at', 'text')
    .addColumn('company_location_changed_at', 'text')
    .addColumn('avatar_id', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('accounts_mobile_unique', ['country_code', 'mobile'])
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('client', 'text', notNull)
    .addColumn('csrf_hash', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_seen_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();

  await withId(db, db.schema.createTable('verification_codes'))
    .addColumn('channel', 'text', notNull)
    .addColumn('target', 'text', notNull)
    .addColumn('purpose', 'text', notNull)
    .addColumn('salt', 'text', notNull)
    .addColumn('code_hash', 'text', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('consumed_at', 'text')
    .execute();
  await db.schema
    .createIndex('verification_codes_target')
    .on('verification_codes')
    .columns(['target', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('sms_sends'))
    .addColumn('target', 'text', notNull)
    .addColumn('sent_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('sms_sends_target').on('sms_sends').columns(['target', 'sent_at']).execute();

  await withId(db, db.schema.createTable('login_failures'))
    .addColumn('target', 'text', notNull)
    .addColumn('failed_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('login_failures_target')
    .on('login_failures')
    .columns(['target', 'failed_at'])
    .execute();

  await withId(db, db.schema.createTable('projects'))
    .addColumn('name', 'text', notNull)
    .addColumn('net_mode', 'integer', notNull)
    .addColumn('scenario', 'text', notNull)
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time_zone', 'double precision', notNull)
    .addColumn('type_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('projects_owner').on('projects').column('owner_id').execute();

  await db.schema
    .createTable('project_members')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('right', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'account_id'])
    .execute();
  await db.schema.createIndex('project_members_account').on('project_members').column('account_id').execute();

  await withId(db, db.schema.createTable('project_creations'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('project_creations_account')
    .on('project_creations')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('avatars')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('mime', 'text', notNull)
    .addColumn('bytes', sql.raw(blob), notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('devices'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('sn', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', notNull)
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('devices_project').on('devices').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'devices',
    'avatars',
    'project_creations',
    'project_members',
    'projects',
    'login_failures',
    'sms_sends',
    'verification_codes',
    'sessions',
    'accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
