import type { DeviceConfigDocument } from '@netloom/domain';
import { isFullState } from '@netloom/protocol';
import type { Logger } from 'pino';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway, UpContext, UpData } from '../../gateway/types';
import type { Clock } from '../../lib/clock';
import type { LiveBus } from '../../live/bus';
import { devicesByIds, type FactsSource } from './facts';
import { documentHash, parseDocuments, renderFor, skipOf } from './render';
import type { ConfigStore, DeviceConfigRow, Exec } from './store';

export interface ConfigEngineOptions {
  /** How often pending deliveries are checked. */
  reconcileMs: number;
  /** An online device still pending this long after the last send gets the config again. */
  resendMs: number;
}

export const DEFAULT_ENGINE_OPTIONS: ConfigEngineOptions = { reconcileMs: 5000, resendMs: 15_000 };

export interface ConfigEngineDeps {
  store: ConfigStore;
  gateway: DeviceGateway;
  registry: DeviceRegistry;
  bus: LiveBus;
  clock: Clock;
  logger: Logger;
  facts: FactsSource;
  options?: Partial<ConfigEngineOptions>;
}

/** What a device said about its configuration, queued for the next batch. */
type DeviceReport =
  | { kind: 'version'; deviceId: number; projectId: number; version: number; hello: boolean; at: number }
  | {
      kind: 'result';
      deviceId: number;
      projectId: number;
      version: number;
      ok: boolean;
      code: number | null;
      message: string | null;
      at: number;
    };

/**
 * The desired-state engine's device side (docs/protocol.md §7.1): stages new desired versions inside
 * a save's transaction, publishes them after the commit, and follows what devices report — `hello` /
 * `state` (applied `configVersion`), `configResult` (applied or refused) — through named transitions.
 * Reports are handled in batches (one read of the affected rows per batch) so a reconnect storm or
 * a thousand results after a save cost a handful of queries. A timer resends pending versions to
 * online devices that have not confirmed them.
 */
export class ConfigEngine {
  private readonly options: ConfigEngineOptions;
  private queue: { report: DeviceReport; done: () => void }[] = [];
  private flushing: Promise<void> | null = null;
  /** Devices this process published the desired version to since it started (or they reconnected). */
  private readonly sentHere = new Set<number>();
  /**
   * Devices whose periodic `state` needs no database work: they run this version and nothing newer
   * is wanted (applied, or nothing saved applies to them). Cleared by a save that stages them and by
   * every `hello`, so the database decides again.
   */
  private readonly settled = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  /** Background deliveries of saves, awaited on stop. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: ConfigEngineDeps) {
    this.options = { ...DEFAULT_ENGINE_OPTIONS, ...deps.options };
  }

  attach(): void {
    const { gateway, registry } = this.deps;
    gateway.onMessage('hello', (ctx, d) => this.onVersion(ctx, d.configVersion, true));
    gateway.onMessage('state', (ctx, d) =>
      isFullState(d) ? this.onVersion(ctx, d.configVersion, false) : undefined,
    );
    gateway.onMessage('configResult', (ctx, d) => this.onResult(ctx, d));
    // An external broker came back (it may have restarted and lost retained messages and the
    // devices' hellos of the gap): every pending device gets its version again now.
    gateway.onBrokerReconnect(() => {
      this.sentHere.clear();
      void this.reconcile();
    });
    gateway.onConnectionChange((sn, connected) => {
      // A device that reconnects gets the desired version again on its hello.
      const e = registry.get(sn);
      if (e && !connected) this.sentHere.delete(e.deviceId);
    });
    registry.onChange((e, change) => {
      this.sentHere.delete(e.deviceId);
      this.settled.delete(e.deviceId);
      // Moved to another project: the old project's document no longer applies.
      if (change === 'upsert') {
        void this.deps.store.db
          .deleteFrom('device_configs')
          .where('device_id', '=', e.deviceId)
          .where('project_id', '!=', e.projectId)
          .execute()
          .catch((err: unknown) => this.deps.logger.error({ err }, 'could not drop a moved device config'));
      }
    });
  }

  async start(): Promise<void> {
    this.timer = setInterval(() => void this.reconcile(), this.options.reconcileMs);
    this.timer.unref();
    // External broker: devices stayed connected while this server restarted.
    await this.reconcile();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([...this.inFlight]);
    await this.flushing;
  }

  // ── saves ───────────────────────────────────────────────────────────────────────────────────

  /**
   * In a save's transaction: a new desired version for every device whose rendered document
   * changed (pending, failure cleared). Returns the rows written.
   */
  async stage(
    tx: Exec,
    projectId: number,
    renders: readonly { deviceId: number; document: DeviceConfigDocument }[],
    now: number,
  ): Promise<DeviceConfigRow[]> {
    const { store } = this.deps;
    const existing = new Map(
      (
        await store.deviceConfigs(
          tx,
          renders.map((r) => r.deviceId),
        )
      ).map((r) => [r.device_id, r]),
    );
    const rows: DeviceConfigRow[] = [];
    for (const r of renders) {
      const hash = documentHash(r.document);
      const old = existing.get(r.deviceId);
      if (old && old.hash === hash && old.project_id === projectId) continue;
      const base =
        old && old.project_id === projectId ? Math.max(old.desired_version, old.applied_version) : 0;
      rows.push({
        device_id: r.deviceId,
        project_id: projectId,
        desired_version: base + 1,
        body: JSON.stringify(r.document),
        hash,
        applied_version: old?.applied_version ?? 0,
        status: 'pending',
        pending_since: now,
        failed_code: null,
        failed_message: null,
        sent_at: null,
        updated_at: now,
      });
    }
    await store.upsertDeviceConfigs(tx, rows);
    for (const r of rows) this.settled.delete(r.device_id);
    return rows;
  }

  /**
   * After the commit: publishes staged rows to online devices in the background (offline ones get
   * it on their hello). The returned promise settles when the publishes did (tests, shutdown).
   */
  deliver(rows: readonly DeviceConfigRow[]): Promise<void> {
    const online: DeviceConfigRow[] = [];
    for (const r of rows) {
      const e = this.deps.registry.getById(r.device_id);
      if (e && this.deps.gateway.isConnected(e.sn)) online.push(r);
      this.emit(r);
    }
    const publishing = this.publish(online).catch((err: unknown) =>
      this.deps.logger.error({ err }, 'config delivery failed; the reconcile tick retries'),
    );
    this.inFlight.add(publishing);
    void publishing.finally(() => this.inFlight.delete(publishing));
    return publishing;
  }

  /**
   * "Retry delivery" (an immediate action on online devices): a failed device gets its document
   * again as a new version — a device answers a repeated version with its earlier answer (§7.1) —
   * and a pending one gets its version again now. Each row moves only if no save or report moved
   * it meanwhile. Returns the rows published.
   */
  async retry(rows: readonly DeviceConfigRow[], now: number): Promise<DeviceConfigRow[]> {
    const { store } = this.deps;
    const due: DeviceConfigRow[] = [];
    await store.db.transaction().execute(async (tx) => {
      for (const row of rows) {
        if (row.status === 'pending') {
          due.push(row);
          continue;
        }
        if (row.status !== 'failed') continue;
        const next: DeviceConfigRow = {
          ...row,
          desired_version: Math.max(row.desired_version, row.applied_version) + 1,
          status: 'pending',
          pending_since: now,
          failed_code: null,
          failed_message: null,
          updated_at: now,
        };
        const { device_id: _d, project_id: _p, sent_at: _s, ...set } = next;
        if (await store.transition(tx, row.device_id, row.desired_version, set)) due.push(next);
      }
    });
    for (const r of due) {
      this.settled.delete(r.device_id);
      this.emit(r);
    }
    await this.publish(due);
    return due;
  }

  /** The project's document changed (every config view may refresh). */
  emitDocument(projectId: number): void {
    this.deps.bus.publish({
      type: 'config.status',
      projectId,
      deviceId: null,
      status: null,
      desiredVersion: null,
      appliedVersion: null,
    });
  }

  // ── device reports ──────────────────────────────────────────────────────────────────────────

  private onVersion(ctx: UpContext, version: number, hello: boolean): Promise<void> | undefined {
    if (!ctx.device) return undefined;
    const { deviceId, projectId } = ctx.device;
    if (hello) {
      this.sentHere.delete(deviceId);
      this.settled.delete(deviceId);
    } else if (this.settled.get(deviceId) === version) return undefined;
    return this.enqueue({ kind: 'version', deviceId, projectId, version, hello, at: ctx.at });
  }

  private onResult(ctx: UpContext, d: UpData<'configResult'>): Promise<void> | undefined {
    if (!ctx.device) return undefined;
    const { deviceId, projectId } = ctx.device;
    return this.enqueue({
      kind: 'result',
      deviceId,
      projectId,
      version: d.version,
      ok: d.ok,
      code: d.ok ? null : (d.code ?? null),
      message: d.ok ? null : (d.message ?? null),
      at: ctx.at,
    });
  }

  /** Queues a report; resolves once its batch is written (keeps each device's reports in order). */
  private enqueue(report: DeviceReport): Promise<void> {
    return new Promise<void>((resolve) => {
      this.queue.push({ report, done: resolve });
      if (!this.flushing) this.flushing = this.flushLoop();
    });
  }

  private async flushLoop(): Promise<void> {
    // Let the reports of one burst gather (a storm of hellos arrives within milliseconds).
    await new Promise((r) => setImmediate(r));
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.handleBatch(batch.map((b) => b.report));
      } catch (err) {
        this.deps.logger.error({ err }, 'config report batch failed');
      } finally {
        for (const b of batch) b.done();
      }
    }
    this.flushing = null;
  }

  private async handleBatch(reports: readonly DeviceReport[]): Promise<void> {
    const { store } = this.deps;
    const ids = [...new Set(reports.map((r) => r.deviceId))];
    const rows = new Map((await store.deviceConfigs(store.db, ids)).map((r) => [r.device_id, r]));
    const changed = new Map<number, { row: DeviceConfigRow; seenDesired: number }>();
    const toPublish = new Set<number>();
    const joining: DeviceReport[] = [];
    for (const rep of reports) {
      const row = rows.get(rep.deviceId);
      if (!row || row.project_id !== rep.projectId) {
        if (rep.kind === 'version') joining.push(rep);
        continue;
      }
      const seen = changed.get(rep.deviceId)?.seenDesired ?? row.desired_version;
      const dirty =
        rep.kind === 'version' ? this.onReportedVersion(row, rep, toPublish) : onResultOf(row, rep);
      if (dirty) changed.set(rep.deviceId, { row, seenDesired: seen });
    }
    const written: DeviceConfigRow[] = [];
    if (changed.size > 0) {
      await store.db.transaction().execute(async (tx) => {
        for (const { row, seenDesired } of changed.values()) {
          const { device_id: _d, project_id: _p, sent_at: _s, ...set } = row;
          if (await store.transition(tx, row.device_id, seenDesired, set)) written.push(row);
        }
      });
    }
    for (const r of written) this.emit(r);
    const created = await this.join(joining);
    this.settle(reports, rows, created);
    await this.publish([...written.filter((r) => toPublish.has(r.device_id)), ...created]);
    // Republish unchanged pending rows to devices that said hello with an older version.
    const again = [...toPublish].filter((id) => !changed.has(id)).flatMap((id) => rows.get(id) ?? []);
    await this.publish(again);
  }

  /** Remembers devices whose reported version needs nothing more (see `settled`). */
  private settle(
    reports: readonly DeviceReport[],
    rows: ReadonlyMap<number, DeviceConfigRow>,
    created: readonly DeviceConfigRow[],
  ): void {
    const createdIds = new Set(created.map((r) => r.device_id));
    for (const rep of reports) {
      if (rep.kind !== 'version' || createdIds.has(rep.deviceId)) continue;
      const row = rows.get(rep.deviceId);
      if (!row || row.project_id !== rep.projectId) {
        // Nothing saved applies (yet); a mesh unit without its role waits for a state that has it.
        if (this.deps.registry.getById(rep.deviceId)?.type !== 'mesh')
          this.settled.set(rep.deviceId, rep.version);
      } else if (row.status === 'applied' && row.desired_version === rep.version) {
        this.settled.set(rep.deviceId, rep.version);
      }
    }
  }

  /** hello/state with the version the device runs. Returns whether the row changed. */
  private onReportedVersion(
    row: DeviceConfigRow,
    rep: Extract<DeviceReport, { kind: 'version' }>,
    toPublish: Set<number>,
  ): boolean {
    let dirty = false;
    if (row.applied_version !== rep.version) {
      row.applied_version = rep.version;
      dirty = true;
    }
    if (rep.version === row.desired_version) {
      if (row.status !== 'applied') {
        Object.assign(row, {
          status: 'applied',
          pending_since: null,
          failed_code: null,
          failed_message: null,
        });
        dirty = true;
      }
    } else if (rep.version > row.desired_version) {
      // The device runs a version this database never gave (restored from an older backup): move
      // past it with the same document so the device takes it.
      Object.assign(row, {
        desired_version: rep.version + 1,
        status: 'pending',
        pending_since: rep.at,
        failed_code: null,
        failed_message: null,
      });
      toPublish.add(row.device_id);
      dirty = true;
    } else if (rep.hello && row.status !== 'failed') {
      if (row.status !== 'pending') {
        Object.assign(row, { status: 'pending', pending_since: rep.at });
        dirty = true;
      }
      toPublish.add(row.device_id);
    }
    if (dirty) row.updated_at = rep.at;
    return dirty;
  }

  /** Devices without a delivery row that said hello in a project with saved documents. */
  private async join(reports: readonly DeviceReport[]): Promise<DeviceConfigRow[]> {
    if (reports.length === 0) return [];
    const { store } = this.deps;
    const byProject = new Map<number, DeviceReport[]>();
    for (const r of reports) byProject.set(r.projectId, [...(byProject.get(r.projectId) ?? []), r]);
    const docs = await store.documentsOfProjects(store.db, [...byProject.keys()]);
    const projects = new Set(docs.map((d) => d.project_id));
    const candidates = reports.filter((r) => projects.has(r.projectId));
    if (candidates.length === 0) return [];
    const facts = await devicesByIds(this.deps.facts, [...new Set(candidates.map((r) => r.deviceId))]);
    const rows: DeviceConfigRow[] = [];
    for (const f of facts) {
      const rep = candidates.find((r) => r.deviceId === f.deviceId);
      // A mesh unit's role comes with its first state: wait for it.
      if (!rep || skipOf(f) || (f.type === 'mesh' && f.meshRole === null)) continue;
      const all = this.deps.registry.byProject(f.projectId);
      const doc = renderFor(f, parseDocuments(docs.filter((d) => d.project_id === f.projectId)), all);
      if (!doc) continue;
      const version = Math.max(rep.version + 1, 1);
      rows.push({
        device_id: f.deviceId,
        project_id: f.projectId,
        desired_version: version,
        body: JSON.stringify(doc),
        hash: documentHash(doc),
        applied_version: rep.version,
        status: 'pending',
        pending_since: rep.at,
        failed_code: null,
        failed_message: null,
        sent_at: null,
        updated_at: rep.at,
      });
    }
    if (rows.length === 0) return [];
    // Another node (or a save) may have created a row meanwhile: theirs wins.
    const created: DeviceConfigRow[] = [];
    for (const r of rows) {
      const res = await store.db
        .insertInto('device_configs')
        .values(r)
        .onConflict((oc) => oc.column('device_id').doNothing())
        .executeTakeFirst();
      if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) created.push(r);
    }
    for (const r of created) this.emit(r);
    return created;
  }

  // ── delivery ────────────────────────────────────────────────────────────────────────────────

  private async publish(rows: readonly DeviceConfigRow[]): Promise<void> {
    const { gateway, registry, clock, logger, store } = this.deps;
    const sent: number[] = [];
    const targets = rows.flatMap((r) => {
      const e = registry.getById(r.device_id);
      return e && gateway.isConnected(e.sn) ? [{ r, sn: e.sn }] : [];
    });
    for (let i = 0; i < targets.length; i += 200) {
      await Promise.all(
        targets.slice(i, i + 200).map(async ({ r, sn }) => {
          try {
            await gateway.publish(sn, 'config', {
              version: r.desired_version,
              document: JSON.parse(r.body) as DeviceConfigDocument,
            });
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
        return (
          !this.sentHere.has(p.device_id) || p.sent_at === null || p.sent_at <= now - this.options.resendMs
        );
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

  /** Waits until every queued report is handled (tests). */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private emit(r: DeviceConfigRow): void {
    this.deps.bus.publish({
      type: 'config.status',
      projectId: r.project_id,
      deviceId: r.device_id,
      status: r.status as 'applied' | 'pending' | 'failed',
      desiredVersion: r.desired_version,
      appliedVersion: r.applied_version,
    });
  }
}

/** configResult: only a result for the desired version moves the row; duplicates change nothing. */
function onResultOf(row: DeviceConfigRow, rep: Extract<DeviceReport, { kind: 'result' }>): boolean {
  if (rep.version !== row.desired_version) return false;
  if (rep.ok) {
    if (row.status === 'applied' && row.applied_version === rep.version) return false;
    Object.assign(row, {
      status: 'applied',
      applied_version: rep.version,
      pending_since: null,
      failed_code: null,
      failed_message: null,
      updated_at: rep.at,
    });
    return true;
  }
  if (row.status === 'failed' && row.failed_code === rep.code) return false;
  Object.assign(row, {
    status: 'failed',
    failed_code: rep.code,
    failed_message: rep.message,
    pending_since: null,
    updated_at: rep.at,
  });
  return true;
}
