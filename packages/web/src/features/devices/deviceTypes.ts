import {
  DEVICE_TYPE_LABELS,
  type DeviceType,
  type DeviceTypeCounts,
  deviceTypePlural,
  UNKNOWN_DEVICE_TYPE,
} from '@netloom/domain';

/** Tab order: the network from the Internet down, then the rest. */
const ORDER = ['router', 'v7', 'wrouter', 'mesh', 'switch', 'ap', 'cpe', 'nvr', 'ipc', UNKNOWN_DEVICE_TYPE];

export function typeLabel(type: string): string {
  if (type === UNKNOWN_DEVICE_TYPE) return 'Not connected yet';
  return DEVICE_TYPE_LABELS[type as DeviceType] ?? type;
}

/** Plural tab titles ("Access points"), from the singular labels. */
export function typeTabLabel(type: string): string {
  if (type === 'all') return 'All devices';
  if (type === UNKNOWN_DEVICE_TYPE) return 'Not connected yet';
  return type in DEVICE_TYPE_LABELS ? deviceTypePlural(type as DeviceType) : type;
}

/** The tabs to show: every type with devices, in network order, plus the selected one. */
export function typeTabs(
  counts: DeviceTypeCounts | undefined,
  selected: string,
): { key: string; count: number }[] {
  const byType = counts?.byType ?? {};
  const keys = Object.keys(byType).filter((k) => (byType[k] ?? 0) > 0);
  if (selected !== 'all' && !keys.includes(selected)) keys.push(selected);
  keys.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return [{ key: 'all', count: counts?.total ?? 0 }, ...keys.map((k) => ({ key: k, count: byType[k] ?? 0 }))];
}

function rank(type: string): number {
  const i = ORDER.indexOf(type);
  return i === -1 ? ORDER.length : i;
}
