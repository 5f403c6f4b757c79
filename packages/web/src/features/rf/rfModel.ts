/**
 * What the RF optimisation page shows, as pure functions: whether a run may start (and why not),
 * the stages of a run, noise figures and their improvement, and the text of the automatic schedule.
 * The rules themselves (thresholds, codes, messages) come from the domain.
 */
import {
  ERR,
  errorMessage,
  GENERAL_MESSAGES,
  RF_OPTIMIZATION_MAX_SECONDS,
  type RfNoise,
  type RfRun,
  type RfRunStatus,
  type RfSettings,
  type RfView,
} from '@netloom/domain';

/** The stages a person sees while a run is under way, in order. */
export const RF_STEPS = [
  { stage: 'scanning', title: 'Scanning', description: 'APs listen for their neighbours' },
  { stage: 'planning', title: 'Planning', description: 'Channels and power are computed' },
  { stage: 'applying', title: 'Applying', description: 'The new radio settings are delivered' },
] as const;

/** Index of a stage in {@link RF_STEPS}; `done` is past the last one. */
export function stepIndex(stage: RfRun['stage']): number {
  if (stage === 'done') return RF_STEPS.length;
  return RF_STEPS.findIndex((s) => s.stage === stage);
}

/** The catalogue message shown while settings are locked by a running optimisation (code 27). */
export const RUNNING_LOCK_MESSAGE = errorMessage(ERR.RF_AUTO_OPTIMIZATION_RUNNING);
/** A run someone started by hand is not "automatic": the lock says what is running. */
export const MANUAL_RUN_LOCK_MESSAGE =
  'RF optimisation is running. Wait until it ends before changing settings.';

/** Why the settings are locked while a run is under way: the catalogue's 27 for a scheduled run. */
export function runningLockMessage(trigger: RfRun['trigger'] | undefined): string {
  return trigger === 'manual' ? MANUAL_RUN_LOCK_MESSAGE : RUNNING_LOCK_MESSAGE;
}

export interface StartGate {
  /** Why the current account may not change this project (read-only, demo), if so. */
  editBlockedReason: string | undefined;
  view: Pick<RfView, 'onlineAps' | 'running'> | undefined;
}

/**
 * Why "Optimize now" is disabled, or undefined when a run may start. Order matters: the account's
 * right first (nothing else would help), then a run in progress, then the §8 "fewer than 2 online".
 */
export function startBlockReason({ editBlockedReason, view }: StartGate): string | undefined {
  if (editBlockedReason) return editBlockedReason;
  if (!view) return 'Loading the project’s access points…';
  if (view.running) return 'An optimisation is running. Wait until it ends.';
  if (view.onlineAps < 2) return GENERAL_MESSAGES.RF_TOO_FEW_ONLINE;
  return undefined;
}

/** dBm with one decimal, e.g. "−82.4 dBm" (typographic minus for legibility in tables). */
export function formatDbm(value: number, decimals = 1): string {
  const s = Math.abs(value).toFixed(decimals);
  return `${value < 0 && Number(s) !== 0 ? '−' : ''}${s} dBm`;
}

/** A difference in dB with its sign, e.g. "−6.3 dB" (lower noise) or "+0.4 dB". */
export function formatDb(delta: number, decimals = 1): string {
  const s = Math.abs(delta).toFixed(decimals);
  if (Number(s) === 0) return `0 dB`;
  return `${delta < 0 ? '−' : '+'}${s} dB`;
}

export type NoiseKey = keyof RfNoise;
export const NOISE_FIGURES: readonly { key: NoiseKey; label: string; short: string }[] = [
  { key: 'sameChannelDbm', label: 'Same-channel interference', short: 'Same-channel' },
  { key: 'nearChannelDbm', label: 'Near-channel interference', short: 'Near-channel' },
  { key: 'totalDbm', label: 'Total noise', short: 'Total noise' },
];

/** How much lower (negative) or higher (positive) a figure is after the run, in dB; null if unknown. */
export function noiseDelta(run: Pick<RfRun, 'before' | 'after'>, key: NoiseKey = 'totalDbm'): number | null {
  if (!run.before || !run.after) return null;
  return run.after[key] - run.before[key];
}

/** Tone of a change in noise: lower is better. Changes under 0.05 dB count as none. */
export function deltaTone(delta: number | null): 'better' | 'worse' | 'same' {
  if (delta === null || Math.abs(delta) < 0.05) return 'same';
  return delta < 0 ? 'better' : 'worse';
}

/** The sentence of the success message when a run ends (§4 "ends with a success message"). */
export function successText(run: Pick<RfRun, 'before' | 'after' | 'changes'>): string {
  const changed = run.changes.filter(
    (c) => c.channelBefore !== c.channelAfter || c.powerBefore !== c.powerAfter,
  ).length;
  const radios = changed === 1 ? '1 radio' : `${changed} radios`;
  const delta = noiseDelta(run);
  if (delta === null || changed === 0) {
    return 'RF optimisation finished: the current channels and power are already the best plan found.';
  }
  const tone = deltaTone(delta);
  const noise =
    tone === 'better'
      ? `total noise is ${Math.abs(delta).toFixed(1)} dB lower`
      : tone === 'same'
        ? 'total noise is unchanged'
        : `total noise is ${delta.toFixed(1)} dB higher`;
  return `RF optimisation succeeded: ${radios} changed, ${noise} (${formatDbm(run.before?.totalDbm ?? 0)} → ${formatDbm(run.after?.totalDbm ?? 0)}).`;
}

export const STATUS_LABELS: Record<RfRunStatus, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** Why a run failed, in the catalogue's words. */
export function failureText(code: number | null): string {
  if (code === null) return 'The optimisation did not finish.';
  return errorMessage(code);
}

export const DAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** "Every day at 03:00", "Weekdays at 02:30", "Mon, Wed, Fri at 03:00", "Off". */
export function scheduleText(s: Pick<RfSettings, 'auto' | 'autoDays' | 'autoTime'>): string {
  if (!s.auto) return 'Off';
  const days = [...new Set(s.autoDays)].sort((a, b) => a - b);
  if (days.length === 0) return 'No day selected';
  let when: string;
  if (days.length === 7) when = 'Every day';
  else if (days.join() === '0,1,2,3,4') when = 'Weekdays';
  else if (days.join() === '5,6') when = 'Weekends';
  else when = days.map((d) => DAY_LABELS[d]).join(', ');
  return `${when} at ${s.autoTime}`;
}

/** Records newest first; the first finished one is "the last run". */
export function lastRun(view: Pick<RfView, 'records'> | undefined): RfRun | null {
  return view?.records[0] ?? null;
}

/**
 * How long a run takes, from this project's own last finished run when there is one ("the last run
 * took 7 s"); else the spec's bound (§9: up to 10 minutes), never a promise the project contradicts.
 */
export function runDurationText(view: Pick<RfView, 'records'> | undefined): string {
  const done = view?.records.find((r) => r.finishedAt !== null);
  if (done?.finishedAt) return `The last run here took ${runDuration(done)}`;
  return `It can take up to ${RF_OPTIMIZATION_MAX_SECONDS / 60} minutes`;
}

/** Radios whose channel or power the run changed. */
export function changedRadios(run: Pick<RfRun, 'changes'>): number {
  return run.changes.filter((c) => c.channelBefore !== c.channelAfter || c.powerBefore !== c.powerAfter)
    .length;
}

/** Run duration as "3 min 12 s" / "45 s". */
export function runDuration(run: Pick<RfRun, 'startedAt' | 'finishedAt'>, now = Date.now()): string {
  const ms = Math.max(0, (run.finishedAt ?? now) - run.startedAt);
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return rest === 0 ? `${m} min` : `${m} min ${rest} s`;
}

/** Channel "36" or "Auto" (0); power "17 dBm" or "Auto" (0). */
export function channelText(channel: number): string {
  return channel === 0 ? 'Auto' : String(channel);
}
export function powerText(power: number): string {
  return power === 0 ? 'Auto' : `${power} dBm`;
}

/** How long until a moment, for the next automatic run: "in 25 min", "in 18 h", "in 3 days". */
export function untilText(at: number, now = Date.now()): string {
  const min = Math.max(0, Math.round((at - now) / 60_000));
  if (min < 1) return 'in under a minute';
  if (min < 60) return `in ${min} min`;
  const h = Math.round(min / 60);
  if (h < 48) return `in ${h} h`;
  return `in ${Math.round(h / 24)} days`;
}
