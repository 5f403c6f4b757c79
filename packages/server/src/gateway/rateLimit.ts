import { DEVICE_RATE_LIMIT, FLOOD_DISCONNECT_SECONDS } from '@netloom/protocol';

interface Bucket {
  tokens: number;
  last: number;
  /** When the device first went over the limit in the current run of drops (ms), or 0. */
  overSince: number;
  /** Last time a message was dropped (ms). */
  lastDrop: number;
}

export type RateVerdict = 'ok' | 'drop' | 'flood';

/**
 * Per-device token bucket of docs/protocol.md §9: 10 messages/s on average, bursts of 60. Messages
 * beyond it are dropped; a device that keeps being over it for 60 s is flooding and is disconnected.
 * Time comes from a monotonic clock so a moved wall clock cannot punish or pardon a device.
 */
export class DeviceRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rate = DEVICE_RATE_LIMIT.messagesPerSecond,
    private readonly burst = DEVICE_RATE_LIMIT.burst,
    private readonly floodMs = FLOOD_DISCONNECT_SECONDS * 1000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  take(sn: string): RateVerdict {
    const t = this.now();
    let b = this.buckets.get(sn);
    if (!b) {
      b = { tokens: this.burst, last: t, overSince: 0, lastDrop: 0 };
      this.buckets.set(sn, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.last) / 1000) * this.rate);
    b.last = t;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      // Over the limit only counts as a continuous run: a pause of a few seconds resets it.
      if (b.overSince && t - b.lastDrop > 5000) b.overSince = 0;
      return 'ok';
    }
    if (!b.overSince || t - b.lastDrop > 5000) b.overSince = t;
    b.lastDrop = t;
    return t - b.overSince >= this.floodMs ? 'flood' : 'drop';
  }

  forget(sn: string): void {
    this.buckets.delete(sn);
  }
}
