/**
 * Saving settings documents (issue 4 §1), for every kind alike: guards → shape → the kind's §5
 * rules → §6 device checks → optimistic version check → change summary → one transaction
 * (document, revision, audit row, the new desired version of every device the change reaches) →
 * delivery after the commit. Two concurrent saves cannot both win: version 1 is a unique INSERT,
 * later ones an UPDATE conditional on the base version (414 for the loser).
 */
import {
  type AuditAction,
  type ConfigConflict,
  type ConfigKind,
  type DeliveryReport,
  type DeviceTimeSection,
  diffSections,
  ERR,
  errorMessage,
  type KindDefinition,
  type ProjectDocuments,
  type SaveConfigResult,
  summarizeDiff,
} from '@netloom/domain';
import { isUniqueViolation } from '../../db';
import { retryOnLockConflict } from '../../db/lockRetry';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectClocks } from './clocks';
import { parseDocuments, renderFor, skipOf } from './documents';
import type { ConfigEngine } from './engine';
import { type DeviceFacts, type FactsSource, projectDevices } from './facts';
import type { KindRecord, KindRegistry, ServerIssueContext } from './kinds';
import { checkDeviceConfigurable, parseSettings, refuseIssues } from './rules';
import { type ConfigStore, type Exec, isDocumentOf, scopeKey } from './store';

/** One save: which document, the version it was based on, and the new settings. */
export interface SaveInput {
  kind: ConfigKind;
  /** The device of a device-level document; null for a project-level one. */
  deviceId: number | null;
  baseVersion: number;
  settings: unknown;
  /** Restores: the version whose body this save restores. */
  restoredFrom?: number;
  /**
   * A save by the system (RF optimisation): its own change summary; not refused by save guards.
   * `audit: false` leaves the change log to the caller (an RF run logs one entry, not one per AP);
   * the revision is kept either way.
   */
  system?: { summary: string; audit?: boolean };
}

/** Who saves: a member of the project, or the system (account null: a scheduled RF optimisation). */
export interface SaveActor {
  projectId: number;
  accountId: number | null;
}

/** A save checked and ready to write: what the transaction needs. */
interface CheckedSave {
  kind: KindDefinition<unknown>;
  devices: DeviceFacts[];
  target: DeviceFacts | undefined;
  settings: unknown;
  previous: unknown;
  docs: ProjectDocuments;
  /** The project's clock (`time` section) its devices' documents carry. */
  time: DeviceTimeSection | undefined;
}

/** What the transaction wrote. */
interface Written {
  revisionId: number;
  staged: Awaited<ReturnType<ConfigEngine['stage']>>;
  targets: DeviceFacts[];
  skipped: DeliveryReport['skipped'];
}

export interface ConfigSavesDeps {
  store: ConfigStore;
  engine: ConfigEngine;
  facts: FactsSource;
  kinds: KindRegistry;
  clock: Clock;
  clocks: ProjectClocks;
}

export class ConfigSaves {
  constructor(private readonly deps: ConfigSavesDeps) {}

  async save(actor: SaveActor, input: SaveInput): Promise<SaveConfigResult> {
    const record = this.deps.kinds.get(input.kind);
    if (!input.system) await record.guard?.(actor.projectId);
    const checked = await this.check(record, actor.projectId, input);
    const summary = input.system?.summary ?? changeSummary(checked);
    const version = input.baseVersion + 1;
    let written: Written;
    try {
      written = await this.write(actor, input, checked, { version, summary });
    } catch (err) {
      // Another save committed first (the unique INSERT or the conditional UPDATE lost the race).
      if (isUniqueViolation(err) || (err instanceof AppError && err.code === ERR.CONFIG_CONFLICT))
        throw await this.conflict(actor.projectId, input);
      throw err;
    }
    // Publishing runs after the answer: the save is committed, and a device that misses it (the server
    // stops, the broker drops) gets it on its next hello or the reconcile tick.
    void this.deps.engine.deliver(written.staged);
    this.deps.engine.emitDocument(actor.projectId);
    const online = written.targets.filter((d) => this.deps.facts.gateway.isConnected(d.sn)).length;
    return {
      version,
      revisionId: written.revisionId,
      summary,
      delivery: {
        targets: written.targets.length,
        online,
        queued: written.targets.length - online,
        devices: written.targets.map((d) => ({
          deviceId: d.deviceId,
          version: written.staged.find((r) => r.device_id === d.deviceId)?.desired_version ?? 0,
        })),
        skipped: written.skipped,
      },
    };
  }

  /** §6 device checks, shape, the kind's §5 rules and the version the edit started from (414). */
  private async check(record: KindRecord, projectId: number, input: SaveInput): Promise<CheckedSave> {
    const kind = record.definition;
    const devices = await projectDevices(this.deps.facts, projectId);
    const target = input.deviceId === null ? undefined : devices.find((d) => d.deviceId === input.deviceId);
    if (input.deviceId !== null && !target) throw new AppError(ERR.DEVICE_NOT_FOUND);
    if (target) checkDeviceConfigurable(target, kind);
    const settings = parseSettings(kind, input.settings);
    const rows = await this.deps.store.documentsOfProject(this.deps.store.db, projectId);
    const current = rows.find((d) => isDocumentOf(d, input.kind, input.deviceId));
    const previous = current ? (JSON.parse(current.body) as unknown) : null;
    const docs = parseDocuments(rows);
    const ctx: ServerIssueContext<unknown> = { devices, target, docs, previous };
    refuseIssues([...kind.issues(settings, ctx), ...(record.issues?.(settings, ctx) ?? [])]);
    if ((current?.version ?? 0) !== input.baseVersion) throw await this.conflict(projectId, input);
    const time = await this.deps.clocks.ofProject(projectId);
    return { kind, devices, target, settings, previous, docs, time };
  }

  /** The one transaction: document, revision, audit row, and the staged device documents. */
  private async write(
    actor: SaveActor,
    input: SaveInput,
    c: CheckedSave,
    v: { version: number; summary: string },
  ): Promise<Written> {
    const { store, engine, clock } = this.deps;
    const now = clock.now();
    const body = JSON.stringify(c.settings);
    const reached = new Set(
      c.kind.reach({ devices: c.devices, target: c.target, docs: c.docs }).map((d) => d.deviceId),
    );
    const affected = c.devices.filter((d) => reached.has(d.deviceId));
    // Aborted by PostgreSQL for a lock conflict with a report batch or another node: all of it
    // rolled back, so all of it runs again.
    return retryOnLockConflict(() =>
      store.db.transaction().execute(async (tx) => {
        // First: the project's other saves commit before this one reads anything (see lockStaging).
        await store.lockStaging(tx, actor.projectId);
        const documentId = await this.writeDocument(tx, input, actor, body, now);
        const revisionId = await store.insertRevision(tx, {
          document_id: documentId,
          project_id: actor.projectId,
          device_id: input.deviceId,
          kind: input.kind,
          version: v.version,
          body,
          summary: v.summary,
          account_id: actor.accountId,
          created_at: now,
          restored_from: input.restoredFrom ?? null,
        });
        if (input.system?.audit !== false)
          await this.audit(
            tx,
            actor,
            c.target ?? null,
            input.restoredFrom ? 'config.restore' : 'config.save',
            {
              summary: auditSummary(c.kind.label, v.version, v.summary, input.restoredFrom),
              at: now,
            },
          );
        const saved = parseDocuments(await store.documentsOfProject(tx, actor.projectId));
        const { renders, targets, skipped } = renderAffected(affected, saved, c.devices, c.time);
        const staged = await engine.stage(tx, actor.projectId, renders, now);
        return { revisionId, staged, targets, skipped };
      }),
    );
  }

  /**
   * 414 carrying the version that got in first (who, when, what), so the user can review it and
   * keep their changes on top of it (`baseVersion` = its version) or discard them.
   */
  private async conflict(projectId: number, input: SaveInput): Promise<AppError> {
    const { store } = this.deps;
    const doc = await store.document(store.db, projectId, input.deviceId, input.kind);
    const rev = doc ? await store.revisionOf(store.db, doc.id, doc.version) : undefined;
    if (!doc || !rev) return new AppError(ERR.CONFIG_CONFLICT);
    const nick = await store.accountNick(rev.account_id);
    const data: ConfigConflict = {
      version: doc.version,
      revisionId: rev.id,
      savedBy: rev.account_id === null ? null : { id: rev.account_id, nick: nick ?? '' },
      savedAt: rev.created_at,
      summary: rev.summary,
    };
    return new AppError(ERR.CONFIG_CONFLICT, undefined, undefined, data);
  }

  /** Version 1 by a unique INSERT, later ones by an UPDATE conditional on the base version. */
  private async writeDocument(
    tx: Exec,
    input: SaveInput,
    actor: SaveActor,
    body: string,
    now: number,
  ): Promise<number> {
    const { store } = this.deps;
    if (input.baseVersion === 0) {
      return store.insertDocument(tx, {
        project_id: actor.projectId,
        device_id: input.deviceId,
        scope_key: scopeKey(input.deviceId),
        kind: input.kind,
        version: 1,
        body,
        updated_at: now,
        updated_by: actor.accountId,
      });
    }
    const doc = await store.document(tx, actor.projectId, input.deviceId, input.kind);
    if (!doc) throw new AppError(ERR.CONFIG_CONFLICT);
    const advanced = await store.advanceDocument(tx, doc.id, input.baseVersion, {
      body,
      updated_at: now,
      updated_by: actor.accountId,
    });
    if (!advanced) throw new AppError(ERR.CONFIG_CONFLICT);
    return doc.id;
  }

  /**
   * The project's clock changed (its time zone, issue 10 §6): every configured device of the project
   * gets its document again with the new `time` section — a new version, delivered after the commit.
   * Returns how many devices it reached.
   */
  async restageClock(projectId: number): Promise<number> {
    const { store, engine, clock, facts, clocks } = this.deps;
    const devices = await projectDevices(facts, projectId);
    const time = await clocks.ofProject(projectId);
    if (devices.length === 0 || !time) return 0;
    const staged = await retryOnLockConflict(() =>
      store.db.transaction().execute(async (tx) => {
        await store.lockStaging(tx, projectId);
        const docs = parseDocuments(await store.documentsOfProject(tx, projectId));
        const { renders } = renderAffected(devices, docs, devices, time);
        return engine.stage(tx, projectId, renders, clock.now());
      }),
    );
    void engine.deliver(staged);
    return staged.length;
  }

  /**
   * A device the saves skipped came back (local management ended, issue 15): its document rendered
   * from what is saved now and staged as a new version when it changed; when it did not, the same
   * document as a new version all the same (its settings may have been changed on the device itself;
   * a failed row is the 76 of its local time), a pending one its version again. Returns how many rows
   * were published.
   */
  async redeliver(projectId: number, deviceId: number): Promise<number> {
    const { store, engine, clock, facts, clocks } = this.deps;
    const devices = await projectDevices(facts, projectId);
    const device = devices.find((d) => d.deviceId === deviceId);
    if (!device || skipOf(device)) return 0;
    const time = await clocks.ofProject(projectId);
    const staged = await retryOnLockConflict(() =>
      store.db.transaction().execute(async (tx) => {
        await store.lockStaging(tx, projectId);
        const docs = parseDocuments(await store.documentsOfProject(tx, projectId));
        const { renders } = renderAffected([device], docs, devices, time);
        return engine.stage(tx, projectId, renders, clock.now());
      }),
    );
    if (staged.length > 0) {
      await engine.deliver(staged);
      return staged.length;
    }
    const rows = (await store.deviceConfigs(store.db, [deviceId])).filter((r) => r.project_id === projectId);
    return (await engine.retry(rows, clock.now(), ['failed', 'applied'])).length;
  }

  /** Restores an earlier version: a new version with that body (same checks as a save). */
  async restore(actor: SaveActor, revisionId: number, baseVersion: number): Promise<SaveConfigResult> {
    const { store } = this.deps;
    const rev = await store.revision(store.db, actor.projectId, revisionId);
    if (!rev) throw new AppError(ERR.NOT_EXIST);
    return this.save(actor, {
      kind: rev.kind as ConfigKind,
      deviceId: rev.device_id,
      baseVersion,
      settings: JSON.parse(rev.body) as unknown,
      restoredFrom: rev.version,
    });
  }

  /** Writes an audit row (a save, a restore, or another feature's change such as a PoE reboot). */
  async audit(
    db: Exec,
    actor: SaveActor,
    device: Pick<DeviceFacts, 'deviceId' | 'name'> | null,
    action: AuditAction,
    e: { summary: string; at: number },
  ): Promise<void> {
    await this.deps.store.insertAudit(db, {
      project_id: actor.projectId,
      account_id: actor.accountId,
      device_id: device?.deviceId ?? null,
      device_name: device?.name ?? null,
      action,
      summary: e.summary,
      created_at: e.at,
    });
  }
}

/**
 * What changed, in one line. A first save is compared with the factory settings the view showed,
 * so the summary names what the user changed rather than listing every default as "added".
 */
function changeSummary(c: CheckedSave): string {
  const factory = c.kind.factory({ devices: c.devices, target: c.target, docs: c.docs });
  return summarizeDiff(diffSections(c.kind.diff, c.previous, c.settings, factory), c.kind.diff);
}

/** Renders the document of every device the change reaches; those that cannot take it are skipped. */
function renderAffected(
  affected: readonly DeviceFacts[],
  docs: ProjectDocuments,
  devices: readonly DeviceFacts[],
  time: DeviceTimeSection | undefined,
) {
  const renders: Parameters<ConfigEngine['stage']>[2][number][] = [];
  const targets: DeviceFacts[] = [];
  const skipped: DeliveryReport['skipped'] = [];
  for (const d of affected) {
    const skip = skipOf(d);
    if (skip) {
      skipped.push({ deviceId: d.deviceId, name: d.name, code: skip.code, message: errorMessage(skip.code) });
      continue;
    }
    const document = renderFor(d, docs, devices, time);
    if (!document) continue;
    targets.push(d);
    renders.push({ deviceId: d.deviceId, document });
  }
  return { renders, targets, skipped };
}

function auditSummary(label: string, version: number, summary: string, restoredFrom?: number): string {
  return restoredFrom
    ? `${label} version ${version}: restored version ${restoredFrom}`
    : `${label} version ${version}: ${summary}`;
}
