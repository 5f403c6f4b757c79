/**
 * Field schemas every message shares: the envelope (`v`, `ts`), addresses, ids and counters. Wire
 * objects are parsed with `z.object`, which drops unknown keys: a newer device may add fields and an
 * older cloud ignores them (docs/protocol.md "Versioning").
 */
import { IPV4_TEXT_MAX_LENGTH, isIpv4, RADIO_BANDS, SN_MAX_LENGTH, SN_MIN_LENGTH } from '@netloom/domain';
import { z } from 'zod';
import { BYTE_RATE_MAX, MAX_PORTS, RSSI_MAX_DBM, RSSI_MIN_DBM } from '../limits';
import { PROTOCOL_VERSION } from '../topics';

/** Epoch milliseconds (UTC). */
export const epochMs = z.int().min(0);
/** `v` (protocol major version, equal to the topic's) and `ts` (when the sender produced it). */
export const envelope = { v: z.literal(PROTOCOL_VERSION), ts: epochMs };

/** Serial number as in the topic: 16–32 ASCII letters or digits. */
export const serialNumber = z
  .string()
  .min(SN_MIN_LENGTH)
  .max(SN_MAX_LENGTH)
  .regex(/^[A-Za-z0-9]+$/, 'serial number must be letters or digits')
  .meta({ docType: 'SN (16–32 letters or digits)' });

/** Colon-separated MAC address; either case on the wire, upper case after parsing. */
export const macAddress = z
  .string()
  .regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, 'MAC address must look like AA:BB:CC:DD:EE:FF')
  .transform((s) => s.toUpperCase())
  .meta({ docType: 'MAC `AA:BB:CC:DD:EE:FF`' });

export const ipv4Address = z
  .string()
  .max(IPV4_TEXT_MAX_LENGTH)
  .refine(isIpv4, 'not a dotted-quad IPv4 address')
  .meta({ docType: 'IPv4' });

/** Correlation id of a command (and of its replies and progress). */
export const commandId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be 1–64 of A–Z a–z 0–9 _ -');

/** A machine-readable name: lower snake case (event codes, progress stages). */
export const snakeName = (max: number) =>
  z.string().regex(new RegExp(`^[a-z][a-z0-9_]{0,${max - 1}}$`), `must be lower_snake_case, at most ${max}`);

/** Monotonic byte counter since boot (resets only when the device reboots). */
export const byteCounter = z.int().min(0);
/** Rate in bytes per second, averaged over the last reporting interval. */
export const byteRate = z.number().min(0).max(BYTE_RATE_MAX);
/** Port id of the model's port layout (1-based). */
export const portId = z.int().min(1).max(MAX_PORTS);
export const radioBand = z.enum(RADIO_BANDS);
/** Received signal strength in dBm. */
export const rssiDbm = z.int().min(RSSI_MIN_DBM).max(RSSI_MAX_DBM);
/** A share of a whole (CPU and memory use, a command's progress). */
export const percent = z.number().min(0).max(100); // not a rule: a percentage
/** Free text shown to people; bounded so a table row stays a table row. */
export const text = (max: number) => z.string().max(max);
