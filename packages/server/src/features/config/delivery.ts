/**
 * Publishing desired versions (docs/protocol.md §7.1): the retained `config` message of every
 * device of a set of rows — online or not, so the retained message a device receives at its next
 * SUBSCRIBE is always its newest desired version (retained = desired) — and the reconcile tick that
 * sends pending versions again to online devices that have not confirmed them (or that this process
 * never sent them to).
 */
import type { DeviceConfigDocument } from '@netloom/domain';
import type { Logger } from 'pino';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { Clock } from '../../lib/clock';
import type { ConfigStore, DeviceConfigRow } from './store';

/** Publishes sent at once (a save reaching a thousand devices goes out in steps of this many). */
const PUBLISH_BATCH = 200;

export interface PublisherDeps {
  store: ConfigStore;
  gateway: Pick<DeviceGateway, 'publish' | 'isConnected'>;
  registry: Pick<DeviceRegistry, 'getById'>;
  clock: Clock;
  logger: Logger;
  /** An online device still pending this long after the last send gets the config again. */
  resendMs: number;
}

export class Publisher {
  /** Devices this process published the desired version to since it started (or they reconnected). */
  readonly sentHere = new Set<number>();
  /** Devices whose retained `config` this process published (an embedded broker's store starts empty). */
  readonly retainedHere = new Set<number>();
  private ticking = false;

  constructor(private readonly deps: PublisherDeps) {}

  /**
   * Publishes rows to their devices, retained. An offline device finds it at its next SUBSCRIBE;
   * only a device online now counts as sent (the resend timer and the next hello follow it).
   */
  async publish(rows: readonly DeviceConfigRow[]): Promise<void> {
    const { gateway, registry, clock, logger, store } = this.deps;
    const sent: number[] = [];
    const targets = rows.flatMap((r) => {
      const e = registry.getById(r.device_id);
      return e ? [{ r, sn: e.sn, online: gateway.isConnected(e.sn) }] : [];
    });
    for (let i = 0; i < targets.length; i += PUBLISH_BATCH) {
      await Promise.all(
        targets.slice(i, i + PUBLISH_BATCH).map(async ({ r, sn, online }) => {
          try {
            await gateway.publish(sn, 'config', {
              version: r.desired_version,
              document: JSON.parse(r.body) as DeviceConfigDocument,
            });
            this.retainedHere.add(r.device_id);
            if (!online) return;
            sent.push(r.device_id);
            this.sentHere.add(r.device_id);
          } catch (err) {
            // Stays pending: the reconcile tick or the next hello sends it again.
            logger.warn({ err, sn }, 'config publish failed');
          }
        }),
      );
    }
    if (sent.length > 0) await store.markSent(sent, clock.now());
  }

  /** One reconcile tick: online devices still pending get their desired version again. */
  async reconcile(): Promise<number> {
    if (this.ticking) return 0;
    this.ticking = true;
    try {
      const { store, registry, gateway, clock } = this.deps;
      const now = clock.now();
      const due = (await store.pending()).filter((p) => {
        const e = registry.getById(p.device_id);
        if (!e || !gateway.isConnected(e.sn)) return false;
        return !this.sentHere.has(p.device_id) || p.sent_at === null || p.sent_at <= now - this.deps.resendMs;
      });
      if (due.length === 0) return 0;
      const rows = (
        await store.deviceConfigs(
          store.db,
          due.map((d) => d.device_id),
        )
      ).filter((r) => r.status === 'pending');
      await this.publish(rows);
      return rows.length;
    } catch (err) {
      this.deps.logger.error({ err }, 'config reconcile failed');
      return 0;
    } finally {
      this.ticking = false;
    }
  }
}
