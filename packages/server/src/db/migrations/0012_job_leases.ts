import type { Kysely } from 'kysely';
import { notNull } from './helpers';

// Job leases (issue 11 §3 "Two nodes, one dies"): a scheduled job that must run once per cluster
// (RF automatic runs, telemetry retention, the series sampler) claims its slot by inserting
// (job, slot); the primary key lets exactly one node's insert win, on SQLite and PostgreSQL alike.
// `holder` says which node ran it (diagnostics); old slots are deleted by the claimers themselves.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('job', 'text', notNull)
    .addColumn('slot', 'bigint', notNull)
    .addColumn('holder', 'text', notNull)
    .addColumn('claimed_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('job_leases_pk', ['job', 'slot'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}
