import {
  allowedCiphers,
  type Cipher,
  type CodedIssue,
  ENTERPRISE_SECURITY_MODES,
  issuesUnder,
  needsWifiPassword,
  type PolicyScope,
  type ScheduleGranularity,
  type SecurityMode,
  WIFI_BANDS,
  type WifiBand,
  type WirelessPolicy,
  type WirelessSettings,
} from '@netloom/domain';

/**
 * The policy editor's form values and their mapping to a `WirelessPolicy` and back, pure so it is
 * tested without a DOM. The form is flat (one antd field per input); issue paths of the document
 * (`policies.3.radius.ip`) are mapped to those fields by {@link fieldOfPath}.
 */
export interface PolicyFormValues {
  enabled: boolean;
  name: string;
  ssid: string;
  /** Whether 5 GHz gets its own network name. */
  separate5: boolean;
  ssid5: string;
  bands: WifiBand[];
  security: SecurityMode;
  cipher: Cipher | null;
  password: string;
  radiusIp: string;
  radiusPort: number | null;
  radiusSecret: string;
  keyUpdateInterval: number | null;
  hidden: boolean;
  max24: number | null;
  max5: number | null;
  max6: number | null;
  schedule: string;
  /** The schedule's date range, `YYYY-MM-DD` ('' = open on that side). */
  scheduleFrom: string;
  scheduleUntil: string;
  /** Minute step of the schedule's times (1 = any minute). */
  scheduleGranularity: ScheduleGranularity;
  /** The VLAN its traffic is tagged with: one of the project's, or {@link UNTAGGED}. */
  vlanId: number;
  guest: boolean;
  rateEnabled: boolean;
  rateDown: number | null;
  rateUp: number | null;
  scope: PolicyScope;
  deviceIds: number[];
}
export type PolicyField = keyof PolicyFormValues;

export const DEFAULT_RADIUS_PORT = 1812;
export const DEFAULT_KEY_UPDATE_INTERVAL = 3600;
export const DEFAULT_MAX_CLIENTS = 64;
/** The VLAN picker's "Untagged" choice (802.1Q's VLAN 0: no VLAN); saved as `vlanId: null`. */
export const UNTAGGED = 0;

/** "Any minute", "15 minutes", "1 hour": a schedule granularity in words. */
export function granularityLabel(step: ScheduleGranularity): string {
  if (step === 1) return 'Any minute';
  return step === 60 ? '1 hour' : `${step} minutes`;
}

export function isEnterprise(mode: SecurityMode): boolean {
  return (ENTERPRISE_SECURITY_MODES as readonly SecurityMode[]).includes(mode);
}

/** The values of a new policy: WPA2-PSK/AES on 2.4 and 5 GHz for every device, untagged. */
export function newPolicyValues(): PolicyFormValues {
  return {
    enabled: true,
    name: '',
    ssid: '',
    separate5: false,
    ssid5: '',
    bands: ['2.4G', '5G'],
    security: 'WPA2-PSK',
    cipher: 'AES',
    password: '',
    radiusIp: '',
    radiusPort: DEFAULT_RADIUS_PORT,
    radiusSecret: '',
    keyUpdateInterval: DEFAULT_KEY_UPDATE_INTERVAL,
    hidden: false,
    max24: DEFAULT_MAX_CLIENTS,
    max5: DEFAULT_MAX_CLIENTS,
    max6: DEFAULT_MAX_CLIENTS,
    schedule: '',
    scheduleFrom: '',
    scheduleUntil: '',
    scheduleGranularity: 1,
    vlanId: UNTAGGED,
    guest: false,
    rateEnabled: false,
    rateDown: null,
    rateUp: null,
    scope: 'all',
    deviceIds: [],
  };
}

export function policyToValues(p: WirelessPolicy): PolicyFormValues {
  return {
    enabled: p.enabled,
    name: p.name,
    ssid: p.ssid,
    separate5: p.ssid5 !== '',
    ssid5: p.ssid5,
    bands: [...p.bands],
    security: p.security,
    cipher: p.cipher,
    password: p.password,
    radiusIp: p.radius?.ip ?? '',
    radiusPort: p.radius?.port ?? DEFAULT_RADIUS_PORT,
    radiusSecret: p.radius?.secret ?? '',
    keyUpdateInterval: p.keyUpdateInterval,
    hidden: p.hidden,
    max24: p.maxClients['2.4G'],
    max5: p.maxClients['5G'],
    max6: p.maxClients['6G'] ?? DEFAULT_MAX_CLIENTS,
    schedule: p.schedule,
    scheduleFrom: p.scheduleFrom ?? '',
    scheduleUntil: p.scheduleUntil ?? '',
    scheduleGranularity: p.scheduleGranularity ?? 1,
    vlanId: p.vlanId ?? UNTAGGED,
    guest: p.guest,
    rateEnabled: p.rateLimit.enabled,
    rateDown: p.rateLimit.downKbps,
    rateUp: p.rateLimit.upKbps,
    scope: p.scope,
    deviceIds: [...p.deviceIds],
  };
}

/** A whole number from an optional form number; blank becomes NaN so the domain's rule names it. */
function num(v: number | null | undefined): number {
  return typeof v === 'number' ? v : Number.NaN;
}

/**
 * The policy the form describes. Fields a mode does not use are normalised away (no cipher for an
 * open network, no password for enterprise, no RADIUS for PSK), so what is saved is what applies.
 */
export function valuesToPolicy(v: PolicyFormValues, key: string): WirelessPolicy {
  const enterprise = isEnterprise(v.security);
  const ciphers = allowedCiphers(v.security);
  const cipher = ciphers.length === 0 ? null : v.cipher && ciphers.includes(v.cipher) ? v.cipher : null;
  return {
    key,
    name: v.name.trim(),
    enabled: v.enabled,
    ssid: v.ssid,
    ssid5: v.separate5 && v.bands.includes('5G') ? v.ssid5 : '',
    bands: WIFI_BANDS.filter((b) => v.bands.includes(b)),
    security: v.security,
    cipher,
    password: needsWifiPassword(v.security) ? v.password : '',
    keyUpdateInterval: v.security === 'none' ? 0 : num(v.keyUpdateInterval),
    hidden: v.hidden,
    // 6 GHz only when the policy is on it: a policy saved before 6 GHz support reads as it did.
    maxClients: {
      '2.4G': num(v.max24),
      '5G': num(v.max5),
      ...(v.bands.includes('6G') ? { '6G': num(v.max6) } : {}),
    },
    schedule: v.schedule.replace(/\r\n/g, '\n').replace(/\n+$/, ''),
    // Written only when set: a policy without them reads as it did before they existed.
    ...(v.scheduleFrom ? { scheduleFrom: v.scheduleFrom } : {}),
    ...(v.scheduleUntil ? { scheduleUntil: v.scheduleUntil } : {}),
    ...(v.scheduleGranularity !== 1 ? { scheduleGranularity: v.scheduleGranularity } : {}),
    vlanId: v.vlanId === UNTAGGED ? null : num(v.vlanId),
    guest: v.guest,
    rateLimit: {
      enabled: v.rateEnabled,
      downKbps: v.rateEnabled ? (v.rateDown ?? null) : null,
      upKbps: v.rateEnabled ? (v.rateUp ?? null) : null,
    },
    radius: enterprise ? { ip: v.radiusIp.trim(), port: num(v.radiusPort), secret: v.radiusSecret } : null,
    scope: v.scope,
    deviceIds: v.scope === 'devices' ? [...v.deviceIds] : [],
  };
}

/** A fresh policy key `[a-z0-9]{8}` not used by any policy of the document. */
export function newPolicyKey(settings: WirelessSettings, random: () => number = Math.random): string {
  const used = new Set(settings.policies.map((p) => p.key));
  for (;;) {
    let key = '';
    while (key.length < 8) key += Math.floor(random() * 36).toString(36);
    if (!used.has(key)) return key;
  }
}

/** The document with `policy` at `index` (null: appended). */
export function putPolicy(
  settings: WirelessSettings,
  index: number | null,
  policy: WirelessPolicy,
): WirelessSettings {
  const policies =
    index === null || index >= settings.policies.length
      ? [...settings.policies, policy]
      : settings.policies.map((p, i) => (i === index ? policy : p));
  return { ...settings, policies };
}

export function removePolicy(settings: WirelessSettings, index: number): WirelessSettings {
  return { ...settings, policies: settings.policies.filter((_, i) => i !== index) };
}

/** Document path (relative to the policy) → the form field that shows it; longest match wins. */
const FIELD_OF_PATH: readonly (readonly [string, PolicyField])[] = [
  ['enabled', 'enabled'],
  ['name', 'name'],
  ['ssid', 'ssid'],
  ['ssid5', 'ssid5'],
  ['bands', 'bands'],
  ['security', 'security'],
  ['cipher', 'cipher'],
  ['password', 'password'],
  ['radius', 'radiusIp'],
  ['radius.ip', 'radiusIp'],
  ['radius.port', 'radiusPort'],
  ['radius.secret', 'radiusSecret'],
  ['keyUpdateInterval', 'keyUpdateInterval'],
  ['hidden', 'hidden'],
  ['maxClients', 'max24'],
  ['maxClients.2.4G', 'max24'],
  ['maxClients.5G', 'max5'],
  ['maxClients.6G', 'max6'],
  ['schedule', 'schedule'],
  ['scheduleFrom', 'scheduleFrom'],
  ['scheduleUntil', 'scheduleUntil'],
  ['scheduleGranularity', 'scheduleGranularity'],
  ['vlanId', 'vlanId'],
  ['guest', 'guest'],
  ['rateLimit', 'rateDown'],
  ['rateLimit.enabled', 'rateEnabled'],
  ['rateLimit.downKbps', 'rateDown'],
  ['rateLimit.upKbps', 'rateUp'],
  ['scope', 'scope'],
  ['deviceIds', 'deviceIds'],
];

/** The form field of a policy-relative issue path, or undefined when no field shows it. */
export function fieldOfPath(rest: string): PolicyField | undefined {
  let best: readonly [string, PolicyField] | undefined;
  for (const entry of FIELD_OF_PATH) {
    const [p] = entry;
    if ((rest === p || rest.startsWith(`${p}.`)) && (!best || p.length > best[0].length)) best = entry;
  }
  return best?.[1];
}

/** Fields the form shows for these values (a hidden field's issue is shown above the form). */
export function visibleFields(v: PolicyFormValues): Set<PolicyField> {
  const fields = new Set<PolicyField>(Object.keys(v) as PolicyField[]);
  const hide = (...f: PolicyField[]) => {
    for (const x of f) fields.delete(x);
  };
  if (!(v.separate5 && v.bands.includes('5G'))) hide('ssid5');
  if (!v.bands.includes('2.4G')) hide('max24');
  if (!v.bands.includes('5G')) hide('max5');
  if (!v.bands.includes('6G')) hide('max6');
  if (allowedCiphers(v.security).length === 0) hide('cipher', 'keyUpdateInterval');
  if (!needsWifiPassword(v.security)) hide('password');
  if (!isEnterprise(v.security)) hide('radiusIp', 'radiusPort', 'radiusSecret');
  if (!v.rateEnabled) hide('rateDown', 'rateUp');
  if (v.scope !== 'devices') hide('deviceIds');
  return fields;
}

export interface PlacedIssues {
  /** Field → the first message about it. */
  byField: Map<PolicyField, string>;
  /** Issues about the policy as a whole, other policies or the document (limits, duplicates). */
  general: CodedIssue[];
}

/** Splits a document's issues into the edited policy's fields and general ones. */
export function placePolicyIssues(
  issues: readonly CodedIssue[],
  index: number,
  visible: ReadonlySet<PolicyField>,
): PlacedIssues {
  const prefix = `policies.${index}`;
  const mine = issuesUnder(issues, prefix);
  const byField = new Map<PolicyField, string>();
  const placed = new Set<CodedIssue>();
  for (const [rest, issue] of mine) {
    const field = fieldOfPath(rest);
    if (field && visible.has(field)) {
      if (!byField.has(field)) byField.set(field, issue.message);
      placed.add(issue);
    }
  }
  const general = issues.filter((i) => !placed.has(i) && !isSameIssueOfField(i, prefix, byField));
  return { byField, general };
}

/** A second issue on a field that already shows one is not repeated above the form. */
function isSameIssueOfField(i: CodedIssue, prefix: string, byField: Map<PolicyField, string>): boolean {
  if (!i.path.startsWith(`${prefix}.`)) return false;
  const field = fieldOfPath(i.path.slice(prefix.length + 1));
  return field !== undefined && byField.has(field);
}
