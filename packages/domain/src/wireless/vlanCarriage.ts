/**
 * Whether a Wi-Fi policy's VLAN reaches the APs that broadcast it (issue 10 point 4): an AP tags the
 * network's traffic with the VLAN, so every switch port on the way from the AP up to the gateway
 * must carry that VLAN — the switch port the AP is plugged into (`state.uplink.sn`/`port` of the
 * AP), and for each switch on the way its own uplink port and its parent switch's port. A port
 * carries a VLAN as its untagged VLAN (PVID) or as a tagged one. Ports are read from the saved
 * `switching` documents (factory settings — access in VLAN 1 — when never saved). Devices that are
 * not switches of the project (the gateway, an unmanaged switch) end the walk: nothing to check.
 * Pure, with the fix: tag the VLAN on the ports that miss it.
 */
import { z } from 'zod';
import { PORT_TYPES } from '../enums/ports';
import type { PortSettings, SwitchSettings } from '../switching/settings';
import type { WirelessPolicy } from './settings';

/** Hops walked from an AP up its uplinks at most (guards a reported loop). */
const MAX_UPLINK_HOPS = 16; // not a rule: a guard against a loop in reported uplinks

/** A device's wired uplink: the managed device above it and the port of that device it is in. */
export const uplinkRefSchema = z.object({ sn: z.string(), port: z.int().nullable() });
export type UplinkRef = z.infer<typeof uplinkRefSchema>;

/** A switch of the project with its ports' VLAN membership (its saved `switching` document). */
export const carrierSwitchSchema = z.object({
  deviceId: z.int(),
  sn: z.string(),
  name: z.string(),
  /** The switch's own uplink: its parent and the port there. */
  uplink: uplinkRefSchema.nullable(),
  /** Its own port the uplink leaves from, when reported. */
  uplinkPort: z.int().nullable(),
  ports: z.array(
    z.object({
      id: z.int(),
      label: z.string(),
      type: z.int(),
      untagged: z.int(),
      tagged: z.array(z.int()),
    }),
  ),
});
export type CarrierSwitch = z.infer<typeof carrierSwitchSchema>;

/** A Wi-Fi device and where it is plugged in. */
export interface CarriedDevice {
  id: number;
  name: string;
  bands: readonly string[];
  uplink: UplinkRef | null;
}

/** One switch port that does not carry a policy's VLAN to the APs behind it. */
export interface VlanGap {
  vlanId: number;
  /** The policies (names) tagged with it. */
  policies: string[];
  switchId: number;
  switchName: string;
  port: number;
  portLabel: string;
  /** The APs whose traffic would cross this port (names). */
  aps: string[];
}

function carries(port: Pick<PortSettings, 'untagged' | 'tagged'>, vlan: number): boolean {
  return port.untagged === vlan || port.tagged.includes(vlan);
}

/** Whether an enabled policy is broadcast by a device (its scope, a band the device has). */
function reaches(p: WirelessPolicy, d: CarriedDevice): boolean {
  if (p.scope === 'devices' && !p.deviceIds.includes(d.id)) return false;
  return p.bands.some((b) => d.bands.includes(b));
}

/** The switch ports (switch id, port id) on the way from `ap` to the gateway. */
function pathPorts(ap: CarriedDevice, switches: ReadonlyMap<string, CarrierSwitch>) {
  const out: { sw: CarrierSwitch; port: number }[] = [];
  let up = ap.uplink;
  for (let hop = 0; up && hop < MAX_UPLINK_HOPS; hop++) {
    const sw = switches.get(up.sn);
    if (!sw) break;
    if (up.port !== null) out.push({ sw, port: up.port });
    if (sw.uplinkPort !== null) out.push({ sw, port: sw.uplinkPort });
    up = sw.uplink;
  }
  return out;
}

/** Every switch port that misses the VLAN of an enabled policy some AP behind it broadcasts. */
export function vlanCarriageGaps(
  policies: readonly WirelessPolicy[],
  devices: readonly CarriedDevice[],
  switches: readonly CarrierSwitch[],
): VlanGap[] {
  const bySn = new Map(switches.map((s) => [s.sn, s]));
  const gaps = new Map<string, VlanGap>();
  for (const p of policies) {
    if (!p.enabled || p.vlanId === null) continue;
    const vlan = p.vlanId;
    for (const ap of devices) {
      if (!reaches(p, ap)) continue;
      for (const { sw, port } of pathPorts(ap, bySn)) {
        const settings = sw.ports.find((x) => x.id === port);
        if (!settings || carries(settings, vlan)) continue;
        const key = `${vlan}:${sw.deviceId}:${port}`;
        let gap = gaps.get(key);
        if (!gap) {
          gap = {
            vlanId: vlan,
            policies: [],
            switchId: sw.deviceId,
            switchName: sw.name,
            port,
            portLabel: settings.label,
            aps: [],
          };
          gaps.set(key, gap);
        }
        if (!gap.policies.includes(p.name)) gap.policies.push(p.name);
        if (!gap.aps.includes(ap.name)) gap.aps.push(ap.name);
      }
    }
  }
  return [...gaps.values()].sort(
    (a, b) => a.vlanId - b.vlanId || a.switchName.localeCompare(b.switchName) || a.port - b.port,
  );
}

/**
 * The one-click fix of one switch: `vlan` tagged on `ports` that do not carry it yet (an access
 * port becomes a trunk and keeps its untagged VLAN). Other ports are left as they are.
 */
export function withVlanTagged(
  settings: SwitchSettings,
  ports: readonly number[],
  vlan: number,
): SwitchSettings {
  return {
    ...settings,
    ports: settings.ports.map((p) =>
      ports.includes(p.id) && !carries(p, vlan)
        ? { ...p, type: PORT_TYPES.TRUNK, tagged: [...p.tagged, vlan].sort((a, b) => a - b) }
        : p,
    ),
  };
}
