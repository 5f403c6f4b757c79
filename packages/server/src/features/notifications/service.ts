import { randomBytes } from 'node:crypto';
import {
  type AlarmSeverity,
  ERR,
  NOTIFY_CHANNELS_MAX,
  NOTIFY_RECENT_DELIVERIES,
  type NotifyChannel,
  type NotifyChannelCreated,
  type NotifyDelivery,
  type NotifySettings,
  type NotifyTestResult,
  type notifyChannelCreateSchema,
  WEBHOOK_SECRET_PREFIX,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { CodeMailer } from '../../transport/mail';
import { errorText, type Sender, sendTo } from './delivery';
import { type ProjectFacts, testMessage } from './message';
import type { ChannelRow, NotificationStore } from './store';

type Create = z.output<typeof notifyChannelCreateSchema>;

function toChannel(r: ChannelRow, last: NotifyDelivery | undefined): NotifyChannel {
  return {
    id: Number(r.id),
    kind: r.kind as NotifyChannel['kind'],
    target: r.target,
    minLevel: r.min_level as AlarmSeverity,
    createdAt: Number(r.created_at),
    secretHint: r.secret ? `…${r.secret.slice(-4)}` : null,
    last: last ?? null,
  };
}

/**
 * A project's notification channels: list, add (a webhook gets its secret, returned once), change
 * the level, remove, and "Send test" (one attempt now, its outcome returned as it is). The routes
 * have checked the manage right.
 */
export class NotificationService {
  constructor(
    private readonly store: NotificationStore,
    private readonly clock: Clock,
    private readonly sender: Sender & { mailer: Pick<CodeMailer, 'via'> },
    private readonly projectOf: (projectId: number) => Promise<ProjectFacts | undefined>,
    private readonly batchWindowMs: number,
  ) {}

  async settings(projectId: number): Promise<NotifySettings> {
    const [rows, last, deliveries] = await Promise.all([
      this.store.channels(projectId),
      this.store.lastPerChannel(projectId),
      this.store.recent(projectId, NOTIFY_RECENT_DELIVERIES),
    ]);
    return {
      channels: rows.map((r) => toChannel(r, last.get(Number(r.id)))),
      deliveries,
      emailDelivers: this.sender.mailer.via === 'smtp',
      batchWindowSeconds: Math.round(this.batchWindowMs / 1000),
    };
  }

  async create(projectId: number, body: Create): Promise<NotifyChannelCreated> {
    const existing = await this.store.channels(projectId);
    const target = body.kind === 'email' ? body.target.toLowerCase() : body.target;
    if (existing.some((c) => c.kind === body.kind && c.target === target))
      throw new AppError(ERR.NOTIFY_CHANNEL_EXISTS);
    if (existing.length >= NOTIFY_CHANNELS_MAX) throw new AppError(ERR.NOTIFY_CHANNEL_LIMIT);
    const secret =
      body.kind === 'webhook' ? `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('hex')}` : null;
    const id = await this.store.create({
      project_id: projectId,
      kind: body.kind,
      target,
      secret,
      min_level: body.minLevel,
      created_at: this.clock.now(),
    });
    const row = await this.store.channel(projectId, id);
    if (!row) throw new AppError(ERR.NOT_EXIST);
    return { channel: toChannel(row, undefined), secret };
  }

  async setLevel(projectId: number, channelId: number, level: AlarmSeverity): Promise<NotifyChannel> {
    if (!(await this.store.setLevel(projectId, channelId, level))) throw new AppError(ERR.NOT_EXIST);
    const row = await this.store.channel(projectId, channelId);
    if (!row) throw new AppError(ERR.NOT_EXIST);
    return toChannel(row, (await this.store.lastPerChannel(projectId)).get(channelId));
  }

  async remove(projectId: number, channelId: number): Promise<Record<string, never>> {
    if (!(await this.store.remove(projectId, channelId))) throw new AppError(ERR.NOT_EXIST);
    return {};
  }

  /** One attempt now, recorded as a delivery (no retries: the person waiting wants the real outcome). */
  async test(projectId: number, channelId: number): Promise<NotifyTestResult> {
    const channel = await this.store.channel(projectId, channelId);
    const project = await this.projectOf(projectId);
    if (!channel || !project) throw new AppError(ERR.NOT_EXIST);
    const now = this.clock.now();
    const message = testMessage(project, now);
    const id = await this.store.addDelivery({
      channel_id: channelId,
      project_id: projectId,
      purpose: 'test',
      status: 'pending',
      // Far ahead: the retry loop leaves a test alone while it is being sent.
      next_at: Number.MAX_SAFE_INTEGER,
      alarms: 0,
      payload: JSON.stringify(message),
      created_at: now,
    });
    const via = channel.kind === 'webhook' ? 'webhook' : this.sender.mailer.via;
    try {
      await sendTo(channel, message, id, this.sender, now);
      await this.store.finish(id, { status: 'sent', attempts: 1, at: this.clock.now() });
      return { ok: true, error: null, via };
    } catch (err) {
      const error = errorText(err);
      await this.store.finish(id, { status: 'failed', attempts: 1, error });
      return { ok: false, error, via };
    }
  }
}
