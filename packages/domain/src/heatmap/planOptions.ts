/**
 * The AP planner's rules (issue 15, "plan on a floor plan"; docs/heatmap.md "Planning APs"): what the
 * user may ask for (AP model, band, target signal, coverage goal, keep the placed APs), its bounds and
 * messages, the radio a proposed AP is assumed to have, and the link that carries a plan into the
 * solution generator. The console's panel and the planner read the same constants.
 */
import { z } from 'zod';
import { AP_PLAN_SUMMARY_MAX_LENGTH } from '../limits';
import { findModel, modelsOfType } from '../models/catalogue';
import { DESIGN_CHANNEL, DESIGN_EDGE_SIGNAL_DBM, DESIGN_TX_POWER_DBM } from '../solutions/coverage';
import { DEFAULT_ANTENNA_GAIN_DBI } from './constants';
import { HEATMAP_BANDS, type HeatmapBand, type HeatmapRadio } from './types';

/** Most APs one plan proposes (new APs, not counting the placed ones kept). */
export const AP_PLAN_MAX_APS = 50;
/** Target signal bounds, dBm: −50 is a meeting room under the AP, −85 barely a connection. */
export const AP_PLAN_TARGET_MIN_DBM = -85;
export const AP_PLAN_TARGET_MAX_DBM = -50;
/** Coverage goal bounds, % of the floor's cells at or above the target. */
export const AP_PLAN_COVERAGE_MIN_PCT = 50;
export const AP_PLAN_COVERAGE_MAX_PCT = 100;
/** Defaults: the voice-and-video design level of the solution generator, 95 % of the floor. */
export const AP_PLAN_DEFAULT_TARGET_DBM = DESIGN_EDGE_SIGNAL_DBM;
export const AP_PLAN_DEFAULT_COVERAGE_PCT = 95;
export const AP_PLAN_DEFAULT_BAND: HeatmapBand = '5G';
/** Primary channel a proposed AP is planned on, per band (the path loss depends on the frequency). */
export const AP_PLAN_CHANNEL: Record<HeatmapBand, number> = { '2.4G': 6, '5G': DESIGN_CHANNEL };

/** The catalogue's APs, in catalogue order: the models a plan can propose. */
export function apPlanModels(): string[] {
  return modelsOfType('ap').map((m) => m.model);
}

/** The generator's indoor ceiling AP, the usual choice. */
export const AP_PLAN_DEFAULT_MODEL = 'NL-A3000C';

const int = (min: number, max: number, what: string) =>
  z
    .number({ error: `Enter the ${what}.` })
    .int({ error: `Enter a whole number from ${min} to ${max}.` })
    .min(min, { error: `Enter a whole number from ${min} to ${max}.` })
    .max(max, { error: `Enter a whole number from ${min} to ${max}.` });

/** What the planner's panel asks. */
export const apPlanOptionsSchema = z.object({
  model: z
    .string()
    .refine((m) => apPlanModels().includes(m), { error: 'Choose an AP model of the catalogue.' }),
  band: z.enum(HEATMAP_BANDS),
  targetDbm: int(AP_PLAN_TARGET_MIN_DBM, AP_PLAN_TARGET_MAX_DBM, 'target signal'),
  coveragePct: int(AP_PLAN_COVERAGE_MIN_PCT, AP_PLAN_COVERAGE_MAX_PCT, 'coverage goal'),
  keepPlaced: z.boolean(),
});
export type ApPlanOptions = z.infer<typeof apPlanOptionsSchema>;

export const AP_PLAN_DEFAULT_OPTIONS: ApPlanOptions = {
  model: AP_PLAN_DEFAULT_MODEL,
  band: AP_PLAN_DEFAULT_BAND,
  targetDbm: AP_PLAN_DEFAULT_TARGET_DBM,
  coveragePct: AP_PLAN_DEFAULT_COVERAGE_PCT,
  keepPlaced: true,
};

/** The message of one option's value, or null when it is valid (the panel's inline validation). */
export function apPlanOptionIssue<K extends keyof ApPlanOptions>(field: K, value: unknown): string | null {
  const r = apPlanOptionsSchema.shape[field].safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid value.');
}

/**
 * The radio a proposed AP of `model` is planned with on `band`: the design channel, the design
 * transmit power (20 dBm, room left for RF optimisation) capped at the model's maximum, and the
 * default antenna gain (the catalogue has no antenna figure). Null when the model has no such radio.
 */
export function apPlanRadio(model: string, band: HeatmapBand): HeatmapRadio | null {
  const radio = findModel(model)?.radios.find((r) => r.band === band);
  if (!radio) return null;
  return {
    band,
    channel: AP_PLAN_CHANNEL[band],
    txPowerDbm: Math.min(DESIGN_TX_POWER_DBM, radio.maxTxPowerDbm),
    gainDbi: DEFAULT_ANTENNA_GAIN_DBI[band],
  };
}

/**
 * The query of the solution generator's link ("Use in a solution"): the AP model and count of a plan,
 * the floor area it covered and the summary that becomes the AP row's remark.
 */
export const apPlanLinkSchema = z.object({
  apModel: z
    .string()
    .refine((m) => apPlanModels().includes(m), { error: 'Choose an AP model of the catalogue.' }),
  aps: z.coerce
    .number()
    .int()
    .min(1)
    .max(AP_PLAN_MAX_APS * 2),
  floorAreaM2: z.coerce.number().int().min(1),
  plan: z.string().max(AP_PLAN_SUMMARY_MAX_LENGTH),
});
export type ApPlanLink = z.infer<typeof apPlanLinkSchema>;

/** `?apModel=…&aps=…&floorAreaM2=…&plan=…` for the generator's page. */
export function apPlanLinkQuery(link: ApPlanLink): string {
  const q = new URLSearchParams({
    apModel: link.apModel,
    aps: String(link.aps),
    floorAreaM2: String(link.floorAreaM2),
    plan: link.plan,
  });
  return `?${q.toString()}`;
}

/** The plan carried by a generator link, or null when the query holds none (or a broken one). */
export function apPlanLinkOf(search: URLSearchParams): ApPlanLink | null {
  if (!search.has('apModel')) return null;
  const r = apPlanLinkSchema.safeParse(Object.fromEntries(search.entries()));
  return r.success ? r.data : null;
}
