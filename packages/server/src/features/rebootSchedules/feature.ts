/**
 * The reboot schedules feature (issue 13 §1): scheduled (weekly) and cyclic reboots of a project's
 * devices, the project's and the devices' own. It owns `reboot_schedules`; the restart is the
 * maintenance feature's (its public `systemRestart`), the log rows the change log's (through the
 * activity log), the once-per-slot claim `job_leases`' (lib/singleton.ts). Its tick starts with the
 * app and stops when it closes.
 */
import type { Logger } from 'pino';
import type { Feature } from '../../lib/feature';
import { JobLeases } from '../../lib/singleton';
import { rebootScheduleRoutes } from './routes';
import { type RebootScheduleDeps, RebootScheduleService } from './service';
import { RebootScheduleStore } from './store';
import { scheduleTime } from './time';

/** How often a node looks for due slots (real time). not a rule: a slot runs at most this late. */
export const REBOOT_TICK_MS = 30_000;
/** The shortest tick, however fast a development time factor makes the scheduler's clock. */
const MIN_TICK_MS = 500;

export type RebootSchedulesFeatureDeps = Omit<RebootScheduleDeps, 'store' | 'leases' | 'time' | 'logger'> & {
  db: RebootScheduleStore['db'];
  logger: Logger;
  /** Development only (config `REBOOT_SCHEDULE_TIME_FACTOR`): the scheduler's clock runs this much faster. */
  timeFactor?: number;
};

export interface RebootSchedulesFeature extends Feature {
  /** One tick now (tests move the clock and tick instead of waiting). */
  tick: RebootScheduleService['tick'];
}

export function createRebootSchedulesFeature(deps: RebootSchedulesFeatureDeps): RebootSchedulesFeature {
  const factor = deps.timeFactor ?? 1;
  const service = new RebootScheduleService({
    ...deps,
    store: new RebootScheduleStore(deps.db),
    leases: new JobLeases(deps.db, deps.clock),
    time: scheduleTime(deps.clock, factor),
    logger: deps.logger.child({ component: 'rebootSchedules' }),
  });
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> | null = null;
  const tick = () => {
    if (inFlight) return;
    inFlight = service.tick().finally(() => {
      inFlight = null;
    });
  };
  return {
    name: 'rebootSchedules',
    routes: (app) => rebootScheduleRoutes(app, { service }),
    tick: () => service.tick(),
    start() {
      timer = setInterval(tick, Math.max(MIN_TICK_MS, Math.round(REBOOT_TICK_MS / factor)));
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
    },
  };
}
