/**
 * Alarms whose condition can end, and how (issue 10 point 8; docs/protocol.md §6.5 "Alarms that
 * clear"). An alarm of one of these codes is *active* until the cloud sees the condition end; it
 * then records the time and the reason ("device back online") and shows the alarm as cleared.
 * Alarms of other codes (a failed login, a disk error) are events: nothing ends them.
 */
import { DEVICE_TYPE_LABELS, type DeviceType } from '../enums/devices';
import { ALARM_DEFAULT_THRESHOLD_PERCENT } from '../limits';

/** The measurements a `state` carries that a threshold alarm watches. */
export const ALARM_METRICS = ['cpu', 'memory'] as const;
export type AlarmMetric = (typeof ALARM_METRICS)[number];

/** How an alarm's condition ends. */
export type AlarmClearRule =
  /** The device is online again (the cloud's own `device_offline`). */
  | { by: 'online' }
  /** A full `state` reports the metric under the alarm's threshold. */
  | { by: 'metric'; metric: AlarmMetric; label: string }
  /** The device reports an event of this code about the same subject. */
  | { by: 'event'; code: string; reason: string };

/** The cloud's own alarm when a device's connection is lost (not a protocol event code). */
export const DEVICE_OFFLINE_CODE = 'device_offline';

/** Alarm code → what ends it. */
export const ALARM_CLEAR_RULES: Readonly<Record<string, AlarmClearRule>> = {
  [DEVICE_OFFLINE_CODE]: { by: 'online' },
  cpu_high: { by: 'metric', metric: 'cpu', label: 'CPU' },
  memory_high: { by: 'metric', metric: 'memory', label: 'Memory use' },
  port_down: { by: 'event', code: 'port_up', reason: 'link up again' },
  camera_offline: { by: 'event', code: 'camera_online', reason: 'camera back online' },
  poe_overload: { by: 'event', code: 'poe_normal', reason: 'PoE power back within budget' },
};

/** Whether alarms of this code can clear. */
export function isClearableAlarm(code: string): boolean {
  return Object.hasOwn(ALARM_CLEAR_RULES, code);
}

/** The alarm codes a clearing event of `code` ends (e.g. `port_up` → `port_down`). */
export function alarmsClearedByEvent(code: string): { alarm: string; reason: string }[] {
  return Object.entries(ALARM_CLEAR_RULES).flatMap(([alarm, rule]) =>
    rule.by === 'event' && rule.code === code ? [{ alarm, reason: rule.reason }] : [],
  );
}

/** Why a device-offline alarm cleared. */
export const BACK_ONLINE_TEXT = 'device back online';

/** Why a threshold alarm cleared: "CPU back under 90 % (35 % now)" — the value is under the threshold. */
export function metricClearedText(label: string, threshold: number, value: number): string {
  return `${label} back under ${fmt(threshold)} % (${fmt(value)} %)`;
}

/** "for 5 minutes", "for 90 seconds", "for 1 hour". */
function forDuration(seconds: number): string {
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (seconds % 3600 === 0 && seconds > 0) return `for ${plural(seconds / 3600, 'hour')}`;
  if (seconds % 60 === 0 && seconds > 0) return `for ${plural(seconds / 60, 'minute')}`;
  return `for ${plural(seconds, 'second')}`;
}

function fmt(n: number): string {
  return String(Math.round(n));
}

/**
 * The text of a threshold alarm, written by the cloud from the numbers the device sent so that it
 * cannot contradict itself: "CPU above 90 % for 5 minutes (97 % at the time)". A value that is not
 * above the threshold is left out rather than shown against it.
 */
export function thresholdAlarmText(
  label: string,
  threshold: number,
  value: number | undefined,
  forSeconds: number | undefined,
): string {
  const base = `${label} above ${fmt(threshold)} %${forSeconds ? ` ${forDuration(forSeconds)}` : ''}`;
  return value !== undefined && Math.round(value) > Math.round(threshold)
    ? `${base} (${fmt(value)} % at the time)`
    : base;
}

/** The threshold of a threshold alarm: the one the device sent, or the default. */
export function alarmThreshold(threshold: number | null | undefined): number {
  return threshold ?? ALARM_DEFAULT_THRESHOLD_PERCENT;
}

/** The text of the cloud's device-offline alarm: "Access point offline: the connection to the cloud was lost". */
export function deviceOfflineText(type: DeviceType | string): string {
  const label = (DEVICE_TYPE_LABELS as Record<string, string>)[type] ?? 'Device';
  return `${label} offline: the connection to the cloud was lost`;
}

/** Device types whose loss takes the whole site down: their offline alarm is critical. */
export const SITE_DEVICE_TYPES: readonly string[] = ['router', 'v7', 'wrouter', 'mesh'];
