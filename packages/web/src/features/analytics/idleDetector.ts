import { IDLE_POLL_MS, type IdlePreference, type IdleState, idleStateAfter } from '@netloom/domain';

/** What counts as the person being there (§4: mouse or key activity; touch and scrolling too). */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'pointerdown'] as const;

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * The idle detector (§4, §9): polls every `IDLE_POLL_MS` how long since the last activity and
 * reports the state (`idleStateAfter`: active, paused, sign-out) when it changes; activity while
 * paused reports `active` at once, without waiting for the next poll.
 */
export class IdleDetector {
  private last: number;
  private state: IdleState = 'active';
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly pref: IdlePreference,
    private readonly onChange: (state: IdleState, idleMs: number) => void,
    private readonly now: () => number = Date.now,
    private readonly target: Target = window,
  ) {
    this.last = now();
  }

  start(): void {
    for (const e of ACTIVITY_EVENTS)
      this.target.addEventListener(e, this.activity, { capture: true, passive: true });
    this.timer = setInterval(() => this.check(), IDLE_POLL_MS);
  }

  stop(): void {
    for (const e of ACTIVITY_EVENTS) this.target.removeEventListener(e, this.activity, { capture: true });
    clearInterval(this.timer);
  }

  /** One poll (the timer's; tests call it). */
  check(): void {
    this.set(idleStateAfter(this.now() - this.last, this.pref));
  }

  readonly activity = (): void => {
    const idleMs = this.now() - this.last;
    this.last = this.now();
    if (this.state !== 'active') this.set('active', idleMs);
  };

  private set(next: IdleState, idleMs = this.now() - this.last): void {
    if (next === this.state) return;
    this.state = next;
    this.onChange(next, idleMs);
  }
}
