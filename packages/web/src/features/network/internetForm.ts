import type {
  GatewayInfo,
  NetworkSettings,
  Segment,
  ServiceSegments,
  WanPortSettings,
} from '@netloom/domain';
import { num, text } from './items';

/**
 * The Internet page's form: the LAN, one entry per physical WAN port of the gateway model (in the
 * model's order) and the other services' segments, shaped so that form names equal document paths
 * (`wan.1.gateway`) and the domain's issues land on their fields as they are.
 */

export const SEGMENT_KEYS = [
  'guest',
  'pppoeServer',
  'pptp',
  'l2tp',
] as const satisfies readonly (keyof ServiceSegments)[];
export type SegmentKey = (typeof SEGMENT_KEYS)[number];
export const SEGMENT_LABELS: Record<SegmentKey, string> = {
  guest: 'Guest network',
  pppoeServer: 'PPPoE server',
  pptp: 'PPTP VPN',
  l2tp: 'L2TP VPN',
};

export interface WanForm extends Omit<WanPortSettings, 'dns' | 'dialCount' | 'vlanId'> {
  dns: [string, string];
  dialCount: number | null;
  vlanId: number | null;
}
export interface SegmentForm {
  on: boolean;
  ip: string;
  mask: string;
}
export interface InternetForm {
  lan: Segment;
  wan: WanForm[];
  segments: Record<SegmentKey, SegmentForm>;
}

function emptyWan(port: number): WanPortSettings {
  return {
    port,
    enabled: false,
    mode: 'dhcp',
    ip: '',
    mask: '',
    gateway: '',
    dns: [],
    pppoeUsername: '',
    pppoePassword: '',
    dialCount: 1,
    vlanId: 0,
  };
}

export function toInternetForm(s: NetworkSettings, gateway: GatewayInfo): InternetForm {
  const wan = gateway.wanPorts.map((p) => {
    const w = s.wan.find((x) => x.port === p.id) ?? emptyWan(p.id);
    return { ...w, dns: [w.dns[0] ?? '', w.dns[1] ?? ''] as [string, string] };
  });
  const segments = Object.fromEntries(
    SEGMENT_KEYS.map((k) => {
      const seg = s.segments[k];
      return [k, seg ? { on: true, ...seg } : { on: false, ip: '', mask: '255.255.255.0' }];
    }),
  ) as Record<SegmentKey, SegmentForm>;
  return { lan: { ...s.lan }, wan, segments };
}

function toWan(w: WanForm): WanPortSettings {
  return {
    ...w,
    ip: text(w.ip),
    mask: text(w.mask),
    gateway: text(w.gateway),
    dns: (w.dns ?? []).map(text).filter((d) => d !== ''),
    pppoeUsername: w.pppoeUsername ?? '',
    pppoePassword: w.pppoePassword ?? '',
    dialCount: w.mode === 'multi_pppoe' ? num(w.dialCount) : (w.dialCount ?? 1),
    vlanId: w.vlanId ?? 0,
  };
}

/** The whole document with the form's LAN, WAN ports and segments. */
export function fromInternetForm(settings: NetworkSettings, f: InternetForm): NetworkSettings {
  const segments = Object.fromEntries(
    SEGMENT_KEYS.map((k) => {
      const seg = f.segments[k];
      return [k, seg?.on ? { ip: text(seg.ip), mask: text(seg.mask) } : null];
    }),
  ) as ServiceSegments;
  return {
    ...settings,
    lan: { ip: text(f.lan.ip), mask: text(f.lan.mask) },
    wan: f.wan.map(toWan),
    segments,
  };
}

/** The document paths of every field the page shows, for placing issues. */
export function internetFields(wanCount: number): string[] {
  const wan = Array.from({ length: wanCount }, (_, i) =>
    [
      'enabled',
      'mode',
      'ip',
      'mask',
      'gateway',
      'dns.0',
      'dns.1',
      'pppoeUsername',
      'pppoePassword',
      'dialCount',
      'vlanId',
    ].map((f) => `wan.${i}.${f}`),
  ).flat();
  const segments = SEGMENT_KEYS.flatMap((k) => [`segments.${k}.ip`, `segments.${k}.mask`]);
  return ['lan.ip', 'lan.mask', ...wan, ...segments];
}
