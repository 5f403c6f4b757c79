/**
 * Wireless settings (issue 5): the project's Wi-Fi policies (`wireless`, project-level), delivered
 * to every AP, wireless router and mesh unit. Shape only; the §5 rules with §8 codes are in
 * `issues.ts` and `ssidRules.ts`.
 *
 * Decisions (docs/decisions.md): a policy has one SSID for 2.4 GHz and, optionally, a different 5 GHz
 * name (`ssid5`; empty = the same network on both bands, band steering) — the §5 rule "2.4G and 5G
 * names differ" applies when a separate 5 GHz name is given. "Associated RF" is the set of effective
 * bands. "At least one port selected" is read as: a policy for specified devices names at least one.
 */
import { z } from 'zod';
import { deviceKindOf, isSecondaryMeshNode, type KindDevice, type ProjectDocuments } from '../config/kind';
import { CIPHERS, SECURITY_MODES, WIFI_BANDS } from '../enums/wifi';
import {
  IPV4_TEXT_MAX_LENGTH,
  KEY_UPDATE_INTERVAL_MAX,
  POLICY_KEY_MAX_LENGTH,
  POLICY_KEY_MIN_LENGTH,
  PORT_MAX,
  RADIUS_SECRET_MAX_LENGTH,
  SCHEDULE_GRANULARITIES,
  SCHEDULE_TEXT_MAX_LENGTH,
  SETTINGS_MAX_POLICY_DEVICES,
  SETTINGS_MAX_WIRELESS_POLICIES,
  SETTINGS_RATE_LIMIT_MAX_KBPS,
  SETTINGS_TEXT_MAX_LENGTH,
  WIFI_PASSWORD_HEX_LENGTH,
} from '../limits';
import type { ModelKind } from '../models/types';

/** Stable identity of a policy inside the document (diffs, references), `[a-z0-9]{4,16}`. */
export const policyKeySchema = z
  .string()
  .regex(new RegExp(`^[a-z0-9]{${POLICY_KEY_MIN_LENGTH},${POLICY_KEY_MAX_LENGTH}}$`));

const dateText = z.string().max(10); // not a rule: a date, YYYY-MM-DD

export const POLICY_SCOPES = ['all', 'devices'] as const;
export type PolicyScope = (typeof POLICY_SCOPES)[number];

export const wirelessPolicySchema = z.object({
  key: policyKeySchema,
  name: z.string().max(SETTINGS_TEXT_MAX_LENGTH),
  enabled: z.boolean(),
  /** The network name on 2.4 GHz (and on 5 GHz unless `ssid5` is set). */
  ssid: z.string().max(SETTINGS_TEXT_MAX_LENGTH),
  /** A different 5 GHz name; empty = same as `ssid`. */
  ssid5: z.string().max(SETTINGS_TEXT_MAX_LENGTH).default(''),
  bands: z.array(z.enum(WIFI_BANDS)).max(WIFI_BANDS.length),
  security: z.enum(SECURITY_MODES),
  /** null for `none`. */
  cipher: z.enum(CIPHERS).nullable(),
  password: z.string().max(WIFI_PASSWORD_HEX_LENGTH).default(''),
  /** Group key update interval in seconds: 0 = never, else 60–99999. */
  keyUpdateInterval: z.int().min(0).max(KEY_UPDATE_INTERVAL_MAX),
  hidden: z.boolean(),
  /**
   * Maximum clients per band, 1–128 each. 6 GHz is optional so that policies saved before 6 GHz
   * support stay valid; a policy on 6 GHz needs it.
   */
  maxClients: z.object({ '2.4G': z.int(), '5G': z.int(), '6G': z.int().optional() }),
  /** Shutdown schedule in the schedule syntax (`Mon-Fri 00:00-06:00`, one period per line); '' = always on. */
  schedule: z.string().max(SCHEDULE_TEXT_MAX_LENGTH).default(''),
  /**
   * The schedule's date range (`YYYY-MM-DD`, inclusive, devices' local time); absent or '' = open.
   * Optional, like the granularity, so policies saved before they existed stay valid as they are.
   */
  scheduleFrom: dateText.optional(),
  scheduleUntil: dateText.optional(),
  /** Minute step the schedule's times fall on; absent = 1 (any minute). */
  scheduleGranularity: z.literal(SCHEDULE_GRANULARITIES).optional(),
  /** VLAN tag of the network's traffic: one of the project's VLANs (1108 otherwise); null = untagged (LAN). */
  vlanId: z.int().nullable(),
  /** Guest network: clients isolated from each other and from the LAN. */
  guest: z.boolean(),
  rateLimit: z.object({
    enabled: z.boolean(),
    /** Per client, kbit/s. */
    downKbps: z.int().min(0).max(SETTINGS_RATE_LIMIT_MAX_KBPS).nullable(),
    upKbps: z.int().min(0).max(SETTINGS_RATE_LIMIT_MAX_KBPS).nullable(),
  }),
  /** Enterprise modes (WPA, WPA2): the RADIUS server. */
  radius: z
    .object({
      ip: z.string().max(IPV4_TEXT_MAX_LENGTH),
      port: z.int().min(0).max(PORT_MAX),
      secret: z.string().max(RADIUS_SECRET_MAX_LENGTH),
    })
    .nullable(),
  /** Delivered to every AP/router of the project, or to the listed devices. */
  scope: z.enum(POLICY_SCOPES),
  deviceIds: z.array(z.int().positive()).max(SETTINGS_MAX_POLICY_DEVICES),
});
export type WirelessPolicy = z.infer<typeof wirelessPolicySchema>;

export const wirelessSettingsSchema = z.object({
  policies: z.array(wirelessPolicySchema).max(SETTINGS_MAX_WIRELESS_POLICIES),
});
export type WirelessSettings = z.infer<typeof wirelessSettingsSchema>;

/** Kinds that broadcast Wi-Fi policies (the CPE bridge's Wi-Fi is its own bridge link). */
export const WIFI_POLICY_KINDS: readonly ModelKind[] = ['ap', 'wrouter', 'mesh'];

/** The project's saved `wireless` document, if any. */
export function savedWireless(docs: ProjectDocuments): WirelessSettings | undefined {
  return docs.project.wireless as WirelessSettings | undefined;
}

/** The `wireless` document of a project nobody has configured: no policy. */
export function defaultWirelessSettings(): WirelessSettings {
  return { policies: [] };
}

/**
 * A device Wi-Fi policies are delivered to (and the policy form offers): an AP, wireless router or
 * mesh unit with radios — not a secondary mesh node, which broadcasts its primary's networks and
 * is never configured itself (§6; a policy naming one is refused with 912).
 */
export function isWifiDevice(d: Pick<KindDevice, 'model' | 'type' | 'meshRole'>): boolean {
  if (isSecondaryMeshNode(d)) return false;
  return WIFI_POLICY_KINDS.includes(deviceKindOf(d) as ModelKind) && (d.model?.radios.length ?? 0) > 0;
}

/** Whether a device's kind broadcasts Wi-Fi policies (secondary mesh nodes included). */
export function takesWifiPolicies(d: Pick<KindDevice, 'model' | 'type'>): boolean {
  return WIFI_POLICY_KINDS.includes(deviceKindOf(d) as ModelKind);
}
