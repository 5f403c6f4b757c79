/** How a CPE's `bridge` document reads in a diff. */
import { type SectionDef, secret, str } from '../config/diffFormat';

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
