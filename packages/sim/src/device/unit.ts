/**
 * One virtual device as its parts see it: the state that commands, config, payloads, traffic, events,
 * links, Wi-Fi and CPE code read and write, the few things they may ask of the device (publish,
 * restart, go down, follow the port above, retune its clients), and the fleet around it.
 *
 * The parts take a `Unit`, never the class that runs the device (device.ts), and this module imports
 * none of them: the device depends on its parts, the parts on the unit, and nothing depends back.
 */
import {
  type DeviceConfigDocument,
  type DeviceModel,
  MANAGEMENT_MODES,
  type ManagementMode,
  type NetworkSettings,
  type PortSettings,
} from '@netloom/domain';
import type { Body, ConfigMessage, UpMessage } from '@netloom/protocol';
import type { SimClock } from '../clock';
import { uplinkPort } from '../plan/site';
import type { PlannedDevice } from '../plan/types';
import type { SimClient, SitePopulation } from '../population';
import { Rng } from '../rng';
import type { Scheduler, Task } from '../scheduler';
import type { ConfigApply, DeviceOptions, DeviceStats, UpgradeFailure } from './context';
import { Hardware } from './hardware';
import { dhcpLease, type WanAddress } from './wan';

export type BootReason = 'power' | 'reboot' | 'reset' | 'upgrade';
export type DevicePhase = 'idle' | 'connecting' | 'online' | 'waiting' | 'down' | 'stopped';
/** Why a unit is cut off by the network above it: no link, or no power. Null when it is not. */
export type Cut = 'link' | 'power' | null;

/** What a virtual device needs from its fleet: options, the shared clock and timer, neighbours, stats. */
export interface FleetContext {
  readonly options: DeviceOptions;
  readonly clock: SimClock;
  readonly scheduler: Scheduler;
  readonly stats: DeviceStats;
  /** Paused (`Fleet.pause`): nothing more is published, so the counters are final. */
  readonly paused: boolean;
  population(site: number): SitePopulation | undefined;
  device(index: number): Unit | undefined;
  /** Every unit of a site (neighbour scans, mesh). */
  siteDevices(site: number): readonly Unit[];
  /** Plan indexes of the cameras an NVR records. */
  camerasOf(nvr: number): readonly number[];
  /** Client tables of these devices changed (other than `except`, which publishes on its own). */
  clientsChanged(changed: ReadonlySet<number>, except?: number): void;
  onError(e: unknown, sn: string): void;
}

const NO_CLIENTS: ReadonlySet<SimClient> = new Set();

export abstract class Unit {
  readonly sn: string;
  readonly model: DeviceModel;
  readonly rng: Rng;
  readonly hardware: Hardware;
  readonly uplinkPortId: number;
  phase: DevicePhase = 'idle';
  firmwareVersion: string;
  /** The applied configuration version; 0 = factory settings, never configured (§6.1). */
  configVersion = 0;
  /** Management / LAN address (`state.ip`): a gateway's is its applied `network.lan.ip`. */
  ip: string;
  /** The applied configuration document (null = factory settings). Survives reboots, not a reset. */
  appliedDocument: DeviceConfigDocument | null = null;
  /** Applied per-port settings (ports never configured keep factory settings). */
  readonly portSettings = new Map<number, PortSettings>();
  /**
   * Every apply this unit performed, in order, whatever its version: the version and a hash of the
   * document put in force, and whether that document was the very one already in force. Firmware
   * never re-applies a version it has processed (§7.1), so a version can appear once at most; the
   * same content under a new version can — the record is what shows it.
   */
  readonly applies: ConfigApply[] = [];
  /** Deliveries of a version already processed, answered again and not applied (§7.1). */
  configRedeliveries = 0;
  /** Deliveries of a version older than the one in force, ignored. */
  configStale = 0;
  /** The `configResult` sent per version processed, re-sent for a duplicate delivery (§7.1). */
  readonly configResults = new Map<number, Body<'configResult'>>();
  /**
   * A hardware fault only the unit knows of (its flash is worn out or read-only): while set, it
   * refuses every new configuration version with 2001 and these words. Set and cleared by tests and
   * demos through `VirtualDevice`; a real unit reports the same through `configResult`.
   */
  configStorageFault: string | null = null;
  /** The newest `config` waiting out the apply delay. */
  pendingConfig: ConfigMessage | null = null;
  configTask: Task | null = null;
  /** The address the cabled WAN port got by DHCP (gateways only). */
  readonly lease: WanAddress | null;
  /** Cut off by the network above (a disabled port, PoE off): no reconnect until restored. */
  cut: Cut = null;
  bootId = '';
  bootSim = 0;
  txBytes = 0;
  rxBytes = 0;
  txRate = 0;
  rxRate = 0;
  /** Per port [tx, rx] since boot and rates, for multi-port units (switches, gateways, NVRs). */
  portBytes: Float64Array | null = null;
  portRates: Float64Array | null = null;
  uplinkRssi = -60;
  eventSeq = 0;
  /** Replies already sent, by command id (at least the last 64, §7.2). */
  readonly replies = new Map<string, Body<'reply'>>();
  /** Long commands under way (not yet answered), so a redelivery does not start them twice. */
  readonly running = new Set<string>();
  /** Until when (simulated epoch ms) the LED blinks after a `locate` command; 0 when it does not. */
  locateUntil = 0;
  /** A firmware upgrade is under way (status 3 in `state` until it restarts or fails). */
  upgrading = false;
  /**
   * How this unit's next upgrades fail (upgrade.ts): null succeeds. Set by tests and demos, or from
   * the fleet option `upgradeFailures`.
   */
  upgradeFailure: UpgradeFailure | null = null;
  /**
   * Set by a test to hold this unit's next upgrade at its install stage (status 3, "upgrading")
   * until the promise settles: a person watching sees the stage however slow the machine is.
   */
  upgradeHold: Promise<void> | null = null;
  /** NVRs: this unit's next disk formats fail with 3000 (disks.ts); from the fleet option `formatFailures`. */
  formatFailure = false;
  /** CPE bridges: the work mode (switched by the `cpeMode` command, survives reboots). */
  cpeMode: 'ap' | 'client' = 'ap';
  /**
   * Cloud (1) or local (2) management (the `setManagementMode` command, issue 15): kept across
   * restarts like the firmware's own settings; only a factory reset returns it to cloud.
   */
  managementMode: ManagementMode = MANAGEMENT_MODES.CLOUD;
  /** Set while a boot's `boot` event is still to be sent. */
  bootReason: BootReason | null = null;
  /** NVRs: which recorded cameras were online at the last round (for camera_offline/online events). */
  cameraOnline: Map<number, boolean> | null = null;

  constructor(
    readonly plan: PlannedDevice,
    readonly fleet: FleetContext,
    seed: number,
  ) {
    this.sn = plan.sn;
    this.model = plan.model;
    this.rng = new Rng(`${seed}:${plan.sn}`);
    this.hardware = new Hardware(plan.model, this.rng.fork('hw'), plan.siteKind === 'dense');
    this.firmwareVersion = plan.firmwareVersion;
    this.ip = plan.ip;
    this.lease = dhcpLease(plan);
    this.uplinkPortId = plan.uplink?.localPort ?? uplinkPort(plan.model);
    this.uplinkRssi = plan.uplink?.rssi ?? -60;
    this.upgradeFailure = fleet.options.upgradeFailures?.[plan.sn] ?? null;
    this.formatFailure = fleet.options.formatFailures?.includes(plan.sn) ?? false;
  }

  /** Every version applied, in order. */
  get appliedVersions(): number[] {
    return this.applies.map((a) => a.version);
  }

  /** Applies of a document equal to the one already in force (a new version of the same content). */
  get duplicateContentApplies(): number {
    return this.applies.filter((a) => a.sameContent).length;
  }

  /** The applied `network` section (gateways), null for factory settings. */
  get network(): NetworkSettings | null {
    return this.appliedDocument?.network ?? null;
  }

  /** Whether its applied `blacklist` lists a client (it refuses and disconnects it). */
  blocks(mac: string): boolean {
    const doc = this.appliedDocument;
    if (!doc?.blacklist) return false;
    if (this.blockedOf !== doc) {
      this.blockedOf = doc;
      this.blocked = new Set(doc.blacklist.macs.map((m) => m.toUpperCase()));
    }
    return this.blocked.has(mac.toUpperCase());
  }
  private blockedOf: DeviceConfigDocument | null = null;
  private blocked: ReadonlySet<string> = new Set();

  /** Connected and past `hello`. */
  get online(): boolean {
    return this.phase === 'online';
  }
  /** Has power (it may still be offline from the cloud's point of view). */
  get powered(): boolean {
    return this.phase !== 'down' && this.phase !== 'idle' && this.phase !== 'stopped';
  }

  clients(): ReadonlySet<SimClient> {
    return this.fleet.population(this.plan.site)?.at(this.plan.index) ?? NO_CLIENTS;
  }

  /** A multiplicative jitter of ±`spread`. */
  jitter(spread: number): number {
    return 1 + (this.rng.next() * 2 - 1) * spread;
  }

  /** Publishes one up message on the current connection; false when offline. */
  abstract send<M extends UpMessage>(message: M, body: Body<M>): boolean;
  /** A clean restart (reboot/reset command, after its reply): status 8, DISCONNECT, boot later. */
  abstract restart(reason: 'reboot' | 'reset' | 'upgrade', offSim?: number): void;
  /** Goes offline abruptly (the broker fires the will) for `offSim` simulated ms. */
  abstract drop(kind: 'power' | 'network', offSim: number): void;
  /** The port above changed (see links.ts). */
  abstract setCut(next: Cut): void;
  /** What its radios broadcast changed: its clients (and a mesh primary's secondaries') reassociate. */
  abstract wifiChanged(): void;
}
