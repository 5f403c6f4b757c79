import { z } from 'zod';
import {
  DHCP_LEASE_ALT_MAX_MINUTES,
  DHCP_LEASE_ALT_MIN_MINUTES,
  DHCP_LEASE_MAX_MINUTES,
  DHCP_LEASE_MIN_MINUTES,
  DHCP_POOL_NAME_MAX_LENGTH,
} from '../limits';
import {
  dnsListSchema,
  formatIpv4,
  formatSegment,
  gatewayIssue,
  hostRange,
  type Ipv4Range,
  ipv4Issue,
  type MaskInput,
  maskIssue,
  parseIpv4,
  rangesOverlap,
  sameSegment,
} from './ip';
import { type IntegerRule, type ItemIssue, integerIssue, integerSchema, refineWithIssue } from './rule';

/**
 * DHCP rules of §5: pool name 1–32 of digits, letters, underscores; lease 30–10080 minutes
 * (alternative 1–525600); start and end in one segment, end after start, inside the allowed range;
 * at most two DNS, different; pools must not conflict.
 */

/** DHCP lease in minutes, 30 min to 7 days: covers both preset lists of §9. */
export const DHCP_LEASE_RULE: IntegerRule = {
  label: 'Lease time',
  min: DHCP_LEASE_MIN_MINUTES,
  max: DHCP_LEASE_MAX_MINUTES,
  unit: 'minutes',
};
/** The alternative lease rule of §5 ("1-525600"), 1 minute to 365 days, for devices that take it. */
export const DHCP_LEASE_WIDE_RULE: IntegerRule = {
  label: 'Lease time',
  min: DHCP_LEASE_ALT_MIN_MINUTES,
  max: DHCP_LEASE_ALT_MAX_MINUTES,
  unit: 'minutes',
};

const POOL_NAME = /^[A-Za-z0-9_]+$/;

export function dhcpPoolNameIssue(name: string): string | null {
  if (name === '') return 'Pool name is required.';
  if (!POOL_NAME.test(name) || name.length > DHCP_POOL_NAME_MAX_LENGTH) {
    return `Pool name must be 1–${DHCP_POOL_NAME_MAX_LENGTH} letters, digits or underscores.`;
  }
  return null;
}
export const dhcpPoolNameSchema = refineWithIssue(z.string().trim(), dhcpPoolNameIssue);

export function dhcpLeaseIssue(minutes: string | number): string | null {
  return integerIssue(minutes, DHCP_LEASE_RULE);
}
export const dhcpLeaseSchema = integerSchema(DHCP_LEASE_RULE);
export function dhcpLeaseWideIssue(minutes: string | number): string | null {
  return integerIssue(minutes, DHCP_LEASE_WIDE_RULE);
}
export const dhcpLeaseWideSchema = integerSchema(DHCP_LEASE_WIDE_RULE);

/** A pool's address range and the interface (its gateway IP and mask) that serves it. */
export interface DhcpRangeInput {
  start: string;
  end: string;
  /** The interface address the pool belongs to (the pool's gateway, the LAN or VLAN IP). */
  interfaceIp: string;
  mask: MaskInput;
  /** A narrower range the device allows, if any; by default the interface's host addresses. */
  allowed?: Ipv4Range;
}

/** Issues of a pool's start and end as [field, message] pairs; empty when valid. */
export function dhcpRangeIssues(v: DhcpRangeInput): [field: 'start' | 'end', message: string][] {
  const startIssue = ipv4Issue(v.start, 'Start address');
  const endIssue = ipv4Issue(v.end, 'End address');
  if (startIssue || endIssue) {
    return [
      ...(startIssue ? [['start', startIssue] as ['start', string]] : []),
      ...(endIssue ? [['end', endIssue] as ['end', string]] : []),
    ];
  }
  const hosts = hostRange(v.interfaceIp, v.mask);
  if (!hosts) return []; // the interface's own fields report their issue
  const segment = formatSegment(v.interfaceIp, v.mask);
  for (const [field, ip] of [
    ['start', v.start],
    ['end', v.end],
  ] as const) {
    if (!sameSegment(ip, v.interfaceIp, v.mask)) {
      const label = field === 'start' ? 'Start address' : 'End address';
      return [[field, `${label} must be in the segment ${segment}.`]];
    }
  }
  const start = parseIpv4(v.start) ?? 0;
  const end = parseIpv4(v.end) ?? 0;
  if (end <= start) return [['end', 'End address must be after the start address.']];
  const allowed = v.allowed ?? hosts;
  const text = `${formatIpv4(allowed.start)}–${formatIpv4(allowed.end)}`;
  if (start < allowed.start || start > allowed.end)
    return [['start', `Start address must be within ${text}.`]];
  if (end < allowed.start || end > allowed.end) return [['end', `End address must be within ${text}.`]];
  return [];
}

/** A pool as compared with others: its name and address range. */
export interface DhcpPoolRange {
  name: string;
  start: string;
  end: string;
}

/** Pools must not share addresses or names (names compared ignoring case). */
export function dhcpPoolConflictIssues(pools: readonly DhcpPoolRange[]): ItemIssue[] {
  const out: ItemIssue[] = [];
  for (const [index, p] of pools.entries()) {
    const a = { start: parseIpv4(p.start), end: parseIpv4(p.end) };
    for (const q of pools.slice(0, index)) {
      if (q.name.toLowerCase() === p.name.toLowerCase()) {
        out.push({ index, field: 'name', message: `Pool name "${p.name}" is already used.` });
      }
      const b = { start: parseIpv4(q.start), end: parseIpv4(q.end) };
      if (a.start === null || a.end === null || b.start === null || b.end === null) continue;
      if (rangesOverlap({ start: a.start, end: a.end }, { start: b.start, end: b.end })) {
        out.push({
          index,
          field: 'start',
          message: `The range overlaps pool "${q.name}" (${q.start}–${q.end}).`,
        });
      }
    }
  }
  return out;
}

/** A DHCP pool (§3): name, start and end, mask, gateway, up to two DNS, lease in minutes. */
export const dhcpPoolSchema = z
  .object({
    name: dhcpPoolNameSchema,
    start: z.string().trim(),
    end: z.string().trim(),
    mask: refineWithIssue(z.string().trim(), (s) => maskIssue(s)),
    gateway: refineWithIssue(z.string().trim(), (s) => gatewayIssue(s)),
    dns: dnsListSchema.default([]),
    leaseMinutes: dhcpLeaseSchema,
  })
  .superRefine((v, ctx) => {
    for (const [field, message] of dhcpRangeIssues({ ...v, interfaceIp: v.gateway })) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type DhcpPool = z.infer<typeof dhcpPoolSchema>;
