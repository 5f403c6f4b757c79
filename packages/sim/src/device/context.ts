/**
 * How the fleet runs its devices (options) and what they count (stats). The fleet as a device sees
 * it — clock, scheduler, neighbours — is FleetContext, beside the Unit it hands out (unit.ts).
 */
import type { UpMessage } from '@netloom/protocol';
import type { SimFloorPlan } from '../wifi/floor';

/** One configuration apply a unit performed. */
export interface ConfigApply {
  version: number;
  /** SHA-256 of the canonical JSON of the document applied. */
  hash: string;
  /** The document was the one already in force: the same content applied again under a new version. */
  sameContent: boolean;
}

/** How a unit's upgrades fail (upgrade.ts); null or absent: they succeed. */
export const UPGRADE_FAILURES = ['download', 'hash', 'upgrade', 'interrupt'] as const;
export type UpgradeFailure = (typeof UPGRADE_FAILURES)[number];

export interface DeviceOptions {
  url: string;
  provisioningKey: string;
  /** Simulated and real ms between two telemetry rounds. */
  intervalSimMs: number;
  intervalRealMs: number;
  /** Share of devices that drop off per simulated hour (0 = never on their own). */
  churnPerHour: number;
  /** Spontaneous events (alarms, logs) per device per simulated hour. */
  eventsPerHour: number;
  /** Validate every payload with the protocol schemas before sending (slower; for tests). */
  validate: boolean;
  /** Reconnect back-off of the protocol (§1), real ms; tests may shrink it. */
  backoff: { firstMinMs: number; firstMaxMs: number; capMs: number; authMinMs: number };
  /** Simulated ms a reboot keeps the device offline. */
  rebootSimMs: number;
  connectTimeoutMs: number;
  /** MQTT keep-alive, seconds (the protocol's KEEPALIVE_SECONDS unless a test shrinks it). */
  keepaliveSeconds: number;
  /** Real ms a device takes to validate and apply a new `config` before it answers (0 = at once). */
  configReplyRealMs: number;
  /** Told of every apply, after its `configResult` is sent (null: nobody listens). */
  onConfigApplied: ((sn: string, apply: ConfigApply) => void) | null;
  /** Hours added to UTC for the devices' local time (Wi-Fi schedules, day/night pattern). */
  utcOffsetHours: number;
  /** A floor whose geometry the devices' neighbour scans follow (null: the site model). */
  floorPlan: SimFloorPlan | null;
  /** How upgrades of these SNs fail (upgrade.ts); the others succeed. */
  upgradeFailures?: Readonly<Record<string, UpgradeFailure>>;
  /** NVRs whose disk formats fail with 3000 (disks.ts); the others succeed. */
  formatFailures?: readonly string[];
}

export interface DeviceStats {
  published: number;
  publishedBytes: number;
  byMessage: Record<UpMessage, number>;
  received: number;
  commands: number;
  connects: number;
  reconnects: number;
  connectErrors: number;
  /**
   * Sessions that ended without a DISCONNECT after the broker accepted them (a lost connection, a
   * dropped one): for each the broker publishes the device's last will, which the device did not.
   */
  wills: number;
  authRefusals: number;
  reboots: number;
  churnDrops: number;
  /** Configuration versions applied, refused, and duplicate deliveries answered again (§7.1). */
  configApplied: number;
  configRefused: number;
  configDuplicates: number;
  /** Applies of a document equal to the one already in force (a new version, the same content). */
  configDuplicateContent: number;
  /** Deliveries of a version older than the one in force, ignored (§7.1). */
  configStale: number;
  errors: number;
}
