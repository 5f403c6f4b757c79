import type { Kysely } from 'kysely';
import { notNull } from './helpers';

// What each AP heard of the project's other devices in its latest neighbour scan (RF optimisation
// runs scan before planning and again after applying): one row per listener, transmitter and band,
// with the transmitter's channel and power at that moment, so a radio changed since keeps the
// measurement true. The Wi-Fi map fits its path-loss exponent to these (issue 12 §2 calibration).
// A listener's new scan replaces its rows; they go with the project and with either device.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rf_neighbours')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('listener_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('transmitter_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('band', 'text', notNull)
    .addColumn('channel', 'integer', notNull)
    .addColumn('tx_power', 'double precision', notNull)
    .addColumn('rssi', 'double precision', notNull)
    .addColumn('measured_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('rf_neighbours_pk', ['listener_id', 'transmitter_id', 'band'])
    .execute();
  await db.schema.createIndex('rf_neighbours_project').on('rf_neighbours').column('project_id').execute();
  await db.schema
    .createIndex('rf_neighbours_transmitter')
    .on('rf_neighbours')
    .column('transmitter_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rf_neighbours').execute();
}
