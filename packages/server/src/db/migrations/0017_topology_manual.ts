import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

// Manual topology nodes (issue 12 §3 "add downlink device"): devices that are not cloud-managed,
// drawn under a port of a managed device (parent_device_id + port) or under another manual node
// (parent_manual_id). Their §3 type, model, name and remark as the user typed them, and where they
// were dragged (dx, dy: px from the place the layout gives them). Everything goes with its project;
// a node goes with the device or manual node it hangs under.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('topology_manual_nodes'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('parent_device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
    .addColumn('parent_manual_id', 'integer', (c) =>
      c.references('topology_manual_nodes.id').onDelete('cascade'),
    )
    .addColumn('port', 'text')
    .addColumn('kind', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('model', 'text', notNull)
    .addColumn('remark', 'text', notNull)
    .addColumn('dx', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('dy', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('topology_manual_nodes_project_idx')
    .on('topology_manual_nodes')
    .column('project_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('topology_manual_nodes').execute();
}
