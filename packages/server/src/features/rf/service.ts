import {
  type ConfigKind,
  type DeviceRadioSettings,
  defaultRfSettings,
  ERR,
  type ErrorCode,
  MANAGEMENT_MODES,
  NET_MODES,
  type RadioBand,
  type RfNoise,
  type RfRadioChange,
  type RfRun,
  type RfSettings,
  type RfView,
} from '@netloom/domain';
import { scanResultSchema } from '@netloom/protocol';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { LiveBus } from '../../live/bus';
import { defaultRadioSettings, factoryWidth } from '../config/defaults';
import { type DeviceFacts, type FactsSource, projectDevices } from '../config/facts';
import { parseDocuments } from '../config/render';
import type { CommandReplies } from '../config/replies';
import type { ConfigService } from '../config/service';
import type { ConfigStore } from '../config/store';
import { isWifiDevice } from '../config/views';
import type { ChannelWidth } from './channels';
import type { Hearing, RadioNode } from './interference';
import { planNoise, planRf } from './planner';
import { radioChangeText, round1, sameChannelByRadio } from './records';
import { autoRunDue, nextAutoRunAt } from './schedule';
import { type AfterJson, type RfRunRow, type RfStore, toRfRun } from './store';

export interface RfOptions {
  /** How long each AP listens in the scan stage. */
  scanMs: number;
  /** How long the scan stage waits for an AP's reply (then the AP is left out). */
  scanTimeoutMs: number;
  /** How long the applying stage waits for the devices to apply their new radios. */
  applyTimeoutMs: number;
  /** How often the automatic schedule is checked. */
  autoTickMs: number;
  /** Planner search budget. */
  planBudgetMs: number;
}

export const DEFAULT_RF_OPTIONS: RfOptions = {
  scanMs: 5000,
  scanTimeoutMs: 20_000,
  applyTimeoutMs: 60_000,
  autoTickMs: 30_000,
  planBudgetMs: 1500,
};

export interface RfServiceDeps {
  store: RfStore;
  configStore: ConfigStore;
  config: ConfigService;
  facts: FactsSource;
  replies: CommandReplies;
  bus: LiveBus;
  clock: Clock;
  logger: Logger;
  options?: Partial<RfOptions>;
}

/** One radio taking part in a run, with where it comes from. */
interface RunRadio {
  node: RadioNode;
  device: DeviceFacts;
}

const APPLY_POLL_MS = 200;
/** Percent ranges of the first scan and of the measuring scan after applying. */
const SCAN_PERCENT = { from: 5, to: 60 };
const MEASURE_PERCENT = { from: 95, to: 99 };

/**
 * RF optimisation (issue 5 §2): a run scans (every online AP sends its neighbour scan through a
 * `scan` command), plans (`planRf` over the interference graph built from who hears whom), applies
 * (a system-saved `radio` document per AP whose radios change, delivered by the desired-state engine),
 * measures (a second scan once the new radios are in force) and records noise before, predicted
 * after and measured after, and per-radio changes. One run per project at a time; `rf` and
 * `radio` saves are refused with 27 meanwhile. Automatic runs follow the `rf` schedule.
 */
export class RfService {
  /** Timing of runs (tests shorten them). */
  readonly options: RfOptions;
  /** Runs of this process: project → run id. */
  private readonly active = new Map<number, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private lastTick = 0;
  private stopping = false;
  private stopWaiters: (() => void)[] = [];

  constructor(private readonly deps: RfServiceDeps) {
    this.options = { ...DEFAULT_RF_OPTIONS, ...deps.options };
  }

  async start(): Promise<void> {
    const { store, clock, logger } = this.deps;
    const abandoned = await store.failAbandoned(ERR.RF_OPTIMIZATION_TIMEOUT, clock.now());
    if (abandoned > 0)
      logger.warn({ abandoned }, 'RF optimisation runs left running by a previous start failed');
    this.lastTick = clock.now();
    this.timer = setInterval(() => void this.autoTick(), this.options.autoTickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const w of this.stopWaiters) w();
    this.stopWaiters = [];
    await Promise.all([...this.inFlight]);
  }

  /** Whether a run is under way in the project (this node's memory, else the table). */
  async isRunning(projectId: number): Promise<boolean> {
    if (this.active.has(projectId)) return true;
    return (await this.deps.store.running(projectId)) !== undefined;
  }

  /** Save guard: `rf` and `radio` documents cannot change while a run is under way (27). */
  async guard(projectId: number, kind: ConfigKind): Promise<void> {
    if ((kind === 'rf' || kind === 'radio') && (await this.isRunning(projectId)))
      throw new AppError(ERR.RF_AUTO_OPTIMIZATION_RUNNING);
  }

  async view(projectId: number): Promise<RfView> {
    const { store, clock } = this.deps;
    const devices = (await projectDevices(this.deps.facts, projectId)).filter(isWifiDevice);
    const running = await store.running(projectId);
    const records = await store.records(projectId);
    const project = await store.project(projectId);
    const rf = await this.rfSettings(projectId);
    return {
      onlineAps: devices.filter((d) => takesPart(d)).length,
      totalAps: devices.length,
      running: running ? toRfRun(running) : null,
      records: records.map(toRfRun),
      nextAutoRunAt:
        project && project.net_mode === NET_MODES.WLAN
          ? nextAutoRunAt(rf, Number(project.time_zone), clock.now())
          : null,
    };
  }

  async run(projectId: number, runId: number): Promise<RfRun> {
    const row = await this.deps.store.get(projectId, runId);
    if (!row) throw new AppError(ERR.NOT_EXIST);
    return toRfRun(row);
  }

  private async rfSettings(projectId: number): Promise<RfSettings> {
    const doc = await this.deps.configStore.document(this.deps.configStore.db, projectId, null, 'rf');
    return doc ? (JSON.parse(doc.body) as RfSettings) : defaultRfSettings();
  }

  /**
   * Starts a run: 913 in a mesh project (RF optimisation is for WLAN projects), 27 when one runs,
   * 2104 with fewer than 2 online APs. Returns the run as started; it goes on in the background.
   */
  async startRun(projectId: number, accountId: number | null, trigger: 'manual' | 'auto'): Promise<RfRun> {
    const { store, clock } = this.deps;
    const project = await store.project(projectId);
    if (!project) throw new AppError(ERR.NOT_EXIST);
    if (project.net_mode !== NET_MODES.WLAN) throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
    if (await this.isRunning(projectId)) throw new AppError(ERR.RF_AUTO_OPTIMIZATION_RUNNING);
    const devices = (await projectDevices(this.deps.facts, projectId)).filter(
      (d) => isWifiDevice(d) && takesPart(d),
    );
    if (devices.length < 2) throw new AppError(ERR.RF_TOO_FEW_ONLINE_DEVICES);
    const rf = await this.rfSettings(projectId);
    // Claimed in memory before the first await on the insert, so two clicks cannot both start.
    if (this.active.has(projectId)) throw new AppError(ERR.RF_AUTO_OPTIMIZATION_RUNNING);
    this.active.set(projectId, 0);
    let id: number;
    try {
      id = await store.insert({
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
    } catch (err) {
      this.active.delete(projectId);
      throw err;
    }
    this.active.set(projectId, id);
    const row = (await store.get(projectId, id)) as RfRunRow;
    this.emit(row);
    const p = this.execute(row, devices, rf)
      .catch(async (err: unknown) => {
        this.deps.logger.error({ err, projectId, runId: id }, 'RF optimisation failed');
        await this.finish(row, 'failed', ERR.RF_OPTIMIZATION_FAILED).catch(() => {});
      })
      .finally(() => {
        this.active.delete(projectId);
        this.inFlight.delete(p);
      });
    this.inFlight.add(p);
    return toRfRun(row);
  }

  // ── the run ─────────────────────────────────────────────────────────────────────────────────

  private async execute(row: RfRunRow, devices: readonly DeviceFacts[], rf: RfSettings): Promise<void> {
    const projectId = row.project_id;
    // 1. Scanning: every AP's neighbour scan; percent follows the replies.
    const scans = await this.scan(row, devices);
    if (this.stopping) return;
    const heard = devices.filter((d) => scans.results.has(d.deviceId));
    if (heard.length === 0) {
      await this.finish(
        row,
        'failed',
        scans.allTimedOut ? ERR.RF_OPTIMIZATION_TIMEOUT : ERR.RF_OPTIMIZATION_FAILED,
      );
      return;
    }
    const docs = parseDocuments(
      await this.deps.configStore.documentsOfProject(this.deps.configStore.db, projectId),
    );
    const radios = runRadios(heard, docs.radio);
    const hearings = hearingsOf(radios, scans.results);

    // 2. Planning.
    await this.progress(row, { stage: 'planning', percent: 65 });
    const nodes = radios.map((r) => r.node);
    const result = planRf(nodes, hearings, {
      channels: { useDfs: rf.useDfs },
      timeBudgetMs: this.options.planBudgetMs,
      seed: row.id,
    });
    const before = { ...pick(result.before) };
    const after = { ...pick(result.after) };
    await this.progress(row, {
      stage: 'applying',
      percent: 70,
      before_json: JSON.stringify(before),
      after_json: JSON.stringify(after),
    });

    // 3. Applying: a system save of every device whose radios change, then wait for them.
    const saved: number[] = [];
    let refused = 0;
    for (const device of heard) {
      if (this.stopping) return;
      const mine = radios.filter((r) => r.device === device);
      const changes = mine.flatMap((r) => {
        const plan = result.plan.get(r.node.id);
        return plan && (plan.channel !== r.node.channel || plan.txPower !== r.node.txPower)
          ? [{ r, plan }]
          : [];
      });
      if (changes.length === 0) continue;
      const ok = await this.saveRadios(row, device, docs.radio.get(device.deviceId), mine, result.plan);
      if (ok) saved.push(device.deviceId);
      else refused++;
    }
    const outcome = await this.waitApplied(row, saved);

    // 4. Measuring: the devices scan again on their new radios; scored with the same model, these
    // are the record's measured after-figures (next to the prediction).
    const measured = this.stopping ? null : await this.measure(row, heard, docs.radio);
    if (measured)
      await this.progress(row, { after_json: JSON.stringify({ ...after, measured } satisfies AfterJson) });

    // 5. Done: the record.
    const rssi = await this.deps.store.clientRssi(heard.map((d) => d.deviceId));
    const sameBefore = sameChannelByRadio(nodes, hearings, new Map());
    const sameAfter = sameChannelByRadio(nodes, hearings, result.plan);
    const changes: RfRadioChange[] = radios.map(({ node, device }) => {
      const plan = result.plan.get(node.id) ?? { channel: node.channel, txPower: node.txPower };
      return {
        deviceId: device.deviceId,
        name: device.name,
        band: node.band,
        channelBefore: node.channel,
        channelAfter: plan.channel,
        powerBefore: node.txPower,
        powerAfter: plan.txPower,
        rssi: rssi.get(device.deviceId)?.get(node.band) ?? null,
        sameChannelBefore: sameBefore.get(node.id) ?? 0,
        sameChannelAfter: sameAfter.get(node.id) ?? 0,
      };
    });
    await this.deps.store.update(row.id, { changes_json: JSON.stringify(changes) });
    const failedCode =
      refused > 0 || outcome.failed > 0
        ? ERR.RF_OPTIMIZATION_FAILED
        : outcome.pending > 0
          ? ERR.RF_OPTIMIZATION_TIMEOUT
          : null;
    await this.finish(row, failedCode === null ? 'succeeded' : 'failed', failedCode);
  }

  /**
   * The noise of the project as it is now: the run's devices (their radios as they report them
   * after applying) scan again and the model scores the new hearings with no plan. Null when none
   * is online or none answered.
   */
  private async measure(
    row: RfRunRow,
    heard: readonly DeviceFacts[],
    saved: ReadonlyMap<number, DeviceRadioSettings>,
  ): Promise<RfNoise | null> {
    const ids = new Set(heard.map((d) => d.deviceId));
    const now = (await projectDevices(this.deps.facts, row.project_id)).filter(
      (d) => ids.has(d.deviceId) && takesPart(d),
    );
    if (now.length === 0) return null;
    const scans = await this.scan(row, now, MEASURE_PERCENT);
    const answered = now.filter((d) => scans.results.has(d.deviceId));
    if (answered.length === 0) return null;
    const radios = runRadios(answered, saved);
    const figures = planNoise(
      radios.map((r) => r.node),
      hearingsOf(radios, scans.results),
      new Map(),
    );
    return pick(figures);
  }

  /** Sends `scan` to every device; replies arrive in any order (timeouts leave a device out). */
  private async scan(
    row: RfRunRow,
    devices: readonly DeviceFacts[],
    percent: { from: number; to: number } = SCAN_PERCENT,
  ): Promise<{ results: Map<number, ReturnType<typeof scanResultSchema.parse>>; allTimedOut: boolean }> {
    const results = new Map<number, ReturnType<typeof scanResultSchema.parse>>();
    let done = 0;
    let timeouts = 0;
    await Promise.all(
      devices.map(async (d) => {
        try {
          const reply = await this.untilStopped(
            this.deps.replies.request(
              {
                deviceId: d.deviceId,
                projectId: row.project_id,
                accountId: null,
                name: 'scan',
                args: { durationMs: this.options.scanMs },
              },
              this.options.scanTimeoutMs,
              ERR.RF_OPTIMIZATION_TIMEOUT,
            ),
          );
          const parsed = scanResultSchema.safeParse(reply);
          if (parsed.success) results.set(d.deviceId, parsed.data);
        } catch (err) {
          if (err instanceof AppError && err.code === ERR.RF_OPTIMIZATION_TIMEOUT) timeouts++;
          this.deps.logger.info({ sn: d.sn, err: String(err) }, 'RF scan left a device out');
        }
        done++;
        if (!this.stopping)
          await this.progress(row, {
            percent: Math.round(percent.from + ((percent.to - percent.from) * done) / devices.length),
          });
      }),
    );
    return { results, allTimedOut: timeouts === devices.length };
  }

  /** Resolves with the promise, or with undefined when the service stops first. */
  private untilStopped<T>(p: Promise<T>): Promise<T | undefined> {
    if (this.stopping) return Promise.resolve(undefined);
    return Promise.race([
      p,
      new Promise<undefined>((resolve) => this.stopWaiters.push(() => resolve(undefined))),
    ]);
  }

  /** Saves the device's new radios as a system revision; false when the save was refused. */
  private async saveRadios(
    row: RfRunRow,
    device: DeviceFacts,
    current: DeviceRadioSettings | undefined,
    mine: readonly RunRadio[],
    plan: ReadonlyMap<string, { channel: number; txPower: number }>,
  ): Promise<boolean> {
    const settings: DeviceRadioSettings = structuredClone(current ?? defaultRadioSettings(device.model));
    const texts: string[] = [];
    for (const { node } of mine) {
      const p = plan.get(node.id);
      if (!p) continue;
      let radio = settings.radios.find((r) => r.band === node.band);
      if (!radio) {
        radio = { band: node.band, enabled: true, channel: 0, width: node.width, txPower: 0 };
        settings.radios.push(radio);
      }
      radio.channel = p.channel;
      radio.txPower = p.txPower;
      radio.width = node.width;
      if (p.channel !== node.channel || p.txPower !== node.txPower)
        texts.push(radioChangeText(node.band, node, p));
    }
    const summary = `RF optimisation #${row.id}: ${texts.join('; ')}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const doc = await this.deps.configStore.document(
        this.deps.configStore.db,
        row.project_id,
        device.deviceId,
        'radio',
      );
      try {
        await this.deps.config.save(
          { projectId: row.project_id, accountId: null },
          {
            kind: 'radio',
            deviceId: device.deviceId,
            baseVersion: doc?.version ?? 0,
            settings,
            system: { summary },
          },
        );
        return true;
      } catch (err) {
        const code = err instanceof AppError ? err.code : null;
        if (code === ERR.CONFIG_CONFLICT && attempt === 0) continue;
        this.deps.logger.warn(
          { sn: device.sn, code, err: String(err) },
          'RF optimisation could not save radios',
        );
        return false;
      }
    }
    return false;
  }

  /** Waits (bounded) until every saved device applied or refused its new document. */
  private async waitApplied(row: RfRunRow, deviceIds: readonly number[]) {
    const { configStore } = this.deps;
    // Wall time, not the clock of records: a bounded wait.
    const deadline = Date.now() + this.options.applyTimeoutMs;
    let applied = 0;
    let failed = 0;
    let pending = deviceIds.length;
    let lastPercent = 70;
    while (deviceIds.length > 0 && !this.stopping) {
      const rows = await configStore.deviceConfigs(configStore.db, deviceIds);
      applied = rows.filter((r) => r.status === 'applied').length;
      failed = rows.filter((r) => r.status === 'failed').length;
      pending = deviceIds.length - applied - failed;
      const percent = 70 + Math.round((25 * (applied + failed)) / deviceIds.length);
      if (percent !== lastPercent) {
        lastPercent = percent;
        await this.progress(row, { percent });
      }
      if (pending === 0 || Date.now() >= deadline) break;
      await this.untilStopped(new Promise((r) => setTimeout(r, APPLY_POLL_MS)));
    }
    return { applied, failed, pending };
  }

  private async progress(
    row: RfRunRow,
    set: Partial<Pick<RfRunRow, 'stage' | 'percent' | 'before_json' | 'after_json'>>,
  ): Promise<void> {
    // Percent only grows (replies arrive concurrently).
    if (set.percent !== undefined && set.percent < row.percent) set.percent = row.percent;
    // A reply that does not move the rounded percent costs no write (a thousand APs answer).
    if (Object.keys(set).length === 1 && set.percent === row.percent) return;
    Object.assign(row, set);
    await this.deps.store.update(row.id, set);
    this.emit(row);
  }

  private async finish(row: RfRunRow, status: 'succeeded' | 'failed', code: number | null): Promise<void> {
    const set = {
      status,
      stage: 'done',
      percent: 100,
      code,
      finished_at: this.deps.clock.now(),
    };
    Object.assign(row, set);
    await this.deps.store.update(row.id, set);
    this.emit(row);
    await this.deps.store.prune(row.project_id);
  }

  private emit(row: RfRunRow): void {
    this.deps.bus.publish({
      type: 'rf.progress',
      projectId: row.project_id,
      runId: row.id,
      status: row.status as RfRun['status'],
      stage: row.stage as RfRun['stage'],
      percent: row.percent,
    });
  }

  // ── automatic runs ──────────────────────────────────────────────────────────────────────────

  /** One tick: every WLAN project whose schedule fell since the last tick starts a run. */
  async autoTick(): Promise<number> {
    const now = this.deps.clock.now();
    const since = this.lastTick;
    this.lastTick = now;
    let started = 0;
    try {
      for (const d of await this.deps.store.rfDocuments()) {
        if (d.net_mode !== NET_MODES.WLAN) continue;
        const rf = JSON.parse(d.body) as RfSettings;
        if (!autoRunDue(rf, Number(d.time_zone), since, now)) continue;
        try {
          await this.startRun(d.project_id, null, 'auto');
          started++;
        } catch (err) {
          const code = err instanceof AppError ? (err.code as ErrorCode) : null;
          this.deps.logger.info({ projectId: d.project_id, code }, 'automatic RF optimisation not started');
        }
      }
    } catch (err) {
      this.deps.logger.error({ err }, 'automatic RF optimisation tick failed');
    }
    return started;
  }
}

/** A Wi-Fi device that can take part: online, cloud-managed, reporting its radios. */
function takesPart(d: DeviceFacts): boolean {
  return d.online && d.managementMode !== MANAGEMENT_MODES.LOCAL && d.radios.length > 0;
}

function pick(n: { sameChannelDbm: number; nearChannelDbm: number; totalDbm: number }) {
  return {
    sameChannelDbm: round1(n.sameChannelDbm),
    nearChannelDbm: round1(n.nearChannelDbm),
    totalDbm: round1(n.totalDbm),
  };
}

const PLANNER_WIDTHS: readonly number[] = [20, 40, 80, 160];

/** The radios of the run: what each device runs now (its live state), enabled ones only. */
function runRadios(
  devices: readonly DeviceFacts[],
  saved: ReadonlyMap<number, DeviceRadioSettings>,
): RunRadio[] {
  const out: RunRadio[] = [];
  for (const device of devices) {
    const settings = saved.get(device.deviceId);
    for (const r of device.radios) {
      if (settings?.radios.find((s) => s.band === r.band)?.enabled === false) continue;
      const spec = device.model?.radios.find((s) => s.band === r.band);
      const width = (
        r.width !== undefined && PLANNER_WIDTHS.includes(r.width)
          ? r.width
          : r.width === 320
            ? 160
            : factoryWidth(r.band)
      ) as ChannelWidth;
      out.push({
        device,
        node: {
          id: `${device.deviceId}:${r.band}`,
          band: r.band as RadioBand,
          channel: r.channel,
          width,
          txPower: Math.round(r.txPower),
          maxTxPower: spec?.maxTxPowerDbm ?? 29,
        },
      });
    }
  }
  return out;
}

/** Who hears whom: scan results whose `sn` is a device of the run, matched to its radio by band. */
function hearingsOf(
  radios: readonly RunRadio[],
  scans: ReadonlyMap<number, { networks: { sn?: string | undefined; band: string; rssi: number }[] }>,
): Hearing[] {
  const ids = new Set(radios.map((r) => r.node.id));
  const bySn = new Map(radios.map((r) => [r.device.sn, r.device.deviceId]));
  const out: Hearing[] = [];
  for (const [listener, scan] of scans) {
    for (const n of scan.networks) {
      const transmitter = n.sn ? bySn.get(n.sn) : undefined;
      if (transmitter === undefined || transmitter === listener) continue;
      const t = `${transmitter}:${n.band}`;
      const l = `${listener}:${n.band}`;
      if (ids.has(t) && ids.has(l)) out.push({ transmitter: t, listener: l, rssi: n.rssi });
    }
  }
  return out;
}
