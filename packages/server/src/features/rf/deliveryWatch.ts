/**
 * How a run learns that its devices applied their new radios: the configuration engine's delivery
 * states (`config.onDeliveryState`, live from any node), followed from before the saves so a device
 * that applies at once is not missed, then read once after them, then change by change — no
 * polling of the engine's tables.
 */
import type { ConfigApi, DeliveryState } from '../config';
import { type StopSignal, Wakeup } from './signals';

/** How many of the watched devices applied, refused, or still wait. */
export interface DeliveryCount {
  applied: number;
  failed: number;
  pending: number;
}

export class DeliveryWatch {
  private readonly ids = new Set<number>();
  private readonly states = new Map<number, DeliveryState>();
  private readonly changed = new Wakeup();
  private off: (() => void) | null = null;

  constructor(
    private readonly config: ConfigApi,
    private readonly projectId: number,
  ) {}

  /** Starts following the project's delivery states (before the first save). */
  open(): void {
    this.off = this.config.onDeliveryState(this.projectId, (s) => {
      if (this.ids.has(s.deviceId) && this.note(s)) this.changed.notify();
    });
  }

  close(): void {
    this.off?.();
    this.off = null;
  }

  /** Watches a device (its save is about to be made). */
  watch(deviceId: number): void {
    this.ids.add(deviceId);
  }

  /** Stops watching a device (its save was refused). */
  forget(deviceId: number): void {
    this.ids.delete(deviceId);
  }

  /**
   * Waits until every watched device applied or refused its new document, the wall-clock deadline
   * passed or the service stops; `onCount` hears every count (the run's percent follows it).
   */
  async settled(deadline: number, stop: StopSignal, onCount: (c: DeliveryCount) => Promise<void>) {
    const ids = [...this.ids];
    for (const s of await this.config.deliveryStates(ids)) this.note(s);
    let count: DeliveryCount = { applied: 0, failed: 0, pending: ids.length };
    while (ids.length > 0 && !stop.stopping) {
      count = this.count(ids);
      await onCount(count);
      const left = deadline - Date.now();
      if (count.pending === 0 || left <= 0) break;
      await stop.until(this.changed.wait(left));
    }
    return count;
  }

  /** Keeps the newest state of a device (a state of an older desired version is old news); true when kept. */
  private note(s: DeliveryState): boolean {
    const known = this.states.get(s.deviceId);
    if (known && s.desiredVersion < known.desiredVersion) return false;
    this.states.set(s.deviceId, s);
    return true;
  }

  private count(ids: readonly number[]): DeliveryCount {
    let applied = 0;
    let failed = 0;
    for (const id of ids) {
      const s = this.states.get(id)?.status;
      if (s === 'applied') applied++;
      else if (s === 'failed') failed++;
    }
    return { applied, failed, pending: ids.length - applied - failed };
  }
}
