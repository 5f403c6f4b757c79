/**
 * How the `network` document reads in a diff and in its change summary: LAN, Internet (WAN ports),
 * service segments, VLANs, DHCP pools, static routes and port mappings.
 */
import {
  enabled,
  type Fmt,
  label,
  list,
  onOff,
  type SectionDef,
  secret,
  str,
  text,
} from '../config/diffFormat';
import { WAN_CONNECTION_TYPE_LABELS, type WanConnectionType } from '../enums/network';
import { PORT_MAPPING_PROTOCOL_LABELS, type PortMappingProtocol } from './settings';

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
const segment: Fmt = (v) => {
  if (!v || typeof v !== 'object') return 'Off';
  const s = v as { ip?: unknown; mask?: unknown };
  return `${String(s.ip)} / ${String(s.mask)}`;
};
const dhcpInterface: Fmt = (v) => (v === 'lan' ? 'LAN' : `VLAN ${String(v)}`);
const ispVlan: Fmt = (v) => (v === 0 ? 'Untagged' : `VLAN ${String(v)}`);

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
    summary: (label) => label,
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
    summary: (label) => {
      const m = /^(.*) \((\d+)\)$/.exec(label);
      return m ? `VLAN ${m[2]} "${m[1]}"` : `VLAN ${label}`;
    },
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
    summary: (label) => `DHCP pool "${label}"`,
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
    summary: (label) => `static route "${label}"`,
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
    summary: (label) => `port mapping "${label}"`,
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
