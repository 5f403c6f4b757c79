import { z } from 'zod';
import { PORT_TYPES, type PortType } from '../enums/ports';
import {
  RESERVED_VLAN_NAMES,
  VLAN_ANY_MAX,
  VLAN_ANY_MIN,
  VLAN_BATCH_MAX,
  VLAN_DEFAULT_MAX,
  VLAN_DEFAULT_MIN,
  VLAN_LIST_MIN,
} from '../limits';
import { formatSegment, type MaskInput, segmentsOverlap } from './ip';
import { countRangeValues, type NumberRange, parseRangeList } from './rangeList';
import {
  findDuplicate,
  findDuplicates,
  type ItemIssue,
  integerIssue,
  integerSchema,
  refineWithIssue,
} from './rule';
import { asciiNameIssue, shortNameIssue } from './text';

/**
 * VLAN rules of §5: ID in the device's range (default 10–4094, per model from the server's
 * deviceVlans), wireless policy VLAN 1–4094, VLAN lists "2-4094 with ranges such as 10-13 and comma
 * lists", tagged 1–4094, at most 100 added at once, tagged ≠ untagged, a trunk LAN port, one
 * untagged VLAN per LAN port, unique names and IDs, names other than br0 and IPTV, VLAN segments
 * not overlapping other interfaces.
 */

/** An inclusive VLAN ID range allowed by a device model. */
export interface VlanIdRange {
  min: number;
  max: number;
}
/** The default device VLAN range (§3 deviceVlans, §9). */
export const DEFAULT_DEVICE_VLAN_RANGE: VlanIdRange = { min: VLAN_DEFAULT_MIN, max: VLAN_DEFAULT_MAX };
/** VLAN IDs a wireless policy may use: 1–4094. */
export const WIRELESS_VLAN_RANGE: VlanIdRange = { min: VLAN_ANY_MIN, max: VLAN_ANY_MAX };
/** VLAN IDs of a tagged (or untagged) port field: 1–4094. */
export const TAGGED_VLAN_RANGE: VlanIdRange = { min: VLAN_ANY_MIN, max: VLAN_ANY_MAX };
/** VLAN IDs of a VLAN list (the "other listing" of §5): 2–4094. */
export const VLAN_LIST_RANGE: VlanIdRange = { min: VLAN_LIST_MIN, max: VLAN_ANY_MAX };

export function vlanIdIssue(
  value: string | number,
  range: VlanIdRange = DEFAULT_DEVICE_VLAN_RANGE,
  label = 'VLAN ID',
): string | null {
  return integerIssue(value, { label, ...range });
}
export function vlanIdSchema(range: VlanIdRange = DEFAULT_DEVICE_VLAN_RANGE, label = 'VLAN ID') {
  return integerSchema({ label, ...range });
}
export function wirelessVlanIdIssue(value: string | number): string | null {
  return vlanIdIssue(value, WIRELESS_VLAN_RANGE);
}
export const wirelessVlanIdSchema = vlanIdSchema(WIRELESS_VLAN_RANGE);

export type VlanListResult =
  | { ok: true; ranges: NumberRange[]; count: number }
  | { ok: false; issue: string };

/**
 * A VLAN list: IDs and ranges separated by commas, like `10,20,30-33`; each ID within `range`
 * (default 2–4094), range ends inclusive with end ≥ start, no ID twice, at most `max` IDs in all
 * (default 100, the batch limit; pass Infinity for a tagged-VLAN field).
 */
export function parseVlanList(
  text: string,
  { range = VLAN_LIST_RANGE, max = VLAN_BATCH_MAX, label = 'VLAN IDs' } = {},
): VlanListResult {
  const parsed = parseRangeList(text, {
    label,
    separator: ',',
    rangeMarks: ['-'],
    min: range.min,
    max: range.max,
    unit: 'VLAN ID',
    example: '10,20,30-33',
  });
  if (!parsed.ok) return parsed;
  const count = countRangeValues(parsed.ranges);
  if (count > max)
    return { ok: false, issue: `${label}: at most ${max} VLANs can be added at once (${count} given).` };
  return { ok: true, ranges: parsed.ranges, count };
}
export function vlanListIssue(text: string, options?: Parameters<typeof parseVlanList>[1]): string | null {
  const r = parseVlanList(text, options);
  return r.ok ? null : r.issue;
}
export const vlanListSchema = refineWithIssue(z.string().trim(), (s) => vlanListIssue(s));
/** Every ID of a parsed list, ascending. */
export function expandVlanList(ranges: readonly NumberRange[]): number[] {
  return ranges.flatMap((r) => Array.from({ length: r.end - r.start + 1 }, (_, i) => r.start + i));
}

/** VLAN name: a short name (1–16 characters, no spaces or emoticons), not br0 or IPTV. */
export function vlanNameIssue(name: string): string | null {
  const issue = shortNameIssue(name, 'VLAN name');
  if (issue) return issue;
  const reserved = RESERVED_VLAN_NAMES.find((r) => r.toLowerCase() === name.toLowerCase());
  return reserved ? `"${reserved}" is reserved and cannot be used as a VLAN name.` : null;
}
export const vlanNameSchema = refineWithIssue(z.string(), vlanNameIssue);

/** Whether a name is one of the reserved VLAN names (br0, IPTV), in any letter case. */
export function isReservedVlanName(name: string): boolean {
  return RESERVED_VLAN_NAMES.some((r) => r.toLowerCase() === name.toLowerCase());
}

/**
 * The name of a gateway VLAN interface (network settings, §5 "Name 1-32 printable ASCII bytes",
 * code 1105): printable ASCII, no leading/trailing spaces, not br0 or IPTV (1104).
 */
export function vlanInterfaceNameIssue(name: string): string | null {
  const issue = asciiNameIssue(name, 'VLAN name');
  if (issue) return issue;
  return isReservedVlanName(name) ? `"${name}" is reserved and cannot be used as a VLAN name.` : null;
}

/** A LAN port's VLAN membership (§3 Port: type access 0 / trunk 1). */
export interface PortVlans {
  /** Port type: 0 access, 1 trunk. */
  type: PortType;
  /** The untagged VLAN (PVID): exactly one per LAN port. */
  untagged: number;
  /** Tagged VLANs, trunk ports only; each 1–4094 and never the untagged one. */
  tagged: readonly number[];
}

/** The first broken rule of one port's VLAN settings. */
export function portVlansIssue(port: PortVlans): string | null {
  const untagged = integerIssue(port.untagged, { label: 'Untagged VLAN', ...TAGGED_VLAN_RANGE });
  if (untagged) return untagged;
  if (port.type !== PORT_TYPES.TRUNK && port.tagged.length > 0)
    return 'Only a trunk port can carry tagged VLANs.';
  for (const id of port.tagged) {
    const issue = integerIssue(id, { label: 'Tagged VLAN', ...TAGGED_VLAN_RANGE });
    if (issue) return issue;
  }
  if (port.tagged.includes(port.untagged)) {
    return `VLAN ${port.untagged} cannot be both tagged and untagged on the same port.`;
  }
  const dup = findDuplicate(port.tagged, String);
  return dup ? `Tagged VLAN ${dup.key} is listed twice.` : null;
}

/** A VLAN as configured on a switch or router, listing its member LAN ports. */
export interface VlanMembers {
  id: number;
  taggedPorts: readonly number[];
  untaggedPorts: readonly number[];
}

/**
 * Membership of a VLAN table: a port is not tagged and untagged in the same VLAN; each LAN port is
 * untagged in at most one VLAN; a VLAN with tagged ports needs them to be trunk ports
 * (`trunkPorts`), and at least one trunk LAN port must exist for tagged VLANs.
 */
export function vlanMembershipIssues(
  vlans: readonly VlanMembers[],
  trunkPorts: readonly number[],
): ItemIssue[] {
  const out: ItemIssue[] = [];
  const untaggedIn = new Map<number, number>();
  for (const [index, v] of vlans.entries()) {
    const both = v.taggedPorts.find((p) => v.untaggedPorts.includes(p));
    if (both !== undefined) {
      out.push({
        index,
        field: 'taggedPorts',
        message: `Port ${both} cannot be both tagged and untagged in VLAN ${v.id}.`,
      });
    }
    if (v.taggedPorts.length > 0 && trunkPorts.length === 0) {
      out.push({
        index,
        field: 'taggedPorts',
        message: 'Tagged VLANs need a trunk LAN port: set a LAN port to trunk.',
      });
    }
    const notTrunk = v.taggedPorts.find((p) => !trunkPorts.includes(p));
    if (notTrunk !== undefined && trunkPorts.length > 0) {
      out.push({
        index,
        field: 'taggedPorts',
        message: `Port ${notTrunk} must be a trunk port to carry VLAN ${v.id} tagged.`,
      });
    }
    for (const p of v.untaggedPorts) {
      const other = untaggedIn.get(p);
      if (other === undefined) untaggedIn.set(p, v.id);
      else {
        out.push({
          index,
          field: 'untaggedPorts',
          message: `Port ${p} is already untagged in VLAN ${other}: a LAN port has one untagged VLAN.`,
        });
      }
    }
  }
  return out;
}

/** A VLAN interface: ID, name and its segment. */
export interface VlanEntry {
  id: number;
  name: string;
}

/** Names and IDs unique within a table (names compared ignoring case). */
export function vlanTableIssues(vlans: readonly VlanEntry[]): ItemIssue[] {
  const ids = findDuplicates(vlans, (v) => String(v.id)).map((d) => ({
    index: d.second,
    field: 'id',
    message: `VLAN ID ${d.key} is already used.`,
  }));
  const names = findDuplicates(vlans, (v) => v.name.toLowerCase()).map((d) => ({
    index: d.second,
    field: 'name',
    message: `VLAN name "${vlans[d.second]?.name}" is already used.`,
  }));
  return [...ids, ...names];
}

/** An existing interface segment a VLAN must not overlap: LAN, WAN, guest, PPPoE, PPTP, L2TP, VLAN. */
export interface NamedSegment {
  /** Shown in the message, e.g. "LAN", "WAN", "VLAN 20". */
  label: string;
  ip: string;
  mask: MaskInput;
}

/** The VLAN's segment must not overlap any other interface's segment. */
export function vlanSegmentIssue(
  vlan: { ip: string; mask: MaskInput },
  others: readonly NamedSegment[],
): string | null {
  const hit = others.find((o) => segmentsOverlap(vlan, o));
  if (!hit) return null;
  return `The VLAN network ${formatSegment(vlan.ip, vlan.mask)} overlaps ${hit.label} (${formatSegment(hit.ip, hit.mask)}).`;
}
