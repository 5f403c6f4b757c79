/**
 * Records activations (issue 15 §2): the first time a claimed device is online in its project — the
 * devices feature's `onOnline` (back from offline, or claimed while connected) — once per serial
 * number, with its model and firmware (its `hello`) and its project's country (the projects
 * feature's `countriesOf`). Batched: a fleet reconnecting after an outage is one read of which
 * serials are activated already and one transaction for the new ones, not a statement per device.
 */
import { UNKNOWN_COUNTRY, UNKNOWN_VALUE, utcDayOf } from '@netloom/domain';
import type { Logger } from 'pino';
import type { DeviceOnline, Devices } from '../devices';
import type { Projects } from '../projects';
import type { ActivationStore, NewActivation } from './store';

export interface ActivationRecorderDeps {
  store: ActivationStore;
  devices: Pick<Devices, 'onOnline' | 'snapshotsOf'>;
  projects: Pick<Projects, 'countriesOf'>;
  logger: Logger;
}

/** How long online devices are collected before one write (not a rule: a second, as the system log). */
const FLUSH_MS = 1000;
/** Serials this node knows are activated, kept to skip the read on reconnects; forgotten past this many. */
const KNOWN_MAX = 100_000;

export class ActivationRecorder {
  private pending = new Map<string, DeviceOnline>();
  private readonly known = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private off: (() => void) | null = null;

  constructor(private readonly deps: ActivationRecorderDeps) {}

  start(): void {
    this.off = this.deps.devices.onOnline((e) => this.online(e));
  }

  async stop(): Promise<void> {
    this.off?.();
    this.off = null;
    await this.flush();
  }

  /** Writes the activations collected so far (the timer does it every second; tests and stop call it). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.flushing.then(() => this.write(batch));
    return this.flushing;
  }

  private online(e: DeviceOnline): void {
    if (this.known.has(e.sn) || this.pending.has(e.sn)) return;
    this.pending.set(e.sn, e);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
    this.timer.unref?.();
  }

  private remember(sns: Iterable<string>): void {
    if (this.known.size > KNOWN_MAX) this.known.clear();
    for (const sn of sns) this.known.add(sn);
  }

  private async write(batch: readonly DeviceOnline[]): Promise<void> {
    if (batch.length === 0) return;
    try {
      const done = await this.deps.store.activated(batch.map((e) => e.sn));
      this.remember(done);
      const fresh = batch.filter((e) => !done.has(e.sn));
      if (fresh.length === 0) return;
      const countries = await this.deps.projects.countriesOf(fresh.map((e) => e.projectId));
      // A device whose hello this node did not hear: its row says what it last said.
      const unheard = fresh.filter((e) => e.model === undefined).map((e) => e.deviceId);
      const rows = new Map(
        unheard.length === 0
          ? []
          : (await this.deps.devices.snapshotsOf(unheard)).map((d) => [d.deviceId, d] as const),
      );
      const activations: NewActivation[] = fresh.map((e) => {
        const row = rows.get(e.deviceId);
        return {
          sn: e.sn,
          device_id: e.deviceId,
          project_id: e.projectId,
          model: e.model ?? row?.modelName ?? UNKNOWN_VALUE,
          firmware: e.firmwareVersion ?? row?.firmware ?? UNKNOWN_VALUE,
          country: countries.get(e.projectId) ?? UNKNOWN_COUNTRY,
          day: utcDayOf(e.at),
          activated_at: e.at,
        };
      });
      await this.deps.store.record(activations);
      this.remember(activations.map((a) => a.sn));
    } catch (err) {
      this.deps.logger.error({ err, devices: batch.length }, 'activations not recorded');
    }
  }
}
