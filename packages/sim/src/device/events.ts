/**
 * Alarms and log lines (§6.5): a `boot` log after every boot, then occasional events that fit the
 * device kind — CPU alarms, port flaps on switches, PoE overloads, radar on 5 GHz, disk errors on
 * NVRs, failed logins — at a configurable rate per simulated hour. Ids are `{bootId}-{counter}`.
 */
import type { DeviceEvent } from '@netloom/protocol';
import type { Unit } from './unit';

type Kind = DeviceEvent['kind'];
type Severity = DeviceEvent['severity'];

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
  d.send('events', { events: [e] });
}

interface Candidate {
  weight: number;
  fire: (d: Unit) => void;
}

function candidates(d: Unit): Candidate[] {
  const m = d.model;
  const list: Candidate[] = [
    {
      weight: 3,
      fire: (x) =>
        pushEvent(
          x,
          'alarm',
          'warning',
          'cpu_high',
          `CPU above 90% for 5 minutes (${Math.round(x.hardware.cpu)}% now)`,
        ),
    },
    { weight: 1, fire: (x) => pushEvent(x, 'alarm', 'warning', 'memory_high', 'Memory use above 90%') },
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
        pushEvent(x, 'log', 'info', 'port_down', `Port ${port} link down`);
        pushEvent(x, 'log', 'info', 'port_up', `Port ${port} link up`);
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
      );
    else if (before === false && now)
      pushEvent(d, 'log', 'info', 'camera_online', `Camera on channel ${channel} (${cam.sn}) is back online`);
    seen.set(i, now);
  }
  d.cameraOnline = seen;
}
