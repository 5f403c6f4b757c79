/** `events`: alarms and log lines, as they happen (QoS 1). The cloud deduplicates by `id`. */
import { z } from 'zod';
import {
  EVENT_CODE_MAX_LENGTH,
  EVENT_FOR_SECONDS_MAX,
  EVENT_SUBJECT_MAX_LENGTH,
  MAX_EVENTS_PER_MESSAGE,
  TEXT_MAX_LENGTH,
} from '../limits';
import { envelope, epochMs, macAddress, percent, snakeName, text } from './common';

export const EVENT_KINDS = ['alarm', 'log'] as const;
export const EVENT_SEVERITIES = ['info', 'warning', 'critical'] as const;

/**
 * Event codes the cloud knows how to describe. Firmware may send others (lower_snake_case); they are
 * stored and shown with their text.
 */
export const EVENT_CODES = [
  'boot',
  'reboot',
  'port_up',
  'port_down',
  'poe_overload',
  'poe_power_fail',
  'poe_normal',
  'uplink_changed',
  'uplink_lost',
  'client_joined',
  'client_left',
  'cpu_high',
  'memory_high',
  'ip_conflict',
  'loop_detected',
  'radar_detected',
  'login_failed',
  'config_applied',
  'config_failed',
  'upgrade_finished',
  'disk_error',
  'disk_full',
  'camera_offline',
  'camera_online',
] as const;
export type EventCode = (typeof EVENT_CODES)[number];

export const eventSchema = z.object({
  /** Unique per device (e.g. boot id + counter): a re-sent event is stored once. */
  id: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  kind: z.enum(EVENT_KINDS),
  severity: z.enum(EVENT_SEVERITIES),
  code: snakeName(EVENT_CODE_MAX_LENGTH),
  /** English text for people, e.g. "Port 3 link down". */
  text: text(TEXT_MAX_LENGTH),
  /** When it happened, epoch ms. */
  at: epochMs,
  /** The client concerned, if any. */
  mac: macAddress.optional(),
  /**
   * What within the device the event is about ("port 3", "channel 2"): an alarm is one condition
   * per device, code and subject, and a clearing event (`port_up` after `port_down`, `camera_online`
   * after `camera_offline`) ends the alarm of the same subject (docs/protocol.md §6.5).
   */
  subject: z.string().min(1).max(EVENT_SUBJECT_MAX_LENGTH).optional(),
  /** Threshold alarms (`cpu_high`, `memory_high`): the measured value when it was raised, in %. */
  value: percent.optional(),
  /** The threshold the value crossed, in % (the cloud clears the alarm when a `state` is back under it). */
  threshold: percent.optional(),
  /** How long the threshold was crossed before the alarm was raised, in seconds. */
  forSeconds: z.number().int().min(0).max(EVENT_FOR_SECONDS_MAX).optional(),
});

export const eventsSchema = z.object({
  ...envelope,
  events: z.array(eventSchema).min(1).max(MAX_EVENTS_PER_MESSAGE),
});
export type EventsMessage = z.output<typeof eventsSchema>;
export type DeviceEvent = z.output<typeof eventSchema>;
