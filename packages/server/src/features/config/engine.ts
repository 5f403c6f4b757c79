import type { DeviceConfigDocument } from '@netloom/domain';
import { isFullState } from '@netloom/protocol';
import type { Logger } from 'pino';
import { retryOnLockConflict } from '../../db/lockRetry';
import type { DeviceRegistry, RegistryEntry } from '../../gateway/registry';
import type { DeviceGateway, UpContext, UpData } from '../../gateway/types';
import type { Clock } from '../../lib/clock';
import type { DeviceHandlers } from '../../lib/feature';
import type { LiveBus } from '../../live/bus';
import { BatchQueue } from './batchQueue';
import type { ProjectClocks } from './clocks';
import { Publisher } from './delivery';
import { documentHash } from './documents';
import type { FactsSource } from './facts';
import { joinProject } from './joining';
import type { ConfigStore, DeviceConfigRow, Exec } from './store';
import { type DeviceReport, reportedVersion, resultOf } from './transitions';

export interface ConfigEngineOptions {
  /** How often pending deliveries are checked. */
  reconcileMs: number;
  /** An online device still pending this long after the last send gets the config again. */
  resendMs: number;
}

export const DEFAULT_ENGINE_OPTIONS: ConfigEngineOptions = { reconcileMs: 5000, resendMs: 15_000 };

/** The engine's share of the device plane's messages. */
export type EngineHandlers = Pick<
  DeviceHandlers,
  'hello' | 'state' | 'configResult' | 'connection' | 'brokerReconnect'
>;

export interface ConfigEngineDeps {
  store: ConfigStore;
  /** Each project's clock, for the documents of devices joining a project. */
  clocks: ProjectClocks;
  gateway: DeviceGateway;
  registry: DeviceRegistry;
  bus: LiveBus;
  clock: Clock;
  logger: Logger;
  facts: FactsSource;
  options?: Partial<ConfigEngineOptions>;
}

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
  /** Device reports, handled in batches (one read of the affected rows per batch). */
  private readonly reports: BatchQueue<DeviceReport>;
  /** Publishes desired versions; knows which devices this process sent them to. */
  private readonly publisher: Publisher;
  /**
   * Devices whose periodic `state` needs no database work: they run this version and nothing newer
   * is wanted (applied, or nothing saved applies to them). Cleared by a save that stages them and by
   * every `hello`, so the database decides again.
   */
  private readonly settled = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private offRegistry: (() => void) | null = null;
  /** Background deliveries of saves, awaited on stop. */
  private readonly inFlight = new Set<Promise<void>>();
  /**
   * Connecting devices whose retained `config` this process has not published yet: on the embedded
   * broker (its retained store lives and dies with the process) their desired version is published
   * as they connect, in batches, so it reaches them at their SUBSCRIBE or right after it.
   */
  private readonly retaining: BatchQueue<number>;
  private readonly embeddedBroker: boolean;

  constructor(private readonly deps: ConfigEngineDeps) {
    this.options = { ...DEFAULT_ENGINE_OPTIONS, ...deps.options };
    this.publisher = new Publisher({ ...deps, resendMs: this.options.resendMs });
    this.reports = new BatchQueue(
      (batch) => this.handleBatch(batch),
      (err) => deps.logger.error({ err }, 'config report batch failed'),
    );
    this.embeddedBroker = deps.gateway.stats().mode === 'embedded';
    this.retaining = new BatchQueue(
      async (ids) => {
        const due = ids.filter((id) => !this.publisher.retainedHere.has(id));
        if (due.length > 0) await this.publisher.publish(await deps.store.deviceConfigs(deps.store.db, due));
      },
      (err) => deps.logger.error({ err }, 'retained config publish failed'),
    );
  }

  /**
   * The engine's device-message handlers (registered by the config feature): versions reported in
   * `hello` and full `state`, `configResult`, connection losses and broker reconnects.
   */
  deviceHandlers(): EngineHandlers {
    return {
      hello: (ctx, d) => this.onVersion(ctx, d.configVersion, true),
      state: (ctx, d) => (isFullState(d) ? this.onVersion(ctx, d.configVersion, false) : undefined),
      configResult: (ctx, d) => this.onResult(ctx, d),
      // A device that reconnects gets the desired version again on its hello.
      connection: (sn, connected) => {
        const e = this.deps.registry.get(sn);
        if (e && !connected) this.publisher.sentHere.delete(e.deviceId);
        // Retained = desired (§7.1): after a restart the embedded broker holds no retained config.
        if (e && connected && !this.publisher.retainedHere.has(e.deviceId) && this.embeddedBroker)
          void this.retaining.push(e.deviceId);
      },
      // An external broker came back (it may have restarted and lost retained messages and the
      // devices' hellos of the gap): every pending device gets its version again now.
      brokerReconnect: () => {
        this.publisher.sentHere.clear();
        void this.publisher.reconcile();
      },
    };
  }

  /** A device moved or was deleted: forget what was sent; drop the old project's delivery row. */
  private onRegistryChange(e: RegistryEntry, change: 'upsert' | 'remove'): void {
    this.publisher.sentHere.delete(e.deviceId);
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
  }

  async start(): Promise<void> {
    this.offRegistry = this.deps.registry.onChange((e, change) => this.onRegistryChange(e, change));
    this.timer = setInterval(() => void this.publisher.reconcile(), this.options.reconcileMs);
    this.timer.unref();
    // External broker: devices stayed connected while this server restarted.
    await this.publisher.reconcile();
  }

  async stop(): Promise<void> {
    this.offRegistry?.();
    this.offRegistry = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([...this.inFlight]);
    await this.reports.drain();
    await this.retaining.drain();
  }

  // ── saves ───────────────────────────────────────────────────────────────────────────────────

  /**
   * In a save's transaction (which took `store.lockStaging` before reading the documents it
   * rendered): a new desired version for every device whose rendered document changed (pending,
   * failure cleared). The rows are read locked, so a version minted meanwhile by a report or a
   * retry is seen, never minted twice. Returns the rows written.
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
          true,
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
    // Device id order, as the rows were locked (see deviceConfigs): new rows' key inserts too.
    rows.sort((a, b) => a.device_id - b.device_id);
    const written = await store.upsertDeviceConfigs(tx, rows);
    for (const r of written) this.settled.delete(r.device_id);
    return written;
  }

  /**
   * After the commit: publishes staged rows to their devices in the background, retained — to
   * offline ones too, so the retained `config` is always the newest desired version (§7.1: what a
   * device receives at SUBSCRIBE). The returned promise settles when the publishes did (tests,
   * shutdown).
   */
  deliver(rows: readonly DeviceConfigRow[]): Promise<void> {
    for (const r of rows) this.emit(r);
    const publishing = this.publisher
      .publish(rows)
      .catch((err: unknown) =>
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
   * it meanwhile. Returns the rows published. `reversion` names the statuses that get a new version
   * (a device back from local management: an applied one too, its local settings may differ).
   */
  async retry(
    rows: readonly DeviceConfigRow[],
    now: number,
    reversion: readonly string[] = ['failed'],
  ): Promise<DeviceConfigRow[]> {
    const { store } = this.deps;
    const due: DeviceConfigRow[] = [];
    await retryOnLockConflict(() =>
      store.db.transaction().execute(async (tx) => {
        due.length = 0;
        // In device id order, as every writer of several delivery rows (see deviceConfigs).
        for (const row of [...rows].sort((a, b) => a.device_id - b.device_id)) {
          if (row.status === 'pending') {
            due.push(row);
            continue;
          }
          if (!reversion.includes(row.status)) continue;
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
      }),
    );
    for (const r of due) {
      this.settled.delete(r.device_id);
      this.emit(r);
    }
    await this.publisher.publish(due);
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
      this.publisher.sentHere.delete(deviceId);
      this.settled.delete(deviceId);
    } else if (this.settled.get(deviceId) === version) return undefined;
    return this.reports.push({ type: 'version', deviceId, projectId, version, hello, at: ctx.at });
  }

  private onResult(ctx: UpContext, d: UpData<'configResult'>): Promise<void> | undefined {
    if (!ctx.device) return undefined;
    const { deviceId, projectId } = ctx.device;
    return this.reports.push({
      type: 'result',
      deviceId,
      projectId,
      version: d.version,
      ok: d.ok,
      code: d.ok ? null : (d.code ?? null),
      message: d.ok ? null : (d.message ?? null),
      at: ctx.at,
    });
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
        if (rep.type === 'version') joining.push(rep);
        continue;
      }
      const seen = changed.get(rep.deviceId)?.seenDesired ?? row.desired_version;
      const dirty = rep.type === 'version' ? reportedVersion(row, rep, toPublish) : resultOf(row, rep);
      if (dirty) changed.set(rep.deviceId, { row, seenDesired: seen });
    }
    const written: DeviceConfigRow[] = [];
    if (changed.size > 0) {
      // In device id order, as every writer of several delivery rows (see deviceConfigs).
      const ordered = [...changed.values()].sort((a, b) => a.row.device_id - b.row.device_id);
      await retryOnLockConflict(() =>
        store.db.transaction().execute(async (tx) => {
          written.length = 0;
          for (const { row, seenDesired } of ordered) {
            const { device_id: _d, project_id: _p, sent_at: _s, ...set } = row;
            if (await store.transition(tx, row.device_id, seenDesired, set)) written.push(row);
          }
        }),
      );
    }
    for (const r of written) this.emit(r);
    const created = await joinProject(this.deps, joining);
    for (const r of created) this.emit(r);
    this.settle(reports, rows, created);
    await this.publisher.publish([...written.filter((r) => toPublish.has(r.device_id)), ...created]);
    // Republish unchanged pending rows to devices that said hello with an older version.
    const again = [...toPublish].filter((id) => !changed.has(id)).flatMap((id) => rows.get(id) ?? []);
    await this.publisher.publish(again);
  }

  /** Remembers devices whose reported version needs nothing more (see `settled`). */
  private settle(
    reports: readonly DeviceReport[],
    rows: ReadonlyMap<number, DeviceConfigRow>,
    created: readonly DeviceConfigRow[],
  ): void {
    const createdIds = new Set(created.map((r) => r.device_id));
    for (const rep of reports) {
      if (rep.type !== 'version' || createdIds.has(rep.deviceId)) continue;
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

  /** One reconcile tick: online devices still pending get their desired version again. */
  reconcile(): Promise<number> {
    return this.publisher.reconcile();
  }

  /** Waits until every queued report is handled (tests). */
  async drain(): Promise<void> {
    await this.reports.drain();
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
