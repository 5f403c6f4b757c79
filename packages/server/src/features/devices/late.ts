import { DEVICE_TYPE_LABELS, type DeviceType, ERR, errorMessage } from '@netloom/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import type { UpContext, UpData } from '../../gateway/types';
import type { LiveBus } from '../../live/bus';
import { lateIssue } from './rules';
import type { DeviceStore } from './store';

/**
 * A device added by SN before it ever connected is stored with type `unknown`; its first `hello`
 * says what it is. Then its type is recorded (database and registry) and the kind rules are checked
 * against the rest of the project. A conflict found this late does not evict the device — the
 * installer may be mid-way through a swap — it raises a critical device alarm naming the §8 rule
 * (93 mixed mesh/traditional, 67 second gateway, 254 kind limit) so it is seen and fixed
 * (docs/decisions.md). Hello is rare (once per connection), so this path may query the database.
 */
export class LateKindCheck {
  constructor(
    private readonly db: Db,
    private readonly store: DeviceStore,
    private readonly logger: FastifyBaseLogger,
    private readonly bus?: Pick<LiveBus, 'publish'>,
  ) {}

  async onHello(ctx: UpContext, d: UpData<'hello'>): Promise<void> {
    const device = ctx.device;
    if (!device || device.type === d.type) return;
    // The registry entry is the ingest path's copy: updated in place, as the ingest path does for status.
    device.type = d.type;
    // The model too, now rather than with the device writer's next batch: when another device's
    // hello finds this one the second router, its alarm names this model (not "not reported yet").
    await this.db
      .updateTable('devices')
      .set({ type: d.type, model: d.model })
      .where('id', '=', device.deviceId)
      .execute();
    const project = await this.store.projectFacts(this.db, device.projectId);
    if (!project) return;
    const others = await this.store.counts(this.db, project);
    others.byType.set(d.type, Math.max(0, others.of(d.type) - 1));
    const issue = lateIssue(d.type, project, others);
    if (issue !== null) {
      // Two routers (67): the alarm is about the one added last, the one that takes no network
      // settings — which may be another device than the one whose hello revealed the conflict.
      const later =
        issue === ERR.GATEWAY_LIMIT ? await this.store.lastRouter(this.db, device.projectId) : undefined;
      const about =
        later && later.id !== device.deviceId
          ? { id: later.id, type: later.type as DeviceType, model: later.model ?? 'model not reported yet' }
          : { id: device.deviceId, type: d.type, model: d.model };
      this.logger.warn(
        { sn: ctx.sn, type: d.type, code: issue },
        'a device breaks a project rule at its first hello',
      );
      const raised = await this.db
        .insertInto('device_events')
        .values({
          device_id: about.id,
          project_id: device.projectId,
          // One alarm per rule and device: a reconnecting device does not raise it again.
          event_id: `cloud-rule-${issue}`,
          kind: 'alarm',
          severity: 'critical',
          code: 'project_rule_violation',
          // Words a person reads: the catalogue's message and the device's kind, never an internal code.
          text: `${errorMessage(issue)} This ${DEVICE_TYPE_LABELS[about.type].toLowerCase()} (${about.model}) was added before it first connected. It stays in the project: remove it or move it to a suitable project.`,
          at: ctx.at,
          read: 0,
        })
        .onConflict((oc) => oc.columns(['device_id', 'event_id']).doNothing())
        .returning('id')
        .execute();
      if (raised.length > 0) {
        this.bus?.publish({
          type: 'alarms.changed',
          projectId: device.projectId,
          reason: 'raised',
          alarms: 1,
          severity: 'critical',
        });
      }
    }
    this.bus?.publish({ type: 'device.updated', projectId: device.projectId, deviceId: device.deviceId });
  }
}
