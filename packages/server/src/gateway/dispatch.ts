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
 * handlers — in arrival order per device (hello before state), concurrently across devices — while
 * counting everything for `stats()`. Handler failures are logged and counted, never thrown.
 */
export class Dispatcher {
  private readonly handlers = new Map<UpMessage, AnyHandler[]>();
  private readonly connectionHandlers: ConnectionHandler[] = [];
  private readonly refusalHandlers: RefusalHandler[] = [];
  /** Per device, per refused message name: when it was last reported and how many were not since. */
  private readonly refusals = new Map<string, Map<string, { at: number; suppressed: number }>>();
  private readonly chains = new Map<string, Promise<void>>();
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
    // Queued behind the device's messages so "offline" cannot overtake its last state.
    this.enqueue(sn, async () => {
      for (const h of this.connectionHandlers) {
        try {
          h(sn, connected, at);
        } catch (err) {
          this.counters.handlerErrors++;
          this.logger.error({ err, sn }, 'connection handler failed');
        }
      }
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
    const data = decoded.data;
    this.enqueue(decoded.sn, async () => {
      const ctx: UpContext = { sn: decoded.sn, device: this.registry.get(decoded.sn), at };
      for (const h of list) {
        try {
          await h(ctx, data);
        } catch (err) {
          this.counters.handlerErrors++;
          this.logger.error({ err, sn: decoded.sn, message: decoded.message }, 'up message handler failed');
        }
      }
    });
    return 'ok';
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
    this.enqueue(sn, async () => {
      const device = this.registry.get(sn);
      for (const h of this.refusalHandlers) {
        try {
          h(refusal, device);
        } catch (err) {
          this.counters.handlerErrors++;
          this.logger.error({ err, sn }, 'refusal handler failed');
        }
      }
    });
  }

  /** Waits until every queued message has been handled (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  private enqueue(sn: string, job: () => Promise<void>): void {
    this.counters.queue++;
    if (this.counters.queue > this.counters.queueHigh) this.counters.queueHigh = this.counters.queue;
    if (this.counters.queue > QUEUE_WARN && performance.now() - this.lastQueueWarn > 60_000) {
      this.lastQueueWarn = performance.now();
      this.logger.warn({ queue: this.counters.queue }, 'device message backlog is growing');
    }
    const prev = this.chains.get(sn) ?? Promise.resolve();
    const next = prev.then(job).finally(() => {
      this.counters.queue--;
      if (this.chains.get(sn) === next) this.chains.delete(sn);
    });
    this.chains.set(sn, next);
  }

  private logThrottled(sn: string, msg: string, message?: string): void {
    this.throttledLog.warn(sn, { sn, message }, msg);
  }
}
