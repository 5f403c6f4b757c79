import { type Kysely, sql } from 'kysely';

// Device list and onboarding (issue 3). The list pages a project's devices sorted by name
// (case-folded), per type or across types: these two indexes give the page's ids in order without a
// sort and make the count an index scan. Serial numbers are compared ignoring letter case
// (docs/protocol.md §2), so claims and imports look them up through lower(sn). The detail page lists
// a device's downlinks (project, uplink SN).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('devices_project_type_name')
    .on('devices')
    .expression(sql`project_id, type, lower(name), id`)
    .execute();
  await db.schema
    .createIndex('devices_project_name')
    .on('devices')
    .expression(sql`project_id, lower(name), id`)
    .execute();
  await db.schema
    .createIndex('devices_project_uplink')
    .on('devices')
    .columns(['project_id', 'uplink_sn'])
    .execute();
  await db.schema.createIndex('devices_sn_lower').on('devices').expression(sql`lower(sn)`).execute();
  await db.schema
    .createIndex('pending_devices_sn_lower')
    .on('pending_devices')
    .expression(sql`lower(sn)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'pending_devices_sn_lower',
    'devices_sn_lower',
    'devices_project_uplink',
    'devices_project_name',
    'devices_project_type_name',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
