import {
  DHCP_POOL_LEASE_PRESETS,
  type DhcpInterface,
  formatSegment,
  type NetworkSettings,
} from '@netloom/domain';
import { plural } from '../../components/format';

/**
 * Words of the network pages: lease times, segments and interface names. Pure, so the texts are
 * unit-tested.
 */

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1440;

/** A lease in words: the preset's label when it is one, else "90 min", "2 h 30 min", "2 days". */
export function formatLease(minutes: number): string {
  const preset = DHCP_POOL_LEASE_PRESETS.find((p) => p.minutes === minutes);
  if (preset) return preset.label;
  if (minutes % MINUTES_PER_DAY === 0) return plural(minutes / MINUTES_PER_DAY, 'day');
  if (minutes < MINUTES_PER_HOUR) return `${minutes} min`;
  const h = Math.floor(minutes / MINUTES_PER_HOUR);
  const m = minutes % MINUTES_PER_HOUR;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "192.168.20.0/24", or the raw address and mask when they do not form a segment. */
export function segmentText(ip: string, mask: string): string {
  return formatSegment(ip, mask) ?? `${ip} / ${mask}`;
}

/** The name of a DHCP interface: "LAN" or "VLAN 20 (office)". */
export function interfaceLabel(iface: DhcpInterface, settings: NetworkSettings): string {
  if (iface === 'lan') return 'LAN';
  const vlan = settings.vlans.find((v) => v.id === iface);
  return vlan ? `VLAN ${iface} (${vlan.name})` : `VLAN ${iface}`;
}

export { plural };
