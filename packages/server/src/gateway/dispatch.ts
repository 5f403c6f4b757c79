import {
  type DecodeFailure,
  DIAGNOSTIC_INTERVAL_SECONDS,
  DIAGNOSTIC_MESSAGE_MAX_LENGTH,
  DIAGNOSTIC_PATH_MAX_LENGTH,
  DIAGNOSTIC_REASON_MAX_LENGTH,
  decodeUp,
  isUpMessage,
  parseTopic,
  type UpMessage,
} from '@netloom/protocol';
import type { Logger } from 'pino';
import type { Clock } from '../lib/clock';
import { DeviceRateLimiter } from './rateLimit';
import type { DeviceRegistry } from './registry';
import { ThrottledLog } from './throttledLog';
import type { ConnectionHandler, GatewayStats, Refusal, RefusalHandler, UpContext, UpHandler } from './types';

/** At most one "dropped malformed message" log line per device per this many ms. */
const MALFORMED_LOG_INTERVAL_MS = 60_000;
/** An ingest backlog above this is logged (at most once a minute): handlers are not keeping up. */
const QUEUE_WARN = 5_000;

type AnyHandler = (ctx: UpContext, data: unknown) => void | Promise<void>;

export type DispatchVerdict = 'ok' | 'malformed' | 'drop' | 'flood';

/**
 * The common half of both gateways: decode (never throws), rate-limit, and run the feature
 * handlers — in arrival order per device (hello before state), concurrently across devices, and
 * synchronously while a device has nothing pending and its handlers return no promise — while
 * counting everything for `stats()`. Handler failures are logged and counted, never thrown.
 */
export class Dispatcher {
  private readonly handlers = new Map<UpMessage, AnyHandler[]>();
  private readonly connectionHandlers: ConnectionHandler[] = [];
  private readonly refusalHandlers: RefusalHandler[] = [];
  /** Per device, per refused message name: when it was last reported and how many were not since. */
  private readonly refusals = new Map<string, Map<string, { at: number; suppressed: number }>>();
  private readonly chains = new Map<string, Promise<void>>();
  /** The device whose job runs synchronously now, and its jobs that arrived meanwhile (`run`). */
  private runningSn: string | undefined;
  private runningAfter: (() => Promise<void> | undefined)[] | null = null;
  private readonly limiter = new DeviceRateLimiter();
  private readonly throttledLog: ThrottledLog;
  private lastQueueWarn = 0;
  readonly counters: Omit<GatewayStats, 'mode' | 'connected' | 'tcpPort'> = {
    received: {},
    malformed: {},
    rateLimited: 0,
    floodDisconnects: 0,
    authFailures: 0,
    aclDenied: 0,
    handlerErrors: 0,
    published: 0,
    queue: 0,
    queueHigh: 0,
  };

  constructor(
    private readonly registry: DeviceRegistry,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.throttledLog = new ThrottledLog(logger, MALFORMED_LOG_INTERVAL_MS);
  }

  onMessage<M extends UpMessage>(m: M, h: UpHandler<M>): void {
    const list = this.handlers.get(m) ?? [];
    list.push(h as AnyHandler);
    this.handlers.set(m, list);
  }

  onConnectionChange(h: ConnectionHandler): void {
    this.connectionHandlers.push(h);
  }

  /**
   * A dropped message of a device, at most once per message name per `DIAGNOSTIC_INTERVAL_SECONDS`
   * (the ones in between are counted into the next one's `suppressed`): the plane tells the device,
   * the devices feature records it. Run in the device's queue, in order with its valid messages.
   */
  onRefused(h: RefusalHandler): void {
    this.refusalHandlers.push(h);
  }

  /** Tells every connection handler; a failing handler does not stop the others. */
  connectionChanged(sn: string, connected: boolean): void {
    const at = this.clock.now();
    if (!connected) {
      this.limiter.forget(sn);
      this.refusals.delete(sn);
    }
    // In order with the device's messages, so "offline" cannot overtake its last state.
    this.run(sn, () => {
      for (const h of this.connectionHandlers) {
        try {
          h(sn, connected, at);
        } catch (err) {
          this.counters.handlerErrors++;
          this.logger.error({ err, sn }, 'connection handler failed');
        }
      }
      return undefined;
    });
  }

  /**
   * Handles one up publication. `trustedSn` is the authenticated publisher when the transport
   * knows it (embedded broker); the topic's SN must match it (the ACL already ensures that).
   */
  dispatch(topic: string, payload: Uint8Array, trustedSn?: string): DispatchVerdict {
    // Rate-limit before decoding: a flood must not cost JSON parsing.
    const sn = trustedSn ?? parseTopic(topic)?.sn;
    if (sn !== undefined) {
      const verdict = this.limiter.take(sn);
      if (verdict !== 'ok') {
        this.counters.rateLimited++;
        this.logThrottled(sn, `rate limit: dropped ${topic}`);
        if (verdict === 'flood') this.counters.floodDisconnects++;
        return verdict;
      }
    }
    const decoded = decodeUp(topic, payload);
    if (!decoded.ok) {
      this.counters.malformed[decoded.code] = (this.counters.malformed[decoded.code] ?? 0) + 1;
      this.logThrottled(sn ?? '?', `dropped malformed message: ${decoded.reason}`, decoded.message);
      if (sn !== undefined && this.refusalHandlers.length > 0) this.refused(sn, topic, decoded);
      return 'malformed';
    }
    if (trustedSn !== undefined && trustedSn !== decoded.sn) return 'malformed';
    const list = this.handlers.get(decoded.message);
    this.counters.received[decoded.message] = (this.counters.received[decoded.message] ?? 0) + 1;
    if (!list || list.length === 0) return 'ok';
    const at = this.clock.now();
    const { data, message } = decoded;
    const own = decoded.sn;
    this.run(own, () => this.handle({ sn: own, device: this.registry.get(own), at }, message, list, data, 0));
    return 'ok';
  }

  /**
   * Runs a message's handlers from `from` on, synchronously as long as they return no promise (the
   * usual case: handlers queue rows and update hot state), so a message costs no promise and no
   * microtask; the handler that returns one is awaited, and the rest run after it. `undefined`: all
   * ran. A failure is logged and counted, and the next handler runs.
   */
  private handle(
    ctx: UpContext,
    message: UpMessage,
    list: readonly AnyHandler[],
    data: unknown,
    from: number,
  ): Promise<void> | undefined {
    for (let i = from; i < list.length; i++) {
      let result: void | Promise<void>;
      try {
        result = (list[i] as AnyHandler)(ctx, data);
      } catch (err) {
        this.handlerFailed(err, ctx.sn, message);
        continue;
      }
      if (result instanceof Promise) {
        const next = i + 1;
        return result.then(
          () => this.handle(ctx, message, list, data, next),
          (err: unknown) => {
            this.handlerFailed(err, ctx.sn, message);
            return this.handle(ctx, message, list, data, next);
          },
        );
      }
    }
    return undefined;
  }

  private handlerFailed(err: unknown, sn: string, message: UpMessage): void {
    this.counters.handlerErrors++;
    this.logger.error({ err, sn, message }, 'up message handler failed');
  }

  private refused(sn: string, topic: string, f: DecodeFailure): void {
    const at = this.clock.now();
    // The name the topic gave; unknown names share one slot, so a device cannot grow the map.
    const named = f.message ?? parseTopic(topic)?.message ?? '?';
    const message = isUpMessage(named) ? named : named.slice(0, DIAGNOSTIC_MESSAGE_MAX_LENGTH);
    const slot = isUpMessage(named) ? named : '';
    let own = this.refusals.get(sn);
    if (!own) {
      own = new Map();
      this.refusals.set(sn, own);
    }
    const last = own.get(slot);
    if (last && at - last.at < DIAGNOSTIC_INTERVAL_SECONDS * 1000) {
      last.suppressed++;
      return;
    }
    own.set(slot, { at, suppressed: 0 });
    const refusal: Refusal = {
      sn,
      message,
      code: f.code,
      path: f.path?.slice(0, DIAGNOSTIC_PATH_MAX_LENGTH) ?? null,
      reason: f.reason.slice(0, DIAGNOSTIC_REASON_MAX_LENGTH),
      at,
      suppressed: last?.suppressed ?? 0,
    };
    this.run(sn, () => {
      const device = this.registry.get(sn);
      for (const h of this.refusalHandlers) {
        try {
          h(refusal, device);
        } catch (err) {
          this.counters.handlerErrors++;
          this.logger.error({ err, sn }, 'refusal handler failed');
        }
      }
      return undefined;
    });
  }

  /** Waits until every queued message has been handled (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  /**
   * Runs a device's job in arrival order: at once when nothing of the device is pending (a job that
   * finishes synchronously leaves nothing behind), else queued behind what is. A job that returns a
   * promise holds the device's later jobs until it settles.
   */
  private run(sn: string, job: () => Promise<void> | undefined): void {
    const prev = this.chains.get(sn);
    if (prev !== undefined) {
      this.track(
        sn,
        prev.then(() => job()),
      );
      return;
    }
    if (this.runningSn === sn) {
      // Called from within one of the device's own handlers (a handler that closes the device's
      // connection, say): it runs after the job that is running, never in the middle of it.
      this.runningAfter ??= [];
      this.runningAfter.push(job);
      return;
    }
    const outerSn = this.runningSn;
    const outerAfter = this.runningAfter;
    this.runningSn = sn;
    this.runningAfter = null;
    let pending: Promise<void> | undefined;
    let after: (() => Promise<void> | undefined)[] | null;
    try {
      pending = job();
    } finally {
      after = this.runningAfter;
      this.runningSn = outerSn;
      this.runningAfter = outerAfter;
    }
    if (pending !== undefined) this.track(sn, pending);
    for (const next of after ?? []) this.run(sn, next);
  }

  private track(sn: string, pending: Promise<void>): void {
    this.counters.queue++;
    if (this.counters.queue > this.counters.queueHigh) this.counters.queueHigh = this.counters.queue;
    if (this.counters.queue > QUEUE_WARN && performance.now() - this.lastQueueWarn > 60_000) {
      this.lastQueueWarn = performance.now();
      this.logger.warn({ queue: this.counters.queue }, 'device message backlog is growing');
    }
    const next = pending.finally(() => {
      this.counters.queue--;
      if (this.chains.get(sn) === next) this.chains.delete(sn);
    });
    this.chains.set(sn, next);
  }

  private logThrottled(sn: string, msg: string, message?: string): void {
    this.throttledLog.warn(sn, { sn, message }, msg);
  }
}
