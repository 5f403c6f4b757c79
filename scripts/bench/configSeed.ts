// Config delivery bench set-up, run with tsx: claims the planned fleet (mix `switches`: one gateway
// and switches) into one project by inserting the device rows directly, as devicesSeed.ts does (the
// bench measures delivery, not onboarding). The server must be stopped: its registry loads claimed
// devices at start. Usage: configSeed.ts <sqlite file> <projectId> <seed> <devices>; prints {"inserted"}.
import { planFleet } from '@netloom/sim';
import Database from 'better-sqlite3';

const [file, projectArg, seedArg, devicesArg] = process.argv.slice(2);
if (!file || !projectArg || !seedArg || !devicesArg)
  throw new Error('usage: configSeed.ts <db> <projectId> <seed> <devices>');
const db = new Database(file);
db.pragma('journal_mode = WAL');
const insert = db.prepare(
  `insert into devices (project_id, sn, type, name, status, created_at, model, mac, firmware_version, ip, status_changed_at)
   values (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
);
const now = Date.now();
let inserted = 0;
db.transaction(() => {
  for (const d of planFleet({ seed: Number(seedArg), devices: Number(devicesArg), mix: 'switches' })
    .devices) {
    insert.run(
      Number(projectArg),
      d.sn,
      d.kind,
      `${d.model.model}-${d.sn.slice(-6)}`,
      new Date(now).toISOString(),
      d.model.model,
      d.mac,
      d.firmwareVersion,
      d.ip,
      now,
    );
    inserted++;
  }
})();
db.close();
console.log(JSON.stringify({ inserted }));
