/**
 * One RF optimisation run (issue 5 §2), step by step: scan (every AP's neighbour scan through a
 * `scan` command), plan (`planRf` over who hears whom), apply (a system-saved `radio` document per
 * AP whose radios change, delivered by the desired-state engine; the run follows the engine's
 * delivery states until every device applied or refused it), measure (a second scan on the new
 * radios) and record (noise before, predicted and measured after, per-radio changes).
 */
import {
  type DeviceRadioSettings,
  defaultRadioSettings,
  ERR,
  type RfNoise,
  type RfRadioChange,
  type RfSettings,
  savedRadios,
} from '@netloom/domain';
import { scanResultSchema } from '@netloom/protocol';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Clients } from '../clients';
import type { CommandService } from '../commands';
import type { ConfigApi, DeviceFacts } from '../config';
import { DeliveryWatch } from './deliveryWatch';
import type { RfOptions } from './options';
import { planNoise, planRf } from './planner';
import type { RunProgress } from './progress';
import { hearingsOf, neighbourRowsOf, noiseFigures, type RunRadio, runRadios, takesPart } from './radios';
import { radioChangeText, sameChannelByRadio } from './records';
import type { StopSignal } from './signals';
import type { AfterJson, RfRunRow, RfStore } from './store';

/** Percent ranges of the first scan and of the measuring scan after applying. */
const SCAN_PERCENT = { from: 5, to: 60 };
const MEASURE_PERCENT = { from: 95, to: 99 };
/** Percent while applying: from the plan (70) to every device answered (95). */
const APPLY_PERCENT = { from: 70, span: 25 };

type ScanResult = ReturnType<typeof scanResultSchema.parse>;
type Plan = ReturnType<typeof planRf>;

export interface RunDeps {
  config: ConfigApi;
  /** The scans: `scan` command jobs whose replies carry what each AP hears. */
  commands: Pick<CommandService, 'request'>;
  /** Each radio's clients' signal (the planner keeps coverage where clients are). */
  clients: Pick<Clients, 'rssiByRadio'>;
  store: RfStore;
  progress: RunProgress;
  options: RfOptions;
  logger: Logger;
  stop: StopSignal;
  clock: Clock;
}

export class RunExecution {
  constructor(
    private readonly deps: RunDeps,
    private readonly row: RfRunRow,
  ) {}

  async execute(devices: readonly DeviceFacts[], rf: RfSettings): Promise<void> {
    const { row } = this;
    const { progress, stop } = this.deps;
    // 1. Scanning: every AP's neighbour scan; percent follows the replies.
    const scans = await this.scan(devices);
    if (stop.stopping) return;
    const heard = devices.filter((d) => scans.results.has(d.deviceId));
    if (heard.length === 0) {
      const code = scans.allTimedOut ? ERR.RF_OPTIMIZATION_TIMEOUT : ERR.RF_OPTIMIZATION_FAILED;
      await this.log(
        `RF optimisation #${row.id} failed: no access point answered the scan; nothing changed.`,
      );
      await progress.finish(row, 'failed', code);
      return;
    }
    const saved = savedRadios(await this.deps.config.documents(row.project_id));
    const radios = runRadios(heard, saved);
    const hearings = hearingsOf(radios, scans.results);
    await this.keepNeighbours(radios, scans.results);

    // 2. Planning.
    await progress.step(row, { stage: 'planning', percent: 65 });
    const plan = planRf(
      radios.map((r) => r.node),
      hearings,
      { channels: { useDfs: rf.useDfs }, timeBudgetMs: this.deps.options.planBudgetMs, seed: row.id },
    );
    const after = noiseFigures(plan.after);
    await progress.step(row, {
      stage: 'applying',
      percent: APPLY_PERCENT.from,
      before_json: JSON.stringify(noiseFigures(plan.before)),
      after_json: JSON.stringify(after),
    });

    // 3. Applying: a system save of every device whose radios change, then wait for them.
    const outcome = await this.apply(heard, radios, saved, plan);
    if (!outcome) return;

    // 4. Measuring: the devices scan again on their new radios; scored with the same model, these
    // are the record's measured after-figures (next to the prediction).
    const measured = stop.stopping ? null : await this.measure(heard, saved);
    if (measured)
      await progress.step(row, { after_json: JSON.stringify({ ...after, measured } satisfies AfterJson) });

    // 5. Done: the record, and one entry in the change log for the whole run.
    await this.record(heard, radios, hearings, plan);
    const failedCode =
      outcome.refused > 0 || outcome.failed > 0
        ? ERR.RF_OPTIMIZATION_FAILED
        : outcome.pending > 0
          ? ERR.RF_OPTIMIZATION_TIMEOUT
          : null;
    await this.log(runSummary(row.id, heard.length, outcome));
    await progress.finish(row, failedCode === null ? 'succeeded' : 'failed', failedCode);
  }

  /** The run's one change-log entry, credited to whoever started it (the system for a scheduled run). */
  private log(summary: string): Promise<void> {
    const { row } = this;
    return this.deps.config.audit({ projectId: row.project_id, accountId: row.account_id }, null, 'rf.run', {
      summary,
      at: this.deps.clock.now(),
    });
  }

  /** Saves the new radios of every device whose plan changes them and waits for the engine; null when stopped. */
  private async apply(
    heard: readonly DeviceFacts[],
    radios: readonly RunRadio[],
    saved: ReadonlyMap<number, DeviceRadioSettings>,
    plan: Plan,
  ) {
    const watch = new DeliveryWatch(this.deps.config, this.row.project_id);
    watch.open();
    try {
      let refused = 0;
      let changed = 0;
      for (const device of heard) {
        if (this.deps.stop.stopping) return null;
        const mine = radios.filter((r) => r.device === device);
        const changes = mine.some((r) => {
          const p = plan.plan.get(r.node.id);
          return p && (p.channel !== r.node.channel || p.txPower !== r.node.txPower);
        });
        if (!changes) continue;
        watch.watch(device.deviceId);
        if (await this.saveRadios(device, saved.get(device.deviceId), mine, plan.plan)) changed++;
        else {
          watch.forget(device.deviceId);
          refused++;
        }
      }
      // Wall time, not the clock of records: a bounded wait.
      const deadline = Date.now() + this.deps.options.applyTimeoutMs;
      let lastPercent: number = APPLY_PERCENT.from;
      const outcome = await watch.settled(deadline, this.deps.stop, async (c) => {
        const total = c.applied + c.failed + c.pending;
        const percent =
          APPLY_PERCENT.from + Math.round((APPLY_PERCENT.span * (c.applied + c.failed)) / total);
        if (percent === lastPercent) return;
        lastPercent = percent;
        await this.deps.progress.step(this.row, { percent });
      });
      return { ...outcome, refused, changed };
    } finally {
      watch.close();
    }
  }

  /** Saves the device's new radios as the run's revision; false when the save was refused. */
  private async saveRadios(
    device: DeviceFacts,
    current: DeviceRadioSettings | undefined,
    mine: readonly RunRadio[],
    plan: Plan['plan'],
  ): Promise<boolean> {
    const { row } = this;
    const { settings, texts } = plannedRadios(current ?? defaultRadioSettings(device.model), mine, plan);
    const summary = `RF optimisation #${row.id}: ${texts.join('; ')}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const baseVersion = await this.deps.config.version(row.project_id, 'radio', device.deviceId);
      try {
        // Credited to whoever started the run (a scheduled run has no one: the system).
        await this.deps.config.save(
          { projectId: row.project_id, accountId: row.account_id },
          // The run logs one entry of its own when it ends (not one per access point).
          {
            kind: 'radio',
            deviceId: device.deviceId,
            baseVersion,
            settings,
            system: { summary, audit: false },
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

  /**
   * The noise of the project as it is now: the run's devices (their radios as they report them
   * after applying) scan again and the model scores the new hearings with no plan. Null when none
   * is online or none answered.
   */
  private async measure(
    heard: readonly DeviceFacts[],
    saved: ReadonlyMap<number, DeviceRadioSettings>,
  ): Promise<RfNoise | null> {
    const ids = new Set(heard.map((d) => d.deviceId));
    const now = (await this.deps.config.devices(this.row.project_id)).filter(
      (d) => ids.has(d.deviceId) && takesPart(d),
    );
    if (now.length === 0) return null;
    const scans = await this.scan(now, MEASURE_PERCENT);
    const answered = now.filter((d) => scans.results.has(d.deviceId));
    if (answered.length === 0) return null;
    const radios = runRadios(answered, saved);
    await this.keepNeighbours(radios, scans.results);
    return noiseFigures(
      planNoise(
        radios.map((r) => r.node),
        hearingsOf(radios, scans.results),
        new Map(),
      ),
    );
  }

  /**
   * Stores what each answering AP heard (the Wi-Fi map's calibration reads it through the feature's
   * `neighbours`); a failure to store is logged and the run goes on.
   */
  private async keepNeighbours(radios: readonly RunRadio[], results: ReadonlyMap<number, ScanResult>) {
    const rows = neighbourRowsOf(radios, results, this.deps.clock.now());
    await this.deps.store
      .saveNeighbours(this.row.project_id, [...results.keys()], rows)
      .catch((err: unknown) => this.deps.logger.warn({ err: String(err) }, 'neighbour scans not stored'));
  }

  /** Sends `scan` to every device; replies arrive in any order (timeouts leave a device out). */
  private async scan(
    devices: readonly DeviceFacts[],
    percent: { from: number; to: number } = SCAN_PERCENT,
  ): Promise<{ results: Map<number, ScanResult>; allTimedOut: boolean }> {
    const { options, stop, commands, logger } = this.deps;
    const results = new Map<number, ScanResult>();
    let done = 0;
    let timeouts = 0;
    await Promise.all(
      devices.map(async (d) => {
        try {
          const reply = await stop.until(
            commands.request(
              {
                deviceId: d.deviceId,
                projectId: this.row.project_id,
                accountId: null,
                name: 'scan',
                args: { durationMs: options.scanMs },
              },
              options.scanTimeoutMs,
              ERR.RF_OPTIMIZATION_TIMEOUT,
            ),
          );
          const parsed = scanResultSchema.safeParse(reply);
          if (parsed.success) results.set(d.deviceId, parsed.data);
        } catch (err) {
          if (err instanceof AppError && err.code === ERR.RF_OPTIMIZATION_TIMEOUT) timeouts++;
          logger.info({ sn: d.sn, err: String(err) }, 'RF scan left a device out');
        }
        done++;
        if (!stop.stopping)
          await this.deps.progress.step(this.row, {
            percent: Math.round(percent.from + ((percent.to - percent.from) * done) / devices.length),
          });
      }),
    );
    return { results, allTimedOut: timeouts === devices.length };
  }

  /** The per-radio changes of the record: channel and power before/after, clients' signal, co-channel noise. */
  private async record(
    heard: readonly DeviceFacts[],
    radios: readonly RunRadio[],
    hearings: ReturnType<typeof hearingsOf>,
    plan: Plan,
  ): Promise<void> {
    const nodes = radios.map((r) => r.node);
    const rssi = await this.deps.clients.rssiByRadio(heard.map((d) => d.deviceId));
    const sameBefore = sameChannelByRadio(nodes, hearings, new Map());
    const sameAfter = sameChannelByRadio(nodes, hearings, plan.plan);
    const changes: RfRadioChange[] = radios.map(({ node, device }) => {
      const p = plan.plan.get(node.id) ?? { channel: node.channel, txPower: node.txPower };
      return {
        deviceId: device.deviceId,
        name: device.name,
        band: node.band,
        channelBefore: node.channel,
        channelAfter: p.channel,
        powerBefore: node.txPower,
        powerAfter: p.txPower,
        rssi: rssi.get(device.deviceId)?.get(node.band) ?? null,
        sameChannelBefore: sameBefore.get(node.id) ?? 0,
        sameChannelAfter: sameAfter.get(node.id) ?? 0,
      };
    });
    await this.deps.store.update(this.row.id, { changes_json: JSON.stringify(changes) });
  }
}

/** A device's radios with the plan applied, and what changed in words. */
function plannedRadios(current: DeviceRadioSettings, mine: readonly RunRadio[], plan: Plan['plan']) {
  const settings: DeviceRadioSettings = structuredClone(current);
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
  return { settings, texts };
}

/** "RF optimisation #12: new channels or power on 9 of 13 access points; 1 refused them." */
export function runSummary(
  id: number,
  scanned: number,
  o: { changed: number; refused: number; failed: number; pending: number },
): string {
  const head = `RF optimisation #${id}`;
  if (o.changed === 0 && o.refused === 0)
    return `${head}: the ${scanned === 1 ? 'access point' : `${scanned} access points`} already had the best channels and power; nothing changed.`;
  const parts = [
    `new channels or power on ${o.changed} of ${scanned} access ${scanned === 1 ? 'point' : 'points'}`,
  ];
  const refused = o.refused + o.failed;
  if (refused > 0) parts.push(`${refused} refused ${refused === 1 ? 'it' : 'them'}`);
  if (o.pending > 0) parts.push(`${o.pending} did not confirm in time`);
  return `${head}: ${parts.join('; ')}.`;
}
