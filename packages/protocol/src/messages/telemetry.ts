/**
 * `telemetry`: counters for the charts, every telemetry interval (QoS 0). Direction is from the
 * network's point of view at the device's uplink: tx = upstream (towards the internet), rx =
 * downstream. Counters run from boot; the cloud takes deltas and treats a decrease as a reboot.
 */
import { z } from 'zod';
import { DEVICE_MAX_CLIENTS, MAX_PORTS } from '../limits';
import { byteCounter, byteRate, envelope, portId } from './common';

export const portCountersSchema = z.object({
  id: portId,
  /** Bytes sent out of the port since boot. */
  txBytes: byteCounter,
  /** Bytes received on the port since boot. */
  rxBytes: byteCounter,
  txRate: byteRate.optional(),
  rxRate: byteRate.optional(),
  /** Frames dropped for errors since boot. */
  errors: byteCounter.optional(),
});

export const telemetrySchema = z.object({
  ...envelope,
  /** Bytes sent upstream since boot. */
  txBytes: byteCounter,
  /** Bytes received from upstream since boot. */
  rxBytes: byteCounter,
  /** Upstream rate in bytes per second over the last interval. */
  txRate: byteRate,
  /** Downstream rate in bytes per second over the last interval. */
  rxRate: byteRate,
  /** Clients connected now (wired and wireless). */
  clients: z.int().min(0).max(DEVICE_MAX_CLIENTS),
  /** Per-port counters; switches and gateways send them, single-port units may omit them. */
  ports: z.array(portCountersSchema).max(MAX_PORTS).optional(),
});
export type TelemetryMessage = z.output<typeof telemetrySchema>;
export type PortCounters = z.output<typeof portCountersSchema>;
