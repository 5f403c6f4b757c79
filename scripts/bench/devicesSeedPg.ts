// The devices bench's set-up on PostgreSQL (devicesExternal.mjs), run with tsx: claims the
// simulator's planned devices (and the probe's) into one project by inserting the rows directly, as
// devicesSeed.ts does on SQLite. The server must be stopped: its registry loads claimed devices at
// start. Usage: devicesSeedPg.ts <postgres url> <projectId> <seed>:<devices> [<seed>:<devices> …];
// prints {"inserted": n}.
import { planFleet } from '@netloom/sim';
import pg from 'pg';

const [url, projectArg, ...fleets] = process.argv.slice(2);
if (!url || !projectArg || fleets.length === 0)
  throw new Error('usage: devicesSeedPg.ts <postgres url> <projectId> <seed>:<n>…');
const projectId = Number(projectArg);
const COLUMNS = [
  'project_id',
  'sn',
  'type',
  'name',
  'status',
  'created_at',
  'model',
  'mac',
  'firmware_version',
  'ip',
  'status_changed_at',
];
/** Rows per INSERT (11 parameters each, under PostgreSQL's 65,535). */
const CHUNK = 1000;

const now = Date.now();
const rows: unknown[][] = [];
for (const spec of fleets) {
  const [seed, n] = spec.split(':').map(Number);
  for (const d of planFleet({ seed, devices: n, mix: 'default' }).devices) {
    rows.push([
      projectId,
      d.sn,
      d.kind,
      `${d.model.model}-${d.sn.slice(-6)}`,
      0,
      new Date(now).toISOString(),
      d.model.model,
      d.mac,
      d.firmwareVersion,
      d.ip,
      now,
    ]);
  }
}

const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  await client.query('begin');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const values = chunk
      .map((_r, j) => `(${COLUMNS.map((_c, k) => `$${j * COLUMNS.length + k + 1}`).join(', ')})`)
      .join(', ');
    await client.query(`insert into devices (${COLUMNS.join(', ')}) values ${values}`, chunk.flat());
  }
  await client.query('commit');
} finally {
  await client.end();
}
console.log(JSON.stringify({ inserted: rows.length }));
