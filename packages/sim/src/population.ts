/**
 * The people and things on one site's network. Each client has a fixed identity (MAC, host name,
 * type, preferred kind of network) and a "home" device; whether it is connected follows the site's
 * day/night activity (by the simulated clock), traffic has bursts. Devices ask the population for
 * their client table; a kicked client stays away for a while, then may come back.
 *
 * Wireless clients stand somewhere on the floor plan near their home AP (and now and then walk
 * elsewhere); their signal is the radio model's (wifi/propagation.ts) plus a slow fade. They join
 * only networks an AP broadcasts now (the factory SSIDs until the AP got a `wireless` document; then
 * its SSIDs, minus hidden ones, ones shut down by their schedule and full ones), a guest-like
 * client preferring a guest network and the others the rest; an AP whose `roaming` floor the
 * client's signal is under refuses it, and disconnects an associated client that falls under it
 * (or under a stricter floor it is given). A client whose network disappears leaves and joins another.
 * An AP refuses a client its `blacklist` lists and disconnects it when it is listed while connected.
 * With roaming on, a client under its band's threshold moves to an AP it hears `roamThreshold` dB
 * stronger; otherwise clients roam on their own, late (under −75 dBm, to an AP 8 dB stronger).
 */
import { isSecurityAllowedOnBand, type RadioBand } from '@netloom/domain';
import type { ClientType } from '@netloom/protocol';
import { activityAt } from './clock';
import { clientIdentity, clientTypeFor, type Ssid, siteSsids } from './names';
import { clientMac } from './plan/identity';
import { uplinkPort } from './plan/site';
import type { PlannedDevice } from './plan/types';
import { hash32, type Rng } from './rng';
import { type Point, receivedDbm } from './wifi/propagation';

/** One network a radio broadcasts now (a rendered SSID of the AP's `wireless` document). */
export interface WifiOffer {
  key: string;
  ssid: string;
  band: RadioBand;
  auth: Ssid['auth'];
  vlan: number | null;
  guest: boolean;
  hidden: boolean;
  maxClients: number;
}

/** The AP's association floor and roaming nudges (its document's `roaming` section). */
export interface RoamingPolicy {
  accessThreshold: number;
  enabled: boolean;
  signalThreshold24: number;
  signalThreshold5: number;
  roamThreshold: number;
}

/** What the population needs to know of the site's radios, answered by the devices. */
export interface WifiView {
  /** Bands device `index` serves clients on now. */
  bands(index: number): readonly RadioBand[];
  /** Networks it broadcasts on `band` now; null while on factory settings (the site's own SSIDs). */
  offers(index: number, band: RadioBand, simNow: number): readonly WifiOffer[] | null;
  /** Signal of its `band` radio at a point, dBm (`id` names the receiver for shadowing). */
  signal(index: number, band: RadioBand, id: string, at: Point): number;
  roaming(index: number): RoamingPolicy | null;
  /** Whether device `index` refuses this client (its document's `blacklist`). */
  blocked(index: number, mac: string): boolean;
}

/** Clients stand or sit about 2 m under the ceiling radios. */
const CLIENT_Z = -2;
/** Until an AP is configured no floor applies. */
const NO_FLOOR = -95;
/** Roaming of clients left to themselves: late and only for a clearly better AP. */
const CLIENT_ROAM = { threshold: -75, margin: 8 };

export interface SimClient {
  mac: string;
  name: string;
  type: ClientType;
  wireless: boolean;
  ip: string;
  /** Preferred device (plan index): its AP, or the device whose port it is cabled to. */
  home: number;
  port?: number;
  /** The factory network it uses (and the kind of network it prefers: guest, staff, IoT…). */
  preferred?: Ssid;
  /** The network it is on now (wireless, while connected). */
  ssid?: Ssid;
  /** The key of that network's SSID on the AP ('' = a factory SSID). */
  netKey?: string;
  /** Where it stands (wireless), and its slow fade in dB. */
  pos?: Point;
  fade?: number;
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

/** The view of a site nobody configured: factory SSIDs, radios at full power, no roaming policy. */
function planView(all: readonly PlannedDevice[]): WifiView {
  return {
    bands: (i) => all[i]?.model.radios.map((r) => r.band) ?? [],
    offers: () => null,
    signal(i, band, id, at) {
      const d = all[i];
      const radio = d?.model.radios.find((r) => r.band === band);
      if (!d || !radio) return -120;
      return receivedDbm(
        radio.maxTxPowerDbm - 1,
        { id: d.sn, pos: d.pos },
        { id, pos: at },
        band,
        d.siteKind,
      );
    },
    roaming: () => null,
    blocked: () => false,
  };
}

interface Choice {
  index: number;
  band: RadioBand;
  net: Ssid;
  key: string;
  rssi: number;
}

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
  private view: WifiView;
  /** The site's factory SSIDs (what its APs broadcast before any `wireless` document). */
  readonly factorySsids: readonly Ssid[];
  /** Association attempts no AP accepted (signal under every floor, networks full or unwanted). */
  refusals = 0;
  roams = 0;
  /** Clients an AP disconnected because their signal fell under its access threshold. */
  floorKicks = 0;
  /** Clients an AP disconnected because they were put on its blacklist. */
  blockKicks = 0;
  joins = 0;
  leaves = 0;

  constructor(
    devices: readonly PlannedDevice[],
    private readonly all: readonly PlannedDevice[],
    private readonly rng: Rng,
    private readonly options: PopulationOptions = {},
  ) {
    const first = devices[0];
    const siteKind = first?.siteKind ?? 'office';
    const site = first?.site ?? 0;
    this.profile = siteKind === 'home' ? 'home' : 'office';
    const ssids = siteSsids(siteKind, site, rng);
    this.factorySsids = ssids;
    this.view = planView(all);
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
      c.preferred = ssids[Number(rng.weighted(weights))];
      // Somewhere in the room around its AP.
      const r = rng.range(2, 9);
      const a = rng.range(0, 2 * Math.PI);
      c.pos = { x: d.pos.x + r * Math.cos(a), y: d.pos.y + r * Math.sin(a), z: CLIENT_Z };
      c.fade = 0;
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

  /** What the population knows of the site's radios now. */
  viewOf(): WifiView {
    return this.view;
  }

  /** Tells the population what the site's radios broadcast and how strong they are. */
  setView(view: WifiView): void {
    this.view = view;
  }

  /** Overrides the bands each device serves (tests of the population alone). */
  setBands(fn: (index: number) => readonly RadioBand[]): void {
    this.view = { ...this.view, bands: fn };
  }

  /**
   * One step of the population (at most one per `stepMs` of simulated time): joins and leaves by
   * the day/night pattern, movement, fading and roaming, traffic. Returns the devices whose table
   * changed.
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
      if (c.wireless) {
        if (!this.stillOffered(c, simNow)) {
          // Its network is gone (reconfigured, shut down by schedule): it joins another one.
          this.detach(c, changed);
          this.attach(c, simNow, online, changed);
          continue;
        }
        this.move(c);
        this.measure(c);
        this.maybeRoam(c, simNow, online, changed);
        if (this.underFloor(c)) {
          // Its AP's access threshold: too weak to stay, it is disconnected and looks again.
          this.detach(c, changed);
          this.floorKicks++;
          this.attach(c, simNow, online, changed);
          continue;
        }
      }
      this.traffic(c, act, dt);
    }
    return changed;
  }

  /**
   * Device `index` changed what it broadcasts (a configuration was applied): its clients whose
   * network is gone leave and join another at once. Returns the devices whose table changed.
   */
  reassociate(index: number, simNow: number, online: (index: number) => boolean): Set<number> {
    const changed = new Set<number>();
    for (const c of [...this.at(index)]) {
      if (!c.wireless) continue;
      if (this.view.blocked(index, c.mac)) {
        // Blocked now: disconnected at once; it tries the other APs, which refuse it too.
        this.detach(c, changed);
        this.blockKicks++;
        this.attach(c, simNow, online, changed);
        continue;
      }
      if (this.stillOffered(c, simNow)) {
        this.measure(c);
        if (!this.underFloor(c)) continue;
        // A stricter access threshold in the new settings: too weak to stay.
        this.floorKicks++;
      }
      this.detach(c, changed);
      this.attach(c, simNow, online, changed);
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

  /**
   * A person carries wireless client `mac` to device `index` (a couple of metres from it): the
   * client roams there at once if that AP takes it (its networks, floor and blacklist as always).
   * Returns the devices whose table changed (none when it did not move).
   */
  walkTo(mac: string, index: number, simNow: number, online: (index: number) => boolean): Set<number> {
    const changed = new Set<number>();
    const want = mac.toUpperCase();
    const c = this.clients.find((x) => x.mac === want);
    const to = this.all[index];
    if (!c?.wireless || c.at === null || c.at === index || !to || !online(index)) return changed;
    c.pos = { x: to.pos.x + 2, y: to.pos.y, z: CLIENT_Z };
    const choice = this.choose(c, index, simNow);
    if (!choice) return changed;
    this.byDevice.get(c.at)?.delete(c);
    changed.add(c.at);
    c.at = index;
    this.byDevice.get(index)?.add(c);
    changed.add(index);
    this.associate(c, choice);
    this.roams++;
    return changed;
  }

  /** A device went down: every client on it leaves at once. */
  dropAll(index: number): void {
    for (const c of [...this.at(index)]) this.detach(c, new Set());
  }

  private attach(c: SimClient, simNow: number, online: (i: number) => boolean, changed: Set<number>) {
    if (!c.wireless) {
      if (!online(c.home)) return;
      this.place(c, c.home, simNow, changed);
      return;
    }
    // Its home AP first, then whatever it hears best.
    const choice = online(c.home) ? this.choose(c, c.home, simNow) : null;
    const best = choice ?? this.strongest(c, simNow, online, c.home);
    if (!best) {
      // Every AP refused it (too weak for their floor, networks full or none it wants): it retries
      // in a minute or three.
      this.refusals++;
      c.bannedUntil = simNow + this.rng.range(60_000, 180_000);
      return;
    }
    this.place(c, best.index, simNow, changed);
    this.associate(c, best);
  }

  private place(c: SimClient, index: number, simNow: number, changed: Set<number>) {
    c.at = index;
    c.since = simNow;
    c.txBytes = 0;
    c.rxBytes = 0;
    this.byDevice.get(index)?.add(c);
    changed.add(index);
    this.joins++;
  }

  private associate(c: SimClient, choice: Choice) {
    c.band = choice.band;
    c.ssid = choice.net;
    c.netKey = choice.key;
    c.rssi = clampRssi(choice.rssi);
  }

  private detach(c: SimClient, changed: Set<number>) {
    if (c.at === null) return;
    this.byDevice.get(c.at)?.delete(c);
    changed.add(c.at);
    c.at = null;
    c.txRate = 0;
    c.rxRate = 0;
  }

  /** The best AP other than `except` that takes the client, by signal. */
  private strongest(
    c: SimClient,
    simNow: number,
    online: (i: number) => boolean,
    except: number | null,
  ): Choice | null {
    let best: Choice | null = null;
    for (const i of this.wifiDevices) {
      if (i === except || !online(i)) continue;
      const ch = this.choose(c, i, simNow);
      if (ch && (!best || ch.rssi > best.rssi)) best = ch;
    }
    return best;
  }

  /**
   * The network and band the client would join on device `index` now, with its signal there, or
   * null when that AP broadcasts nothing it wants, is full, or hears it under its floor.
   */
  private choose(c: SimClient, index: number, simNow: number): Choice | null {
    const pref = c.preferred;
    if (!pref || !c.pos) return null;
    // A blocked client is refused association whatever it would join (docs/protocol.md §7.1).
    if (this.view.blocked(index, c.mac)) return null;
    const options: { band: RadioBand; net: Ssid; key: string; score: number }[] = [];
    for (const band of this.view.bands(index)) {
      const offers = this.view.offers(index, band, simNow);
      if (offers === null) {
        // Factory networks: on 6 GHz only those Wi-Fi 6E allows (the radio beacons no others there).
        if (isSecurityAllowedOnBand(pref.auth, band)) options.push({ band, net: pref, key: '', score: 0 });
        continue;
      }
      for (const o of offers) {
        if (o.hidden || this.countOn(index, o.key, band) >= o.maxClients) continue;
        options.push({ band, net: netOf(o), key: o.key, score: this.liking(c, o) });
      }
    }
    if (options.length === 0) return null;
    const top = Math.max(...options.map((o) => o.score));
    const names = [...new Set(options.filter((o) => o.score === top).map((o) => o.net.ssid))].sort();
    const name = names[hash32(c.mac) % names.length];
    const bands = options.filter((o) => o.score === top && o.net.ssid === name);
    const floor = this.view.roaming(index)?.accessThreshold ?? NO_FLOOR;
    let pick: Choice | null = null;
    for (const o of bands.sort((a, b) => bandRank(c, b.band) - bandRank(c, a.band))) {
      const rssi = this.view.signal(index, o.band, c.mac, c.pos) + (c.fade ?? 0);
      // The preferred band if the AP takes it there, else the next band that passes its floor.
      if (rssi >= floor) {
        pick = { index, band: o.band, net: o.net, key: o.key, rssi };
        break;
      }
    }
    return pick;
  }

  /** How much the client wants a network: its kind (guest or not, staff, IoT…), then its name. */
  private liking(c: SimClient, o: WifiOffer): number {
    const pref = c.preferred;
    if (!pref) return 0;
    const wantsGuest = isGuestName(pref.ssid);
    let score = o.guest === wantsGuest ? 10 : 0;
    const role = roleOf(pref.ssid);
    if (role && o.ssid.toLowerCase().includes(role)) score += 4;
    if (c.ssid?.ssid === o.ssid) score += 2;
    return score;
  }

  private countOn(index: number, key: string, band: RadioBand): number {
    let n = 0;
    for (const x of this.at(index)) if (x.netKey === key && x.band === band) n++;
    return n;
  }

  /** Whether the client's signal is under its AP's access threshold (the AP disconnects it). */
  private underFloor(c: SimClient): boolean {
    if (c.at === null || c.rssi === undefined) return false;
    return c.rssi < (this.view.roaming(c.at)?.accessThreshold ?? NO_FLOOR);
  }

  /** Whether the client's AP still broadcasts its network on its band. */
  private stillOffered(c: SimClient, simNow: number): boolean {
    if (c.at === null || !c.band) return false;
    if (!this.view.bands(c.at).includes(c.band)) return false;
    const offers = this.view.offers(c.at, c.band, simNow);
    if (offers === null) return c.netKey === '';
    return offers.some((o) => o.key === c.netKey && o.ssid === c.ssid?.ssid && o.auth === c.ssid?.auth);
  }

  /** People move: now and then a client walks somewhere near another AP of the site. */
  private move(c: SimClient) {
    const rng = this.rng;
    c.fade = Math.max(-14, Math.min(6, 0.85 * (c.fade ?? 0) + rng.gauss() * 2.5));
    if (c.type === 'iot' || c.type === 'printer' || c.type === 'tv' || !rng.chance(0.004)) return;
    const to = this.all[rng.chance(0.5) ? c.home : rng.pick(this.wifiDevices)];
    if (!to) return;
    const r = rng.range(2, 10);
    const a = rng.range(0, 2 * Math.PI);
    c.pos = { x: to.pos.x + r * Math.cos(a), y: to.pos.y + r * Math.sin(a), z: CLIENT_Z };
  }

  private measure(c: SimClient) {
    if (c.at === null || !c.band || !c.pos) return;
    c.rssi = clampRssi(this.view.signal(c.at, c.band, c.mac, c.pos) + (c.fade ?? 0));
  }

  /**
   * Roaming: with the AP's roaming on, a client under its band's threshold moves to the AP it hears
   * at least `roamThreshold` dB stronger; left to itself it roams late (and not every time).
   */
  private maybeRoam(c: SimClient, simNow: number, online: (i: number) => boolean, changed: Set<number>) {
    if (c.at === null || c.rssi === undefined) return;
    const policy = this.view.roaming(c.at);
    const on = policy?.enabled === true;
    const threshold = on
      ? c.band === '2.4G'
        ? policy.signalThreshold24
        : policy.signalThreshold5
      : CLIENT_ROAM.threshold;
    if (c.rssi >= threshold) return;
    if (!on && !this.rng.chance(0.6)) return;
    const margin = on ? policy.roamThreshold : CLIENT_ROAM.margin;
    const best = this.strongest(c, simNow, online, c.at);
    if (!best || best.rssi < (c.rssi ?? -120) + margin) return;
    this.byDevice.get(c.at)?.delete(c);
    changed.add(c.at);
    c.at = best.index;
    this.byDevice.get(best.index)?.add(c);
    changed.add(best.index);
    this.associate(c, best);
    this.roams++;
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

function clampRssi(x: number): number {
  return Math.max(-95, Math.min(-32, Math.round(x)));
}

function isGuestName(ssid: string): boolean {
  return /guest|visitor|public/i.test(ssid);
}

/** The kind of network a factory SSID name suggests (`…-Staff`, `…-IoT`), matched in new names. */
function roleOf(ssid: string): string | null {
  const m = /(staff|iot|corp|office|home)/i.exec(ssid);
  return m?.[1] ? m[1].toLowerCase() : null;
}

function netOf(o: WifiOffer): Ssid {
  return { ssid: o.ssid, auth: o.auth, ...(o.vlan !== null ? { vlan: o.vlan } : {}), weight: 0 };
}

/** The client's band preference: IoT stays on 2.4 GHz, modern clients like 6/5 GHz. */
function bandRank(c: SimClient, band: RadioBand): number {
  if (c.type === 'iot' || c.type === 'printer') return band === '2.4G' ? 2 : 0;
  const modern = c.type === 'phone' || c.type === 'computer' || c.type === 'tablet';
  const h = hash32(c.mac) % 10;
  if (band === '6G') return modern && h < 3 ? 3 : -1;
  if (band === '5G') return h < 8 ? 2 : 1;
  return h < 8 ? 1 : 2;
}
