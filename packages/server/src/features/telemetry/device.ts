/**
 * MQTT handling of telemetry: `telemetry` samples become queued rows (counters → deltas), and the
 * CPU / memory of `state` are remembered so the next sample carries them. No SQL here: the writer
 * batches everything.
 */
import { isFullState } from '@netloom/protocol';
import type { UpContext, UpData } from '../../gateway/types';
import { CounterTracker } from './counters';
import { seriesKindOf } from './kinds';
import type { TelemetryWriter } from './writer';

export class TelemetryIngest {
  private readonly counters = new CounterTracker();
  private readonly load = new Map<number, { cpu: number; memory: number }>();
  private readonly bootIds = new Map<number, string>();

  constructor(
    private readonly writer: Pick<TelemetryWriter, 'add'>,
    /** Secondary mesh nodes, refreshed by the sampler. */
    private readonly meshSecondaries: ReadonlySet<number>,
  ) {}

  handleTelemetry(ctx: UpContext, data: UpData<'telemetry'>): void {
    const device = ctx.device;
    if (!device) return; // not claimed by a project: nothing to chart
    const delta = this.counters.delta(device.deviceId, ctx.at, data.txBytes, data.rxBytes);
    const load = this.load.get(device.deviceId);
    this.writer.add({
      device_id: device.deviceId,
      projectId: device.projectId,
      kind: seriesKindOf(device.type, this.meshSecondaries.has(device.deviceId) ? 1 : 0),
      ts: ctx.at,
      tx_bytes: delta.tx,
      rx_bytes: delta.rx,
      tx_rate: data.txRate,
      rx_rate: data.rxRate,
      clients: data.clients,
      cpu: load?.cpu ?? null,
      memory: load?.memory ?? null,
    });
  }

  /** A different `bootId` than last time means the device rebooted: counters start from 0. */
  handleHello(ctx: UpContext, data: UpData<'hello'>): void {
    const device = ctx.device;
    if (!device) return;
    const known = this.bootIds.get(device.deviceId);
    this.bootIds.set(device.deviceId, data.bootId);
    if (known !== undefined && known !== data.bootId) this.counters.rebooted(device.deviceId, ctx.at);
  }

  handleState(ctx: UpContext, data: UpData<'state'>): void {
    const device = ctx.device;
    if (!device) return;
    if (isFullState(data)) {
      const load = this.load.get(device.deviceId);
      if (load) {
        load.cpu = data.cpu;
        load.memory = data.memory;
      } else this.load.set(device.deviceId, { cpu: data.cpu, memory: data.memory });
    } else {
      // Offline: its last load figures are stale. (Its counters keep their baseline: a reboot shows
      // as a decrease and is handled by the tracker.)
      this.load.delete(device.deviceId);
    }
  }
}
