/**
 * Wireless settings (issue 5): the project's Wi-Fi policies (`wireless`, project-level), each AP's
 * radios (`radio`, device-level: channel, width, power — what RF optimisation writes), and the
 * project's RF optimisation and roaming settings (`rf`, project-level). Shape only; the §5 rules
 * with §8 codes are in `wirelessIssues.ts`.
 *
 * Decisions (docs/decisions.md): a policy has one SSID for 2.4 GHz and, optionally, a different 5 GHz
 * name (`ssid5`; empty = the same network on both bands, band steering) — the §5 rule "2.4G and 5G
 * names differ" applies when a separate 5 GHz name is given. "Associated RF" is the set of effective
 * bands. "At least one port selected" is read as: a policy for specified devices names at least one.
 */
import { z } from 'zod';
import { CIPHERS, SECURITY_MODES, WIFI_BANDS } from '../enums/wifi';
import { SCHEDULE_GRANULARITIES } from '../limits';

/** Stable identity of a policy inside the document (diffs, references), `[a-z0-9]{4,16}`. */
export const policyKeySchema = z.string().regex(/^[a-z0-9]{4,16}$/);

export const POLICY_SCOPES = ['all', 'devices'] as const;
export type PolicyScope = (typeof POLICY_SCOPES)[number];

export const wirelessPolicySchema = z.object({
  key: policyKeySchema,
  name: z.string().max(64),
  enabled: z.boolean(),
  /** The network name on 2.4 GHz (and on 5 GHz unless `ssid5` is set). */
  ssid: z.string().max(64),
  /** A different 5 GHz name; empty = same as `ssid`. */
  ssid5: z.string().max(64).default(''),
  bands: z.array(z.enum(WIFI_BANDS)).max(2),
  security: z.enum(SECURITY_MODES),
  /** null for `none`. */
  cipher: z.enum(CIPHERS).nullable(),
  password: z.string().max(64).default(''),
  /** Group key update interval in seconds: 0 = never, else 60–99999. */
  keyUpdateInterval: z.int().min(0).max(99999),
  hidden: z.boolean(),
  /** Maximum clients per band, 1–128 each. */
  maxClients: z.object({ '2.4G': z.int(), '5G': z.int() }),
  /** Shutdown schedule in the schedule syntax (`Mon-Fri 00:00-06:00`, one period per line); '' = always on. */
  schedule: z.string().max(512).default(''),
  /**
   * The schedule's date range (`YYYY-MM-DD`, inclusive, devices' local time); absent or '' = open.
   * Optional, like the granularity, so policies saved before they existed stay valid as they are.
   */
  scheduleFrom: z.string().max(10).optional(),
  scheduleUntil: z.string().max(10).optional(),
  /** Minute step the schedule's times fall on; absent = 1 (any minute). */
  scheduleGranularity: z.literal(SCHEDULE_GRANULARITIES).optional(),
  /** VLAN tag of the network's traffic, 1–4094; null = untagged (LAN). */
  vlanId: z.int().nullable(),
  /** Guest network: clients isolated from each other and from the LAN. */
  guest: z.boolean(),
  rateLimit: z.object({
    enabled: z.boolean(),
    /** Per client, kbit/s. */
    downKbps: z.int().min(0).max(10_000_000).nullable(),
    upKbps: z.int().min(0).max(10_000_000).nullable(),
  }),
  /** Enterprise modes (WPA, WPA2): the RADIUS server. */
  radius: z
    .object({ ip: z.string().max(15), port: z.int().min(0).max(65535), secret: z.string().max(64) })
    .nullable(),
  /** Delivered to every AP/router of the project, or to the listed devices. */
  scope: z.enum(POLICY_SCOPES),
  deviceIds: z.array(z.int().positive()).max(1000),
});
export type WirelessPolicy = z.infer<typeof wirelessPolicySchema>;

export const wirelessSettingsSchema = z.object({ policies: z.array(wirelessPolicySchema).max(64) });
export type WirelessSettings = z.infer<typeof wirelessSettingsSchema>;

/** SSIDs one radio broadcasts at most (a device with more applicable policies: 2007). */
export const MAX_SSIDS_PER_RADIO = 8;

export const RADIO_WIDTHS = [20, 40, 80, 160] as const;
export type RadioWidth = (typeof RADIO_WIDTHS)[number];

/** One radio of a device: channel 0 = automatic, power 0 = automatic (else 8–29 dBm). */
export const radioSettingsSchema = z.object({
  band: z.enum(['2.4G', '5G', '6G']),
  enabled: z.boolean(),
  channel: z.int().min(0).max(233),
  width: z.literal(RADIO_WIDTHS),
  txPower: z.int().min(0).max(29),
});
export type RadioSettings = z.infer<typeof radioSettingsSchema>;
/** The `radio` document of one AP / router / mesh unit. */
export const deviceRadioSettingsSchema = z.object({ radios: z.array(radioSettingsSchema).max(4) });
export type DeviceRadioSettings = z.infer<typeof deviceRadioSettingsSchema>;

/** RF optimisation and roaming (§2 "RF optimisation: settings, records, roaming tuner"). */
export const rfSettingsSchema = z.object({
  /** Automatic optimisation on a schedule. */
  auto: z.boolean(),
  /** Days (0 = Monday) and local time "HH:MM" of the automatic run. */
  autoDays: z.array(z.int().min(0).max(6)).max(7),
  autoTime: z.string().regex(/^\d{2}:\d{2}$/),
  /** Plan DFS channels in 5 GHz. */
  useDfs: z.boolean(),
  /** Clients weaker than this (dBm, −90 to −60) are refused association. */
  accessThreshold: z.int(),
  roaming: z.object({
    enabled: z.boolean(),
    /** Below this signal (dBm) an AP nudges a client to roam, per band (−90 to −60). */
    signalThreshold24: z.int(),
    signalThreshold5: z.int(),
    /** A client roams only to an AP at least this many dB stronger (integer, 0–30). */
    roamThreshold: z.int(),
  }),
});
export type RfSettings = z.infer<typeof rfSettingsSchema>;

export function defaultRfSettings(): RfSettings {
  return {
    auto: false,
    autoDays: [0, 1, 2, 3, 4, 5, 6],
    autoTime: '03:00',
    useDfs: true,
    accessThreshold: -90,
    roaming: { enabled: false, signalThreshold24: -75, signalThreshold5: -72, roamThreshold: 8 },
  };
}

/**
 * A CPE bridge's settings (`bridge`, device-level): its bridge name, the management Wi-Fi a person
 * joins to reach it on site, and — in client mode — the uplink network it bridges to (picked from a
 * Wi-Fi search).
 */
export const bridgeSettingsSchema = z.object({
  bridgeName: z.string().max(64),
  mgmtSsid: z.string().max(64),
  mgmtPassword: z.string().max(64),
  uplink: z
    .object({
      ssid: z.string().max(64),
      bssid: z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/),
      channel: z.int().min(1).max(233),
      password: z.string().max(64),
    })
    .nullable(),
});
export type BridgeSettings = z.infer<typeof bridgeSettingsSchema>;
