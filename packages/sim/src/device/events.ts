/**
 * Alarms and log lines (§6.5): a `boot` log after every boot, then occasional events that fit the
 * device kind — CPU alarms, port flaps on switches, PoE overloads, radar on 5 GHz, disk errors on
 * NVRs, failed logins — at a configurable rate per simulated hour. Ids are `{bootId}-{counter}`.
 */
import { ALARM_DEFAULT_THRESHOLD_PERCENT } from '@netloom/domain';
import type { DeviceEvent } from '@netloom/protocol';
import type { Unit } from './unit';

type Kind = DeviceEvent['kind'];
type Severity = DeviceEvent['severity'];
/** What an event may say besides its text: its subject, a threshold alarm's numbers. */
type EventDetail = Partial<Pick<DeviceEvent, 'subject' | 'value' | 'threshold' | 'forSeconds'>>;

/** A busy spell raises `cpu_high` after the CPU has been above the threshold this long (5 minutes). */
export const CPU_ALARM_AFTER_SECONDS = 300;
/** A busy spell lasts 7–15 minutes: long enough to raise the alarm, then the alarm clears. */
const CPU_SPIKE_MIN_SECONDS = 420; // not a rule: a simulated busy spell
const CPU_SPIKE_MAX_SECONDS = 900; // not a rule: a simulated busy spell

/**
 * Reports one event now over the protocol (`events`, QoS 1), as firmware does when something
 * happens. Exported so a test or a scripted demo can make a device raise a given alarm.
 */
export function pushEvent(
  d: Unit,
  kind: Kind,
  severity: Severity,
  code: string,
  text: string,
  at = Date.now(),
  mac?: string,
  detail: EventDetail = {},
): void {
  d.eventSeq++;
  const e: DeviceEvent = {
    id: `${d.bootId}-${d.eventSeq}`,
    kind,
    severity,
    code,
    text: text.slice(0, 256),
    at,
  };
  if (mac) e.mac = mac;
  Object.assign(e, detail);
  d.send('events', { events: [e] });
}

interface Candidate {
  weight: number;
  fire: (d: Unit) => void;
}

function candidates(d: Unit): Candidate[] {
  const m = d.model;
  const list: Candidate[] = [
    // A busy spell: the CPU stays above the threshold for a while; `cpuAlarm` raises `cpu_high` once it
    // has lasted 5 minutes, with the numbers, and the cloud clears it when the CPU is back under.
    // (No random memory alarm: the simulated memory never nears the threshold, so it would be a lie.)
    {
      weight: 3,
      fire: (x) => {
        x.hardware.cpuSpikeSec = x.rng.range(CPU_SPIKE_MIN_SECONDS, CPU_SPIKE_MAX_SECONDS);
      },
    },
    {
      weight: 2,
      fire: (x) =>
        pushEvent(
          x,
          'alarm',
          'warning',
          'login_failed',
          `Failed web login from 10.0.${x.rng.int(0, 255)}.${x.rng.int(2, 254)}`,
        ),
    },
  ];
  if (m.kind === 'switch' || m.kind === 'v7' || m.kind === 'router') {
    list.push({
      weight: 4,
      fire: (x) => {
        const port = x.rng.int(1, x.model.ports.length);
        const subject = { subject: `port ${port}` };
        pushEvent(x, 'log', 'info', 'port_down', `Port ${port} link down`, Date.now(), undefined, subject);
        pushEvent(x, 'log', 'info', 'port_up', `Port ${port} link up`, Date.now(), undefined, subject);
      },
    });
    list.push({
      weight: 0.5,
      fire: (x) => pushEvent(x, 'alarm', 'critical', 'loop_detected', 'Loop detected; port blocked'),
    });
    list.push({
      weight: 0.5,
      fire: (x) => pushEvent(x, 'alarm', 'warning', 'ip_conflict', 'IP address conflict detected on the LAN'),
    });
  }
  if (m.poeBudgetWatts > 0) {
    list.push({
      weight: 1,
      fire: (x) =>
        pushEvent(
          x,
          'alarm',
          'warning',
          'poe_overload',
          `PoE budget of ${x.model.poeBudgetWatts} W nearly exhausted`,
        ),
    });
  }
  if (m.radios.some((r) => r.band === '5G') && m.kind !== 'ipc') {
    list.push({
      weight: 2,
      fire: (x) =>
        pushEvent(x, 'log', 'info', 'radar_detected', 'Radar detected on a DFS channel; moved to channel 36'),
    });
  }
  if (m.recorder) {
    list.push({
      weight: 1,
      fire: (x) =>
        pushEvent(
          x,
          'alarm',
          'critical',
          'disk_error',
          `Disk ${x.rng.int(1, Math.max(1, x.hardware.disks.length))} reported read errors`,
        ),
    });
  }
  if (d.plan.uplink && d.plan.uplink.kind !== 'wired') {
    list.push({
      weight: 2,
      fire: (x) => pushEvent(x, 'log', 'info', 'uplink_changed', `Uplink signal now ${x.uplinkRssi} dBm`),
    });
  }
  return list;
}

/** After a boot: the `boot` log; then, over `dtSec` simulated seconds, random events at the configured rate. */
export function maybeEvents(d: Unit, dtSec: number): void {
  if (d.bootReason) {
    const why = d.bootReason === 'power' ? 'power on' : d.bootReason;
    pushEvent(d, 'log', 'info', 'boot', `System started after ${why}, firmware ${d.firmwareVersion}`);
    if (d.bootReason === 'upgrade')
      pushEvent(d, 'log', 'info', 'upgrade_finished', `Firmware upgraded to ${d.firmwareVersion}`);
    d.bootReason = null;
  }
  if (d.model.recorder) cameraEvents(d);
  cpuAlarm(d);
  const rate = d.fleet.options.eventsPerHour;
  if (rate <= 0 || dtSec <= 0 || !d.rng.chance(Math.min(1, rate * (dtSec / 3600)))) return;
  const list = candidates(d);
  const total = list.reduce((s, c) => s + c.weight, 0);
  let x = d.rng.next() * total;
  for (const c of list) {
    x -= c.weight;
    if (x < 0) {
      c.fire(d);
      return;
    }
  }
}

/** `cpu_high` once a busy spell has kept the CPU above the threshold for 5 minutes (value at the time). */
function cpuAlarm(d: Unit): void {
  const h = d.hardware;
  if (h.cpuAlarmRaised || h.cpuHighSec < CPU_ALARM_AFTER_SECONDS) return;
  h.cpuAlarmRaised = true;
  const threshold = ALARM_DEFAULT_THRESHOLD_PERCENT;
  const value = Math.round(h.cpu);
  pushEvent(
    d,
    'alarm',
    'warning',
    'cpu_high',
    `CPU above ${threshold} % for 5 minutes (${value} % at the time)`,
    Date.now(),
    undefined,
    {
      value,
      threshold,
      forSeconds: CPU_ALARM_AFTER_SECONDS,
    },
  );
}

/** An NVR notices its cameras going offline and coming back (it records them, so it alarms). */
function cameraEvents(d: Unit): void {
  const seen = d.cameraOnline ?? new Map<number, boolean>();
  for (const i of d.fleet.camerasOf(d.plan.index)) {
    const cam = d.fleet.device(i);
    if (!cam) continue;
    const now = cam.online;
    const before = seen.get(i);
    const channel = cam.plan.recorder?.channel ?? 0;
    if (before === true && !now)
      pushEvent(
        d,
        'alarm',
        'warning',
        'camera_offline',
        `Camera on channel ${channel} (${cam.sn}) went offline`,
        Date.now(),
        undefined,
        { subject: `channel ${channel}` },
      );
    else if (before === false && now)
      pushEvent(
        d,
        'log',
        'info',
        'camera_online',
        `Camera on channel ${channel} (${cam.sn}) is back online`,
        Date.now(),
        undefined,
        { subject: `channel ${channel}` },
      );
    seen.set(i, now);
  }
  d.cameraOnline = seen;
}
