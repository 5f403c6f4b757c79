/**
 * The people and things on one site's network. Each client has a fixed identity (MAC, host name,
 * type, SSID) and a "home" device; whether it is connected follows the site's day/night activity
 * (by the simulated clock), wireless clients drift in signal and roam to another AP of the site when
 * it drops, traffic has bursts. Devices ask the population for their client table; a kicked client
 * stays away for a while, then may come back.
 */
import type { ClientType } from '@netloom/protocol';
import { activityAt } from './clock';
import { clientIdentity, clientTypeFor, type Ssid, siteSsids } from './names';
import { clientMac } from './plan/identity';
import type { PlannedDevice } from './plan/plan';
import { uplinkPort } from './plan/site';
import type { Rng } from './rng';

export interface SimClient {
  mac: string;
  name: string;
  type: ClientType;
  wireless: boolean;
  ip: string;
  /** Preferred device (plan index): its AP, or the device whose port it is cabled to. */
  home: number;
  port?: number;
  ssid?: Ssid;
  /** Device it is connected through now (plan index), null while away. */
  at: number | null;
  band?: '2.4G' | '5G' | '6G';
  rssi?: number;
  /** Below the site's activity level the client wants to be online; < 0 = always on. */
  affinity: number;
  since: number;
  bannedUntil: number;
  txBytes: number;
  rxBytes: number;
  txRate: number;
  rxRate: number;
}

const ALWAYS_ON: readonly ClientType[] = ['iot', 'printer', 'camera'];
/** Typical download rate of a client type, bytes/s (upload is a fraction; cameras the reverse). */
const BASE_RATE: Record<ClientType, number> = {
  phone: 25_000,
  computer: 140_000,
  tablet: 60_000,
  tv: 650_000,
  printer: 800,
  iot: 400,
  camera: 240_000,
  unknown: 5_000,
};

const servesWifi = (d: PlannedDevice) =>
  (d.kind === 'ap' || d.kind === 'wrouter' || d.kind === 'mesh') && d.model.radios.length > 0;

/** Ports of a device free for clients: not its uplink, not used by a child device, not WAN/PoE-in/SFP. */
export function clientPorts(d: PlannedDevice, all: readonly PlannedDevice[]): number[] {
  const used = new Set<number>();
  if (d.uplink === null || d.uplink.kind === 'wired') used.add(d.uplink?.localPort ?? uplinkPort(d.model));
  for (const c of d.children) {
    const port = all[c]?.uplink?.port;
    if (port !== undefined) used.add(port);
  }
  return d.model.ports
    .filter((p) => !used.has(p.id) && p.role !== 'wan' && p.poe !== 'in' && p.media === 'copper')
    .map((p) => p.id);
}

export interface PopulationOptions {
  /** Multiplies the number of clients (1 = a plausible share of each model's client capacity). */
  scale?: number;
  utcOffsetHours?: number;
  /** Simulated ms between two population steps. */
  stepMs?: number;
}

export class SitePopulation {
  readonly clients: SimClient[] = [];
  private readonly byDevice = new Map<number, Set<SimClient>>();
  private readonly wifiDevices: number[] = [];
  private readonly profile: 'office' | 'home';
  private last = Number.NEGATIVE_INFINITY;
  roams = 0;
  joins = 0;
  leaves = 0;

  constructor(
    devices: readonly PlannedDevice[],
    all: readonly PlannedDevice[],
    private readonly rng: Rng,
    private readonly options: PopulationOptions = {},
  ) {
    const first = devices[0];
    const siteKind = first?.siteKind ?? 'office';
    const site = first?.site ?? 0;
    this.profile = siteKind === 'home' ? 'home' : 'office';
    const ssids = siteSsids(siteKind, site, rng);
    const scale = options.scale ?? 1;
    for (const d of devices) {
      if (d.model.maxClients === 0 || d.kind === 'nvr' || d.kind === 'ipc') continue;
      this.byDevice.set(d.index, new Set());
      if (servesWifi(d)) {
        this.wifiDevices.push(d.index);
        const n = Math.max(2, Math.round(d.model.maxClients * rng.range(0.06, 0.16) * scale));
        for (let i = 0; i < n; i++) this.create(d, true, site, siteKind, ssids);
      }
      const ports = clientPorts(d, all);
      const wired = Math.round(ports.length * rng.range(0.2, 0.5) * Math.min(1, scale));
      for (let i = 0; i < wired; i++) this.create(d, false, site, siteKind, ssids, ports[i]);
    }
  }

  private create(
    d: PlannedDevice,
    wireless: boolean,
    site: number,
    kind: PlannedDevice['siteKind'],
    ssids: Ssid[],
    port?: number,
  ) {
    const rng = this.rng;
    const type = clientTypeFor(kind, wireless, rng);
    const id = clientIdentity(type, rng);
    const k = this.clients.length;
    const c: SimClient = {
      mac: clientMac(id.oui, `${d.sn}:${k}:${rng.hex(6)}`),
      name: id.name,
      type,
      wireless,
      ip: `172.${16 + ((site >> 8) & 15)}.${site & 255}.${10 + (k % 240)}`,
      home: d.index,
      at: null,
      affinity: ALWAYS_ON.includes(type) ? -1 : rng.next(),
      since: 0,
      bannedUntil: 0,
      txBytes: 0,
      rxBytes: 0,
      txRate: 0,
      rxRate: 0,
    };
    if (port !== undefined) c.port = port;
    if (wireless) {
      const weights = Object.fromEntries(ssids.map((s, i) => [String(i), s.weight]));
      c.ssid = ssids[Number(rng.weighted(weights))];
    }
    this.clients.push(c);
  }

  /** Clients connected through a device now. */
  at(index: number): ReadonlySet<SimClient> {
    return this.byDevice.get(index) ?? EMPTY;
  }

  /** Whether the device serves clients at all. */
  serves(index: number): boolean {
    return this.byDevice.has(index);
  }

  /** The site's activity level now (0–1). */
  activity(simNow: number): number {
    const hour = (((simNow / 3_600_000 + (this.options.utcOffsetHours ?? 0)) % 24) + 24) % 24;
    return activityAt(hour, this.profile);
  }

  /**
   * One step of the population (at most one per `stepMs` of simulated time): joins and leaves by
   * the day/night pattern, signal drift and roaming, traffic. Returns the devices whose table changed.
   */
  advance(simNow: number, online: (index: number) => boolean, force = false): Set<number> {
    const changed = new Set<number>();
    const step = this.options.stepMs ?? 15_000;
    if (!force && simNow - this.last < step) return changed;
    const dt = Math.min(
      600,
      Math.max(0, (simNow - (Number.isFinite(this.last) ? this.last : simNow)) / 1000),
    );
    this.last = simNow;
    const act = this.activity(simNow);
    const rng = this.rng;
    for (const c of this.clients) {
      if (c.at !== null && !online(c.at)) this.detach(c, changed);
      const wanting = simNow >= c.bannedUntil && (c.affinity < 0 ? rng.chance(0.995) : c.affinity < act);
      if (c.at === null) {
        if (wanting && rng.chance(0.6)) this.attach(c, simNow, online, changed);
        continue;
      }
      if (!wanting && rng.chance(0.5)) {
        this.detach(c, changed);
        this.leaves++;
        continue;
      }
      if (c.wireless && c.rssi !== undefined) {
        c.rssi = Math.max(-90, Math.min(-32, Math.round(c.rssi + rng.gauss() * 4)));
        if (c.rssi < -72 && rng.chance(0.6)) this.roam(c, online, changed);
      }
      this.traffic(c, act, dt);
    }
    return changed;
  }

  /** Force a client off a device now (the `kickClient` command); it stays away for a while. */
  kick(index: number, mac: string, simNow: number): boolean {
    const set = this.byDevice.get(index);
    const want = mac.toUpperCase();
    for (const c of set ?? []) {
      if (c.mac !== want) continue;
      this.detach(c, new Set());
      c.bannedUntil = simNow + this.rng.range(5, 20) * 60_000;
      this.leaves++;
      return true;
    }
    return false;
  }

  /** A device went down: every client on it leaves at once. */
  dropAll(index: number): void {
    for (const c of [...this.at(index)]) this.detach(c, new Set());
  }

  private attach(c: SimClient, simNow: number, online: (i: number) => boolean, changed: Set<number>) {
    let target: number | undefined;
    if (online(c.home)) target = c.home;
    else if (c.wireless) {
      const up = this.wifiDevices.filter(online);
      if (up.length > 0) target = this.rng.pick(up);
    }
    if (target === undefined) return;
    c.at = target;
    c.since = simNow;
    c.txBytes = 0;
    c.rxBytes = 0;
    if (c.wireless) {
      c.rssi = Math.max(-88, Math.min(-35, Math.round(-60 + this.rng.gauss() * 7)));
      this.pickBand(c);
    }
    this.byDevice.get(target)?.add(c);
    changed.add(target);
    this.joins++;
  }

  private detach(c: SimClient, changed: Set<number>) {
    if (c.at === null) return;
    this.byDevice.get(c.at)?.delete(c);
    changed.add(c.at);
    c.at = null;
    c.txRate = 0;
    c.rxRate = 0;
  }

  private roam(c: SimClient, online: (i: number) => boolean, changed: Set<number>) {
    const others = this.wifiDevices.filter((i) => i !== c.at && online(i));
    if (others.length === 0 || c.at === null) return;
    const to = this.rng.pick(others);
    this.byDevice.get(c.at)?.delete(c);
    changed.add(c.at);
    c.at = to;
    c.rssi = Math.round(this.rng.range(-66, -45));
    this.pickBand(c);
    this.byDevice.get(to)?.add(c);
    changed.add(to);
    this.roams++;
  }

  private bandsOf: (index: number) => readonly ('2.4G' | '5G' | '6G')[] = () => ['2.4G', '5G'];
  /** Tells the population which bands each device's radios have. */
  setBands(fn: (index: number) => readonly ('2.4G' | '5G' | '6G')[]): void {
    this.bandsOf = fn;
  }

  private pickBand(c: SimClient) {
    const bands = c.at === null ? [] : this.bandsOf(c.at);
    const modern = c.type === 'phone' || c.type === 'computer' || c.type === 'tablet';
    const w = { '2.4G': c.type === 'iot' ? 10 : 1, '5G': c.type === 'iot' ? 0 : 2.5, '6G': modern ? 0.8 : 0 };
    const avail = Object.fromEntries(bands.map((b) => [b, w[b]])) as Record<string, number>;
    const total = Object.values(avail).reduce((s, x) => s + x, 0);
    c.band = total > 0 ? (this.rng.weighted(avail) as SimClient['band']) : bands[0];
  }

  private traffic(c: SimClient, act: number, dt: number) {
    const rng = this.rng;
    const burst = rng.chance(0.05) ? rng.range(4, 12) : 1;
    const noise = Math.exp(rng.gauss() * 0.5);
    const down = BASE_RATE[c.type] * noise * burst * (0.3 + 0.7 * act);
    const up = down * (c.type === 'camera' ? 0.05 : rng.range(0.08, 0.3));
    // A camera uploads its stream: from the client's point of view tx is the big direction.
    c.rxRate = Math.round(c.type === 'camera' ? up : down);
    c.txRate = Math.round(c.type === 'camera' ? down : up);
    c.rxBytes += Math.round(c.rxRate * dt);
    c.txBytes += Math.round(c.txRate * dt);
  }
}

const EMPTY: ReadonlySet<SimClient> = new Set();
