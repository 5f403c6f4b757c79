import { z } from 'zod';
import { DNS_SERVERS_MAX, IPV4_PREFIX_MAX } from '../limits';
import { integerIssue, refineWithIssue } from './rule';

/**
 * IPv4 rules of §5 ("IP: valid; gateway first octet 1-223, not 127; mask 0-32; host ID not all 0s
 * or all 1s; management IP in 10.x, 172.16-31.x or 192.168.x and different from the LAN IP") and
 * the segment arithmetic that VLAN, DHCP and route rules build on. Addresses are handled as
 * unsigned 32-bit numbers.
 */

/** A mask written either dotted ("255.255.255.0") or as a prefix length (24 or "24"). */
export type MaskInput = string | number;

/** An inclusive range of IPv4 addresses as unsigned 32-bit numbers. */
export interface Ipv4Range {
  start: number;
  end: number;
}

// Four decimal octets, no leading zeros (firmware reads "010" as octal on some stacks).
const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}$`);

/** The address as an unsigned 32-bit number, or null when it is not a dotted-quad IPv4 address. */
export function parseIpv4(s: string): number | null {
  const m = IPV4.exec(s);
  if (!m) return null;
  return m.slice(1).reduce((acc, o) => acc * 256 + Number(o), 0);
}
/** The same test without building the number: no match array, no octet strings (the decoder's hot path). */
export function isIpv4(s: string): boolean {
  return IPV4.test(s);
}
export function formatIpv4(n: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
}

/** The prefix length 0–32 of a dotted mask with contiguous ones, or of a prefix; null otherwise. */
export function maskToPrefix(mask: MaskInput): number | null {
  if (typeof mask === 'number' || /^\d{1,2}$/.test(mask)) {
    const p = Number(mask);
    return Number.isInteger(p) && p >= 0 && p <= IPV4_PREFIX_MAX ? p : null;
  }
  const n = parseIpv4(mask);
  if (n === null) return null;
  // The ones are contiguous from the left exactly when 2^32 − n is a power of two.
  const prefix = 32 - Math.round(Math.log2(2 ** 32 - n));
  return 2 ** 32 - 2 ** (32 - prefix) === n ? prefix : null;
}
export function prefixToMask(prefix: number): string {
  return formatIpv4(2 ** 32 - 2 ** (32 - prefix));
}

/** Network address (host part all 0s) of an address in a segment. */
export function ipv4Network(ip: number, prefix: number): number {
  const size = 2 ** (32 - prefix);
  return Math.floor(ip / size) * size;
}
/** Broadcast address (host part all 1s) of an address in a segment. */
export function ipv4Broadcast(ip: number, prefix: number): number {
  return ipv4Network(ip, prefix) + 2 ** (32 - prefix) - 1;
}

/** Every address of the segment `ip/mask`, network and broadcast included; null if either is invalid. */
export function segmentRange(ip: string, mask: MaskInput): Ipv4Range | null {
  const n = parseIpv4(ip);
  const prefix = maskToPrefix(mask);
  if (n === null || prefix === null) return null;
  return { start: ipv4Network(n, prefix), end: ipv4Broadcast(n, prefix) };
}
/**
 * The addresses a host may use in `ip/mask`: network + 1 to broadcast − 1. For /31 and /32 (point
 * to point, single host) every address of the segment.
 */
export function hostRange(ip: string, mask: MaskInput): Ipv4Range | null {
  const r = segmentRange(ip, mask);
  if (!r) return null;
  return r.end - r.start < 2 ? r : { start: r.start + 1, end: r.end - 1 };
}
export function rangesOverlap(a: Ipv4Range, b: Ipv4Range): boolean {
  return a.start <= b.end && b.start <= a.end;
}
/** Whether two segments share any address (`10.0.0.0/8` overlaps `10.1.0.0/16`). */
export function segmentsOverlap(
  a: { ip: string; mask: MaskInput },
  b: { ip: string; mask: MaskInput },
): boolean {
  const ra = segmentRange(a.ip, a.mask);
  const rb = segmentRange(b.ip, b.mask);
  return ra !== null && rb !== null && rangesOverlap(ra, rb);
}
/** Whether two addresses are in the same segment of the given mask. */
export function sameSegment(a: string, b: string, mask: MaskInput): boolean {
  const ra = segmentRange(a, mask);
  const rb = segmentRange(b, mask);
  return ra !== null && rb !== null && ra.start === rb.start;
}
/** "192.168.1.0/24" */
export function formatSegment(ip: string, mask: MaskInput): string | null {
  const r = segmentRange(ip, mask);
  const prefix = maskToPrefix(mask);
  return r && prefix !== null ? `${formatIpv4(r.start)}/${prefix}` : null;
}

// ── Field rules ─────────────────────────────────────────────────────────────────────────────────

export function ipv4Issue(s: string, label = 'IP address'): string | null {
  if (s.trim() === '') return `${label} is required.`;
  return isIpv4(s) ? null : `${label} must be a valid IPv4 address, like 192.168.1.1.`;
}

/** Dotted subnet mask: valid address whose ones are contiguous (0.0.0.0 and 255.255.255.255 included). */
export function maskIssue(s: string, label = 'Subnet mask'): string | null {
  if (s.trim() === '') return `${label} is required.`;
  if (!isIpv4(s) || maskToPrefix(s) === null) {
    return `${label} must be a valid mask with contiguous ones, like 255.255.255.0.`;
  }
  return null;
}

/** Mask written as a prefix length: a whole number 0–32. */
export function prefixLengthIssue(value: string | number, label = 'Mask length'): string | null {
  return integerIssue(value, { label, min: 0, max: IPV4_PREFIX_MAX });
}

/** First octet 1–223 and not 127: not "this network", loopback, multicast or reserved. */
export function isUnicastFirstOctet(n: number): boolean {
  const first = Math.floor(n / 2 ** 24);
  return first >= 1 && first <= 223 && first !== 127;
}

/** Gateway (and any address that must be a routable host): valid, first octet 1–223, not 127. */
export function gatewayIssue(s: string, label = 'Gateway'): string | null {
  const issue = ipv4Issue(s, label);
  if (issue) return issue;
  return isUnicastFirstOctet(parseIpv4(s) ?? 0)
    ? null
    : `${label} must start with a number from 1 to 223, other than 127.`;
}

/**
 * Host ID of `ip` for `mask` not all 0s (network address) nor all 1s (broadcast). /31 and /32
 * have no network or broadcast address, so the rule does not apply to them.
 */
export function hostIdIssue(ip: string, mask: MaskInput, label = 'IP address'): string | null {
  const n = parseIpv4(ip);
  const prefix = maskToPrefix(mask);
  if (n === null || prefix === null || prefix >= 31) return null;
  if (n === ipv4Network(n, prefix)) {
    return `${label} cannot be the network address of its segment (host part all 0s).`;
  }
  if (n === ipv4Broadcast(n, prefix)) {
    return `${label} cannot be the broadcast address of its segment (host part all 1s).`;
  }
  return null;
}

/** `ip` must be in the segment of `reference/mask`; the message names that segment. */
export function sameSegmentIssue(
  ip: string,
  reference: string,
  mask: MaskInput,
  label = 'IP address',
): string | null {
  const segment = formatSegment(reference, mask);
  if (segment === null || !isIpv4(ip)) return null;
  return sameSegment(ip, reference, mask) ? null : `${label} must be in the segment ${segment}.`;
}

const PRIVATE_RANGES: readonly Ipv4Range[] = [
  segmentRange('10.0.0.0', 8),
  segmentRange('172.16.0.0', 12),
  segmentRange('192.168.0.0', 16),
].filter((r): r is Ipv4Range => r !== null);

/** Whether an address is in 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16. */
export function isPrivateIpv4(s: string): boolean {
  const n = parseIpv4(s);
  return n !== null && PRIVATE_RANGES.some((r) => n >= r.start && n <= r.end);
}

/** Management IP: private (10.x, 172.16–31.x, 192.168.x) and, when known, not the LAN IP. */
export function managementIpIssue(s: string, lanIp?: string, label = 'Management IP'): string | null {
  const issue = ipv4Issue(s, label);
  if (issue) return issue;
  if (!isPrivateIpv4(s)) return `${label} must be in 10.x.x.x, 172.16–31.x.x or 192.168.x.x.`;
  if (lanIp !== undefined && s === lanIp) return `${label} must differ from the LAN IP.`;
  return null;
}

/** A DNS server address follows the gateway rule (a routable host). */
export function dnsIssue(s: string, label = 'DNS server'): string | null {
  return gatewayIssue(s, label);
}

/** At most two DNS servers, each valid, and different from each other. Blank entries are skipped. */
export function dnsListIssue(servers: readonly string[]): string | null {
  const given = servers.filter((s) => s.trim() !== '');
  if (given.length > DNS_SERVERS_MAX) return 'Enter at most two DNS servers.';
  const labels = ['Primary DNS', 'Secondary DNS'];
  for (const [i, s] of given.entries()) {
    const issue = dnsIssue(s, labels[i]);
    if (issue) return issue;
  }
  if (given.length === 2 && given[0] === given[1]) return 'The primary and secondary DNS must differ.';
  return null;
}

// ── Schemas ─────────────────────────────────────────────────────────────────────────────────────

export const ipv4Schema = refineWithIssue(z.string().trim(), (s) => ipv4Issue(s));
export const maskSchema = refineWithIssue(z.string().trim(), (s) => maskIssue(s));
export const prefixLengthSchema = refineWithIssue(z.number(), (n) => prefixLengthIssue(n));
export const gatewaySchema = refineWithIssue(z.string().trim(), (s) => gatewayIssue(s));
export const dnsListSchema = refineWithIssue(z.array(z.string().trim()), dnsListIssue);

/** A static address on an interface (§3 network config). */
export interface StaticIpConfig {
  ip: string;
  mask: string;
  /** Optional: empty when the interface has no gateway. */
  gateway: string;
  dns: readonly string[];
}

/**
 * Every issue of a static IP config as [field, message] pairs: host IP (gateway rule, host ID),
 * contiguous mask, optional gateway in the same segment and different from the IP, up to two
 * different DNS. The cross-field rules are skipped while a field they need is itself invalid.
 */
export function staticIpConfigIssues(v: StaticIpConfig): [field: keyof StaticIpConfig, message: string][] {
  const out: [keyof StaticIpConfig, string][] = [];
  const maskProblem = maskIssue(v.mask);
  if (maskProblem) out.push(['mask', maskProblem]);
  const mask = maskProblem ? null : v.mask;
  const ipProblem = gatewayIssue(v.ip, 'IP address') ?? (mask === null ? null : hostIdIssue(v.ip, mask));
  if (ipProblem) out.push(['ip', ipProblem]);
  if (v.gateway !== '') {
    const gw =
      gatewayIssue(v.gateway) ??
      (mask === null ? null : hostIdIssue(v.gateway, mask, 'Gateway')) ??
      (mask === null || ipProblem ? null : sameSegmentIssue(v.gateway, v.ip, mask, 'Gateway')) ??
      (v.gateway === v.ip ? 'Gateway must differ from the IP address.' : null);
    if (gw) out.push(['gateway', gw]);
  }
  const dns = dnsListIssue(v.dns);
  if (dns) out.push(['dns', dns]);
  return out;
}

/** Static IP config as sent to the API; all rules in `staticIpConfigIssues`. */
export const staticIpConfigSchema = z
  .object({
    ip: z.string().trim(),
    mask: z.string().trim(),
    gateway: z.string().trim().default(''),
    dns: z.array(z.string().trim()).default([]),
  })
  .superRefine((v, ctx) => {
    for (const [path, message] of staticIpConfigIssues(v)) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
