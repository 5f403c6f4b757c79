/** How the `wireless` document (the project's Wi-Fi policies) reads in a diff. */
import { enabled, type Fmt, onOff, type SectionDef, secret, str, text } from '../config/diffFormat';

const bands: Fmt = (v) => (Array.isArray(v) && v.length > 0 ? v.join(' + ') : 'None');

export const WIRELESS_DIFF: readonly SectionDef[] = [
  {
    type: 'list',
    key: 'policies',
    section: 'Wireless policies',
    identity: (p) => str(p.key),
    label: (p) => str(p.name),
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
          const six = m['6G'] === undefined ? '' : `, 6 GHz ${str(m['6G'])}`;
          return `2.4 GHz ${str(m['2.4G'])}, 5 GHz ${str(m['5G'])}${six}`;
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
