/** How a switch's `switching` document reads in a diff: its ports, DHCP snooping and LEDs. */
import { enabled, type Fmt, label, list, onOff, type SectionDef, str, text } from '../config/diffFormat';
import { DUPLEX_MODE_LABELS, type DuplexMode, PORT_TYPE_LABELS, type PortType } from '../enums/ports';
import { formatLinkSpeed } from './issues';

const speed: Fmt = (v) => {
  if (v === 'auto') return 'Auto';
  return typeof v === 'number' ? formatLinkSpeed(v) : text(v);
};
const watts: Fmt = (v) => (v === 0 ? 'Class maximum' : `${String(v)} W`);

export const SWITCHING_DIFF: readonly SectionDef[] = [
  {
    type: 'list',
    key: 'ports',
    section: null,
    identity: (p) => str(p.id),
    label: (p) => `Port ${str(p.id)}`,
    // "Port 5" reads lower-case inside the summary sentence ("changed port 5 (PoE)").
    summary: (label) => (/^Port \d+$/.test(label) ? label.toLowerCase() : null),
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
