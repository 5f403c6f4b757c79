/**
 * SQL of notifications: `notification_channels` (a project's e-mail addresses and webhooks) and
 * `notification_deliveries` (one row per message to one channel, with its attempts). Both are this
 * feature's own tables.
 */
import type { AlarmSeverity, NotifyChannelKind, NotifyDelivery } from '@netloom/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { NotificationChannelsTable, NotificationDeliveriesTable } from '../../db/schema';

export type ChannelRow = Selectable<NotificationChannelsTable>;
type DeliveryRow = Selectable<NotificationDeliveriesTable>;
/** A due delivery with the channel it goes to. */
export type DueDelivery = DeliveryRow & Pick<ChannelRow, 'kind' | 'target' | 'secret'>;

export function toDelivery(r: DeliveryRow): NotifyDelivery {
  let subject = '';
  try {
    subject = String((JSON.parse(r.payload) as { subject?: unknown }).subject ?? '');
  } catch {
    subject = '';
  }
  return {
    id: Number(r.id),
    channelId: Number(r.channel_id),
    purpose: r.purpose as NotifyDelivery['purpose'],
    status: r.status as NotifyDelivery['status'],
    attempts: Number(r.attempts),
    alarms: Number(r.alarms),
    subject,
    lastError: r.last_error,
    createdAt: Number(r.created_at),
    sentAt: r.sent_at === null ? null : Number(r.sent_at),
    nextAt: r.status === 'pending' ? Number(r.next_at) : null,
  };
}

export class NotificationStore {
  constructor(private readonly db: Db) {}

  channels(projectId: number): Promise<ChannelRow[]> {
    return this.db
      .selectFrom('notification_channels')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
  }

  channel(projectId: number, id: number): Promise<ChannelRow | undefined> {
    return this.db
      .selectFrom('notification_channels')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async create(row: {
    project_id: number;
    kind: NotifyChannelKind;
    target: string;
    secret: string | null;
    min_level: AlarmSeverity;
    created_at: number;
  }): Promise<number> {
    const r = await this.db
      .insertInto('notification_channels')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async setLevel(projectId: number, id: number, level: AlarmSeverity): Promise<boolean> {
    const r = await this.db
      .updateTable('notification_channels')
      .set({ min_level: level })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async remove(projectId: number, id: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('notification_channels')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async addDelivery(row: {
    channel_id: number;
    project_id: number;
    purpose: 'alarms' | 'test';
    status: 'pending' | 'sent' | 'failed';
    next_at: number;
    alarms: number;
    payload: string;
    created_at: number;
  }): Promise<number> {
    const r = await this.db
      .insertInto('notification_deliveries')
      .values({ ...row, attempts: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(r.id);
  }

  /** Pending deliveries due now, oldest first, with their channel. */
  due(now: number, limit: number): Promise<DueDelivery[]> {
    return this.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notification_channels as c', 'c.id', 'd.channel_id')
      .selectAll('d')
      .select(['c.kind', 'c.target', 'c.secret'])
      .where('d.status', '=', 'pending')
      .where('d.next_at', '<=', now)
      .orderBy('d.next_at')
      .limit(limit)
      .execute();
  }

  /** Takes a due delivery for one attempt (another node that read it too finds it taken). */
  async claim(id: number, seenNextAt: number, leaseUntil: number): Promise<boolean> {
    const r = await this.db
      .updateTable('notification_deliveries')
      .set({ next_at: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_at', '=', seenNextAt)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async finish(
    id: number,
    outcome:
      | { status: 'sent'; attempts: number; at: number }
      | { status: 'failed'; attempts: number; error: string }
      | { status: 'pending'; attempts: number; error: string; nextAt: number },
  ): Promise<void> {
    const set =
      outcome.status === 'sent'
        ? { status: 'sent', attempts: outcome.attempts, sent_at: outcome.at, last_error: null }
        : outcome.status === 'failed'
          ? { status: 'failed', attempts: outcome.attempts, last_error: outcome.error }
          : { attempts: outcome.attempts, last_error: outcome.error, next_at: outcome.nextAt };
    await this.db.updateTable('notification_deliveries').set(set).where('id', '=', id).execute();
  }

  async recent(projectId: number, limit: number): Promise<NotifyDelivery[]> {
    const rows = await this.db
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toDelivery);
  }

  /** The latest delivery of each of the project's channels. */
  async lastPerChannel(projectId: number): Promise<Map<number, NotifyDelivery>> {
    const latest = this.db
      .selectFrom('notification_deliveries')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('project_id', '=', projectId)
      .groupBy('channel_id');
    const rows = await this.db
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('id', 'in', latest)
      .execute();
    return new Map(rows.map((r) => [Number(r.channel_id), toDelivery(r)]));
  }
}
