/**
 * What the experience feature asks of the embedded simulator: `main.ts` (the one module that knows
 * `@netloom/sim`) hands it to `buildApp`, exactly as it hands the live demo its fleet plan; the app
 * itself knows no simulator. Without one, experience projects are off (530).
 */

/** A planned simulated device, as the experience reads it (the sim's `PlannedDevice` fits). */
export interface SimulatedUnit {
  sn: string;
  model: { model: string };
}

/** One running fleet: its devices connected to the broker like real devices. */
export interface RunningFleet {
  /** Disconnects every device of the fleet. */
  stop(): Promise<void>;
}

export interface FleetStart {
  /** Where devices connect (the demo's `fleetUrl`). */
  url: string;
  provisioningKey: string;
  seed: number;
  devices: number;
  telemetryIntervalMs: number;
  /** Spread the first connections over this many ms. */
  rampMs: number;
}

export interface ExperienceSimulator {
  /** The devices a fleet of this seed and size simulates (deterministic: the same SNs every start). */
  plan(seed: number, devices: number): readonly SimulatedUnit[];
  /** Starts exactly the planned devices of `plan(seed, devices)`. */
  start(options: FleetStart): RunningFleet;
}
