import { z } from 'zod';
import {
  formatIpv4,
  formatSegment,
  gatewayIssue,
  ipv4Network,
  maskIssue,
  maskToPrefix,
  parseIpv4,
} from './ip';
import { portListIssue, portListsOverlap } from './ports';
import { findDuplicates, type ItemIssue, refineWithIssue } from './rule';
import { shortNameIssue } from './text';

/**
 * Static route rules of §5 (destination first octet 1–223 except 127, mask, next hop as one
 * address or `{ip}-{ip}`, names and destinations unique) and port mapping rules (names unique,
 * internal ports differ, external WAN ports not overlapping).
 *
 * Rule names (routes and port mappings) follow the short-name rule of §5: 1–16 characters, no
 * spaces or emoticons. Names are compared ignoring case when checking uniqueness.
 */

export function ruleNameIssue(name: string): string | null {
  return shortNameIssue(name, 'Rule name');
}
export const ruleNameSchema = refineWithIssue(z.string(), ruleNameIssue);

/** Destination network: a valid address whose first octet is 1–223 and not 127. */
export function routeDestinationIssue(s: string): string | null {
  return gatewayIssue(s, 'Destination network');
}

/**
 * The next hop: one address (`192.168.1.254`), or two written `{ip}-{ip}`
 * (`192.168.1.254-192.168.2.254`, e.g. a primary and a backup gateway). Each follows the gateway
 * rule and the two must differ. Spaces around the dash are not allowed.
 */
export function parseNextHop(s: string): string[] | null {
  const parts = s.split('-');
  if (parts.length > 2) return null;
  return parts.every((p) => parseIpv4(p) !== null) ? parts : null;
}
export function nextHopIssue(s: string): string | null {
  if (s.trim() === '') return 'Next hop is required.';
  const hops = parseNextHop(s);
  if (!hops) return 'Next hop must be an IPv4 address, or two written {ip}-{ip} like 10.0.0.1-10.0.0.2.';
  for (const hop of hops) {
    const issue = gatewayIssue(hop, 'Next hop');
    if (issue) return issue;
  }
  return hops.length === 2 && hops[0] === hops[1] ? 'The two next-hop addresses must differ.' : null;
}

/** A static route (§3): rule name, destination network, mask, next hop. */
export interface StaticRoute {
  name: string;
  destination: string;
  mask: string;
  nextHop: string;
}

/**
 * Field issues of one route. Beyond the per-field rules, the destination must be the network
 * address of its mask (10.1.0.0 with 255.255.0.0, not 10.1.2.3): firmware refuses host bits.
 */
export function staticRouteIssues(r: StaticRoute): ItemIssue[] {
  const out: ItemIssue[] = [];
  const add = (field: keyof StaticRoute, message: string | null) => {
    if (message) out.push({ index: 0, field, message });
  };
  add('name', ruleNameIssue(r.name));
  add('destination', routeDestinationIssue(r.destination));
  add('mask', maskIssue(r.mask));
  add('nextHop', nextHopIssue(r.nextHop));
  const dest = parseIpv4(r.destination);
  const prefix = maskToPrefix(r.mask);
  if (out.length === 0 && dest !== null && prefix !== null && ipv4Network(dest, prefix) !== dest) {
    const network = formatIpv4(ipv4Network(dest, prefix));
    add('destination', `Destination network must be a network address for this mask, like ${network}.`);
  }
  return out;
}

/** The route's destination as "network/prefix", the key that must be unique; null if invalid. */
function destinationKey(r: StaticRoute): string | null {
  return maskToPrefix(r.mask) === null || parseIpv4(r.destination) === null
    ? null
    : formatSegment(r.destination, r.mask);
}

/** Names unique and destinations (network and mask together) unique within a route table. */
export function staticRouteTableIssues(routes: readonly StaticRoute[]): ItemIssue[] {
  const names = findDuplicates(routes, (r) => r.name.toLowerCase()).map((d) => ({
    index: d.second,
    field: 'name',
    message: `Rule name "${routes[d.second]?.name}" is already used.`,
  }));
  const destinations = findDuplicates(routes, destinationKey).map((d) => ({
    index: d.second,
    field: 'destination',
    message: `A route to ${d.key} already exists.`,
  }));
  return [...names, ...destinations];
}

export const staticRouteSchema = z
  .object({
    name: z.string(),
    destination: z.string().trim(),
    mask: z.string().trim(),
    nextHop: z.string().trim(),
  })
  .superRefine((r, ctx) => {
    for (const i of staticRouteIssues(r))
      ctx.addIssue({ code: 'custom', path: [i.field], message: i.message });
  });

// ── Port mapping ────────────────────────────────────────────────────────────────────────────────

/** A port mapping rule (§3); ports in the port-list syntax of `ports.ts`. */
export interface PortMapping {
  name: string;
  internalIp: string;
  internalPorts: string;
  externalPorts: string;
  /** The WAN port the external ports are opened on; rules on different WAN ports never clash. */
  wanPort?: string | number;
}

export function portMappingIssues(m: PortMapping): ItemIssue[] {
  const out: ItemIssue[] = [];
  const add = (field: keyof PortMapping, message: string | null) => {
    if (message) out.push({ index: 0, field, message });
  };
  add('name', ruleNameIssue(m.name));
  add('internalIp', gatewayIssue(m.internalIp, 'Internal server IP'));
  add('internalPorts', portListIssue(m.internalPorts, 'Internal ports'));
  add('externalPorts', portListIssue(m.externalPorts, 'External ports'));
  return out;
}

/**
 * Across a table: names unique; on one WAN port, external ports of two rules never overlap
 * (whatever the protocol, which is stricter than necessary but matches the spec's wording); for
 * one internal server, internal ports of two rules differ.
 */
export function portMappingTableIssues(rules: readonly PortMapping[]): ItemIssue[] {
  const out: ItemIssue[] = findDuplicates(rules, (r) => r.name.toLowerCase()).map((d) => ({
    index: d.second,
    field: 'name',
    message: `Rule name "${rules[d.second]?.name}" is already used.`,
  }));
  for (const [index, r] of rules.entries()) {
    for (const other of rules.slice(0, index)) {
      if (String(other.wanPort ?? '') === String(r.wanPort ?? '')) {
        const port = portListsOverlap(r.externalPorts, other.externalPorts);
        if (port !== null) {
          out.push({
            index,
            field: 'externalPorts',
            message: `External port ${port} is already used by rule "${other.name}".`,
          });
        }
      }
      if (other.internalIp === r.internalIp) {
        const port = portListsOverlap(r.internalPorts, other.internalPorts);
        if (port !== null) {
          out.push({
            index,
            field: 'internalPorts',
            message: `Internal port ${port} of ${r.internalIp} is already used by rule "${other.name}".`,
          });
        }
      }
    }
  }
  return out;
}

export const portMappingSchema = z
  .object({
    name: z.string(),
    internalIp: z.string().trim(),
    internalPorts: z.string().trim(),
    externalPorts: z.string().trim(),
    wanPort: z.union([z.string(), z.number()]).optional(),
  })
  .superRefine((m, ctx) => {
    for (const i of portMappingIssues(m))
      ctx.addIssue({ code: 'custom', path: [i.field], message: i.message });
  });
