/** Wired network enumerations of spec §3 and the DHCP lease presets of §9. */

/**
 * Ways a WAN port connects to the internet (§3 "networking way (dynamic IP, static IP, PPPoE,
 * multi-dial variants)"). The spec does not list the multi-dial variants; one key covers them.
 */
export const WAN_CONNECTION_TYPES = ['dhcp', 'static', 'pppoe', 'multi_pppoe'] as const;
export type WanConnectionType = (typeof WAN_CONNECTION_TYPES)[number];
export const WAN_CONNECTION_TYPE_LABELS: Record<WanConnectionType, string> = {
  dhcp: 'Dynamic IP',
  static: 'Static IP',
  pppoe: 'PPPoE',
  multi_pppoe: 'Multi-dial PPPoE',
};

/** A lease preset: minutes, or null for "custom" (the user types the minutes). */
export interface LeasePreset {
  label: string;
  minutes: number | null;
}

/** DHCP lease presets of the DHCP server page (§9: 30 min, 1 h, 3 h, 6 h, 12 h, custom). */
export const DHCP_LEASE_PRESETS = [
  { label: '30 min', minutes: 30 },
  { label: '1 h', minutes: 60 },
  { label: '3 h', minutes: 180 },
  { label: '6 h', minutes: 360 },
  { label: '12 h', minutes: 720 },
  { label: 'Custom', minutes: null },
] as const satisfies readonly LeasePreset[];

/** DHCP lease presets of the pool variant (§9: 30 min, 1, 6, 12 h, 1, 3, 7 days). */
export const DHCP_POOL_LEASE_PRESETS = [
  { label: '30 min', minutes: 30 },
  { label: '1 h', minutes: 60 },
  { label: '6 h', minutes: 360 },
  { label: '12 h', minutes: 720 },
  { label: '1 day', minutes: 1440 },
  { label: '3 days', minutes: 4320 },
  { label: '7 days', minutes: 10080 },
] as const satisfies readonly LeasePreset[];
