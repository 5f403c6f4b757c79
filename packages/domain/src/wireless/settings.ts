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
import { PORT_MAX, SCHEDULE_GRANULARITIES } from '../limits';
import type { ModelKind } from '../models/types';

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
    .object({ ip: z.string().max(15), port: z.int().min(0).max(PORT_MAX), secret: z.string().max(64) })
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
