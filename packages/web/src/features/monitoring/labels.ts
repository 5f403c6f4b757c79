import { DEVICE_TYPE_LABELS, type DeviceType } from '@netloom/domain';

// Short names for the KPI breakdown, where "Access point 15/15" would not fit on a card.
const SHORT: Partial<Record<string, string>> = {
  ap: 'AP',
  v7: 'Gateway',
  wrouter: 'Wi-Fi router',
  mesh: 'Mesh',
  cpe: 'CPE',
  ipc: 'Camera',
  unknown: 'Not connected yet',
};

/** The short label of a device type in counts ("AP", "Switch", "Gateway"). */
export function shortTypeLabel(type: string): string {
  return SHORT[type] ?? DEVICE_TYPE_LABELS[type as DeviceType] ?? type;
}
