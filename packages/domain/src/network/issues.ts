import type { CodedIssue } from '../config/ruleKit';
import { IssueList } from '../config/ruleKit';
import { ERR } from '../errors/catalogue';
import { MULTI_DIAL_MAX, MULTI_DIAL_MIN, PPPOE_FIELD_MAX_LENGTH, VLAN_BATCH_MAX } from '../limits';
import { dnsListIssue, gatewayIssue, hostIdIssue, maskIssue, sameSegmentIssue } from '../validation/ip';
import { isPrintableAscii } from '../validation/text';
import {
  DEFAULT_DEVICE_VLAN_RANGE,
  isReservedVlanName,
  vlanIdIssue,
  vlanInterfaceNameIssue,
} from '../validation/vlan';
import { dhcpPoolIssues } from './dhcpIssues';
import type { NetworkRuleContext } from './ruleContext';
import { portMappingRuleIssues, staticRouteRuleIssues } from './ruleIssues';
import { segmentConflictIssues } from './segmentConflicts';
import { hostAddressProblem, interfaceMaskIssue, vlanText } from './segments';
import type { NetworkSettings, ServiceSegments, WanPortSettings } from './settings';
import { vlanInUseIssues } from './vlanPortUsage';

/**
 * Every broken §5 rule of a project's network settings, each with its §8 code and a precise
 * message, in document order (LAN, WAN, service segments, VLANs, VLANs switch ports still carry,
 * segment conflicts, DHCP, static routes, port mappings). The server refuses a save with the first issue's code.
 */
export function networkSettingsIssues(s: NetworkSettings, ctx: NetworkRuleContext): CodedIssue[] {
  const out = new IssueList();
  lanIssues(s, out);
  wanIssues(s, ctx, out);
  serviceSegmentIssues(s, out);
  vlanIssues(s, ctx, out);
  vlanInUseIssues(s, ctx.previous, ctx.switchPorts, out);
  segmentConflictIssues(s, ctx, out);
  dhcpPoolIssues(s, ctx, out);
  staticRouteRuleIssues(s, ctx, out);
  portMappingRuleIssues(s, ctx, out);
  return out.items;
}

function lanIssues(s: NetworkSettings, out: IssueList): void {
  const maskBad = out.invalid('lan.mask', interfaceMaskIssue(s.lan.mask, 'LAN subnet mask'));
  out.invalid('lan.ip', hostAddressProblem(s.lan.ip, maskBad ? null : s.lan.mask, 'LAN IP address')?.message);
}

function pppoeFieldIssue(value: string, label: string): string | null {
  if (value === '') return `${label} is required.`;
  if (!isPrintableAscii(value)) return `${label} may contain only printable ASCII characters.`;
  if (value.length > PPPOE_FIELD_MAX_LENGTH)
    return `${label} must be 1–${PPPOE_FIELD_MAX_LENGTH} characters.`;
  return null;
}

function wanIssues(s: NetworkSettings, ctx: NetworkRuleContext, out: IssueList): void {
  const wanCapable = ctx.model?.ports.filter((p) => p.role !== 'lan') ?? null;
  const seen = new Set<number>();
  for (const [i, w] of s.wan.entries()) {
    const p = `wan.${i}`;
    if (seen.has(w.port)) out.invalid(`${p}.port`, `WAN port ${w.port} is listed twice.`);
    seen.add(w.port);
    if (wanCapable && ctx.model && !wanCapable.some((x) => x.id === w.port)) {
      const list = wanCapable.map((x) => `${x.label} (${x.id})`).join(', ');
      out.invalid(
        `${p}.port`,
        `Port ${w.port} of the ${ctx.model.model} cannot be a WAN port; WAN ports are ${list}.`,
      );
    }
    if (!w.enabled) continue;
    if (w.mode === 'static') staticWanIssues(w, p, out);
    else out.invalid(`${p}.dns`, dnsListIssue(w.dns));
    if (w.mode === 'pppoe' || w.mode === 'multi_pppoe') {
      out.invalid(`${p}.pppoeUsername`, pppoeFieldIssue(w.pppoeUsername, 'PPPoE username'));
      out.invalid(`${p}.pppoePassword`, pppoeFieldIssue(w.pppoePassword, 'PPPoE password'));
    }
    if (w.mode === 'multi_pppoe' && (w.dialCount < MULTI_DIAL_MIN || w.dialCount > MULTI_DIAL_MAX)) {
      out.invalid(`${p}.dialCount`, `Multi-dial PPPoE dials ${MULTI_DIAL_MIN}–${MULTI_DIAL_MAX} sessions.`);
    }
  }
  if (ctx.model && s.wan.length > 0 && !s.wan.some((w) => w.enabled)) {
    out.invalid('wan', 'Keep at least one WAN port enabled: the gateway reaches the console through it.');
  }
}

function staticWanIssues(w: WanPortSettings, p: string, out: IssueList): void {
  const maskBad = out.invalid(`${p}.mask`, maskIssue(w.mask, 'WAN subnet mask'));
  const mask = maskBad ? null : w.mask;
  const ipBad = out.invalid(`${p}.ip`, hostAddressProblem(w.ip, mask, 'WAN IP address')?.message);
  const gwBad =
    out.invalid(`${p}.gateway`, gatewayIssue(w.gateway, 'WAN gateway')) ||
    (mask !== null && out.invalid(`${p}.gateway`, hostIdIssue(w.gateway, mask, 'WAN gateway')));
  if (!gwBad && !ipBad && mask !== null) {
    if (w.gateway === w.ip)
      out.add(
        `${p}.gateway`,
        ERR.WAN_IP_EQUALS_GATEWAY,
        'The WAN gateway must differ from the WAN IP address.',
      );
    else
      out.add(
        `${p}.gateway`,
        ERR.WAN_GATEWAY_OUTSIDE_SEGMENT,
        sameSegmentIssue(w.gateway, w.ip, mask, 'WAN gateway'),
      );
  }
  const dns = w.dns.filter((d) => d.trim() !== '');
  if (dns.length === 0)
    out.invalid(`${p}.dns`, 'Enter a primary DNS server: a static WAN gets none from the ISP.');
  else out.invalid(`${p}.dns`, dnsListIssue(w.dns));
}

const SERVICE_NAMES: Record<keyof ServiceSegments, string> = {
  guest: 'Guest network',
  pppoeServer: 'PPPoE server pool',
  pptp: 'PPTP client pool',
  l2tp: 'L2TP client pool',
};

function serviceSegmentIssues(s: NetworkSettings, out: IssueList): void {
  for (const key of Object.keys(SERVICE_NAMES) as (keyof ServiceSegments)[]) {
    const seg = s.segments[key];
    if (!seg) continue;
    const label = SERVICE_NAMES[key];
    out.invalid(`segments.${key}.mask`, interfaceMaskIssue(seg.mask, `${label} mask`));
    out.invalid(`segments.${key}.ip`, hostAddressProblem(seg.ip, null, `${label} address`)?.message);
  }
}

const HOST_PROBLEM_CODES = {
  invalid: ERR.VLAN_IP_INVALID,
  loopback: ERR.VLAN_IP_LOOPBACK,
  reserved: ERR.VLAN_IP_MULTICAST,
  host_id: ERR.VLAN_HOST_ID_INVALID,
} as const;

function vlanIssues(s: NetworkSettings, ctx: NetworkRuleContext, out: IssueList): void {
  const range = ctx.model?.vlans ?? DEFAULT_DEVICE_VLAN_RANGE;
  const ids = new Map<number, number>();
  const names = new Map<string, number>();
  const wanVlans = new Map(s.wan.filter((w) => w.enabled && w.vlanId > 0).map((w) => [w.vlanId, w.port]));
  for (const [i, v] of s.vlans.entries()) {
    const p = `vlans.${i}`;
    if (!Number.isInteger(v.id))
      out.add(`${p}.id`, ERR.VLAN_ID_NOT_INTEGER, 'The VLAN ID must be a whole number.');
    else out.add(`${p}.id`, ERR.VLAN_ID_OUT_OF_DEVICE_RANGE, vlanIdIssue(v.id, range));
    if (ids.has(v.id)) out.add(`${p}.id`, ERR.VLAN_ID_EXISTS, `VLAN ID ${v.id} is already used.`);
    else ids.set(v.id, i);
    const wanPort = wanVlans.get(v.id);
    if (wanPort !== undefined) {
      out.add(
        `${p}.id`,
        ERR.VLAN_CONFLICTS_WAN_VLAN,
        `VLAN ID ${v.id} is already the ISP VLAN of WAN port ${wanPort}.`,
      );
    }
    const nameCode = isReservedVlanName(v.name) ? ERR.VLAN_NAME_RESERVED : ERR.VLAN_NAME_INVALID;
    out.add(`${p}.name`, nameCode, vlanInterfaceNameIssue(v.name));
    const key = v.name.toLowerCase();
    if (names.has(key)) out.add(`${p}.name`, ERR.VLAN_NAME_EXISTS, `VLAN name "${v.name}" is already used.`);
    else names.set(key, i);
    vlanAddressIssues(v, p, out);
  }
  const before = new Set(ctx.previous?.vlans.map((v) => v.id) ?? []);
  const added = s.vlans.filter((v) => !before.has(v.id)).length;
  if (added > VLAN_BATCH_MAX) {
    out.add(
      'vlans',
      ERR.VLAN_BATCH_LIMIT,
      `At most ${VLAN_BATCH_MAX} VLANs can be added at once (${added} added).`,
    );
  }
  const limit = ctx.model?.rules.vlans;
  if (limit === 0 && s.vlans.length > 0) {
    out.add('vlans', ERR.VLAN_MODEL_UNSUPPORTED, `The ${ctx.model?.model} does not support VLANs.`);
  } else if (limit !== undefined && s.vlans.length > limit) {
    out.add(
      'vlans',
      ERR.VLAN_LIMIT,
      `The ${ctx.model?.model} holds at most ${limit} VLANs (${s.vlans.length} given).`,
    );
  }
}

function vlanAddressIssues(v: NetworkSettings['vlans'][number], p: string, out: IssueList): void {
  // A VLAN without an interface address is a layer-2 VLAN: switched, not routed, no DHCP.
  if (v.ip === '' && v.mask === '') {
    if (v.dhcp) {
      out.add(
        `${p}.dhcp`,
        ERR.VLAN_DHCP_WITHOUT_IP,
        `${vlanText(v)} has no IP address, so it cannot run a DHCP server.`,
      );
    }
    return;
  }
  const maskBad = out.add(`${p}.mask`, ERR.VLAN_MASK_INVALID, interfaceMaskIssue(v.mask, 'VLAN subnet mask'));
  const problem = hostAddressProblem(v.ip, maskBad ? null : v.mask, 'VLAN IP address');
  if (problem) out.add(`${p}.ip`, HOST_PROBLEM_CODES[problem.kind], problem.message);
}
