import { ERR, type ErrorCode } from '@netloom/domain';
import type { UpHandler } from '../../gateway/types';
import { AppError } from '../../lib/errors';
import type { LiveBus } from '../../live/bus';
import type { CommandJobs, CreateCommandInput } from './service';

/** Replies kept for jobs nobody waits for yet (a fast device can answer before `create` returns). */
const EARLY_REPLIES = 256;

interface Reply {
  ok: boolean;
  code?: number | undefined;
  result?: unknown;
}

interface Waiter {
  resolve: (result: unknown) => void;
  reject: (err: AppError) => void;
}

/**
 * Commands whose reply carries data the caller waits for (route table, Wi-Fi scans): the job row
 * keeps the outcome code and message, but `result` only travels in the `reply` message, so this
 * follows replies and hands each `result` to whoever waits for that job id. Its `reply` handler runs
 * after the job's own (the row is finished first), both registered by the commands feature.
 */
export class CommandReplies {
  private readonly waiting = new Map<string, Waiter>();
  private readonly early = new Map<string, Reply>();

  constructor(
    private readonly commands: Pick<CommandJobs, 'create'>,
    /**
     * The project's live events: with several nodes on one broker the device's `reply` may reach
     * another node, whose job row then fails with the device's code; that `command.updated` comes
     * here through the bridge, so a refusal is not mistaken for no answer (its `result` stays there).
     */
    private readonly bus?: Pick<LiveBus, 'subscribe'>,
  ) {}

  /** The `reply` handler: hands the reply's `result` to whoever waits for the job (or keeps it a while). */
  readonly onReply: UpHandler<'reply'> = (ctx, d) => {
    if (!ctx.device) return;
    const w = this.waiting.get(d.id);
    if (!w) {
      this.early.set(d.id, { ok: d.ok, code: d.code, result: d.result });
      if (this.early.size > EARLY_REPLIES) this.early.delete(this.early.keys().next().value as string);
      return;
    }
    this.waiting.delete(d.id);
    settle(w, d);
  };

  /**
   * Creates the job and waits for its reply: the `result` (`{}` when none), or an AppError with the
   * device's code (-99 when it gave none); `timeoutCode` when no reply came within `timeoutMs`.
   */
  request(input: CreateCommandInput, timeoutMs: number, timeoutCode: ErrorCode): Promise<unknown> {
    let jobId: string | undefined;
    // Failures told before `create` returned (a fast device whose reply another node handled): the
    // job's id is not known yet, so they wait here until it is.
    const failedBeforeId = new Map<string, number | undefined>();
    return new Promise<unknown>((resolve, reject) => {
      const failedElsewhere = this.bus?.subscribe(input.projectId, (e) => {
        if (e.type !== 'command.updated' || e.status !== 'failed') return;
        if (jobId === undefined) {
          failedBeforeId.set(e.commandId, e.code);
          return;
        }
        if (e.commandId !== jobId) return;
        this.waiting.delete(e.commandId);
        done.reject(new AppError((e.code ?? ERR.CONFIG_FAILED) as ErrorCode));
      });
      const timer = setTimeout(() => {
        failedElsewhere?.();
        if (jobId) this.waiting.delete(jobId);
        reject(new AppError(timeoutCode));
      }, timeoutMs);
      const done: Waiter = {
        resolve: (v) => {
          clearTimeout(timer);
          failedElsewhere?.();
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          failedElsewhere?.();
          reject(e);
        },
      };
      this.commands.create({ ttlMs: timeoutMs, ...input }).then((row) => {
        jobId = row.id;
        if (failedBeforeId.has(row.id)) {
          done.reject(new AppError((failedBeforeId.get(row.id) ?? ERR.CONFIG_FAILED) as ErrorCode));
          return;
        }
        failedBeforeId.clear();
        const early = this.early.get(row.id);
        if (!early) {
          this.waiting.set(row.id, done);
          return;
        }
        this.early.delete(row.id);
        settle(done, early);
      }, done.reject);
    });
  }
}

function settle(w: Waiter, d: Reply): void {
  if (d.ok) w.resolve(d.result ?? {});
  else w.reject(new AppError((d.code ?? ERR.CONFIG_FAILED) as ErrorCode));
}
