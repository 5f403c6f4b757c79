/**
 * Sending one message to one channel, and the retry loop: a delivery row is tried at once, then
 * again after `NOTIFY_RETRY_DELAYS_MS` until `NOTIFY_MAX_ATTEMPTS`, and is then marked failed with
 * the transport's last error (shown on the Notifications page). Rows are claimed with a lease, so
 * when several nodes run the loop each attempt is made by one of them.
 */
import {
  NOTIFY_MAX_ATTEMPTS,
  NOTIFY_RETRY_DELAYS_MS,
  NOTIFY_WEBHOOK_TIMEOUT_MS,
  type NotificationMessage,
} from '@netloom/domain';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import type { CodeMailer } from '../../transport/mail';
import { postSigned } from '../../transport/webhook';
import { mailOf } from './message';
import type { ChannelRow, DueDelivery, NotificationStore } from './store';

// not a rule: how often the loop looks for due deliveries.
const TICK_MS = 2_000;
// not a rule: due deliveries taken per tick.
const BATCH = 20;
// An attempt holds its row this long: longer than a webhook may take, so no other node retries it meanwhile.
const LEASE_MS = NOTIFY_WEBHOOK_TIMEOUT_MS * 3;

export interface Sender {
  mailer: Pick<CodeMailer, 'send'>;
  /** The project's time zone for the e-mail's times. */
  timeZoneOf(projectId: number): Promise<string>;
}

/** Sends a message to a channel; throws an Error in the transport's words. */
export async function sendTo(
  channel: Pick<ChannelRow, 'kind' | 'target' | 'secret' | 'project_id'>,
  message: NotificationMessage,
  deliveryId: number,
  sender: Sender,
  now: number,
): Promise<void> {
  if (channel.kind === 'email') {
    await sender.mailer.send(mailOf(channel.target, message, await sender.timeZoneOf(channel.project_id)));
    return;
  }
  await postSigned({
    url: channel.target,
    secret: channel.secret ?? '',
    body: JSON.stringify(message),
    deliveryId,
    timestamp: Math.floor(now / 1000),
  });
}

export const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)) || 'Unknown error';

export class DeliveryLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly store: NotificationStore,
    private readonly sender: Sender,
    private readonly clock: Clock,
    private readonly logger: Pick<Logger, 'error' | 'warn'>,
    /** A delivery changed (the page refreshes). */
    private readonly changed: (projectId: number) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Looks for due deliveries now (after new ones were stored). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runDue()
      .catch((err) => this.logger.error({ err }, 'notification delivery loop failed'))
      .finally(() => {
        this.running = null;
        if (this.again && this.timer) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async runDue(): Promise<void> {
    const now = this.clock.now();
    for (const d of await this.store.due(now, BATCH)) {
      if (!(await this.store.claim(Number(d.id), Number(d.next_at), now + LEASE_MS))) continue;
      await this.attempt(d, now);
    }
  }

  private async attempt(d: DueDelivery, now: number): Promise<void> {
    const attempts = Number(d.attempts) + 1;
    try {
      await sendTo(d, JSON.parse(d.payload) as NotificationMessage, Number(d.id), this.sender, now);
      await this.store.finish(Number(d.id), { status: 'sent', attempts, at: this.clock.now() });
    } catch (err) {
      const error = errorText(err);
      if (attempts >= NOTIFY_MAX_ATTEMPTS) {
        this.logger.warn({ delivery: d.id, error }, 'notification failed for good');
        await this.store.finish(Number(d.id), { status: 'failed', attempts, error });
      } else {
        const wait = NOTIFY_RETRY_DELAYS_MS[Math.min(attempts - 1, NOTIFY_RETRY_DELAYS_MS.length - 1)] ?? 0;
        await this.store.finish(Number(d.id), { status: 'pending', attempts, error, nextAt: now + wait });
      }
    }
    this.changed(Number(d.project_id));
  }
}
