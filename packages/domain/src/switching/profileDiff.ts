/** How the `portProfiles` document reads in a diff and the change summary. */
import { enabled, type Fmt, label, onOff, type SectionDef, str, text } from '../config/diffFormat';
import { PORT_TYPE_LABELS, type PortType } from '../enums/ports';
import { PROFILE_ALL_VLANS } from './profiles';

const tagged: Fmt = (v) =>
  v === PROFILE_ALL_VLANS ? 'All VLANs' : Array.isArray(v) && v.length > 0 ? v.join(', ') : 'None';

export const PORTS_PROFILE_DIFF: readonly SectionDef[] = [
  {
    type: 'list',
    key: 'profiles',
    section: null,
    identity: (p) => str(p.id),
    label: (p) => `Profile ${str(p.name)}`,
    summary: (l) => (l.startsWith('Profile ') ? `port profile "${l.slice('Profile '.length)}"` : null),
    fields: [
      { key: 'name', label: 'Name', fmt: text },
      { key: 'enabled', label: 'Status', fmt: enabled },
      { key: 'type', label: 'Type', fmt: label<PortType>(PORT_TYPE_LABELS) },
      { key: 'untagged', label: 'Untagged VLAN', fmt: (v) => `VLAN ${str(v)}` },
      { key: 'tagged', label: 'Tagged VLANs', fmt: tagged },
      { key: 'poe', label: 'PoE', fmt: onOff },
      { key: 'loopGuard', label: 'Loop guard', fmt: onOff },
    ],
  },
];
