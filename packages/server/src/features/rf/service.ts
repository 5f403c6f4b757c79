/**
 * RF optimisation (issue 5 §2): one run per project at a time (`runner.ts` does a run's steps),
 * started by hand or by the `rf` schedule, and the refusal of `rf` and `radio` saves meanwhile
 * (27, the guard this feature declares for its kinds). Runs are rows of `rf_runs` (latest 20 per
 * project kept); each step is a live `rf.progress` event.
 */
import {
  defaultRfSettings,
  ERR,
  type ErrorCode,
  isWifiDevice,
  NET_MODES,
  RF_MIN_ONLINE_DEVICES,
  type RfRun,
  type RfSettings,
  type RfView,
  savedRf,
} from '@netloom/domain';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type JobLeases, PeriodicSingleton } from '../../lib/singleton';
import type { LiveBus } from '../../live/bus';
import type { Clients } from '../clients';
import type { CommandService } from '../commands';
import type { ConfigApi, DeviceFacts } from '../config';
import type { ProjectSettings, Projects } from '../projects';
import { DEFAULT_RF_OPTIONS, type RfOptions } from './options';
import { RunProgress } from './progress';
import { takesPart } from './radios';
import { RunExecution } from './runner';
import { dueAutoRunAt, nextAutoRunAt } from './schedule';
import { StopSignal } from './signals';
import { type RfRunRow, type RfStore, toRfRun } from './store';

export interface RfServiceDeps {
  store: RfStore;
  config: ConfigApi;
  commands: Pick<CommandService, 'request'>;
  clients: Pick<Clients, 'rssiByRadio'>;
  /** A project's network mode and time zone; which projects are locked (no automatic runs). */
  projects: Pick<Projects, 'settingsOf'>;
  bus: Pick<LiveBus, 'publish'>;
  clock: Clock;
  logger: Logger;
  /** Claims of scheduled runs across nodes: one node starts a project's run per scheduled instant. */
  leases: Pick<JobLeases, 'claim'>;
  options?: Partial<RfOptions>;
}

const ABANDONED_SWEEP_MS = 60_000;
/** Margin on top of a run's stage timeouts (database work, a busy node). */
const RUN_MARGIN_MS = 30_000;

/** The longest a run can last: scan, plan and apply stages each bounded by their own timeout. */
export function maxRunMs(o: RfOptions): number {
  return o.scanTimeoutMs + o.planBudgetMs + o.applyTimeoutMs + RUN_MARGIN_MS;
}

/** The `job_leases` job of a project's automatic runs (the slot is the scheduled instant). */
export const rfAutoJob = (projectId: number) => `rf.auto:${projectId}`;

export class RfService {
  /** Timing of runs (tests shorten them). */
  readonly options: RfOptions;
  /** Runs of this process: project → run id. */
  private readonly active = new Map<number, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopSignal = new StopSignal();
  private readonly progress: RunProgress;
  private timer: NodeJS.Timeout | null = null;
  private lastTick = 0;

  /** Once a minute across the nodes: the runs of a node that died are failed. */
  private readonly abandonedSweep: PeriodicSingleton;

  constructor(private readonly deps: RfServiceDeps) {
    this.options = { ...DEFAULT_RF_OPTIONS, ...deps.options };
    this.progress = new RunProgress(deps);
    this.abandonedSweep = new PeriodicSingleton({
      job: 'rf.abandoned',
      intervalMs: ABANDONED_SWEEP_MS,
      firstAfterMs: ABANDONED_SWEEP_MS,
      run: () => this.failAbandoned(),
      leases: deps.leases,
      clock: deps.clock,
      logger: deps.logger,
    });
  }

  async start(): Promise<void> {
    const { clock } = this.deps;
    await this.failAbandoned();
    this.abandonedSweep.start();
    this.lastTick = clock.now();
    this.timer = setInterval(() => void this.autoTick(), this.options.autoTickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.abandonedSweep.stop();
    this.stopSignal.stop();
    await Promise.all([...this.inFlight]);
  }

  /**
   * Fails the runs no node can still be carrying: started longer ago than a run can last. Another
   * node's run in progress is left alone (a node starting must not fail its peers' runs); a run of
   * a node that died is failed by whichever node sweeps first once it is that old.
   */
  private async failAbandoned(): Promise<void> {
    const { store, clock, logger } = this.deps;
    const now = clock.now();
    const abandoned = await store.failAbandoned(
      ERR.RF_OPTIMIZATION_TIMEOUT,
      now,
      now - maxRunMs(this.options),
    );
    if (abandoned > 0)
      logger.warn({ abandoned }, 'RF optimisation runs left running by a stopped node failed');
  }

  /** Whether a run is under way in the project (this node's memory, else the table). */
  async isRunning(projectId: number): Promise<boolean> {
    if (this.active.has(projectId)) return true;
    return (await this.deps.store.running(projectId)) !== undefined;
  }

  /** The save guard of the `rf` and `radio` kinds: no change while a run is under way (27). */
  async refuseWhileRunning(projectId: number): Promise<void> {
    if (await this.isRunning(projectId)) throw new AppError(ERR.RF_AUTO_OPTIMIZATION_RUNNING);
  }

  async view(projectId: number): Promise<RfView> {
    const { store, clock } = this.deps;
    const devices = (await this.deps.config.devices(projectId)).filter(isWifiDevice);
    const running = await store.running(projectId);
    const records = await store.records(projectId);
    const project = await this.settings(projectId);
    const rf = await this.rfSettings(projectId);
    return {
      onlineAps: devices.filter((d) => takesPart(d)).length,
      totalAps: devices.length,
      running: running ? toRfRun(running) : null,
      records: records.map(toRfRun),
      nextAutoRunAt:
        project && project.netMode === NET_MODES.WLAN
          ? nextAutoRunAt(rf, project.timeZone, clock.now())
          : null,
    };
  }

  async run(projectId: number, runId: number): Promise<RfRun> {
    const row = await this.deps.store.get(projectId, runId);
    if (!row) throw new AppError(ERR.NOT_EXIST);
    return toRfRun(row);
  }

  private async settings(projectId: number): Promise<ProjectSettings | undefined> {
    return (await this.deps.projects.settingsOf([projectId])).get(projectId);
  }

  private async rfSettings(projectId: number): Promise<RfSettings> {
    return savedRf(await this.deps.config.documents(projectId)) ?? defaultRfSettings();
  }

  /**
   * Starts a run: 913 in a mesh project (RF optimisation is for WLAN projects), 27 when one runs,
   * 2104 with fewer than 2 online APs. Returns the run as started; it goes on in the background.
   */
  async startRun(projectId: number, accountId: number | null, trigger: 'manual' | 'auto'): Promise<RfRun> {
    const project = await this.settings(projectId);
    if (!project) throw new AppError(ERR.NOT_EXIST);
    if (project.netMode !== NET_MODES.WLAN) throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
    if (await this.isRunning(projectId)) throw new AppError(ERR.RF_AUTO_OPTIMIZATION_RUNNING);
    const devices = (await this.deps.config.devices(projectId)).filter(
      (d) => isWifiDevice(d) && takesPart(d),
    );
    if (devices.length < RF_MIN_ONLINE_DEVICES) throw new AppError(ERR.RF_TOO_FEW_ONLINE_DEVICES);
    const rf = await this.rfSettings(projectId);
    // Claimed in memory before the first await on the insert, so two clicks cannot both start.
    if (this.active.has(projectId)) throw new AppError(ERR.RF_AUTO_OPTIMIZATION_RUNNING);
    this.active.set(projectId, 0);
    let row: RfRunRow;
    try {
      row = await this.insertRun(projectId, accountId, trigger, rf);
    } catch (err) {
      this.active.delete(projectId);
      throw err;
    }
    this.active.set(projectId, row.id);
    this.progress.emit(row);
    this.runInBackground(row, devices, rf);
    return toRfRun(row);
  }

  private async insertRun(
    projectId: number,
    accountId: number | null,
    trigger: 'manual' | 'auto',
    rf: RfSettings,
  ): Promise<RfRunRow> {
    const { store, clock } = this.deps;
    const id = await store.insert({
      project_id: projectId,
      account_id: accountId,
      trigger,
      status: 'running',
      stage: 'scanning',
      percent: 0,
      started_at: clock.now(),
      finished_at: null,
      code: null,
      access_threshold: rf.accessThreshold,
      before_json: null,
      after_json: null,
      changes_json: '[]',
    });
    return (await store.get(projectId, id)) as RfRunRow;
  }

  private runInBackground(row: RfRunRow, devices: readonly DeviceFacts[], rf: RfSettings): void {
    const { logger, config, commands, clients, store } = this.deps;
    const execution = new RunExecution(
      {
        config,
        commands,
        clients,
        store,
        logger,
        progress: this.progress,
        options: this.options,
        stop: this.stopSignal,
        clock: this.deps.clock,
      },
      row,
    );
    const p = execution
      .execute(devices, rf)
      .catch(async (err: unknown) => {
        logger.error({ err, projectId: row.project_id, runId: row.id }, 'RF optimisation failed');
        await this.progress.finish(row, 'failed', ERR.RF_OPTIMIZATION_FAILED).catch(() => {});
      })
      .finally(() => {
        this.active.delete(row.project_id);
        this.inFlight.delete(p);
      });
    this.inFlight.add(p);
  }

  /**
   * One tick: every WLAN project whose schedule fell since the last tick starts a run — on the one
   * node that claims the scheduled instant (every node ticks; the others skip it).
   */
  async autoTick(): Promise<number> {
    const now = this.deps.clock.now();
    const since = this.lastTick;
    this.lastTick = now;
    let started = 0;
    try {
      for (const d of await this.autoRunCandidates()) {
        const at = dueAutoRunAt(d.rf, d.timeZone, since, now);
        if (at === null || !(await this.deps.leases.claim(rfAutoJob(d.projectId), at))) continue;
        try {
          await this.startRun(d.projectId, null, 'auto');
          started++;
        } catch (err) {
          const code = err instanceof AppError ? (err.code as ErrorCode) : null;
          this.deps.logger.info({ projectId: d.projectId, code }, 'automatic RF optimisation not started');
        }
      }
    } catch (err) {
      this.deps.logger.error({ err }, 'automatic RF optimisation tick failed');
    }
    return started;
  }

  /**
   * The WLAN projects with saved `rf` settings that take changes: a locked (read-only) project
   * takes none, automatic ones included (173).
   */
  private async autoRunCandidates(): Promise<{ projectId: number; rf: RfSettings; timeZone: string }[]> {
    const docs = await this.deps.config.projectDocumentsOf('rf');
    // One query for every project with saved settings, however many there are.
    const projects = await this.deps.projects.settingsOf(docs.map((d) => d.projectId));
    return docs.flatMap((d) => {
      const p = projects.get(d.projectId);
      return p && !p.locked && p.netMode === NET_MODES.WLAN
        ? [{ projectId: d.projectId, rf: d.settings as RfSettings, timeZone: p.timeZone }]
        : [];
    });
  }
}
