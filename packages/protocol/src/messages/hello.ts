/** `hello`: who the device is. Sent once after every connect, before anything else. */
import { MODEL_KINDS } from '@netloom/domain';
import { z } from 'zod';
import {
  FIRMWARE_VERSION_MAX_LENGTH,
  HARDWARE_VERSION_MAX_LENGTH,
  MAX_CAPABILITIES,
  MODEL_MAX_LENGTH,
} from '../limits';
import { envelope, macAddress } from './common';

export const helloSchema = z.object({
  ...envelope,
  /** Model id of the catalogue, e.g. "NL-G300". An unknown model is accepted and flagged (code 902). */
  model: z.string().min(1).max(MODEL_MAX_LENGTH),
  /** Device kind (§3 device type) or `ipc` for a camera. */
  type: z.enum(MODEL_KINDS),
  firmwareVersion: z.string().min(1).max(FIRMWARE_VERSION_MAX_LENGTH),
  hardwareVersion: z.string().min(1).max(HARDWARE_VERSION_MAX_LENGTH),
  /** MAC of the device's management interface. */
  mac: macAddress,
  /** Capability names (domain `DEVICE_CAPABILITIES`); unknown names are kept out by the cloud, not refused. */
  capabilities: z.array(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/)).max(MAX_CAPABILITIES),
  /** Version of the configuration the device has applied; 0 = factory configuration. */
  configVersion: z.int().min(0),
  /** Random id chosen at every boot: a new one tells the cloud the device rebooted (counters reset). */
  bootId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});
export type HelloMessage = z.output<typeof helloSchema>;
