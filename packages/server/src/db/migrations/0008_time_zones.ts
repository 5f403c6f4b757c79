import { type Kysely, sql } from 'kysely';

// Project time zones become IANA names (issue 10 §6): `projects.time_zone` was a UTC offset in hours
// (double), it is now text such as 'Europe/Lisbon'. Every offset the console ever offered is mapped
// below — frozen here, not read from domain, so this migration does the same thing forever
// (docs/decisions.md "Time zones"): +8 (the spec's default) → Asia/Shanghai, 0 → UTC, a fractional
// offset → the one place that uses it, any other whole offset → the fixed Etc/GMT∓N (POSIX sign:
// Etc/GMT-3 is UTC+3), which keeps exactly the old behaviour until the owner picks a city.
// Down maps the names back (any other zone, picked after the upgrade, becomes +8).
const OFFSET_ZONES: readonly (readonly [number, string])[] = [
  [-12, 'Etc/GMT+12'],
  [-11, 'Etc/GMT+11'],
  [-10, 'Etc/GMT+10'],
  [-9.5, 'Pacific/Marquesas'],
  [-9, 'Etc/GMT+9'],
  [-8, 'Etc/GMT+8'],
  [-7, 'Etc/GMT+7'],
  [-6, 'Etc/GMT+6'],
  [-5, 'Etc/GMT+5'],
  [-4, 'Etc/GMT+4'],
  [-3.5, 'America/St_Johns'],
  [-3, 'Etc/GMT+3'],
  [-2, 'Etc/GMT+2'],
  [-1, 'Etc/GMT+1'],
  [0, 'UTC'],
  [1, 'Etc/GMT-1'],
  [2, 'Etc/GMT-2'],
  [3, 'Etc/GMT-3'],
  [3.5, 'Asia/Tehran'],
  [4, 'Etc/GMT-4'],
  [4.5, 'Asia/Kabul'],
  [5, 'Etc/GMT-5'],
  [5.5, 'Asia/Kolkata'],
  [5.75, 'Asia/Kathmandu'],
  [6, 'Etc/GMT-6'],
  [6.5, 'Asia/Yangon'],
  [7, 'Etc/GMT-7'],
  [8, 'Asia/Shanghai'],
  [8.75, 'Australia/Eucla'],
  [9, 'Etc/GMT-9'],
  [9.5, 'Australia/Darwin'],
  [10, 'Etc/GMT-10'],
  [10.5, 'Australia/Lord_Howe'],
  [11, 'Etc/GMT-11'],
  [12, 'Etc/GMT-12'],
  [12.75, 'Pacific/Chatham'],
  [13, 'Etc/GMT-13'],
  [14, 'Etc/GMT-14'],
];
const DEFAULT_ZONE = 'Asia/Shanghai';
const DEFAULT_OFFSET = 8;

/** Replaces `projects.time_zone` by a column of another type, filled from the old one by `convert`. */
async function swapColumn(
  db: Kysely<unknown>,
  type: 'text' | 'double precision',
  fallback: string | number,
  convert: ReturnType<typeof sql>,
): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('time_zone_next', type, (c) => c.notNull().defaultTo(fallback))
    .execute();
  await sql`update projects set time_zone_next = ${convert}`.execute(db);
  await db.schema.alterTable('projects').dropColumn('time_zone').execute();
  await db.schema.alterTable('projects').renameColumn('time_zone_next', 'time_zone').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const cases = OFFSET_ZONES.map(([h, zone]) => sql`when time_zone = ${sql.lit(h)} then ${sql.lit(zone)}`);
  await swapColumn(
    db,
    'text',
    DEFAULT_ZONE,
    sql`case ${sql.join(cases, sql` `)} else ${sql.lit(DEFAULT_ZONE)} end`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const cases = OFFSET_ZONES.map(([h, zone]) => sql`when time_zone = ${sql.lit(zone)} then ${sql.lit(h)}`);
  await swapColumn(
    db,
    'double precision',
    DEFAULT_OFFSET,
    sql`case ${sql.join(cases, sql` `)} else ${sql.lit(DEFAULT_OFFSET)} end`,
  );
}
