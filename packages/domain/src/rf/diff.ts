/** How the `rf` (RF optimisation and roaming) and `radio` documents read in a diff. */
import { enabled, type Fmt, onOff, type SectionDef, str, text } from '../config/diffFormat';

const dbm: Fmt = (v) => (typeof v === 'number' ? `${v} dBm` : text(v));

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
    fields: [
      { key: 'enabled', label: 'Status', fmt: enabled },
      { key: 'channel', label: 'Channel', fmt: (v) => (v === 0 ? 'Auto' : str(v)) },
      { key: 'width', label: 'Channel width', fmt: (v) => `${str(v)} MHz` },
      { key: 'txPower', label: 'Transmit power', fmt: (v) => (v === 0 ? 'Auto' : `${str(v)} dBm`) },
    ],
  },
];
