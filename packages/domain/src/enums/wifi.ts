/**
 * Wireless enumerations of spec §3: security modes (named and numeric), ciphers and the cipher rule,
 * frequency bands, and wall materials for the heat map (§9).
 */

/** The eight named security modes of a wireless policy (§3), spelled as the spec spells them. */
export const SECURITY_MODES = [
  'none',
  'WPA-PSK',
  'WPA2-PSK',
  'WPA/WPA2-PSK',
  'WPA3-SAE',
  'WPA3-SAE/WPA2-PSK',
  'WPA',
  'WPA2',
] as const;
export type SecurityMode = (typeof SECURITY_MODES)[number];
export const SECURITY_MODE_LABELS: Record<SecurityMode, string> = {
  none: 'None (open)',
  'WPA-PSK': 'WPA-PSK',
  'WPA2-PSK': 'WPA2-PSK',
  'WPA/WPA2-PSK': 'WPA/WPA2-PSK mixed',
  'WPA3-SAE': 'WPA3-SAE',
  'WPA3-SAE/WPA2-PSK': 'WPA3-SAE/WPA2-PSK',
  WPA: 'WPA (Enterprise)',
  WPA2: 'WPA2 (Enterprise)',
};
/** Enterprise modes authenticate against a RADIUS server instead of a shared password. */
export const ENTERPRISE_SECURITY_MODES = ['WPA', 'WPA2'] as const satisfies readonly SecurityMode[];

/**
 * Numeric security-mode codes 0–8 exactly as §3 lists them (note 5 is "other" and the mixed
 * WPA/WPA2-PSK mode is 6, not 5).
 */
export const SECURITY_MODE_CODES = {
  0: 'none',
  1: 'WPAPSK',
  2: 'WPA2PSK',
  3: 'WPA3SAE',
  4: 'WPA3SAE+WPA2PSK',
  5: 'other',
  6: 'WPAWPA2PSK',
  7: 'WPA',
  8: 'WPA2',
} as const;
export type SecurityModeCode = keyof typeof SECURITY_MODE_CODES;
export type SecurityModeCodeName = (typeof SECURITY_MODE_CODES)[SecurityModeCode];
export const SECURITY_MODE_CODE_VALUES = [
  0, 1, 2, 3, 4, 5, 6, 7, 8,
] as const satisfies readonly SecurityModeCode[];

/** Named mode → numeric code. Every named mode has a code; code 5 ("other") has no named mode. */
export const SECURITY_MODE_TO_CODE: Record<SecurityMode, SecurityModeCode> = {
  none: 0,
  'WPA-PSK': 1,
  'WPA2-PSK': 2,
  'WPA3-SAE': 3,
  'WPA3-SAE/WPA2-PSK': 4,
  'WPA/WPA2-PSK': 6,
  WPA: 7,
  WPA2: 8,
};

/** The named mode of a numeric code, or null for 5 ("other") and codes outside 0–8. */
export function securityModeFromCode(code: number): SecurityMode | null {
  for (const mode of SECURITY_MODES) if (SECURITY_MODE_TO_CODE[mode] === code) return mode;
  return null;
}

/** Ciphers of §3, spelled as on the wire. */
export const CIPHERS = ['AES', 'TKIP', 'TKIP+AES'] as const;
export type Cipher = (typeof CIPHERS)[number];

/**
 * The cipher rule of §3 as data: `none` has no cipher; WPA-PSK allows AES or TKIP; every other mode
 * allows all three.
 */
export const CIPHER_RULE: Record<SecurityMode, readonly Cipher[]> = {
  none: [],
  'WPA-PSK': ['AES', 'TKIP'],
  'WPA2-PSK': CIPHERS,
  'WPA/WPA2-PSK': CIPHERS,
  'WPA3-SAE': CIPHERS,
  'WPA3-SAE/WPA2-PSK': CIPHERS,
  WPA: CIPHERS,
  WPA2: CIPHERS,
};

/** Ciphers a security mode allows (empty for `none`). */
export function allowedCiphers(mode: SecurityMode): readonly Cipher[] {
  return CIPHER_RULE[mode];
}

/** Whether a cipher is allowed with a security mode; with `none` only "no cipher" (null) is. */
export function isCipherAllowed(mode: SecurityMode, cipher: Cipher | null): boolean {
  if (cipher === null) return mode === 'none';
  return CIPHER_RULE[mode].includes(cipher);
}

/** Whether a mode needs a Wi-Fi password (PSK/SAE modes; enterprise uses RADIUS, none is open). */
export function needsWifiPassword(mode: SecurityMode): boolean {
  return mode !== 'none' && !(ENTERPRISE_SECURITY_MODES as readonly SecurityMode[]).includes(mode);
}

/**
 * Effective frequency bands of a wireless policy (§3, §5 "2.4G and 5G names differ"), and 6 GHz for
 * the tri-band (Wi-Fi 6E) models: a policy on 6 GHz broadcasts its `ssid` there.
 */
export const WIFI_BANDS = ['2.4G', '5G', '6G'] as const;
export type WifiBand = (typeof WIFI_BANDS)[number];
export const WIFI_BAND_LABELS: Record<WifiBand, string> = { '2.4G': '2.4 GHz', '5G': '5 GHz', '6G': '6 GHz' };

/**
 * Wi-Fi 6E: a network on 6 GHz must use WPA3-SAE (802.11ax-2021 / Wi-Fi Alliance 6E rule: no WPA2,
 * no mixed or transition modes, no open network without OWE — and §3 has no OWE mode).
 */
export const SIX_GHZ_SECURITY_MODES = ['WPA3-SAE'] as const satisfies readonly SecurityMode[];

/** Whether a security mode may be broadcast on a band (only the 6 GHz band restricts it). */
export function isSecurityAllowedOnBand(mode: SecurityMode, band: string): boolean {
  return band !== '6G' || (SIX_GHZ_SECURITY_MODES as readonly SecurityMode[]).includes(mode);
}

/** Wall materials of the Wi-Fi heat map with their attenuation in dB (§9). */
export const WALL_MATERIALS = {
  plasterboard: { label: 'Plasterboard', attenuationDb: 5 },
  wood: { label: 'Wood', attenuationDb: 6.5 },
  glass: { label: 'Glass', attenuationDb: 12 },
  brick: { label: 'Brick', attenuationDb: 20 },
  coated_glass: { label: 'Coated glass', attenuationDb: 20 },
  concrete: { label: 'Concrete', attenuationDb: 20 },
  papered_wall: { label: 'Papered wall', attenuationDb: 23 },
  bearing_wall: { label: 'Bearing wall', attenuationDb: 28 },
} as const;
export type WallMaterial = keyof typeof WALL_MATERIALS;
export const WALL_MATERIAL_KEYS = Object.keys(WALL_MATERIALS) as WallMaterial[];

/** Attenuation of a wall material in dB. */
export function wallAttenuationDb(material: WallMaterial): number {
  return WALL_MATERIALS[material].attenuationDb;
}

/** Wall drawing tools of the AP map (§2). */
export const WALL_SHAPES = ['line', 'polyline', 'rectangle', 'polygon'] as const;
export type WallShape = (typeof WALL_SHAPES)[number];
