import { randomBytes } from 'node:crypto';
import type { ModelKind } from '@netloom/domain';
import {
  createFleet,
  DEV_PROVISIONING_KEY,
  type Fleet,
  type FleetOptions,
  planFleet,
  type SimClient,
} from '@netloom/sim';
import { test as base } from './fixtures';
import { mqttUrl } from './mqtt';

/**
 * Simulated devices for the device tests: `@netloom/sim` fleets in the Playwright worker, connected
 * to the console's embedded broker exactly as firmware would (MQTT over TCP, SN + derived secret).
 */

/**
 * `count` serial numbers nobody has used before (16–32 letters or digits): a per-call random tag, so
 * reruns against the same console never collide with devices an earlier run claimed.
 */
export function serialNumbers(count: number, tag = 'E2E'): string[] {
  const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`.toUpperCase();
  return Array.from({ length: count }, (_, i) => `${tag}${run}${String(i).padStart(4, '0')}`);
}

/** The fleet seed of these tests: fixes which kind of device each serial number becomes. */
const SEED = 3;

const NAME_OF_KIND: Record<ModelKind, string> = {
  v7: 'Gateway',
  router: 'Router',
  wrouter: 'WiFi-Router',
  mesh: 'Mesh',
  ap: 'AP',
  switch: 'Switch',
  cpe: 'Bridge',
  nvr: 'NVR',
  ipc: 'Camera',
};

/**
 * Device names a person would give the devices these serial numbers become in the simulated network
 * ("Gateway-1", "Switch-2", "AP-07"…), so screenshots read like a real project. Pass the `seed` the
 * fleet is started with when it is not this file's default.
 */
export function plannedNames(sns: readonly string[], seed = SEED): string[] {
  const seen = new Map<ModelKind, number>();
  return planFleet({ seed, sns }).devices.map((d) => {
    const n = (seen.get(d.kind) ?? 0) + 1;
    seen.set(d.kind, n);
    return `${NAME_OF_KIND[d.kind]}-${String(n).padStart(2, '0')}`;
  });
}

/** Hours to add to UTC so that the simulated office is at `hour` o'clock right now. */
function offsetForLocalHour(hour: number): number {
  const utcHour = (Date.now() / 3_600_000) % 24;
  return hour - utcHour;
}

export type SimOptions = Partial<Omit<FleetOptions, 'url' | 'provisioningKey' | 'sns'>>;

/**
 * Starts devices with these serial numbers (one office network, gateway first — see
 * packages/sim/README.md). Defaults chosen for a browser test: real time (a kicked client stays
 * away for minutes, not seconds), a telemetry round every 2 s so charts fill at once, no churn or
 * random events, mid-morning office hours so the client population is busy, fast ramp and retries.
 */
export function startFleet(sns: readonly string[], options: SimOptions = {}): Fleet {
  const fleet = createFleet({
    url: mqttUrl(),
    // The console under test runs without PROVISIONING_KEY: both sides use the development key.
    provisioningKey: process.env.PROVISIONING_KEY ?? DEV_PROVISIONING_KEY,
    sns,
    seed: SEED,
    timeFactor: 1,
    telemetryIntervalMs: 2_000,
    minRealIntervalMs: 1_000,
    churnPerHour: 0,
    eventsPerHour: 0,
    utcOffsetHours: offsetForLocalHour(10.5),
    rampMs: 500,
    backoff: { firstMinMs: 200, firstMaxMs: 1_000, capMs: 2_000, authMinMs: 1_000 },
    validate: true,
    ...options,
  });
  fleet.start();
  return fleet;
}

/** The simulated client with this MAC, wherever it is (case-insensitive). */
export function simClient(fleet: Fleet, mac: string): SimClient | undefined {
  const wanted = mac.toUpperCase();
  for (let site = 0; site < fleet.plan.sites; site++) {
    const found = fleet.population(site)?.clients.find((c) => c.mac.toUpperCase() === wanted);
    if (found) return found;
  }
  return undefined;
}

/** The MACs of clients connected through any device of the fleet right now. */
export function connectedClientMacs(fleet: Fleet): string[] {
  const out: string[] = [];
  for (let site = 0; site < fleet.plan.sites; site++) {
    for (const c of fleet.population(site)?.clients ?? []) if (c.at !== null) out.push(c.mac);
  }
  return out;
}

interface SimFixtures {
  /** Starts a fleet for the test; every fleet started this way is stopped when the test ends. */
  sim: { start(sns: readonly string[], options?: SimOptions): Fleet };
}

export const test = base.extend<SimFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  sim: async ({}, use) => {
    const fleets: Fleet[] = [];
    await use({
      start(sns, options) {
        const fleet = startFleet(sns, options);
        fleets.push(fleet);
        return fleet;
      },
    });
    // Stopping publishes each device's offline state and disconnects cleanly.
    await Promise.all(fleets.map((f) => f.stop()));
  },
});

export { expect } from './fixtures';
