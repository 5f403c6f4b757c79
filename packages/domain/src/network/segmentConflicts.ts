/**
 * §5 "VLAN IPs must not overlap LAN, WAN, guest, PPPoE, PPTP, L2TP or other VLANs" and the WAN/LAN
 * counterparts, with codes 103–127. Each overlap is reported once, on the side that changed since
 * the saved version (so adding a VLAN over the LAN blames the VLAN with 103, while moving the LAN
 * onto an existing VLAN blames the LAN with 112). When both or neither changed, the more specific
 * interface is blamed: VLAN, then WAN, then LAN, then the service pools.
 */

import type { IssueList } from '../config/ruleKit';
import { ERR } from '../errors/catalogue';
import { segmentsOverlap } from '../validation/ip';
import type { NetworkRuleContext } from './ruleContext';
import { type Seg, sameSeg, segText, usableSegment, vlanText } from './segments';
import type { NetworkSettings, ServiceSegments } from './settings';

type SegKind = 'lan' | 'wan' | 'liveWan' | 'vlan' | 'guest' | 'pppoeServer' | 'pptp' | 'l2tp';

interface Iface {
  kind: SegKind;
  label: string;
  path: string;
  seg: Seg;
  changed: boolean;
}

const PRIORITY: Record<SegKind, number> = {
  vlan: 4,
  wan: 3,
  lan: 2,
  guest: 1,
  pppoeServer: 1,
  pptp: 1,
  l2tp: 1,
  liveWan: 0,
};

/** The code when `a` is blamed for overlapping `b`; undefined when the catalogue has none. */
function conflictCode(a: SegKind, b: SegKind): number | undefined {
  const other: SegKind = b === 'liveWan' ? 'wan' : b;
  switch (a) {
    case 'vlan':
      return {
        lan: ERR.VLAN_IP_OVERLAPS_LAN,
        wan: ERR.VLAN_IP_OVERLAPS_WAN,
        guest: ERR.VLAN_IP_OVERLAPS_GUEST,
        pppoeServer: ERR.VLAN_IP_OVERLAPS_PPPOE,
        pptp: ERR.VLAN_IP_OVERLAPS_PPTP,
        l2tp: ERR.VLAN_IP_OVERLAPS_L2TP,
        vlan: ERR.VLAN_IP_OVERLAPS_VLAN,
      }[other as Exclude<SegKind, 'liveWan'>];
    case 'lan':
      return {
        wan: ERR.LAN_IP_OVERLAPS_WAN,
        guest: ERR.LAN_IP_OVERLAPS_GUEST,
        vlan: ERR.LAN_IP_OVERLAPS_VLAN,
        pppoeServer: ERR.LAN_IP_OVERLAPS_PPPOE,
        pptp: ERR.LAN_IP_OVERLAPS_VPN,
        l2tp: ERR.LAN_IP_OVERLAPS_VPN,
      }[other as 'wan'];
    case 'wan':
      return {
        lan: ERR.WAN_IP_OVERLAPS_LAN,
        vlan: ERR.WAN_IP_OVERLAPS_VLAN,
        guest: ERR.WAN_IP_OVERLAPS_GUEST,
        wan: ERR.WAN_IP_OVERLAPS_OTHER_WAN,
      }[other as 'lan'];
    case 'guest':
      return { lan: ERR.GUEST_OVERLAPS_LAN, vlan: ERR.GUEST_OVERLAPS_VLAN }[other as 'lan'];
    case 'pppoeServer':
      return other === 'lan' ? ERR.PPPOE_POOL_OVERLAPS_LAN : undefined;
    case 'pptp':
    case 'l2tp':
      return other === 'lan' ? ERR.VPN_POOL_OVERLAPS_LAN : undefined;
    default:
      return undefined;
  }
}

const SERVICE_LABELS: Record<keyof ServiceSegments, string> = {
  guest: 'the guest network',
  pppoeServer: 'the PPPoE server pool',
  pptp: 'the PPTP client pool',
  l2tp: 'the L2TP client pool',
};

/** Every interface segment of the document (only those whose own fields are valid). */
function interfaces(s: NetworkSettings, ctx: NetworkRuleContext): Iface[] {
  const prev = ctx.previous;
  const out: Iface[] = [];
  const lan = usableSegment(s.lan);
  if (lan)
    out.push({
      kind: 'lan',
      label: 'the LAN',
      path: 'lan.ip',
      seg: lan,
      changed: !sameSeg(prev?.lan, s.lan),
    });
  for (const [i, w] of s.wan.entries()) {
    if (!w.enabled || w.mode !== 'static') continue;
    const seg = usableSegment(w);
    const before = prev?.wan.find((p) => p.port === w.port);
    if (seg) {
      out.push({
        kind: 'wan',
        label: `WAN port ${w.port}`,
        path: `wan.${i}.ip`,
        seg,
        changed: !(before?.enabled && before.mode === 'static' && sameSeg(before, w)),
      });
    }
  }
  for (const live of ctx.liveWan ?? []) {
    const w = s.wan.find((x) => x.port === live.port);
    // A port now set to a static address no longer uses the address it learnt.
    if (!w?.enabled || w.mode === 'static') continue;
    const seg = usableSegment(live);
    if (seg) {
      out.push({
        kind: 'liveWan',
        label: `the address WAN port ${live.port} got from the ISP`,
        path: 'wan',
        seg,
        changed: false,
      });
    }
  }
  for (const key of Object.keys(SERVICE_LABELS) as (keyof ServiceSegments)[]) {
    const seg = usableSegment(s.segments[key]);
    if (seg) {
      out.push({
        kind: key,
        label: SERVICE_LABELS[key],
        path: `segments.${key}`,
        seg,
        changed: !sameSeg(prev?.segments[key], s.segments[key]),
      });
    }
  }
  for (const [i, v] of s.vlans.entries()) {
    const seg = usableSegment(v);
    const before = prev?.vlans.find((p) => p.id === v.id);
    if (seg)
      out.push({
        kind: 'vlan',
        label: vlanText(v),
        path: `vlans.${i}.ip`,
        seg,
        changed: !sameSeg(before, v),
      });
  }
  return out;
}

function blame(a: Iface, b: Iface): [Iface, Iface, number] {
  const ab = conflictCode(a.kind, b.kind);
  const ba = conflictCode(b.kind, a.kind);
  if (a.kind === 'liveWan') return [b, a, ba ?? ERR.SEGMENT_IN_USE];
  if (b.kind === 'liveWan') return [a, b, ab ?? ERR.SEGMENT_IN_USE];
  if (a.changed !== b.changed) {
    const [x, y, code] = a.changed ? [a, b, ab] : [b, a, ba];
    if (code !== undefined) return [x, y, code];
  }
  // Equal rank: the later item (the one added after) is blamed.
  const aFirst = PRIORITY[a.kind] > PRIORITY[b.kind];
  const [x, y] = aFirst ? [a, b] : [b, a];
  const code = conflictCode(x.kind, y.kind) ?? conflictCode(y.kind, x.kind);
  if (code === undefined) return [x, y, ERR.SEGMENT_IN_USE];
  return conflictCode(x.kind, y.kind) === undefined ? [y, x, code] : [x, y, code];
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Every pair of overlapping interface segments, once each. */
export function segmentConflictIssues(s: NetworkSettings, ctx: NetworkRuleContext, out: IssueList): void {
  const list = interfaces(s, ctx);
  for (const [i, a] of list.entries()) {
    for (const b of list.slice(i + 1)) {
      if (a.kind === 'liveWan' && b.kind === 'liveWan') continue;
      if (!segmentsOverlap(a.seg, b.seg)) continue;
      const [x, y, code] = blame(a, b);
      out.add(
        x.path,
        code,
        `${capitalize(x.label)} (${segText(x.seg)}) overlaps ${y.label} (${segText(y.seg)}).`,
      );
    }
  }
}
