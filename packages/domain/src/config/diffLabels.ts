/**
 * How each settings document reads in a diff: its sections, the identity of list items, the labels
 * of fields and how values are shown to people ("On", "TCP + UDP", "Trunk", "1 day", "••••••").
 */
import { WAN_CONNECTION_TYPE_LABELS, type WanConnectionType } from '../enums/network';
import { DUPLEX_MODE_LABELS, type DuplexMode, PORT_TYPE_LABELS, type PortType } from '../enums/ports';
import type { ConfigKind } from './document';
import { PORT_MAPPING_PROTOCOL_LABELS, type PortMappingProtocol } from './network';
import { formatLinkSpeed } from './switchIssues';

export type Fmt = (value: unknown) => string;
export interface FieldDef {
  key: string;
  label: string;
  fmt?: Fmt;
}
/** A list of items matched by identity, e.g. the VLANs by id. */
export interface ListDef {
  type: 'list';
  key: string;
  /** The section name in paths, or null when items are top-level ("Port 5 › PoE"). */
  section: string | null;
  identity: (item: Record<string, unknown>) => string;
  label: (item: Record<string, unknown>) => string;
  /** How the summary names one item: `VLAN 20 "Guest"`. */
  subject: (item: Record<string, unknown>) => string;
  fields: FieldDef[];
}
/** A fixed object whose fields show under one section ("LAN › IP address"), or top-level (null). */
export interface ObjectDef {
  type: 'object';
  key: string;
  section: string | null;
  fields: FieldDef[];
}
/** One top-level value ("DHCP snooping"). */
export interface ValueDef {
  type: 'value';
  key: string;
  label: string;
  fmt?: Fmt;
}
export type SectionDef = ListDef | ObjectDef | ValueDef;

export const SECRET_MASK = '••••••';
const text: Fmt = (v) => (v === null || v === undefined || v === '' ? '—' : String(v));
const onOff: Fmt = (v) => (v ? 'On' : 'Off');
const enabled: Fmt = (v) => (v ? 'Enabled' : 'Disabled');
const secret: Fmt = (v) => (v === '' || v === null || v === undefined ? 'None' : SECRET_MASK);
const list =
  (empty: string): Fmt =>
  (v) =>
    Array.isArray(v) && v.filter((x) => x !== '').length > 0 ? v.filter((x) => x !== '').join(', ') : empty;
const segment: Fmt = (v) => {
  if (!v || typeof v !== 'object') return 'Off';
  const s = v as { ip?: unknown; mask?: unknown };
  return `${String(s.ip)} / ${String(s.mask)}`;
};

/** 1440 → "1 day", 90 → "1 h 30 min", 4320 → "3 days". */
export function formatLeaseMinutes(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days} ${days === 1 ? 'day' : 'days'}`);
  if (hours > 0) parts.push(`${hours} h`);
  if (mins > 0 || parts.length === 0) parts.push(`${mins} min`);
  return parts.join(' ');
}
const lease: Fmt = (v) => (typeof v === 'number' ? formatLeaseMinutes(v) : text(v));
const speed: Fmt = (v) => {
  if (v === 'auto') return 'Auto';
  return typeof v === 'number' ? formatLinkSpeed(v) : text(v);
};
const label =
  <K extends string | number>(labels: Record<K, string>): Fmt =>
  (v) =>
    labels[v as K] ?? text(v);
const dhcpInterface: Fmt = (v) => (v === 'lan' ? 'LAN' : `VLAN ${String(v)}`);
const watts: Fmt = (v) => (v === 0 ? 'Class maximum' : `${String(v)} W`);
const ispVlan: Fmt = (v) => (v === 0 ? 'Untagged' : `VLAN ${String(v)}`);

const str = (v: unknown) => String(v ?? '');

export const NETWORK_DIFF: readonly SectionDef[] = [
  {
    type: 'object',
    key: 'lan',
    section: 'LAN',
    fields: [
      { key: 'ip', label: 'IP address' },
      { key: 'mask', label: 'Subnet mask' },
    ],
  },
  {
    type: 'list',
    key: 'wan',
    section: 'Internet',
    identity: (w) => str(w.port),
    label: (w) => `WAN port ${str(w.port)}`,
    subject: (w) => `WAN port ${str(w.port)}`,
    fields: [
      { key: 'enabled', label: 'Status', fmt: enabled },
      { key: 'mode', label: 'Connection', fmt: label<WanConnectionType>(WAN_CONNECTION_TYPE_LABELS) },
      { key: 'ip', label: 'IP address', fmt: text },
      { key: 'mask', label: 'Subnet mask', fmt: text },
      { key: 'gateway', label: 'Gateway', fmt: text },
      { key: 'dns', label: 'DNS servers', fmt: list('Automatic') },
      { key: 'pppoeUsername', label: 'PPPoE username', fmt: text },
      { key: 'pppoePassword', label: 'PPPoE password', fmt: secret },
      { key: 'dialCount', label: 'Dial sessions' },
      { key: 'vlanId', label: 'ISP VLAN', fmt: ispVlan },
    ],
  },
  {
    type: 'object',
    key: 'segments',
    section: null,
    fields: [
      { key: 'guest', label: 'Guest network', fmt: segment },
      { key: 'pppoeServer', label: 'PPPoE server pool', fmt: segment },
      { key: 'pptp', label: 'PPTP client pool', fmt: segment },
      { key: 'l2tp', label: 'L2TP client pool', fmt: segment },
    ],
  },
  {
    type: 'list',
    key: 'vlans',
    section: 'VLANs',
    identity: (v) => str(v.id),
    label: (v) => `${str(v.name)} (${str(v.id)})`,
    subject: (v) => `VLAN ${str(v.id)} "${str(v.name)}"`,
    fields: [
      { key: 'name', label: 'Name' },
      { key: 'ip', label: 'IP address', fmt: text },
      { key: 'mask', label: 'Subnet mask', fmt: text },
      { key: 'dhcp', label: 'DHCP server', fmt: onOff },
    ],
  },
  {
    type: 'list',
    key: 'dhcpPools',
    section: 'DHCP pools',
    identity: (p) => str(p.name),
    label: (p) => str(p.name),
    subject: (p) => `DHCP pool "${str(p.name)}"`,
    fields: [
      { key: 'interface', label: 'Interface', fmt: dhcpInterface },
      { key: 'start', label: 'Start address' },
      { key: 'end', label: 'End address' },
      { key: 'mask', label: 'Subnet mask' },
      { key: 'gateway', label: 'Gateway' },
      { key: 'dns', label: 'DNS servers', fmt: list('Gateway') },
      { key: 'leaseMinutes', label: 'Lease time', fmt: lease },
    ],
  },
  {
    type: 'list',
    key: 'staticRoutes',
    section: 'Static routes',
    identity: (r) => str(r.name),
    label: (r) => str(r.name),
    subject: (r) => `static route "${str(r.name)}"`,
    fields: [
      { key: 'destination', label: 'Destination' },
      { key: 'mask', label: 'Subnet mask' },
      { key: 'nextHop', label: 'Next hop' },
    ],
  },
  {
    type: 'list',
    key: 'portMappings',
    section: 'Port mappings',
    identity: (m) => str(m.name),
    label: (m) => str(m.name),
    subject: (m) => `port mapping "${str(m.name)}"`,
    fields: [
      { key: 'enabled', label: 'Status', fmt: enabled },
      { key: 'internalIp', label: 'Internal server' },
      { key: 'internalPorts', label: 'Internal ports' },
      { key: 'externalPorts', label: 'External ports' },
      { key: 'protocol', label: 'Protocol', fmt: label<PortMappingProtocol>(PORT_MAPPING_PROTOCOL_LABELS) },
      { key: 'wanPort', label: 'WAN port', fmt: (v) => `WAN port ${str(v)}` },
    ],
  },
];

export const SWITCHING_DIFF: readonly SectionDef[] = [
  {
    type: 'list',
    key: 'ports',
    section: null,
    identity: (p) => str(p.id),
    label: (p) => `Port ${str(p.id)}`,
    subject: (p) => `port ${str(p.id)}`,
    fields: [
      { key: 'enabled', label: 'Status', fmt: enabled },
      { key: 'speed', label: 'Speed', fmt: speed },
      { key: 'duplex', label: 'Duplex', fmt: label<DuplexMode>(DUPLEX_MODE_LABELS) },
      { key: 'type', label: 'Type', fmt: label<PortType>(PORT_TYPE_LABELS) },
      { key: 'untagged', label: 'Untagged VLAN', fmt: (v) => `VLAN ${str(v)}` },
      { key: 'tagged', label: 'Tagged VLANs', fmt: list('None') },
      { key: 'poe', label: 'PoE', fmt: onOff },
      { key: 'poeLimitWatts', label: 'PoE limit', fmt: watts },
      { key: 'remark', label: 'Remark', fmt: text },
      { key: 'eee', label: 'EEE', fmt: onOff },
      { key: 'loopGuard', label: 'Loop guard', fmt: onOff },
      { key: 'dhcpTrust', label: 'DHCP trust', fmt: onOff },
    ],
  },
  { type: 'value', key: 'dhcpSnooping', label: 'DHCP snooping', fmt: onOff },
  { type: 'value', key: 'led', label: 'Port LEDs', fmt: onOff },
];

const dbm: Fmt = (v) => (typeof v === 'number' ? `${v} dBm` : text(v));
const bands: Fmt = (v) => (Array.isArray(v) && v.length > 0 ? v.join(' + ') : 'None');

export const WIRELESS_DIFF: readonly SectionDef[] = [
  {
    type: 'list',
    key: 'policies',
    section: 'Wireless policies',
    identity: (p) => str(p.key),
    label: (p) => str(p.name),
    subject: (p) => `policy "${str(p.name)}"`,
    fields: [
      { key: 'name', label: 'Name' },
      { key: 'enabled', label: 'Status', fmt: enabled },
      { key: 'ssid', label: 'SSID' },
      { key: 'ssid5', label: '5 GHz SSID', fmt: (v) => (v === '' ? 'Same as 2.4 GHz' : text(v)) },
      { key: 'bands', label: 'Bands', fmt: bands },
      { key: 'security', label: 'Security' },
      { key: 'cipher', label: 'Cipher' },
      { key: 'password', label: 'Password', fmt: secret },
      {
        key: 'keyUpdateInterval',
        label: 'Key update interval',
        fmt: (v) => (v === 0 ? 'Never' : `${str(v)} s`),
      },
      { key: 'hidden', label: 'Hidden SSID', fmt: onOff },
      {
        key: 'maxClients',
        label: 'Maximum clients',
        fmt: (v) => {
          const m = (v ?? {}) as Record<string, unknown>;
          return `2.4 GHz ${str(m['2.4G'])}, 5 GHz ${str(m['5G'])}`;
        },
      },
      { key: 'schedule', label: 'Shutdown schedule', fmt: (v) => (v === '' ? 'Always on' : text(v)) },
      { key: 'scheduleFrom', label: 'Schedule valid from', fmt: (v) => (v ? str(v) : 'Open') },
      { key: 'scheduleUntil', label: 'Schedule valid until', fmt: (v) => (v ? str(v) : 'Open') },
      {
        key: 'scheduleGranularity',
        label: 'Schedule granularity',
        fmt: (v) => (v === undefined || v === 1 ? 'Any minute' : `${str(v)} minutes`),
      },
      { key: 'vlanId', label: 'VLAN', fmt: (v) => (v === null ? 'Untagged' : `VLAN ${str(v)}`) },
      { key: 'guest', label: 'Guest network', fmt: onOff },
      {
        key: 'rateLimit',
        label: 'Rate limit',
        fmt: (v) => {
          const r = (v ?? {}) as { enabled?: boolean; downKbps?: unknown; upKbps?: unknown };
          return r.enabled ? `↓ ${str(r.downKbps)} / ↑ ${str(r.upKbps)} kbit/s` : 'Off';
        },
      },
      {
        key: 'radius',
        label: 'RADIUS server',
        fmt: (v) => {
          const r = v as { ip?: unknown; port?: unknown } | null;
          return r ? `${str(r.ip)}:${str(r.port)}` : 'None';
        },
      },
      { key: 'scope', label: 'Applies to', fmt: (v) => (v === 'all' ? 'All devices' : 'Specified devices') },
      {
        key: 'deviceIds',
        label: 'Devices',
        fmt: (v) => (Array.isArray(v) ? `${v.length} devices` : text(v)),
      },
    ],
  },
];

export const RF_DIFF: readonly SectionDef[] = [
  { type: 'value', key: 'auto', label: 'Automatic optimisation', fmt: onOff },
  {
    type: 'value',
    key: 'autoDays',
    label: 'Automatic days',
    fmt: (v) => (Array.isArray(v) ? `${v.length} days` : text(v)),
  },
  { type: 'value', key: 'autoTime', label: 'Automatic time' },
  { type: 'value', key: 'useDfs', label: 'DFS channels', fmt: onOff },
  { type: 'value', key: 'accessThreshold', label: 'Access threshold', fmt: dbm },
  {
    type: 'object',
    key: 'roaming',
    section: 'Roaming',
    fields: [
      { key: 'enabled', label: 'Status', fmt: enabled },
      { key: 'signalThreshold24', label: '2.4 GHz signal threshold', fmt: dbm },
      { key: 'signalThreshold5', label: '5 GHz signal threshold', fmt: dbm },
      { key: 'roamThreshold', label: 'Roam threshold', fmt: (v) => `${str(v)} dB` },
    ],
  },
];

export const RADIO_DIFF: readonly SectionDef[] = [
  {
    type: 'list',
    key: 'radios',
    section: null,
    identity: (r) => str(r.band),
    label: (r) => `${str(r.band)} radio`,
    subject: (r) => `${str(r.band)} radio`,
    fields: [
      { key: 'enabled', label: 'Status', fmt: enabled },
      { key: 'channel', label: 'Channel', fmt: (v) => (v === 0 ? 'Auto' : str(v)) },
      { key: 'width', label: 'Channel width', fmt: (v) => `${str(v)} MHz` },
      { key: 'txPower', label: 'Transmit power', fmt: (v) => (v === 0 ? 'Auto' : `${str(v)} dBm`) },
    ],
  },
];

export const BRIDGE_DIFF: readonly SectionDef[] = [
  { type: 'value', key: 'bridgeName', label: 'Bridge name' },
  { type: 'value', key: 'mgmtSsid', label: 'Management Wi-Fi' },
  { type: 'value', key: 'mgmtPassword', label: 'Management Wi-Fi password', fmt: secret },
  {
    type: 'value',
    key: 'uplink',
    label: 'Uplink network',
    fmt: (v) => {
      const u = v as { ssid?: unknown; bssid?: unknown } | null;
      return u ? `${str(u.ssid)} (${str(u.bssid)})` : 'None';
    },
  },
];

export const DIFF_SECTIONS: Record<ConfigKind, readonly SectionDef[]> = {
  network: NETWORK_DIFF,
  switching: SWITCHING_DIFF,
  wireless: WIRELESS_DIFF,
  rf: RF_DIFF,
  radio: RADIO_DIFF,
  bridge: BRIDGE_DIFF,
};

/** Formats a value with a field's formatter (plain text by default). */
export function formatDiffValue(field: { fmt?: Fmt }, value: unknown): string {
  return (field.fmt ?? text)(value);
}
