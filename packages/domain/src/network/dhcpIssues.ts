/** §5 DHCP rules of the network settings, codes 713–740 (and 131, 1121 where they fit). */

import type { IssueList } from '../config/ruleKit';
import { ERR } from '../errors/catalogue';
import { DHCP_MAX_DNS } from '../limits';
import { dhcpLeaseIssue, dhcpPoolNameIssue } from '../validation/dhcp';
import {
  dnsIssue,
  formatIpv4,
  gatewayIssue,
  hostRange,
  ipv4Issue,
  maskIssue,
  parseIpv4,
  rangesOverlap,
} from '../validation/ip';
import type { NetworkRuleContext } from './ruleContext';
import { type Seg, segmentContains, segText, usableSegment, vlanText } from './segments';
import type { DhcpInterface, NetworkSettings } from './settings';

/** "the LAN" / "VLAN 20 "Guest"" for the interface a pool serves. */
export function dhcpInterfaceText(s: NetworkSettings, iface: DhcpInterface): string {
  if (iface === 'lan') return 'the LAN';
  const v = s.vlans.find((x) => x.id === iface);
  return v ? vlanText(v) : `VLAN ${iface}`;
}

interface ResolvedInterface {
  label: string;
  /** Null when the interface's own address is invalid (its own rule reports it). */
  seg: Seg | null;
}

export function dhcpPoolIssues(s: NetworkSettings, ctx: NetworkRuleContext, out: IssueList): void {
  const names = new Map<string, string>();
  const served = new Map<string, string>();
  const ranges: { name: string; start: number; end: number; text: string }[] = [];
  for (const [i, pool] of s.dhcpPools.entries()) {
    const p = `dhcpPools.${i}`;
    out.add(`${p}.name`, ERR.DHCP_POOL_NAME_INVALID, dhcpPoolNameIssue(pool.name));
    const key = pool.name.toLowerCase();
    const first = names.get(key);
    if (first !== undefined)
      out.add(`${p}.name`, ERR.DHCP_POOL_NAME_EXISTS, `Pool name "${pool.name}" is already used.`);
    else names.set(key, pool.name);

    const iface = resolveInterface(s, ctx, pool.interface, pool.name, p, out);
    const ifaceKey = String(pool.interface);
    const other = served.get(ifaceKey);
    if (other !== undefined) {
      const label = dhcpInterfaceText(s, pool.interface);
      out.add(
        `${p}.interface`,
        ERR.DHCP_INTERFACE_HAS_POOL,
        `${cap(label)} already has DHCP pool "${other}".`,
      );
    } else served.set(ifaceKey, pool.name);

    const maskBad = out.add(`${p}.mask`, ERR.DHCP_MASK_INVALID, maskIssue(pool.mask));
    if (!maskBad && iface?.seg && pool.mask !== iface.seg.mask) {
      out.add(
        `${p}.mask`,
        ERR.DHCP_MASK_INVALID,
        `Subnet mask must be ${iface.seg.mask}, the mask of ${iface.label}.`,
      );
    }
    const gwBad = out.add(`${p}.gateway`, ERR.DHCP_GATEWAY_INVALID, gatewayIssue(pool.gateway));
    if (!gwBad && iface?.seg && !segmentContains(iface.seg, pool.gateway)) {
      out.add(
        `${p}.gateway`,
        ERR.DHCP_GATEWAY_OUTSIDE_SEGMENT,
        `Gateway must be in ${segText(iface.seg)}, the segment of ${iface.label}.`,
      );
    }
    const range = rangeIssues(pool, iface, p, gwBad, out);
    if (range) ranges.push({ name: pool.name, ...range, text: `${pool.start}–${pool.end}` });

    const dns = pool.dns.filter((d) => d.trim() !== '');
    if (dns.length > DHCP_MAX_DNS)
      out.add(`${p}.dns`, ERR.DHCP_DNS_TOO_MANY, 'Enter at most two DNS servers.');
    else {
      const bad = dns.map((d, n) => dnsIssue(d, n === 0 ? 'Primary DNS' : 'Secondary DNS')).find(Boolean);
      if (!out.add(`${p}.dns`, ERR.DHCP_DNS_INVALID, bad) && dns.length === 2 && dns[0] === dns[1]) {
        out.add(`${p}.dns`, ERR.DHCP_DNS_DUPLICATE, 'The primary and secondary DNS must differ.');
      }
    }
    out.add(`${p}.leaseMinutes`, ERR.DHCP_LEASE_OUT_OF_RANGE, dhcpLeaseIssue(pool.leaseMinutes));
  }
  for (const [i, a] of ranges.entries()) {
    const b = ranges.slice(0, i).find((r) => rangesOverlap(a, r));
    if (b) {
      const index = s.dhcpPools.findIndex((x) => x.name === a.name);
      out.add(
        `dhcpPools.${index}.start`,
        ERR.DHCP_POOL_OVERLAPS_POOL,
        `The range ${a.text} overlaps pool "${b.name}" (${b.text}).`,
      );
    }
  }
  const limit = ctx.model?.rules.dhcpPools;
  if (limit !== undefined && s.dhcpPools.length > limit) {
    out.add(
      'dhcpPools',
      ERR.DHCP_POOL_LIMIT,
      limit === 0
        ? `The ${ctx.model?.model} does not run a DHCP server.`
        : `The ${ctx.model?.model} holds at most ${limit} DHCP pools (${s.dhcpPools.length} given).`,
    );
  }
  for (const [i, v] of s.vlans.entries()) {
    if (v.dhcp && v.ip !== '' && !s.dhcpPools.some((x) => x.interface === v.id)) {
      out.add(
        `vlans.${i}.dhcp`,
        ERR.DHCP_POOL_NOT_FOUND,
        `${vlanText(v)} has its DHCP server on but no DHCP pool: add a pool for it, or turn DHCP off.`,
      );
    }
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function resolveInterface(
  s: NetworkSettings,
  ctx: NetworkRuleContext,
  iface: DhcpInterface,
  poolName: string,
  p: string,
  out: IssueList,
): ResolvedInterface | null {
  if (iface === 'lan') return { label: 'the LAN', seg: usableSegment(s.lan) };
  const v = s.vlans.find((x) => x.id === iface);
  if (!v) {
    const deleted = ctx.previous?.vlans.find((x) => x.id === iface);
    if (deleted) {
      out.add(
        'vlans',
        ERR.RULE_REFERENCED,
        `${vlanText(deleted)} cannot be deleted: DHCP pool "${poolName}" still serves it. Delete or move the pool first.`,
      );
    } else {
      out.add(
        `${p}.interface`,
        ERR.DHCP_INTERFACE_MISSING,
        `VLAN ${iface} does not exist: choose the LAN or an existing VLAN.`,
      );
    }
    return null;
  }
  if (v.ip === '') {
    out.add(
      `${p}.interface`,
      ERR.VLAN_DHCP_WITHOUT_IP,
      `${vlanText(v)} has no IP address, so it cannot serve a DHCP pool.`,
    );
    return null;
  }
  if (!v.dhcp) {
    out.add(
      `${p}.interface`,
      ERR.DHCP_SERVER_DISABLED,
      `The DHCP server of ${vlanText(v)} is off: turn it on for this pool to be used.`,
    );
  }
  return { label: vlanText(v), seg: usableSegment(v) };
}

/** Start/end rules; the numeric range when both are valid addresses in order. */
function rangeIssues(
  pool: NetworkSettings['dhcpPools'][number],
  iface: ResolvedInterface | null,
  p: string,
  gatewayBad: boolean,
  out: IssueList,
): { start: number; end: number } | null {
  const startBad = out.add(`${p}.start`, ERR.DHCP_POOL_START_INVALID, ipv4Issue(pool.start, 'Start address'));
  const endBad = out.add(`${p}.end`, ERR.DHCP_POOL_END_INVALID, ipv4Issue(pool.end, 'End address'));
  if (startBad || endBad) return null;
  const start = parseIpv4(pool.start) ?? 0;
  const end = parseIpv4(pool.end) ?? 0;
  if (end <= start) {
    out.add(`${p}.end`, ERR.DHCP_POOL_END_BEFORE_START, 'End address must be after the start address.');
    return null;
  }
  const seg = iface?.seg;
  if (!seg) return { start, end };
  for (const [field, ip, label] of [
    ['start', pool.start, 'Start address'],
    ['end', pool.end, 'End address'],
  ] as const) {
    if (!segmentContains(seg, ip)) {
      out.add(
        `${p}.${field}`,
        ERR.DHCP_POOL_OUT_OF_RANGE,
        `${label} must be in ${segText(seg)}, the segment of ${iface.label}.`,
      );
      return { start, end };
    }
  }
  const hosts = hostRange(seg.ip, seg.mask);
  if (hosts && (start < hosts.start || end > hosts.end)) {
    out.add(
      `${p}.${start < hosts.start ? 'start' : 'end'}`,
      ERR.DHCP_POOL_CONTAINS_NETWORK_OR_BROADCAST,
      `The pool must stay within ${formatIpv4(hosts.start)}–${formatIpv4(hosts.end)}: not the network or broadcast address.`,
    );
  }
  const inPool = (ip: string) => {
    const n = parseIpv4(ip);
    return n !== null && n >= start && n <= end;
  };
  if (!gatewayBad && inPool(pool.gateway)) {
    out.add(
      `${p}.start`,
      ERR.DHCP_POOL_CONTAINS_GATEWAY,
      `The pool ${pool.start}–${pool.end} must not contain the gateway ${pool.gateway}.`,
    );
  } else if (inPool(seg.ip)) {
    out.add(
      `${p}.start`,
      ERR.DHCP_POOL_CONTAINS_GATEWAY,
      `The pool ${pool.start}–${pool.end} must not contain ${iface.label}'s own address ${seg.ip}.`,
    );
  }
  return { start, end };
}
