// Data-growth bench, chart set-up (run with tsx by dataGrowth.mjs): 30 days of history for a project
// of N devices, generated rather than waited for — rows written straight into the tables the charts
// read and the database holds at steady state: the devices, their current clients, hourly rollups
// per device and per project (30 days), 5-minute ones (the last day per device, 7 days per project),
// the clients' daily history and the events. The server must be stopped.
// Usage: dataGrowthHistory.ts <sqlite file> <projectId> <devices> <days>; prints {"rows": n}.
import Database from 'better-sqlite3';

const [file, projectArg, devicesArg, daysArg] = process.argv.slice(2);
if (!file || !projectArg || !devicesArg || !daysArg)
  throw new Error('usage: dataGrowthHistory.ts <db> <projectId> <devices> <days>');
const projectId = Number(projectArg);
const N = Number(devicesArg);
const DAYS = Number(daysArg);
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const CLIENTS_PER_AP = 10;
const DISTINCT_CLIENTS_PER_AP_DAY = 20;
const EVENTS_PER_DAY = 8;
const MIX = ['ap', 'ap', 'ap', 'ap', 'ap', 'ap', 'switch', 'switch', 'ap', 'ap'];

const db = new Database(file);
db.pragma('journal_mode = WAL');
const now = Date.now();
const hourNow = Math.floor(now / HOUR) * HOUR;
const fiveNow = Math.floor(now / 300_000) * 300_000;
let rows = 0;

const insertDevice = db.prepare(
  `insert into devices (project_id, sn, type, name, status, created_at, model, mac, firmware_version, ip, clients, tx_rate, rx_rate, status_changed_at, last_seen_at)
   values (?, ?, ?, ?, 1, ?, ?, ?, '1.2.3', ?, ?, 1000, 8000, ?, ?)`,
);
const insertRollup = (table: string) =>
  db.prepare(
    `insert into ${table} (device_id, bucket, samples, tx_bytes, rx_bytes, tx_rate_max, rx_rate_max, clients_sum, clients_max, cpu_sum, memory_sum)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
const rollup1h = insertRollup('telemetry_1h');
const rollup5m = insertRollup('telemetry_5m');
const insertSeries = (table: string) =>
  db.prepare(
    `insert into ${table} (project_id, kind, bucket, samples, tx_bytes, rx_bytes, tx_rate_max, rx_rate_max, clients_sum, clients_max, online_sum, total_max)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
const series1h = insertSeries('project_series_1h');
const series5m = insertSeries('project_series_5m');
const insertClient = db.prepare(
  `insert into clients (device_id, project_id, mac, ip, name, connection, type, ssid, band, rssi, auth, port, vlan, tx_bytes, rx_bytes, tx_rate, rx_rate, uptime, updated_at)
   values (?, ?, ?, ?, ?, ?, 'phone', ?, ?, ?, ?, ?, null, 1000, 5000, 1200, 8000, 600, ?)`,
);
const insertDay = db.prepare(
  `insert into client_days (project_id, day, mac, name, auth, first_seen_at, last_seen_at, tx_bytes, rx_bytes)
   values (?, ?, ?, ?, 'WPA2-PSK', ?, ?, ?, ?)`,
);
const insertEvent = db.prepare(
  `insert into device_events (device_id, project_id, event_id, kind, severity, code, text, at, read, cleared_at)
   values (?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
);

const mac = (i: number, k: number) =>
  `5c:${((i >> 16) & 255).toString(16).padStart(2, '0')}:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:00:${k.toString(16).padStart(2, '0')}`;

const devices: { id: number; type: string }[] = [];
db.transaction(() => {
  const iso = new Date(now).toISOString();
  for (let i = 0; i < N; i++) {
    const type = MIX[i % MIX.length] as string;
    const r = insertDevice.run(
      projectId,
      `HIST${String(i).padStart(8, '0')}`,
      type,
      `${type}-${i}`,
      iso,
      type === 'ap' ? 'AP-820' : 'SW-24P',
      `02:10:${((i >> 16) & 255).toString(16).padStart(2, '0')}:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:01`,
      `10.1.${(i >> 8) & 255}.${i & 255}`,
      type === 'ap' ? CLIENTS_PER_AP : 0,
      now,
      now,
    );
    devices.push({ id: Number(r.lastInsertRowid), type });
  }
})();
rows += N;

// Per device: hourly rollups for every hour of the period, 5-minute ones for the last day.
for (let start = 0; start < devices.length; start += 250) {
  db.transaction(() => {
    for (const d of devices.slice(start, start + 250)) {
      const clients = d.type === 'ap' ? CLIENTS_PER_AP : 0;
      for (let h = DAYS * 24; h >= 0; h--)
        rollup1h.run(
          d.id,
          hourNow - h * HOUR,
          120,
          3.6e6,
          2.9e7,
          2000,
          9000,
          clients * 120,
          clients,
          3000,
          6000,
        );
      for (let m = 288; m >= 0; m--)
        rollup5m.run(
          d.id,
          fiveNow - m * 300_000,
          10,
          3e5,
          2.4e6,
          2000,
          9000,
          clients * 10,
          clients,
          250,
          500,
        );
      rows += DAYS * 24 + 1 + 289;
    }
  })();
}

// The project series: hourly for the period, 5-minute for 7 days, per kind.
db.transaction(() => {
  const aps = devices.filter((d) => d.type === 'ap').length;
  const kinds: [string, number][] = [
    ['internet', 0],
    ['switch', N - aps],
    ['ap', aps],
    ['client', aps],
  ];
  for (const [kind, total] of kinds) {
    for (let h = DAYS * 24; h >= 0; h--)
      series1h.run(
        projectId,
        kind,
        hourNow - h * HOUR,
        60,
        1e9,
        8e9,
        1e6,
        9e6,
        aps * CLIENTS_PER_AP * 60,
        aps * 12,
        total * 60,
        total,
      );
    for (let m = 7 * 288; m >= 0; m--)
      series5m.run(
        projectId,
        kind,
        fiveNow - m * 300_000,
        5,
        1e8,
        8e8,
        1e6,
        9e6,
        aps * CLIENTS_PER_AP * 5,
        aps * 12,
        total * 5,
        total,
      );
    rows += DAYS * 24 + 7 * 288 + 2;
  }
})();

// Current clients, the daily history (distinct clients a day per AP) and the events.
for (let start = 0; start < devices.length; start += 250) {
  db.transaction(() => {
    for (const d of devices.slice(start, start + 250)) {
      if (d.type === 'ap')
        for (let k = 0; k < CLIENTS_PER_AP; k++) {
          insertClient.run(
            d.id,
            projectId,
            mac(d.id, k),
            `10.2.0.${k}`,
            `client-${k}`,
            'wireless',
            'Guest',
            k % 2 ? '5G' : '2.4G',
            -60,
            'WPA2-PSK',
            null,
            now,
          );
          rows++;
        }
      for (let day = DAYS; day >= 0; day--) {
        const at = now - day * DAY;
        const date = new Date(at).toISOString().slice(0, 10);
        if (d.type === 'ap')
          for (let k = 0; k < DISTINCT_CLIENTS_PER_AP_DAY; k++) {
            // Clients come back: a day's MACs are drawn from a pool a few times the daily count.
            const m = (day * 7 + k) % (DISTINCT_CLIENTS_PER_AP_DAY * 3);
            insertDay.run(projectId, date, mac(d.id, m), `client-${m}`, at - 3600_000, at, 1e6 + k, 5e6 + k);
            rows++;
          }
        for (let e = 0; e < EVENTS_PER_DAY; e++) {
          const alarm = e % 4 === 0;
          insertEvent.run(
            d.id,
            projectId,
            `h-${day}-${e}`,
            alarm ? 'alarm' : 'log',
            alarm ? 'warning' : 'info',
            alarm ? 'cpu_high' : 'config_applied',
            alarm ? 'CPU usage is above 90 %' : 'Configuration version 12 applied',
            at - e * 3 * HOUR,
            alarm ? at - e * 3 * HOUR + 600_000 : null,
          );
          rows++;
        }
      }
    }
  })();
}
db.pragma('optimize');
db.close();
console.log(JSON.stringify({ rows }));
