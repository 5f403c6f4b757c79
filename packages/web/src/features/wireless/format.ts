import {
  parseShutdownSchedule,
  SCHEDULE_DAYS,
  SECURITY_MODE_LABELS,
  WIFI_BAND_LABELS,
  type WifiBand,
  type WirelessPolicy,
} from '@netloom/domain';

/** How a policy reads in the table and in confirmations. */

/** "Office" or "Office · Office-5G" when 5 GHz has its own name. */
export function ssidText(p: Pick<WirelessPolicy, 'ssid' | 'ssid5' | 'bands'>): string {
  return p.ssid5 && p.bands.includes('5G') ? `${p.ssid} · ${p.ssid5}` : p.ssid;
}

/** "2.4 + 5 GHz", "5 GHz". */
export function bandsText(bands: readonly WifiBand[]): string {
  if (bands.length === 0) return 'No band';
  if (bands.length === 1) return WIFI_BAND_LABELS[bands[0] as WifiBand];
  return `${bands.map((b) => b.replace('G', '')).join(' + ')} GHz`;
}

/** "WPA2-PSK · AES", "None (open)". */
export function securityText(p: Pick<WirelessPolicy, 'security' | 'cipher'>): string {
  const label = SECURITY_MODE_LABELS[p.security];
  return p.cipher ? `${label} · ${p.cipher}` : label;
}

/** "All devices" or "3 devices". */
export function appliesToText(p: Pick<WirelessPolicy, 'scope' | 'deviceIds'>): string {
  if (p.scope === 'all') return 'All devices';
  const n = p.deviceIds.length;
  return `${n} ${n === 1 ? 'device' : 'devices'}`;
}

/** "VLAN 20" or "Untagged". */
export function vlanText(vlanId: number | null): string {
  return vlanId === null ? 'Untagged' : `VLAN ${vlanId}`;
}

/** A per-client rate in kbit/s as people read it (steps of 1024). */
export function kbpsText(kbps: number | null): string {
  if (kbps === null) return 'unlimited';
  if (kbps >= 1024 * 1024) return `${+(kbps / (1024 * 1024)).toFixed(1)} Gbit/s`;
  if (kbps >= 1024) return `${+(kbps / 1024).toFixed(1)} Mbit/s`;
  return `${kbps} kbit/s`;
}

function hhmm(min: number): string {
  return `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
}

/**
 * The schedule in words, one sentence per period ("Off Mon–Fri 00:00–06:00"), or null when the
 * text does not parse (the form shows the rule's message instead).
 */
export function scheduleSummary(text: string): string[] | null {
  const parsed = parseShutdownSchedule(text);
  if (!parsed.ok) return null;
  return parsed.periods.map((p) => {
    const days =
      p.days.length === 7
        ? 'every day'
        : p.days.length === 5 && p.days.every((d, i) => d === i)
          ? 'Mon–Fri'
          : p.days.map((d) => SCHEDULE_DAYS[d]).join(', ');
    return `Off ${days} ${hhmm(p.start)}–${hhmm(p.end)}`;
  });
}
