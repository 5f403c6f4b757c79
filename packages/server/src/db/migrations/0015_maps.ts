import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

// Floor-plan maps (issue 12 §1): a project's maps, each an image kept under DATA_DIR/maps by a
// generated key (never a name the client chose), with the scale line as drawn (two points in image
// pixels and the real length, so the page can show it) and the metres per pixel it gives; the walls
// (points in metres, JSON) and where devices stand (metres). Everything goes with its project; a
// device's placement goes with the device, and a device stands on at most one map (its primary key).

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('maps'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('file_key', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('scale_from_x', 'double precision')
    .addColumn('scale_from_y', 'double precision')
    .addColumn('scale_to_x', 'double precision')
    .addColumn('scale_to_y', 'double precision')
    .addColumn('scale_length_m', 'double precision')
    .addColumn('metres_per_pixel', 'double precision')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', notNull)
    .addColumn('updated_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('maps_project_idx').on('maps').column('project_id').execute();

  await withId(db, db.schema.createTable('map_walls'))
    .addColumn('map_id', 'integer', (c) => c.notNull().references('maps.id').onDelete('cascade'))
    .addColumn('shape', 'text', notNull)
    .addColumn('material', 'text', notNull)
    .addColumn('points_json', 'text', notNull)
    .execute();
  await db.schema.createIndex('map_walls_map_idx').on('map_walls').column('map_id').execute();

  await db.schema
    .createTable('map_placements')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('map_id', 'integer', (c) => c.notNull().references('maps.id').onDelete('cascade'))
    .addColumn('x', 'double precision', notNull)
    .addColumn('y', 'double precision', notNull)
    .execute();
  await db.schema.createIndex('map_placements_map_idx').on('map_placements').column('map_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('map_placements').execute();
  await db.schema.dropTable('map_walls').execute();
  await db.schema.dropTable('maps').execute();
}
