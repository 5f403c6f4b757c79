/**
 * RF optimisation runs (issue 5 §2): progress and records (endpoints in `endpoints.ts`). Settings
 * are the `rf` settings document; changing them or starting a run while one runs is refused with
 * 27. Live event `rf.progress` carries a run's percent and status.
 */
import { z } from 'zod';

const id = z.number().int();

export const RF_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type RfRunStatus = (typeof RF_RUN_STATUSES)[number];
export const RF_RUN_TRIGGERS = ['manual', 'auto'] as const;
export const RF_RUN_STAGES = ['scanning', 'planning', 'applying', 'done'] as const;

/** Interference figures of the model (dBm), before or after a run. */
export const rfNoiseSchema = z.object({
  sameChannelDbm: z.number(),
  nearChannelDbm: z.number(),
  totalDbm: z.number(),
});
export type RfNoise = z.infer<typeof rfNoiseSchema>;

/** One radio's change in a run. */
export const rfRadioChangeSchema = z.object({
  deviceId: id,
  name: z.string(),
  band: z.string(),
  channelBefore: z.number().int(),
  channelAfter: z.number().int(),
  powerBefore: z.number(),
  powerAfter: z.number(),
  /** Average signal of the radio's clients when the run started, dBm (null without clients). */
  rssi: z.number().nullable(),
  /** Same-channel interference this radio receives, before → after (dBm). */
  sameChannelBefore: z.number(),
  sameChannelAfter: z.number(),
});
export type RfRadioChange = z.infer<typeof rfRadioChangeSchema>;

export const rfRunSchema = z.object({
  id,
  trigger: z.enum(RF_RUN_TRIGGERS),
  status: z.enum(RF_RUN_STATUSES),
  stage: z.enum(RF_RUN_STAGES),
  percent: z.number().min(0).max(100), // not a rule: a percentage
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  /** §8 code when failed (2103 device failures, 2105 timeout, 2104 too few online). */
  code: z.number().int().nullable(),
  before: rfNoiseSchema.nullable(),
  /** The planner's prediction for the new radios (the model applied to the first scan). */
  after: rfNoiseSchema.nullable(),
  /**
   * Measured after the devices applied the new radios: a second scan scored with the same model
   * (null while running, when the run ended before applying, or no device answered that scan).
   */
  measuredAfter: rfNoiseSchema.nullable(),
  /** The access threshold in force during the run (dBm). */
  accessThreshold: z.number().int(),
  changes: z.array(rfRadioChangeSchema),
});
export type RfRun = z.infer<typeof rfRunSchema>;

export const rfViewSchema = z.object({
  /** APs (radios that take part) online now / in the project. */
  onlineAps: z.number().int(),
  totalAps: z.number().int(),
  running: rfRunSchema.nullable(),
  /** The latest 20 finished runs, newest first. */
  records: z.array(rfRunSchema),
  /** Next automatic run (epoch ms), null when automatic optimisation is off. */
  nextAutoRunAt: z.number().nullable(),
});
export type RfView = z.infer<typeof rfViewSchema>;
