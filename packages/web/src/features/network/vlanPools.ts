import {
  type DhcpPoolSettings,
  formatIpv4,
  hostRange,
  maskToPrefix,
  type NetworkConfigView,
  type NetworkSettings,
  parseIpv4,
  segmentRange,
  VLAN_DEFAULT_MAX,
  VLAN_DEFAULT_MIN,
  type VlanSettings,
} from '@netloom/domain';

/** The VLAN ids the gateway takes: its model's range, or the default one (§9) while unknown. */
export function gatewayVlanRange(view: NetworkConfigView): { min: number; max: number } {
  return view.gateway?.vlanRange ?? { min: VLAN_DEFAULT_MIN, max: VLAN_DEFAULT_MAX };
}

/**
 * A VLAN's DHCP server and its pool go together (the rules refuse a VLAN with DHCP on and no pool,
 * and a pool on a VLAN with DHCP off). So the VLAN editor changes the VLAN's pool along with it:
 * created with the DHCP switch, moved with the VLAN's id and address, removed with the VLAN.
 */

const DEFAULT_LEASE_MINUTES = 1440;

/** The name of the pool created for a VLAN: letters, digits and underscores (§5). */
export function vlanPoolName(id: number): string {
  return `vlan${id}_pool`;
}

/**
 * A pool covering the upper part of the VLAN's segment: .100–.250 of a /24 (like the LAN's factory
 * pool), the upper half of the hosts of a smaller segment. Null when the VLAN's address is invalid.
 */
export function defaultVlanPool(v: VlanSettings): DhcpPoolSettings | null {
  const hosts = hostRange(v.ip, v.mask);
  const gw = parseIpv4(v.ip);
  if (!hosts || gw === null || hosts.end - hosts.start < 2) return null;
  const wide = hosts.end - hosts.start >= 250;
  let start = wide ? hosts.start + 99 : hosts.start + Math.ceil((hosts.end - hosts.start) / 2);
  let end = wide ? hosts.start + 249 : hosts.end;
  // Never hand out the gateway's own address: keep the larger side of the range around it.
  if (gw >= start && gw <= end) {
    if (gw - start >= end - gw) end = gw - 1;
    else start = gw + 1;
  }
  if (start > end) return null;
  return {
    name: vlanPoolName(v.id),
    interface: v.id,
    start: formatIpv4(start),
    end: formatIpv4(end),
    mask: v.mask,
    gateway: v.ip,
    dns: [],
    leaseMinutes: DEFAULT_LEASE_MINUTES,
  };
}

/** The pool moved from the VLAN's old segment to its new one, keeping its place in the segment. */
function movePool(pool: DhcpPoolSettings, before: VlanSettings, after: VlanSettings): DhcpPoolSettings {
  const moved = { ...pool, interface: after.id, gateway: after.ip, mask: after.mask };
  if (before.ip === after.ip && before.mask === after.mask) return moved;
  const from = segmentRange(before.ip, before.mask);
  const to = segmentRange(after.ip, after.mask);
  const s = parseIpv4(pool.start);
  const e = parseIpv4(pool.end);
  const samePrefix = maskToPrefix(before.mask) === maskToPrefix(after.mask);
  if (from && to && s !== null && e !== null && samePrefix && s >= from.start && e <= from.end) {
    return {
      ...moved,
      start: formatIpv4(to.start + (s - from.start)),
      end: formatIpv4(to.start + (e - from.start)),
    };
  }
  const fresh = defaultVlanPool(after);
  return fresh ? { ...moved, start: fresh.start, end: fresh.end } : moved;
}

/**
 * The document with `next` in place of the VLAN at `index` (null: added), its pool following it:
 * created when DHCP is on and it has none, moved with its id and address, removed when DHCP is off.
 */
export function putVlan(s: NetworkSettings, index: number | null, next: VlanSettings): NetworkSettings {
  const before = index === null ? undefined : s.vlans[index];
  const vlans = index === null ? [...s.vlans, next] : s.vlans.map((v, i) => (i === index ? next : v));
  const servedId = before?.id ?? next.id;
  const serves = (p: DhcpPoolSettings) => before !== undefined && p.interface === servedId;
  let pools = s.dhcpPools;
  if (!next.dhcp) pools = pools.filter((p) => !serves(p));
  else if (before && pools.some(serves))
    pools = pools.map((p) => (serves(p) ? movePool(p, before, next) : p));
  else if (!pools.some((p) => p.interface === next.id)) {
    const pool = defaultVlanPool(next);
    if (pool && !pools.some((p) => p.name === pool.name)) pools = [...pools, pool];
  }
  return { ...s, vlans, dhcpPools: pools };
}

/** The document without the VLAN at `index` and the pools that served it. */
export function removeVlan(s: NetworkSettings, index: number): NetworkSettings {
  const gone = s.vlans[index];
  return {
    ...s,
    vlans: s.vlans.filter((_, i) => i !== index),
    dhcpPools: gone ? s.dhcpPools.filter((p) => p.interface !== gone.id) : s.dhcpPools,
  };
}

/** What saving the VLAN does to its pool, in a sentence for the form (null: nothing). */
export function poolEffect(s: NetworkSettings, index: number | null, next: VlanSettings): string | null {
  const before = index === null ? undefined : s.vlans[index];
  const pool = before ? s.dhcpPools.find((p) => p.interface === before.id) : undefined;
  if (!next.dhcp) return pool ? `Its DHCP pool “${pool.name}” is deleted.` : null;
  if (pool) return null;
  const created = defaultVlanPool(next);
  return created
    ? `A DHCP pool ${created.start} – ${created.end} is created for it; change it on the DHCP page.`
    : null;
}
