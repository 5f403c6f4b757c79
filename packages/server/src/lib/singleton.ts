/**
 * Once-per-cluster jobs (issue 11 §3): several console nodes share one database, and a scheduled job
 * (the RF automatic runs, telemetry retention, the series sampler) must run once per slot whichever
 * nodes are up. A node runs a slot only after its insert of (job, slot) into `job_leases` won — the
 * primary key lets exactly one insert through, on SQLite and PostgreSQL alike, with no clock
 * agreement between nodes beyond the slot arithmetic.
 *
 * At most once, never twice: a node that wins a slot and dies before finishing leaves that slot
 * undone; the next slot runs on whichever node is alive. Every job here is idempotent over slots
 * (pruning by age, a sample per bucket, a run per scheduled instant), so a lost slot is caught up
 * by the next one.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Logger } from 'pino';
import type { Db } from '../db';
import type { Clock } from './clock';

/** How long claimed slots are kept (they say which node ran what; older ones are deleted). */
export const LEASE_KEEP_MS = 7 * 86_400_000;
/** A periodic job ticks this long after its slot opens (clocks of nodes differ by a little). */
const SLOT_SLACK_MS = 250;
/** Never tick more often than this, whatever the clock says (a frozen test clock). */
const MIN_TICK_MS = 1000;

/** This process's name in `job_leases.holder`: host, pid and a random part (pids repeat). */
export function nodeHolder(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** Claims of job slots in the shared database. */
export class JobLeases {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly holder: string = nodeHolder(),
  ) {}

  /** Claims `slot` of `job`: true for exactly one caller across every node sharing the database. */
  async claim(job: string, slot: number): Promise<boolean> {
    const now = this.clock.now();
    const r = await this.db
      .insertInto('job_leases')
      .values({ job, slot, holder: this.holder, claimed_at: now })
      .onConflict((oc) => oc.columns(['job', 'slot']).doNothing())
      .executeTakeFirst();
    const won = Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
    if (won) {
      // Bounded: one job's rows older than a week, a handful per claim.
      await this.db
        .deleteFrom('job_leases')
        .where('job', '=', job)
        .where('claimed_at', '<', now - LEASE_KEEP_MS)
        .execute();
    }
    return won;
  }

  /** Who ran a slot (tests and diagnostics). */
  async holderOf(job: string, slot: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('job_leases')
      .select('holder')
      .where('job', '=', job)
      .where('slot', '=', slot)
      .executeTakeFirst();
    return row?.holder;
  }
}

export interface PeriodicJobOptions {
  /** The job's name in `job_leases` (one per kind of work). */
  job: string;
  /** Slot length: the job runs once per `intervalMs` of wall-clock time, cluster-wide. */
  intervalMs: number;
  /** The work of one slot. */
  run: () => Promise<unknown>;
  /** First attempt this long after start (default at once): the current slot, unless already run. */
  firstAfterMs?: number;
  leases: Pick<JobLeases, 'claim'>;
  clock: Clock;
  logger: Pick<Logger, 'error'>;
}

/**
 * A periodic job run once per slot across nodes: slot = ⌊now / interval⌋. Every node ticks just
 * after each slot opens and the first to claim it runs it; a node that starts mid-slot tries the
 * current slot (a restart does not repeat a slot another node — or itself — already ran).
 */
export class PeriodicSingleton {
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<boolean> | null = null;
  private stopped = true;

  constructor(private readonly o: PeriodicJobOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(this.o.firstAfterMs ?? 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
  }

  /** The slot `now` falls in. */
  slotAt(now: number): number {
    return Math.floor(now / this.o.intervalMs);
  }

  /** Claims the current slot and, when this node won it, runs the job; true when it ran here. */
  tick(): Promise<boolean> {
    if (this.inFlight) return this.inFlight;
    this.inFlight = this.claimAndRun().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async claimAndRun(): Promise<boolean> {
    const { job, leases, clock, logger, run } = this.o;
    try {
      if (!(await leases.claim(job, this.slotAt(clock.now())))) return false;
      await run();
      return true;
    } catch (err) {
      logger.error({ err, job }, 'singleton job failed');
      return false;
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.tick().finally(() => {
        const now = this.o.clock.now();
        const nextSlotAt = (this.slotAt(now) + 1) * this.o.intervalMs;
        this.schedule(Math.max(MIN_TICK_MS, nextSlotAt - now + SLOT_SLACK_MS));
      });
    }, delayMs);
    this.timer.unref();
  }
}
