/**
 * The rows of the live demo's made-up history (issue 15 §6), pure: per hour (and per 5 minutes for
 * the last day) the project series and device rollups the charts read, per day the client history
 * and summaries, alarms, configuration changes and RF runs. Everything follows `activity` (day and
 * night, weekdays) and deterministic noise, so the same project and instant give the same row.
 */
import type {
  AuditLogTable,
  ClientDaySummariesTable,
  ClientDaysTable,
  DeviceEventsTable,
  ProjectSeriesTable,
  RfRunsTable,
  TelemetryRollupTable,
} from '../../db/schema';
import { seriesKindOf } from '../telemetry';
import { activity, type HistoryPattern, localTime, noise } from './historyShape';

export interface HistoryDevice {
  id: number;
  kind: string;
  meshRole: number | null;
  name: string;
}

export interface HistoryProject {
  id: number;
  pattern: HistoryPattern;
  /** The project zone's UTC offset (minutes). */
  offsetMinutes: number;
  devices: HistoryDevice[];
  /** How many clients the project has at its busiest. */
  peakClients: number;
}

const MB = 1024 * 1024;

function busy(p: HistoryProject, at: number, salt: number): number {
  const { hour, weekday } = localTime(at, p.offsetMinutes);
  return Math.max(0.02, activity(p.pattern, hour, weekday) * (0.85 + 0.3 * noise(p.id, at, salt)));
}

/** Project series rows of one bucket (internet, switch, ap, client). */
export function seriesRows(p: HistoryProject, bucket: number, width: number): ProjectSeriesTable[] {
  const samples = Math.round(width / 60_000);
  const b = busy(p, bucket, 1);
  const clients = Math.round(p.peakClients * b);
  const seconds = width / 1000;
  const rows: ProjectSeriesTable[] = [];
  const perKind = new Map<string, number>();
  for (const d of p.devices) {
    const k = seriesKindOf(d.kind, d.meshRole);
    if (k) perKind.set(k, (perKind.get(k) ?? 0) + 1);
  }
  // Rare short outages of one AP keep the "online / total" line honest.
  const apDown = noise(p.id, bucket, 7) < 0.015 ? 1 : 0;
  for (const [kind, total] of perKind) {
    const online = Math.max(0, total - (kind === 'ap' ? apDown : 0));
    const rateDown = (kind === 'internet' ? 48 : kind === 'switch' ? 30 : 18) * MB * b * 0.125;
    rows.push(
      row(p.id, kind, bucket, samples, rateDown, seconds, online, total, kind === 'switch' ? 0 : clients),
    );
  }
  const clientRate = 36 * MB * b * 0.125;
  rows.push(row(p.id, 'client', bucket, samples, clientRate, seconds, 0, 0, clients));
  return rows;
}

function row(
  projectId: number,
  kind: string,
  bucket: number,
  samples: number,
  rateDown: number,
  seconds: number,
  online: number,
  total: number,
  clients: number,
): ProjectSeriesTable {
  const rx = Math.round(rateDown * seconds);
  const tx = Math.round(rx * 0.22);
  return {
    project_id: projectId,
    kind,
    bucket,
    samples,
    tx_bytes: tx,
    rx_bytes: rx,
    tx_rate_max: Math.round((tx / seconds) * 1.6),
    rx_rate_max: Math.round((rx / seconds) * 1.6),
    clients_sum: clients * samples,
    clients_max: Math.round(clients * 1.15),
    online_sum: online * samples,
    total_max: total,
  };
}

/** Per-device rollups of one bucket (the device data charts). */
export function rollupRows(p: HistoryProject, bucket: number, width: number): TelemetryRollupTable[] {
  const samples = Math.round(width / 10_000);
  const seconds = width / 1000;
  const aps = Math.max(1, p.devices.filter((d) => d.kind === 'ap' || d.kind === 'mesh').length);
  return p.devices.map((d, i) => {
    const b = busy(p, bucket, 100 + i);
    const share = d.kind === 'ap' || d.kind === 'mesh' ? 1 / aps : 0;
    const clients = Math.round(p.peakClients * b * share);
    const base = d.kind === 'ipc' || d.kind === 'nvr' ? 0.5 : b;
    const rx = Math.round((d.kind === 'v7' ? 40 : 8) * MB * base * 0.125 * seconds);
    const cpu = 8 + 40 * base + 6 * noise(d.id, bucket, 3);
    const memory = 35 + 20 * base + 4 * noise(d.id, bucket, 4);
    return {
      device_id: d.id,
      bucket,
      samples,
      tx_bytes: Math.round(rx * 0.25),
      rx_bytes: rx,
      tx_rate_max: Math.round(((rx * 0.25) / seconds) * 1.5),
      rx_rate_max: Math.round((rx / seconds) * 1.5),
      clients_sum: clients * samples,
      clients_max: clients,
      cpu_sum: Math.round(cpu * samples),
      memory_sum: Math.round(memory * samples),
    };
  });
}

const CLIENT_NAMES = [
  'iPhone',
  'Galaxy',
  'MacBook',
  'ThinkPad',
  'iPad',
  'Pixel',
  'Surface',
  'Echo',
  'Kindle',
  'Switch',
];
const AUTHS = ['WPA2-PSK', 'WPA3-SAE/WPA2-PSK', 'WPA/WPA2-PSK', 'none'];

function clientMac(projectId: number, n: number): string {
  const bytes = [0x02, 0x4e, (projectId >> 8) & 0xff, projectId & 0xff, (n >> 8) & 0xff, n & 0xff];
  return bytes.map((x) => x.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

/**
 * One local day's client history: who came (a pool of returning clients, more on busy days), their
 * traffic and authentication type; and the day's summary as the monitoring feature stores it.
 */
export function clientDay(
  p: HistoryProject,
  day: string,
  dayStart: number,
): { days: ClientDaysTable[]; summary: Omit<ClientDaySummariesTable, 'summarized_at'> } {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const peak = Math.max(...Array.from({ length: 24 }, (_, h) => activity(p.pattern, h, weekday)));
  const pool = Math.round(p.peakClients * 1.6);
  const days: ClientDaysTable[] = [];
  for (let n = 0; n < pool; n++) {
    if (noise(p.id, dayStart, n) > 0.35 + 0.6 * peak) continue;
    const first = dayStart + Math.floor(noise(p.id, dayStart, n, 1) * 14) * 3600_000 + 6 * 3600_000;
    const stay = (1 + Math.floor(noise(p.id, dayStart, n, 2) * 6)) * 3600_000;
    const rx = Math.round((20 + noise(p.id, dayStart, n, 3) * 900) * MB);
    days.push({
      project_id: p.id,
      day,
      mac: clientMac(p.id, n),
      name: `${CLIENT_NAMES[n % CLIENT_NAMES.length]}-${(n + 11).toString(16).toUpperCase()}`,
      auth: AUTHS[n % AUTHS.length] ?? null,
      first_seen_at: first,
      last_seen_at: first + stay,
      tx_bytes: Math.round(rx * 0.2),
      rx_bytes: rx,
    });
  }
  const auth: Record<string, number> = {};
  for (const d of days) if (d.auth) auth[d.auth] = (auth[d.auth] ?? 0) + 1;
  const top = [...days]
    .sort((a, b) => b.tx_bytes + b.rx_bytes - (a.tx_bytes + a.rx_bytes))
    .slice(0, 20)
    .map((d) => [d.mac, d.name, d.tx_bytes, d.rx_bytes]);
  return {
    days,
    summary: {
      project_id: p.id,
      day,
      clients: days.length,
      auth: JSON.stringify(auth),
      top: JSON.stringify(top),
    },
  };
}

const ALARMS = [
  { code: 'cpu_high', severity: 'warning', text: 'CPU usage above 85%', cleared: 'CPU usage back to normal' },
  { code: 'offline', severity: 'critical', text: 'Device went offline', cleared: 'Device back online' },
  { code: 'port_down', severity: 'warning', text: 'Port 3 link down', cleared: 'Port 3 link up' },
  {
    code: 'memory_high',
    severity: 'warning',
    text: 'Memory usage above 90%',
    cleared: 'Memory usage back to normal',
  },
] as const;

/** A day's alarms (zero to three, cleared within the hour), ids unique per device and day. */
export function alarmRows(p: HistoryProject, day: string, dayStart: number): Omit<DeviceEventsTable, 'id'>[] {
  const count = Math.floor(noise(p.id, dayStart, 51) * 4);
  const out: Omit<DeviceEventsTable, 'id'>[] = [];
  for (let n = 0; n < count; n++) {
    const device = p.devices[Math.floor(noise(p.id, dayStart, 52, n) * p.devices.length)];
    const alarm = ALARMS[Math.floor(noise(p.id, dayStart, 53, n) * ALARMS.length)];
    if (!device || !alarm) continue;
    const at = dayStart + Math.floor(noise(p.id, dayStart, 54, n) * 24 * 3600_000);
    out.push({
      device_id: device.id,
      project_id: p.id,
      event_id: `history-${day}-${n}`,
      kind: 'alarm',
      severity: alarm.severity,
      code: alarm.code,
      text: alarm.text,
      at,
      read: 1,
      subject: alarm.code === 'port_down' ? 'port 3' : null,
      cleared_at: at + (5 + Math.floor(noise(p.id, at, 55) * 50)) * 60_000,
      cleared_text: alarm.cleared,
      threshold: alarm.code === 'cpu_high' ? 85 : alarm.code === 'memory_high' ? 90 : null,
    });
  }
  return out;
}

const CHANGES = [
  { action: 'config.save', summary: 'Wireless: guest SSID schedule changed' },
  { action: 'config.save', summary: 'DHCP: lease time set to 12 h' },
  { action: 'device.reboot', summary: 'Rebooted from the console' },
  { action: 'config.save', summary: 'VLAN 20 "Staff" added' },
  { action: 'backup.create', summary: 'Configuration backup created' },
] as const;

/** Configuration changes on some days (weekdays, office hours), by the demo account. */
export function changeRows(
  p: HistoryProject,
  dayStart: number,
  accountId: number,
): Omit<AuditLogTable, 'id'>[] {
  const { weekday } = localTime(dayStart + 12 * 3600_000, p.offsetMinutes);
  if (weekday === 0 || weekday === 6 || noise(p.id, dayStart, 61) > 0.45) return [];
  const change = CHANGES[Math.floor(noise(p.id, dayStart, 62) * CHANGES.length)] ?? CHANGES[0];
  const device = p.devices[Math.floor(noise(p.id, dayStart, 63) * p.devices.length)];
  return [
    {
      project_id: p.id,
      account_id: accountId,
      device_id: device?.id ?? null,
      device_name: device?.name ?? null,
      action: change.action,
      summary: change.summary,
      created_at: dayStart + (9 + Math.floor(noise(p.id, dayStart, 64) * 8)) * 3600_000,
    },
  ];
}

/** A weekly automatic RF optimisation (traditional WLAN projects), early on Monday. */
export function rfRunRows(p: HistoryProject, dayStart: number): Omit<RfRunsTable, 'id'>[] {
  const { weekday } = localTime(dayStart + 12 * 3600_000, p.offsetMinutes);
  if (p.pattern !== 'hotel' || weekday !== 1) return [];
  const started = dayStart + 3 * 3600_000;
  const before = -62 - Math.round(noise(p.id, dayStart, 71) * 8);
  const after = before - 4 - Math.round(noise(p.id, dayStart, 72) * 5);
  const noiseOf = (same: number) =>
    JSON.stringify({ sameChannelDbm: same, nearChannelDbm: same - 6, totalDbm: same + 2 });
  const aps = p.devices.filter((d) => d.kind === 'ap').slice(0, 3);
  return [
    {
      project_id: p.id,
      account_id: null,
      trigger: 'auto',
      status: 'succeeded',
      stage: 'done',
      percent: 100,
      started_at: started,
      finished_at: started + 95_000,
      code: null,
      access_threshold: -75,
      before_json: noiseOf(before),
      after_json: noiseOf(after),
      changes_json: JSON.stringify(
        aps.map((d, i) => ({
          deviceId: d.id,
          name: d.name,
          band: '5G',
          channelBefore: 36,
          channelAfter: [44, 149, 157][i] ?? 36,
          powerBefore: 20,
          powerAfter: 17,
          rssi: -58 - i * 3,
          sameChannelBefore: before,
          sameChannelAfter: after,
        })),
      ),
    },
  ];
}
