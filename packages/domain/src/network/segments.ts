/**
 * The interface-segment arithmetic the network rules build on (`issues.ts`, `dhcpIssues.ts`,
 * `ruleIssues.ts`, `segmentConflicts.ts`): interface masks, host addresses, usable segments.
 */
import { INTERFACE_PREFIX_MAX, INTERFACE_PREFIX_MIN } from '../limits';
import {
  formatSegment,
  hostIdIssue,
  ipv4Issue,
  isIpv4,
  maskIssue,
  maskToPrefix,
  parseIpv4,
} from '../validation/ip';

/** Mask of an interface: valid, contiguous, /8 to /30. */
export function interfaceMaskIssue(mask: string, label = 'Subnet mask'): string | null {
  const issue = maskIssue(mask, label);
  if (issue) return issue;
  const prefix = maskToPrefix(mask) ?? 0;
  if (prefix < INTERFACE_PREFIX_MIN || prefix > INTERFACE_PREFIX_MAX) {
    return `${label} must be from 255.0.0.0 (/8) to 255.255.255.252 (/30).`;
  }
  return null;
}

export type HostAddressProblem = 'invalid' | 'loopback' | 'reserved' | 'host_id';

/** The first problem of an interface address (IPv4, first octet 1–223 not 127, host id), with text. */
export function hostAddressProblem(
  ip: string,
  mask: string | null,
  label: string,
): { kind: HostAddressProblem; message: string } | null {
  const invalid = ipv4Issue(ip, label);
  if (invalid) return { kind: 'invalid', message: invalid };
  const first = Math.floor((parseIpv4(ip) ?? 0) / 2 ** 24);
  if (first === 127)
    return { kind: 'loopback', message: `${label} must not be a 127.x.x.x (loopback) address.` };
  if (first === 0 || first >= 224) {
    return { kind: 'reserved', message: `${label} must start with a number from 1 to 223, other than 127.` };
  }
  const hostId = mask === null ? null : hostIdIssue(ip, mask, label);
  return hostId ? { kind: 'host_id', message: hostId } : null;
}

/** A usable segment (valid IP and mask), or null. */
export interface Seg {
  ip: string;
  mask: string;
}
export function usableSegment(s: { ip: string; mask: string } | null | undefined): Seg | null {
  if (!s || !isIpv4(s.ip) || maskToPrefix(s.mask) === null || !isIpv4(s.mask)) return null;
  return { ip: s.ip, mask: s.mask };
}
export function segText(s: Seg): string {
  return formatSegment(s.ip, s.mask) ?? `${s.ip}/${s.mask}`;
}
/** Whether an address lies in a segment. */
export function segmentContains(s: Seg, ip: string): boolean {
  const prefix = maskToPrefix(s.mask);
  const a = parseIpv4(s.ip);
  const b = parseIpv4(ip);
  if (prefix === null || a === null || b === null) return false;
  const size = 2 ** (32 - prefix);
  return Math.floor(a / size) === Math.floor(b / size);
}
/** Whether two segments changed between versions (null = did not exist before). */
export function sameSeg(
  a: { ip: string; mask: string } | null | undefined,
  b: { ip: string; mask: string } | null | undefined,
): boolean {
  return !!a && !!b && a.ip === b.ip && a.mask === b.mask;
}

/** "VLAN 20 "Guest"" for messages. */
export function vlanText(v: { id: number; name: string }): string {
  return v.name ? `VLAN ${v.id} "${v.name}"` : `VLAN ${v.id}`;
}
