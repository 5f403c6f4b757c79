/**
 * The names a unit's radios go by on the air: the BSSIDs derived from its MAC, and a CPE's two
 * networks — the bridge network an AP-mode CPE beacons and the management Wi-Fi every CPE beacons.
 * Shared by the neighbour scan (wireless.ts) and the bridge link (cpe.ts).
 */
import { NAME_MAX_BYTES } from '@netloom/domain';
import type { Unit } from './unit';

/** A radio's BSSID: the unit's MAC, locally administered, one per radio and network. */
export function bssidOf(mac: string, radio: number, vap = 0): string {
  const bytes = mac.split(':').map((h) => Number.parseInt(h, 16));
  bytes[0] = ((bytes[0] ?? 0) | 0x02) & 0xfe;
  bytes[5] = ((bytes[5] ?? 0) + 1 + radio * 16 + vap) & 0xff;
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

/** The bridge network an AP-mode CPE beacons. */
export function bridgeSsid(d: Unit): string {
  const name = d.appliedDocument?.bridge?.bridgeName;
  return (name && name.length > 0 ? name : `NL-Bridge-${d.sn.slice(-4)}`).slice(0, NAME_MAX_BYTES);
}

/** Its management Wi-Fi (the network a person joins on site to reach it). */
export function mgmtSsid(d: Unit): string {
  const name = d.appliedDocument?.bridge?.mgmtSsid;
  return (name && name.length > 0 ? name : `NL-CPE-${d.sn.slice(-4)}`).slice(0, NAME_MAX_BYTES);
}

/** The BSSID of its bridge network. */
export function bridgeBssid(d: Unit): string {
  return bssidOf(d.plan.mac, 0, 1);
}
