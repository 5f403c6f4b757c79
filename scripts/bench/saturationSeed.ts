// Saturation bench set-up, run with tsx: claims the simulator's planned fleet (seed, n) into one
// project by inserting the device rows directly (the server must be stopped: its registry loads the
// claimed devices at start). Usage: saturationSeed.ts <sqlite file> <projectId> <seed> <n>;
// prints {"inserted": n}.
import { planFleet } from '@netloom/sim';
import Database from 'better-sqlite3';

const [file, projectArg, seedArg, nArg] = process.argv.slice(2);
if (!file || !projectArg || !seedArg || !nArg)
  throw new Error('usage: saturationSeed.ts <db> <projectId> <seed> <n>');
const projectId = Number(projectArg);
const db = new Database(file);
db.pragma('journal_mode = WAL');
const insert = db.prepare(
  `insert into devices (project_id, sn, type, name, status, created_at, model, mac, firmware_version, ip, status_changed_at)
   values (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
);
const now = Date.now();
let inserted = 0;
db.transaction(() => {
  for (const d of planFleet({ seed: Number(seedArg), devices: Number(nArg), mix: 'default' }).devices) {
    const name = `${d.model.model}-${d.sn.slice(-6)}`;
    const at = new Date(now).toISOString();
    insert.run(projectId, d.sn, d.kind, name, at, d.model.model, d.mac, d.firmwareVersion, d.ip, now);
    inserted++;
  }
})();
db.close();
console.log(JSON.stringify({ inserted }));
