import { PROTOCOL_PROBLEMS_KEPT } from '@netloom/domain';
import type { Insertable } from 'kysely';
import type { Logger } from 'pino';
import { chunks, type Db } from '../../db';
import type { DeviceProblemsTable } from '../../db/schema';
import type { DevicePatch, DeviceWriter } from '../../gateway/deviceWriter';
import type { RegistryEntry } from '../../gateway/registry';
import type { Refusal } from '../../gateway/types';
import type { LiveBus } from '../../live/bus';

/** Refusals waiting are written at least this often (not a rule: a batching interval). */
const FLUSH_INTERVAL_MS = 1_000;
/** Rows per INSERT (SQLite caps bound parameters per statement; not a rule). */
const INSERT_ROWS = 100;

/**
 * Protocol problems (issue 16 §2): the messages the cloud dropped from claimed devices. The
 * dispatcher hands over at most one refusal per device and message name per 10 s; they wait here in
 * memory and are written once a second in one transaction (rows inserted, each device's rows beyond
 * the last 20 deleted), never one write per bad message. The device row's latest problem and its
 * "not reporting" reason go through the plane's batched writer like any other device column.
 *
 * Several nodes (external broker) each write the refusals they received: the table is the truth,
 * the prune keeps each device's newest 20 whichever node wrote them, and the reads take the newest
 * 20 in any case.
 */
export class ProblemLog {
  private waiting: Insertable<DeviceProblemsTable>[] = [];
  /** The project of each device with rows waiting: told `device.updated` once its rows are committed. */
  private projects = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      writer: Pick<DeviceWriter, 'patch'>;
      bus: Pick<LiveBus, 'publish'>;
      logger: Logger;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** A refusal of a device's message: queued for the table, and the row's latest problem patched. */
  record(r: Refusal, device: RegistryEntry | undefined): void {
    if (!device) return; // an unclaimed device belongs to no project: it only hears the diagnostic
    this.waiting.push({
      device_id: device.deviceId,
      message: r.message,
      code: r.code,
      path: r.path,
      reason: r.reason,
      at: r.at,
    });
    const patch: DevicePatch = {
      problem_at: r.at,
      problem_json: JSON.stringify({ message: r.message, code: r.code, path: r.path, reason: r.reason }),
    };
    // Its `state` refused: connected, but nothing it says is taken — shown as "not reporting".
    if (r.message === 'state') patch.not_reporting = r.reason;
    this.deps.writer.patch(device.deviceId, patch);
    this.projects.set(device.deviceId, device.projectId);
  }

  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.waiting.length === 0) return;
    const rows = this.waiting;
    const projects = this.projects;
    this.waiting = [];
    this.projects = new Map();
    this.flushing = this.write(rows, projects).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async write(rows: Insertable<DeviceProblemsTable>[], projects: Map<number, number>): Promise<void> {
    const devices = [...projects.keys()].sort((a, b) => a - b);
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        for (const part of chunks(rows, INSERT_ROWS))
          await trx.insertInto('device_problems').values(part).execute();
        for (const id of devices) {
          await trx
            .deleteFrom('device_problems')
            .where('device_id', '=', id)
            .where('id', 'not in', (eb) =>
              eb
                .selectFrom('device_problems')
                .select('id')
                .where('device_id', '=', id)
                .orderBy('id', 'desc')
                .limit(PROTOCOL_PROBLEMS_KEPT),
            )
            .execute();
        }
      });
      for (const [deviceId, projectId] of projects)
        this.deps.bus.publish({ type: 'device.updated', projectId, deviceId });
    } catch (err) {
      // A device deleted meanwhile (its rows' foreign key) or a lost connection: these are diagnostics,
      // not data a device will resend; the next refusals are written again.
      this.deps.logger.warn({ err, rows: rows.length }, 'protocol problems not recorded');
    }
  }
}
