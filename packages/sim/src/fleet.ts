/**
 * A fleet of virtual devices: the plan, one shared clock and scheduler, one client population per
 * site, and a device per planned unit, each with its own MQTT connection to `url`.
 */
import { REBOOT_SECONDS } from '@netloom/domain';
import {
  DEVICE_RATE_LIMIT,
  KEEPALIVE_SECONDS,
  RECONNECT_BACKOFF,
  TELEMETRY_INTERVAL_SECONDS,
  UP_MESSAGES,
  type UpMessage,
} from '@netloom/protocol';
import { SimClock } from './clock';
import type { ConfigApply, DeviceOptions, DeviceStats, UpgradeFailure } from './device/context';
import { VirtualDevice } from './device/device';
import type { FleetContext } from './device/unit';
import { broadcastOffers } from './device/wireless';
import { type FleetPlan, type MixName, planFleet } from './plan/plan';
import type { SiteKind } from './plan/sites';
import type { PlannedDevice } from './plan/types';
import { SitePopulation } from './population';
import { Rng } from './rng';
import { Scheduler } from './scheduler';
import type { SimFloorPlan } from './wifi/floor';
import { receivedDbm } from './wifi/propagation';

export interface FleetOptions {
  /** Broker: `mqtt://host:1883` or `ws://host:port/mqtt`. */
  url: string;
  provisioningKey: string;
  seed?: number;
  /** Number of devices to plan (ignored when `sns` is given). */
  devices?: number;
  mix?: MixName;
  /** Explicit serial numbers to simulate (e.g. the ones a test just added to a project). */
  sns?: readonly string[];
  /** The kind of network explicit `sns` form: `office` (default) or `dense` (RF tests). */
  site?: SiteKind;
  /** Simulated time per real time: 60 = a minute per second. Default 1. */
  timeFactor?: number;
  /** Simulated ms between telemetry rounds (default 30 s). */
  telemetryIntervalMs?: number;
  /** Never publish rounds more often than this, real ms (keeps devices under the protocol's rate limit). */
  minRealIntervalMs?: number;
  /** Simulated start instant (default now); sets the time of day of the day/night pattern. */
  startTime?: number;
  /** Hours added to UTC for the day/night pattern (default: this machine's offset). */
  utcOffsetHours?: number;
  /** Share of devices dropping off per simulated hour (default 0.02). */
  churnPerHour?: number;
  /** Spontaneous events per device per simulated hour (default 0.2). */
  eventsPerHour?: number;
  /** Multiplies client populations (default 1). */
  clientScale?: number;
  /** Spread the first connections over this many real ms (default min(10 s, 2 ms per device)). */
  rampMs?: number;
  /** Validate every payload with the protocol schemas before publishing (default false). */
  validate?: boolean;
  backoff?: Partial<DeviceOptions['backoff']>;
  /** Simulated ms a reboot keeps a device offline (default 60 s). */
  rebootMs?: number;
  keepaliveSeconds?: number;
  /**
   * Simulated ms a device spends validating and applying a new `config` before it answers
   * (default 200; 0 = answer at once, as the bench wants).
   */
  configReplyDelayMs?: number;
  onError?: (e: unknown, sn: string) => void;
  /**
   * Called right after a device applied a configuration and sent its `configResult` (tests that
   * must act at that very moment, e.g. kill the server before it records the answer).
   */
  onConfigApplied?: (sn: string, apply: ConfigApply) => void;
  /**
   * A floor whose geometry the simulator knows: the devices it names stand where it says, and what
   * they hear of each other in a neighbour scan follows its walls and path-loss exponent
   * (wifi/floor.ts). The console is told nothing: a test draws the same floor through its API.
   */
  floorPlan?: SimFloorPlan;
  /**
   * How the upgrades of these SNs fail (`download`, `hash`, `upgrade`, or `interrupt`: broken once,
   * resumed with a Range request); the others succeed. A test can also set
   * `VirtualDevice.upgradeFailure` while the fleet runs.
   */
  upgradeFailures?: Readonly<Record<string, UpgradeFailure>>;
  /**
   * NVRs (by SN) whose disk formats fail part-way with 3000, leaving the disk unformatted; the others
   * succeed. A test can also set `VirtualDevice.formatFailure` while the fleet runs.
   */
  formatFailures?: readonly string[];
}

export interface FleetStats extends DeviceStats {
  devices: number;
  online: number;
  connecting: number;
  offline: number;
  clients: number;
  /** Wireless clients moved to another AP (on their own or nudged by the APs' roaming settings). */
  roams: number;
  /** Association attempts no AP accepted (under every AP's access threshold, networks full). */
  associationRefusals: number;
  /** Associated clients an AP disconnected for falling under its access threshold. */
  floorKicks: number;
  simTime: number;
  /** Messages published per second since the previous `stats()` call. */
  ratePerSec: number;
}

export interface Fleet {
  readonly plan: FleetPlan;
  readonly devices: readonly VirtualDevice[];
  readonly clock: SimClock;
  start(): void;
  stop(): Promise<void>;
  /**
   * Stops every device from publishing (no round, no reconnect, no reply) while the connections stay
   * open: the counters are final, so a benchmark can compare them with what a server received.
   */
  pause(): void;
  stats(): FleetStats;
  device(sn: string): VirtualDevice | undefined;
  population(site: number): SitePopulation | undefined;
  /**
   * A person walks Wi-Fi client `mac` over to the AP `sn`: it roams there now if that AP takes it,
   * and both APs publish their client tables soon. False when it did not move.
   */
  walkClient(mac: string, sn: string): boolean;
}

function emptyStats(): DeviceStats {
  return {
    published: 0,
    publishedBytes: 0,
    byMessage: Object.fromEntries(UP_MESSAGES.map((m) => [m, 0])) as Record<UpMessage, number>,
    received: 0,
    commands: 0,
    connects: 0,
    reconnects: 0,
    connectErrors: 0,
    wills: 0,
    authRefusals: 0,
    reboots: 0,
    churnDrops: 0,
    configApplied: 0,
    configRefused: 0,
    configDuplicates: 0,
    configDuplicateContent: 0,
    configStale: 0,
    errors: 0,
  };
}

export function createFleet(o: FleetOptions): Fleet {
  const seed = o.seed ?? 1;
  const plan = planFleet({ seed, devices: o.devices, mix: o.mix, sns: o.sns, site: o.site });
  const timeFactor = o.timeFactor ?? 1;
  const intervalSimMs = o.telemetryIntervalMs ?? TELEMETRY_INTERVAL_SECONDS * 1000;
  // A round is 3–4 messages; keep the average under the broker's per-device rate limit.
  // A round is 3–4 messages plus an occasional early client table or event: at most one round per
  // second keeps a device well under the protocol's 10 messages/s.
  const floor = o.minRealIntervalMs ?? Math.ceil((10 / DEVICE_RATE_LIMIT.messagesPerSecond) * 1000);
  const utcOffsetHours = o.utcOffsetHours ?? -new Date().getTimezoneOffset() / 60;
  const options: DeviceOptions = {
    url: o.url,
    provisioningKey: o.provisioningKey,
    intervalSimMs,
    intervalRealMs: Math.max(floor, intervalSimMs / timeFactor),
    churnPerHour: o.churnPerHour ?? 0.02,
    eventsPerHour: o.eventsPerHour ?? 0.2,
    validate: o.validate ?? false,
    backoff: { ...RECONNECT_BACKOFF, ...o.backoff },
    rebootSimMs: o.rebootMs ?? REBOOT_SECONDS * 1000,
    connectTimeoutMs: 30_000,
    keepaliveSeconds: o.keepaliveSeconds ?? KEEPALIVE_SECONDS,
    configReplyRealMs: Math.max(0, o.configReplyDelayMs ?? 200) / timeFactor,
    onConfigApplied: o.onConfigApplied ?? null,
    utcOffsetHours,
    floorPlan: o.floorPlan ?? null,
    ...(o.upgradeFailures ? { upgradeFailures: o.upgradeFailures } : {}),
    ...(o.formatFailures ? { formatFailures: o.formatFailures } : {}),
  };
  // The floor's devices stand where it says (their clients' signal and roaming follow).
  for (const d of plan.devices) {
    const at = o.floorPlan?.positions[d.sn];
    if (at) d.pos = { x: at.x, y: at.y };
  }
  const stats = emptyStats();
  const onError =
    o.onError ??
    ((e: unknown, sn: string) => {
      if (stats.errors < 20) console.error(`[sim] ${sn}: ${e instanceof Error ? e.message : String(e)}`);
    });
  const scheduler = new Scheduler((e) => {
    stats.errors++;
    onError(e, '-');
  });
  const clock = new SimClock(timeFactor, o.startTime ?? Date.now());

  const bySite = new Map<number, PlannedDevice[]>();
  for (const d of plan.devices) bySite.set(d.site, [...(bySite.get(d.site) ?? []), d]);
  const populations = new Map<number, SitePopulation>();
  const cameras = new Map<number, number[]>();
  for (const d of plan.devices) {
    if (d.recorder) cameras.set(d.recorder.index, [...(cameras.get(d.recorder.index) ?? []), d.index]);
  }

  const devices: VirtualDevice[] = [];
  const siteDevices = new Map<number, VirtualDevice[]>();
  let paused = false;
  const ctx: FleetContext = {
    get paused() {
      return paused;
    },
    options,
    clock,
    scheduler,
    stats,
    population: (site) => populations.get(site),
    device: (i) => devices[i],
    siteDevices: (site) => siteDevices.get(site) ?? [],
    camerasOf: (nvr) => cameras.get(nvr) ?? [],
    clientsChanged(changed, except) {
      for (const i of changed) if (i !== except) devices[i]?.clientsSoon();
    },
    onError(e, sn) {
      stats.errors++;
      onError(e, sn);
    },
  };
  for (const [site, list] of bySite) {
    const pop = new SitePopulation(list, plan.devices, new Rng(`${seed}:site:${site}`), {
      scale: o.clientScale ?? 1,
      utcOffsetHours,
      stepMs: Math.max(5_000, intervalSimMs / 2),
    });
    // The site's radios as the devices run them; before a device exists (settling below), the plan's.
    const planned = pop.viewOf();
    pop.setView({
      bands: (i) => {
        const d = devices[i];
        return d && d.hardware.radios.length > 0 ? d.hardware.radios.map((r) => r.band) : planned.bands(i);
      },
      offers: (i, band, now) => {
        const d = devices[i];
        return d ? broadcastOffers(d, band, now) : null;
      },
      signal: (i, band, id, at) => {
        const d = devices[i];
        const radio = d?.hardware.radio(band);
        if (!d || !radio) return planned.signal(i, band, id, at);
        return receivedDbm(
          radio.txPower,
          { id: d.sn, pos: d.plan.pos },
          { id, pos: at },
          band,
          d.plan.siteKind,
        );
      },
      roaming: (i) => devices[i]?.appliedDocument?.roaming ?? null,
      blocked: (i, mac) => devices[i]?.blocks(mac) ?? false,
    });
    populations.set(site, pop);
  }
  for (const d of plan.devices) {
    const device = new VirtualDevice(d, ctx, seed);
    devices.push(device);
    const list = siteDevices.get(d.site);
    if (list) list.push(device);
    else siteDevices.set(d.site, [device]);
  }
  // Let each site's clients settle before the first report, so a fresh fleet is not empty.
  for (const [site, pop] of populations) {
    const online = (i: number) => plan.devices[i]?.site === site;
    for (let k = 0; k < 6; k++) pop.advance(clock.now() - (6 - k) * 20_000, online, true);
  }
  const bySn = new Map(devices.map((d) => [d.sn, d]));

  let started = false;
  let lastStats = { at: Date.now(), published: 0 };
  return {
    plan,
    devices,
    clock,
    device: (sn) => bySn.get(sn),
    population: (site) => populations.get(site),
    walkClient(mac, sn) {
      const to = bySn.get(sn);
      const pop = to ? populations.get(to.plan.site) : undefined;
      if (!to || !pop) return false;
      const online = (i: number) => !!devices[i]?.powered;
      const changed = pop.walkTo(mac, to.plan.index, clock.now(), online);
      ctx.clientsChanged(changed);
      return changed.size > 0;
    },
    start() {
      if (started) return;
      started = true;
      const ramp = o.rampMs ?? Math.min(10_000, devices.length * 2);
      const rng = new Rng(`${seed}:ramp`);
      for (const d of devices) d.start(ramp * rng.next());
    },
    pause() {
      paused = true;
      scheduler.stop();
    },
    async stop() {
      scheduler.stop();
      await Promise.all(devices.map((d) => d.stop()));
    },
    stats() {
      let online = 0;
      let connecting = 0;
      for (const d of devices) {
        if (d.phase === 'online') online++;
        else if (d.phase === 'connecting') connecting++;
      }
      let clients = 0;
      let roams = 0;
      let associationRefusals = 0;
      let floorKicks = 0;
      for (const p of populations.values()) {
        roams += p.roams;
        floorKicks += p.floorKicks;
        associationRefusals += p.refusals;
        for (const c of p.clients) if (c.at !== null) clients++;
      }
      const now = Date.now();
      const rate = ((stats.published - lastStats.published) * 1000) / Math.max(1, now - lastStats.at);
      lastStats = { at: now, published: stats.published };
      return {
        ...stats,
        byMessage: { ...stats.byMessage },
        devices: devices.length,
        online,
        connecting,
        offline: devices.length - online - connecting,
        clients,
        roams,
        associationRefusals,
        floorKicks,
        simTime: clock.now(),
        ratePerSec: Math.round(rate),
      };
    },
  };
}
