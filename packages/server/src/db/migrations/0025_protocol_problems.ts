import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

// Protocol problems (issue 16 §2): the messages the cloud refused from a claimed device, the last
// 20 kept per device (the devices feature prunes older rows in the same batched write), shown in
// the device's details. On the device row: its latest refusal (time and JSON of message, code,
// path, reason) for the list's flag without a join, and `not_reporting`, the reason its `state` was
// refused while it is connected and has not reported a valid one since (cleared by a valid state
// or a disconnect): the list shows "connected, not reporting" instead of a bare "offline".

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('device_problems'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('message', 'text', notNull)
    .addColumn('code', 'text', notNull)
    .addColumn('path', 'text')
    .addColumn('reason', 'text', notNull)
    .addColumn('at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('device_problems_device_idx')
    .on('device_problems')
    .columns(['device_id', 'id'])
    .execute();
  await db.schema.alterTable('devices').addColumn('problem_at', 'bigint').execute();
  await db.schema.alterTable('devices').addColumn('problem_json', 'text').execute();
  await db.schema.alterTable('devices').addColumn('not_reporting', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('not_reporting').execute();
  await db.schema.alterTable('devices').dropColumn('problem_json').execute();
  await db.schema.alterTable('devices').dropColumn('problem_at').execute();
  await db.schema.dropTable('device_problems').execute();
}
