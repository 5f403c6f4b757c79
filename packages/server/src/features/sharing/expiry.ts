import { SHARE_EXPIRY_POLL_MS } from '@netloom/domain';
import type { Logger } from 'pino';
import { type Clock, isoAt } from '../../lib/clock';
import type { LiveBus } from '../../live/bus';
import type { MemberStore } from '../projects';

/**
 * Announces shares whose expiry passed (§4 "shared permission may expire"): the API refuses an
 * expired share by itself (the guard compares with the clock at every call, 74); this watcher tells
 * the live channel, so the member's open browsers lose the project at once. It sleeps until the
 * earliest expiry (at most `SHARE_EXPIRY_POLL_MS`, so a share given on another node is seen too);
 * each expiry is claimed by one node (`expiry_seen`). Tests move the clock and call `sweep()`.
 */
export class ExpiryWatcher {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;

  constructor(
    private readonly members: MemberStore,
    private readonly clock: Clock,
    private readonly bus: LiveBus,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    void this.sweep();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** A share's expiry was set: look again now (the next expiry may be sooner than the timer). */
  changed(): void {
    if (!this.stopped) void this.sweep();
  }

  /** Announces every expiry that has passed; returns how many. Then sleeps until the next one. */
  async sweep(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let n = 0;
    try {
      const due = await this.members.claimExpired(isoAt(this.clock.now()));
      for (const d of due) this.bus.publish({ type: 'member.changed', ...d, reason: 'expired' });
      n = due.length;
      if (!this.stopped) await this.schedule();
    } catch (err) {
      this.logger.error({ err }, 'share expiry sweep failed');
      if (!this.stopped) this.arm(SHARE_EXPIRY_POLL_MS);
    } finally {
      this.running = false;
    }
    return n;
  }

  private async schedule(): Promise<void> {
    const next = await this.members.nextExpiry();
    const wait = next === null ? SHARE_EXPIRY_POLL_MS : Date.parse(next) - this.clock.now();
    this.arm(Math.min(Math.max(wait, 0), SHARE_EXPIRY_POLL_MS));
  }

  private arm(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.sweep(), ms);
    this.timer.unref();
  }
}
