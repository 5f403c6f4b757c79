/**
 * Turns a device's since-boot byte counters into per-sample deltas. Kept in memory per device: the
 * first sample after the server starts (or after the device is first seen) is a baseline with a
 * zero delta, because the bytes since boot are not bytes of this interval.
 */
export interface CounterDelta {
  tx: number;
  rx: number;
}

interface Last {
  ts: number;
  tx: number;
  rx: number;
}

export class CounterTracker {
  private readonly last = new Map<number, Last>();

  /**
   * The bytes moved since the device's previous sample:
   * - a counter that went down means the device rebooted: the new value is the delta from 0;
   * - a sample older than the previous one (late delivery) adds nothing: the later sample's delta
   *   already covered its interval; it still counts for rates and clients in its own bucket.
   */
  delta(deviceId: number, ts: number, tx: number, rx: number): CounterDelta {
    const prev = this.last.get(deviceId);
    if (!prev) {
      this.last.set(deviceId, { ts, tx, rx });
      return { tx: 0, rx: 0 };
    }
    if (ts < prev.ts) return { tx: 0, rx: 0 };
    this.last.set(deviceId, { ts, tx, rx });
    if (tx < prev.tx || rx < prev.rx) return { tx, rx };
    return { tx: tx - prev.tx, rx: rx - prev.rx };
  }

  /**
   * The device says it booted (a new `bootId` in `hello`): its counters restart from 0, so the next
   * sample's whole value is new traffic — even if it already exceeds the pre-reboot value.
   */
  rebooted(deviceId: number, ts: number): void {
    this.last.set(deviceId, { ts, tx: 0, rx: 0 });
  }

  forget(deviceId: number): void {
    this.last.delete(deviceId);
  }

  get size(): number {
    return this.last.size;
  }
}
