/**
 * Idle detection (§4 "after a set idle time without mouse or key activity a callback runs", issue 15
 * §3). **Decision:** what runs is a pause of the console's live updates (the live WebSocket closes and
 * polling stops) with a "Paused while you were away — resume" banner; activity resumes. Optionally,
 * after a longer idle time, the console signs out. Both times are the account's preference
 * (`IDLE_PREFERENCE_KEY`), so they follow it from browser to browser.
 */
import { z } from 'zod';
import {
  IDLE_PAUSE_DEFAULT_SECONDS,
  IDLE_PAUSE_MAX_SECONDS,
  IDLE_PAUSE_MIN_SECONDS,
  IDLE_SIGN_OUT_MAX_SECONDS,
  IDLE_SIGN_OUT_MIN_SECONDS,
} from '../limits';

/** The preference key (`/api/account/preferences/idle`). */
export const IDLE_PREFERENCE_KEY = 'idle';

export const idlePreferenceSchema = z
  .object({
    /** Seconds without activity before live updates pause. */
    pauseAfterSeconds: z.number().int().min(IDLE_PAUSE_MIN_SECONDS).max(IDLE_PAUSE_MAX_SECONDS),
    /** Seconds without activity before the console signs out; null: never. */
    signOutAfterSeconds: z
      .number()
      .int()
      .min(IDLE_SIGN_OUT_MIN_SECONDS)
      .max(IDLE_SIGN_OUT_MAX_SECONDS)
      .nullable(),
  })
  .refine((p) => p.signOutAfterSeconds === null || p.signOutAfterSeconds > p.pauseAfterSeconds, {
    message: 'Sign-out must come after the pause',
    path: ['signOutAfterSeconds'],
  });
export type IdlePreference = z.infer<typeof idlePreferenceSchema>;

export const DEFAULT_IDLE_PREFERENCE: IdlePreference = {
  pauseAfterSeconds: IDLE_PAUSE_DEFAULT_SECONDS,
  signOutAfterSeconds: null,
};

/** A stored value as a preference; anything unreadable is the default. */
export function idlePreferenceOf(value: unknown): IdlePreference {
  const r = idlePreferenceSchema.safeParse(value);
  return r.success ? r.data : DEFAULT_IDLE_PREFERENCE;
}

export type IdleState = 'active' | 'paused' | 'signOut';

/** What the console should be after `idleMs` without activity. */
export function idleStateAfter(idleMs: number, pref: IdlePreference): IdleState {
  if (pref.signOutAfterSeconds !== null && idleMs >= pref.signOutAfterSeconds * 1000) return 'signOut';
  if (idleMs >= pref.pauseAfterSeconds * 1000) return 'paused';
  return 'active';
}
