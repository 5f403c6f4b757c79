/**
 * §5 static route and port mapping rules of the network settings. The catalogue has few codes for
 * them: duplicates are 411 DATA_EXISTS, a route onto a VLAN/LAN segment 1143, a mapping whose VLAN no
 * longer holds its server 1144 (131 when the VLAN was deleted); every other rule is 400 with its
 * precise message.
 */

import type { IssueList } from '../config/ruleKit';
import { ERR } from '../errors/catalogue';
import { hostIdIssue, segmentsOverlap } from '../validation/ip';
import { portCount } from '../validation/ports';
import {
  portMappingIssues,
  portMappingTableIssues,
  staticRouteIssues,
  staticRouteTableIssues,
} from '../validation/routes';
import type { NetworkRuleContext } from './ruleContext';
import { type Seg, segmentContains, segText, usableSegment, vlanText } from './segments';
import type { NetworkSettings } from './settings';

function limitIssue(
  ctx: NetworkRuleContext,
  count: number,
  limit: number | undefined,
  what: string,
): string | null {
  if (limit === undefined || count <= limit) return null;
  return limit === 0
    ? `The ${ctx.model?.model} does not support ${what}.`
    : `The ${ctx.model?.model} holds at most ${limit} ${what} (${count} given).`;
}

interface LanOrVlan {
  label: string;
  seg: Seg;
}

function routedSegments(s: NetworkSettings): LanOrVlan[] {
  const out: LanOrVlan[] = [];
  const lan = usableSegment(s.lan);
  if (lan) out.push({ label: 'the LAN', seg: lan });
  for (const v of s.vlans) {
    const seg = usableSegment(v);
    if (seg) out.push({ label: vlanText(v), seg });
  }
  return out;
}

export function staticRouteRuleIssues(s: NetworkSettings, ctx: NetworkRuleContext, out: IssueList): void {
  const local = routedSegments(s);
  for (const [i, r] of s.staticRoutes.entries()) {
    const own = staticRouteIssues(r);
    for (const issue of own) out.invalid(`staticRoutes.${i}.${issue.field}`, issue.message);
    if (own.length > 0) continue;
    const hit = local.find((l) => segmentsOverlap(l.seg, { ip: r.destination, mask: r.mask }));
    if (hit) {
      out.add(
        `staticRoutes.${i}.destination`,
        ERR.VLAN_IP_CONFLICTS_STATIC_ROUTE,
        `The destination ${segText({ ip: r.destination, mask: r.mask })} overlaps ${hit.label} (${segText(hit.seg)}), which the gateway reaches directly.`,
      );
    }
  }
  for (const d of staticRouteTableIssues(s.staticRoutes)) {
    out.add(`staticRoutes.${d.index}.${d.field}`, ERR.DATA_EXISTS, d.message);
  }
  out.invalid(
    'staticRoutes',
    limitIssue(ctx, s.staticRoutes.length, ctx.model?.rules.staticRoutes, 'static routes'),
  );
}

export function portMappingRuleIssues(s: NetworkSettings, ctx: NetworkRuleContext, out: IssueList): void {
  const local = routedSegments(s);
  for (const [i, m] of s.portMappings.entries()) {
    const p = `portMappings.${i}`;
    const own = portMappingIssues(m);
    for (const issue of own) out.invalid(`${p}.${issue.field}`, issue.message);
    if (!own.some((x) => x.field === 'internalIp'))
      internalIpIssues(s, ctx, local, m.internalIp, m.name, p, out);
    if (!own.some((x) => x.field === 'internalPorts' || x.field === 'externalPorts')) {
      const a = portCount(m.internalPorts);
      const b = portCount(m.externalPorts);
      if (a !== null && b !== null && a !== b) {
        out.invalid(
          `${p}.internalPorts`,
          `Internal and external ports must cover as many ports (${a} internal, ${b} external).`,
        );
      }
    }
    const wan = s.wan.find((w) => w.port === m.wanPort);
    if (!wan) out.invalid(`${p}.wanPort`, `WAN port ${m.wanPort} is not a WAN port of this network.`);
    else if (!wan.enabled)
      out.invalid(`${p}.wanPort`, `WAN port ${m.wanPort} is disabled: enable it or choose another.`);
  }
  for (const d of portMappingTableIssues(s.portMappings)) {
    const path = `portMappings.${d.index}.${d.field}`;
    if (d.field === 'name') out.add(path, ERR.DATA_EXISTS, d.message);
    else out.invalid(path, d.message);
  }
  out.invalid(
    'portMappings',
    limitIssue(ctx, s.portMappings.length, ctx.model?.rules.portMappings, 'port mapping rules'),
  );
}

function internalIpIssues(
  s: NetworkSettings,
  ctx: NetworkRuleContext,
  local: readonly LanOrVlan[],
  ip: string,
  rule: string,
  p: string,
  out: IssueList,
): void {
  const home = local.find((l) => segmentContains(l.seg, ip));
  if (home) {
    if (ip === home.seg.ip) {
      out.invalid(
        `${p}.internalIp`,
        `${ip} is the address of ${home.label} itself; enter the server's address.`,
      );
    } else {
      out.invalid(`${p}.internalIp`, hostIdIssue(ip, home.seg.mask, 'Internal server IP'));
    }
    return;
  }
  const before = ctx.previous?.vlans.find((v) => {
    const seg = usableSegment(v);
    return seg !== null && segmentContains(seg, ip);
  });
  if (before) {
    const now = s.vlans.find((v) => v.id === before.id);
    if (now) {
      out.add(
        `vlans.${s.vlans.indexOf(now)}.ip`,
        ERR.VLAN_IP_CONFLICTS_PORT_MAPPING,
        `The new segment of ${vlanText(now)} no longer contains ${ip}, the server of port mapping "${rule}".`,
      );
    } else {
      out.add(
        'vlans',
        ERR.RULE_REFERENCED,
        `${vlanText(before)} cannot be deleted: port mapping "${rule}" forwards to ${ip} in it. Delete or change the rule first.`,
      );
    }
    return;
  }
  const where = local.map((l) => `${l.label} (${segText(l.seg)})`).join(', ');
  out.invalid(`${p}.internalIp`, `Internal server IP must be in a local segment: ${where || 'the LAN'}.`);
}
