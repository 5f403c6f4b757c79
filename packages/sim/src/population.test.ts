import type { RadioBand } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { activityAt } from './clock';
import { planFleet } from './plan/plan';
import type { PlannedDevice } from './plan/types';
import { type RoamingPolicy, SitePopulation, type WifiOffer } from './population';
import { Rng } from './rng';

const DAY = Date.UTC(2026, 5, 10); // a Wednesday, 00:00 UTC
const hours = (h: number) => DAY + h * 3_600_000;

function officeSite(seed = 4) {
  const plan = planFleet({ seed, devices: 40, mix: 'office' });
  const site = plan.devices.filter((d) => d.site === 0);
  const pop = new SitePopulation(site, plan.devices, new Rng(`pop:${seed}`), {
    utcOffsetHours: 0,
    stepMs: 15_000,
  });
  pop.setBands((i) => plan.devices[i]?.model.radios.map((r) => r.band) ?? []);
  return { plan, site, pop };
}

/** Runs the population for `minutes` simulated minutes from `start` and returns the connected count. */
function runFrom(
  pop: SitePopulation,
  start: number,
  minutes: number,
  online: (i: number) => boolean = () => true,
) {
  for (let t = 0; t <= minutes * 60_000; t += 15_000) pop.advance(start + t, online);
  return pop.clients.filter((c) => c.at !== null).length;
}

describe('client population', () => {
  it('follows the day/night pattern: busy at noon, quiet at 3 a.m.', () => {
    expect(activityAt(12.0)).toBeGreaterThan(0.8);
    expect(activityAt(3)).toBeLessThan(0.1);
    expect(activityAt(21, 'home')).toBeGreaterThan(activityAt(3, 'home'));
    const noon = runFrom(officeSite().pop, hours(11), 60);
    const night = runFrom(officeSite().pop, hours(2), 60);
    expect(noon).toBeGreaterThan(10);
    expect(night).toBeLessThan(noon / 2);
    // Same seed, same start: the same population.
    expect(runFrom(officeSite().pop, hours(11), 60)).toBe(noon);
  });

  it('gives wireless clients an SSID, band of the AP, auth and signal; wired ones a port', () => {
    const { plan, pop } = officeSite();
    runFrom(pop, hours(10), 30);
    const connected = pop.clients.filter((c) => c.at !== null);
    expect(connected.some((c) => c.wireless) && connected.some((c) => !c.wireless)).toBe(true);
    for (const c of connected) {
      const device = plan.devices[c.at ?? -1];
      expect(c.mac).toMatch(/^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/);
      if (c.wireless) {
        expect(device?.model.radios.map((r) => r.band)).toContain(c.band);
        expect(c.rssi).toBeLessThanOrEqual(-32);
        expect(c.ssid?.ssid.length).toBeGreaterThan(0);
      } else expect(c.port).toBeGreaterThanOrEqual(1);
    }
    expect(new Set(connected.filter((c) => c.wireless).map((c) => c.ssid?.auth)).size).toBeGreaterThan(1);
  });

  it('roams wireless clients between the APs of a site as their signal drops', () => {
    const { site, pop } = officeSite();
    const aps = site.filter((d) => d.kind === 'ap');
    expect(aps.length).toBeGreaterThan(1);
    const where = new Map<string, Set<number>>();
    for (let t = 0; t < 4 * 3_600_000; t += 15_000) {
      pop.advance(hours(9) + t, () => true);
      for (const c of pop.clients)
        if (c.at !== null && c.wireless) where.set(c.mac, (where.get(c.mac) ?? new Set()).add(c.at));
    }
    expect(pop.roams).toBeGreaterThan(0);
    expect([...where.values()].some((s) => s.size > 1)).toBe(true);
  });

  it('roams a client carried over to another AP at once, and leaves one that cannot move where it was', () => {
    const { site, pop } = officeSite();
    runFrom(pop, hours(10), 20);
    const aps = site.filter((d) => d.kind === 'ap');
    const client = pop.clients.find((c) => c.wireless && c.at !== null);
    if (!client || client.at === null) throw new Error('no connected Wi-Fi client');
    const from = client.at;
    const to = aps.find((d) => d.index !== from);
    if (!to) throw new Error('no other AP');
    const before = pop.roams;
    const changed = pop.walkTo(client.mac.toLowerCase(), to.index, hours(10.4), () => true);
    expect([...changed].sort()).toEqual([from, to.index].sort());
    expect(client.at).toBe(to.index);
    expect(pop.at(to.index).has(client)).toBe(true);
    expect(pop.at(from).has(client)).toBe(false);
    expect(pop.roams).toBe(before + 1);
    // Standing next to it now: the signal is strong.
    expect(client.rssi).toBeGreaterThan(-60);
    // Already there, or the AP is down: nothing moves.
    expect(pop.walkTo(client.mac, to.index, hours(10.4), () => true).size).toBe(0);
    expect(pop.walkTo(client.mac, from, hours(10.4), (i) => i !== from).size).toBe(0);
    expect(client.at).toBe(to.index);
  });

  it('moves clients off an AP that goes down and keeps a kicked client away for a while', () => {
    const { site, pop } = officeSite();
    runFrom(pop, hours(10), 20);
    const ap = site.find((d) => d.kind === 'ap' && pop.at(d.index).size > 0);
    if (!ap) throw new Error('no AP with clients');
    const victim = [...pop.at(ap.index)][0];
    if (!victim) throw new Error('no client');
    expect(pop.kick(ap.index, victim.mac.toLowerCase(), hours(10.4))).toBe(true);
    expect([...pop.at(ap.index)].some((c) => c.mac === victim.mac)).toBe(false);
    for (let t = 0; t < 4 * 60_000; t += 15_000) pop.advance(hours(10.4) + t, () => true);
    expect(victim.at).toBeNull();
    pop.dropAll(ap.index);
    expect(pop.at(ap.index).size).toBe(0);
    pop.advance(hours(10.5), (i) => i !== ap.index);
    expect(pop.at(ap.index).size).toBe(0);
  });

  it('refuses clients under an AP floor and, with roaming on, moves a weak client to an AP stronger by the threshold', () => {
    const plan = planFleet({ seed: 6, devices: 33, mix: 'dense' });
    const make = (policy: () => RoamingPolicy | null) => {
      const pop = new SitePopulation(plan.devices, plan.devices, new Rng('roam:6'), {
        utcOffsetHours: 0,
        stepMs: 15_000,
      });
      pop.setView({ ...pop.viewOf(), roaming: () => policy() });
      return pop;
    };
    const base = { enabled: false, signalThreshold24: -75, signalThreshold5: -72, roamThreshold: 8 };
    const open = make(() => ({ ...base, accessThreshold: -90 }));
    const strict = make(() => ({ ...base, accessThreshold: -36 }));
    const wifi = (p: SitePopulation) => p.clients.filter((c) => c.wireless && c.at !== null);
    runFrom(open, hours(10), 20);
    runFrom(strict, hours(10), 20);
    expect(strict.refusals).toBeGreaterThan(0);
    expect(wifi(strict).length).toBeLessThan(wifi(open).length / 2);

    // Roaming: one always-on client carried next to the farthest AP from the one it is on.
    let policy: RoamingPolicy = {
      ...base,
      accessThreshold: -90,
      enabled: true,
      signalThreshold24: -95,
      signalThreshold5: -95,
    };
    const pop = make(() => policy);
    runFrom(pop, hours(10), 20);
    const c = pop.clients.find((x) => x.wireless && x.at !== null && x.affinity < 0);
    if (!c || c.at === null || !c.band) throw new Error('no always-on wireless client');
    const from = plan.devices[c.at];
    const aps = plan.devices.filter((d) => d.kind === 'ap');
    const dist = (d: PlannedDevice) => Math.hypot(d.pos.x - (from?.pos.x ?? 0), d.pos.y - (from?.pos.y ?? 0));
    const target = [...aps].sort((a, b) => dist(b) - dist(a))[0];
    if (!target) throw new Error('no AP');
    c.pos = { x: target.pos.x + 1, y: target.pos.y, z: -2 };
    c.fade = 0;
    const at = c.at;
    const roams = pop.roams;
    // Under the threshold only below −95 dBm: nobody roams, however weak.
    pop.advance(hours(10.5), () => true, true);
    expect(c.at).toBe(at);
    expect(pop.roams).toBe(roams);
    expect(c.rssi).toBeLessThan(-70);
    // Threshold −70 dB and 10 dB better: it moves to the AP it hears best.
    policy = { ...policy, signalThreshold24: -70, signalThreshold5: -70, roamThreshold: 10 };
    pop.advance(hours(10.51), () => true, true);
    expect(pop.roams).toBeGreaterThan(roams);
    expect(c.at).not.toBe(at);
    const view = pop.viewOf();
    const band = c.band;
    const best = aps
      .map((d) => ({ d, s: view.signal(d.index, band, c.mac, c.pos ?? { x: 0, y: 0 }) }))
      .sort((a, b) => b.s - a.s)[0];
    expect(c.at).toBe(best?.d.index);
    expect(c.rssi).toBeGreaterThan(-60);
  });

  it('disconnects associated clients that a stricter access threshold puts under the floor', () => {
    const plan = planFleet({ seed: 6, devices: 33, mix: 'dense' });
    let floor = -90;
    const base = { enabled: false, signalThreshold24: -75, signalThreshold5: -72, roamThreshold: 8 };
    const pop = new SitePopulation(plan.devices, plan.devices, new Rng('floor:6'), {
      utcOffsetHours: 0,
      stepMs: 15_000,
    });
    pop.setView({ ...pop.viewOf(), roaming: () => ({ ...base, accessThreshold: floor }) });
    runFrom(pop, hours(10), 20);
    const wifi = () => pop.clients.filter((c) => c.wireless && c.at !== null);
    const weak = wifi().filter((c) => (c.rssi ?? 0) < -50);
    expect(weak.length).toBeGreaterThan(0);
    // The APs apply −50 dBm: each reassociates its clients at once.
    floor = -50;
    const changed = new Set<number>();
    for (const d of plan.devices)
      for (const i of pop.reassociate(d.index, hours(10.4), () => true)) changed.add(i);
    expect(pop.floorKicks).toBeGreaterThan(0);
    expect(changed.size).toBeGreaterThan(0);
    expect(wifi().every((c) => (c.rssi ?? -120) >= -50)).toBe(true);
    // And as signals fade, every step keeps it so.
    runFrom(pop, hours(10.5), 10);
    expect(wifi().every((c) => (c.rssi ?? -120) >= -50)).toBe(true);
  });

  it('joins only broadcast networks: never a hidden one, never past maxClients, and leaves a network that goes', () => {
    const plan = planFleet({ seed: 6, devices: 33, mix: 'dense' });
    const pop = new SitePopulation(plan.devices, plan.devices, new Rng('offers:6'), {
      utcOffsetHours: 0,
      stepMs: 15_000,
    });
    const offer = (key: string, ssid: string, band: RadioBand, o: Partial<WifiOffer> = {}): WifiOffer => ({
      key,
      ssid,
      band,
      auth: 'WPA2-PSK',
      vlan: 10,
      guest: false,
      hidden: false,
      maxClients: 128,
      ...o,
    });
    let guestOn = true;
    pop.setView({
      ...pop.viewOf(),
      offers: (_i, band) => [
        offer('corp', 'Corp', band, { maxClients: 3 }),
        offer('secret', 'Secret', band, { hidden: true }),
        ...(guestOn ? [offer('guest', 'Guests', band, { auth: 'none', vlan: 20, guest: true })] : []),
      ],
    });
    runFrom(pop, hours(10), 20);
    const aps = plan.devices.filter((d) => d.kind === 'ap');
    for (const ap of aps) {
      const on = [...pop.at(ap.index)].filter((c) => c.wireless);
      for (const band of ['2.4G', '5G'] as const)
        expect(on.filter((c) => c.ssid?.ssid === 'Corp' && c.band === band).length).toBeLessThanOrEqual(3);
      expect(on.some((c) => c.ssid?.ssid === 'Secret')).toBe(false);
    }
    const wifi = pop.clients.filter((c) => c.wireless && c.at !== null);
    const guests = wifi.filter((c) => c.ssid?.ssid === 'Guests');
    expect(guests.length).toBeGreaterThan(0);
    expect(guests.every((c) => c.ssid?.vlan === 20 && c.ssid.auth === 'none')).toBe(true);
    // The guest network goes: its clients join what is left (Corp while it has room) or wait.
    guestOn = false;
    pop.advance(hours(10.5), () => true, true);
    expect(pop.clients.some((c) => c.at !== null && c.ssid?.ssid === 'Guests')).toBe(false);
  });
});
