// Devices bench set-up, run with tsx: claims the simulator's planned devices (and the probe's) into
// one project by inserting the rows directly — 10,000 claims through the HTTP API would take most of
// the run's time budget and measure onboarding, not the device plane. The server must be stopped:
// its registry loads claimed devices at start. Usage: devicesSeed.ts <sqlite file> <projectId>
// <seed>:<devices>[:<mix>] [<seed>:<devices>[:<mix>] …] (mix as the simulator's --mix, default
// `default`); prints {"inserted": n}. The device, saturation and configuration benches all seed here.
import { isMixName, planFleet } from '@netloom/sim';
import Database from 'better-sqlite3';

const [file, projectArg, ...fleets] = process.argv.slice(2);
if (!file || !projectArg || fleets.length === 0)
  throw new Error('usage: devicesSeed.ts <db> <projectId> <seed>:<n>…');
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
  for (const spec of fleets) {
    const [seedText, nText, mix = 'default'] = spec.split(':');
    if (!isMixName(mix)) throw new Error(`unknown mix ${mix}`);
    for (const d of planFleet({ seed: Number(seedText), devices: Number(nText), mix }).devices) {
      const name = `${d.model.model}-${d.sn.slice(-6)}`;
      insert.run(
        projectId,
        d.sn,
        d.kind,
        name,
        new Date(now).toISOString(),
        d.model.model,
        d.mac,
        d.firmwareVersion,
        d.ip,
        now,
      );
      inserted++;
    }
  }
})();
db.close();
console.log(JSON.stringify({ inserted }));
