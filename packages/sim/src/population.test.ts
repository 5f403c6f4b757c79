import { describe, expect, it } from 'vitest';
import { activityAt } from './clock';
import { planFleet } from './plan/plan';
import { SitePopulation } from './population';
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
});
