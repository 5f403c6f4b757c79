import type { Logger } from 'pino';
import type { ExperienceSimulator, RunningFleet } from './simulator';

interface Running {
  fleet: RunningFleet;
  devices: number;
}

export interface FleetPlanOf {
  projectId: number;
  seed: number;
  devices: number;
}

/** Where fleets connect and what they are started with (from the live demo's public interface). */
export interface FleetSettings {
  url(): string | null;
  provisioningKey: string;
  telemetryIntervalMs: number;
  rampMs: number;
}

/**
 * The running fleets of experience projects on this node, within the server-wide bound of
 * simulated devices (`EXPERIENCE_MAX_DEVICES`). Each fleet is the simulator's, started and stopped
 * through its interface; the devices connect to the broker like real ones.
 */
export class ExperienceFleets {
  private readonly running = new Map<number, Running>();

  constructor(
    private readonly simulator: ExperienceSimulator | undefined,
    private readonly settings: FleetSettings,
    private readonly maxDevices: number,
    private readonly logger: Logger,
  ) {}

  get available(): boolean {
    return this.simulator !== undefined && this.maxDevices > 0;
  }

  /** Simulated experience devices running (or reserved) now. */
  total(): number {
    let n = 0;
    for (const r of this.running.values()) n += r.devices;
    return n;
  }

  /** Whether `devices` more fit under the bound. */
  fits(devices: number): boolean {
    return this.available && this.total() + devices <= this.maxDevices;
  }

  isRunning(projectId: number): boolean {
    return this.running.has(projectId);
  }

  runningIds(): number[] {
    return [...this.running.keys()];
  }

  /** Starts the fleet unless it runs, the server is not listening yet, or it would exceed the bound. */
  start(p: FleetPlanOf): boolean {
    if (this.running.has(p.projectId)) return true;
    const url = this.settings.url();
    if (!this.simulator || url === null || !this.fits(p.devices)) return false;
    const fleet = this.simulator.start({
      url,
      provisioningKey: this.settings.provisioningKey,
      seed: p.seed,
      devices: p.devices,
      telemetryIntervalMs: this.settings.telemetryIntervalMs,
      rampMs: this.settings.rampMs,
    });
    this.running.set(p.projectId, { fleet, devices: p.devices });
    this.logger.info({ projectId: p.projectId, devices: p.devices }, 'experience fleet started');
    return true;
  }

  async stop(projectId: number): Promise<void> {
    const r = this.running.get(projectId);
    if (!r) return;
    this.running.delete(projectId);
    await r.fleet.stop();
    this.logger.info({ projectId }, 'experience fleet stopped');
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.runningIds().map((id) => this.stop(id)));
  }
}
