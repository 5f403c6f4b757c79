/**
 * `clients`: the full table of clients connected through the device now (§3 "Online client"). A
 * snapshot, not a delta: a client missing from it has left. The associated device is the publisher.
 * Byte counts and rates are from the client's point of view: tx = sent by the client (upload).
 */
import { NAME_MAX_BYTES, SECURITY_MODES, utf8Length, VLAN_ANY_MAX, VLAN_ANY_MIN } from '@netloom/domain';
import { z } from 'zod';
import { HOST_NAME_MAX_LENGTH, MAX_CLIENT_ROWS } from '../limits';
import {
  byteCounter,
  byteRate,
  envelope,
  ipv4Address,
  macAddress,
  portId,
  radioBand,
  rssiDbm,
} from './common';

/** Client (terminal) types; an unknown value from newer firmware reads as `unknown`. */
export const CLIENT_TYPES = [
  'phone',
  'computer',
  'tablet',
  'tv',
  'camera',
  'printer',
  'iot',
  'unknown',
] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const clientSchema = z.object({
  mac: macAddress,
  /** Absent while the client has no address yet. */
  ip: ipv4Address.optional(),
  /** Host name as announced by the client (DHCP); may be empty. */
  name: z.string().max(HOST_NAME_MAX_LENGTH),
  connection: z.enum(['wireless', 'wired']),
  type: z.enum(CLIENT_TYPES).catch('unknown'),
  /** Wireless only: SSID the client is associated with (1–32 bytes). */
  ssid: z
    .string()
    .min(1)
    .refine((s) => utf8Length(s) <= NAME_MAX_BYTES, `SSID is at most ${NAME_MAX_BYTES} bytes`)
    .optional(),
  band: radioBand.optional(),
  /** Wireless only: signal strength in dBm. */
  rssi: rssiDbm.optional(),
  /** Wireless only: how the client authenticated (a §3 security mode). */
  auth: z.enum(SECURITY_MODES).optional(),
  /** Wired only: the port of this device the client is on. */
  port: portId.optional(),
  vlan: z.int().min(VLAN_ANY_MIN).max(VLAN_ANY_MAX).optional(),
  /** Bytes the client sent since it connected. */
  txBytes: byteCounter,
  /** Bytes the client received since it connected. */
  rxBytes: byteCounter,
  txRate: byteRate,
  rxRate: byteRate,
  /** Online duration in seconds. */
  uptime: z.int().min(0),
});

export const clientsSchema = z.object({
  ...envelope,
  clients: z.array(clientSchema).max(MAX_CLIENT_ROWS),
});
export type ClientsMessage = z.output<typeof clientsSchema>;
export type ClientEntry = z.output<typeof clientSchema>;
