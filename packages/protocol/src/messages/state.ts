/**
 * `state`: the device's current condition (retained). Published after `hello`, within a second of
 * any change of a field other than cpu/memory/uptime, and otherwise once per telemetry interval.
 * The last will is the short offline form.
 */
import {
  DEVICE_MAX_WAN_PORTS,
  DEVICE_STATUS_CODES,
  DNS_SERVERS_MAX,
  MANAGEMENT_MODES,
  MESH_NODE_TYPES,
  NAME_MAX_BYTES,
  SECURITY_MODES,
  TX_POWER_MAX,
  TX_POWER_MIN,
  VLAN_ANY_MAX,
  VLAN_ANY_MIN,
  WIFI_CHANNEL_MAX,
} from '@netloom/domain';
import { z } from 'zod';
import {
  MAX_CHANNELS,
  MAX_DISKS,
  MAX_PORTS,
  MAX_RADIO_SSIDS,
  MAX_RADIOS,
  MAX_WIRELESS_PEERS,
  MODEL_MAX_LENGTH,
  POE_WATTS_MAX,
  PORT_SPEED_MAX_MBPS,
  RADIO_MAX_CLIENTS,
  TEXT_MAX_LENGTH,
} from '../limits';
import {
  envelope,
  ipv4Address,
  macAddress,
  percent,
  portId,
  radioBand,
  rssiDbm,
  serialNumber,
  text,
} from './common';

/** How the device reaches its parent. */
export const UPLINK_KINDS = ['wired', 'wireless', 'mesh'] as const;
export const uplinkSchema = z.object({
  kind: z.enum(UPLINK_KINDS),
  /** Serial number of the managed device above it, when known (LLDP, mesh tables). */
  sn: serialNumber.optional(),
  /** The port of that parent device this device is plugged into, when known (LLDP). */
  port: portId.optional(),
  /** This device's own port the uplink leaves from (wired uplinks). */
  localPort: portId.optional(),
  /** Signal strength of a wireless or mesh uplink, in dBm. */
  rssi: rssiDbm.optional(),
});

export const portStateSchema = z.object({
  id: portId,
  link: z.enum(['up', 'down']),
  /** Negotiated speed in Mbit/s; 0 while the link is down. */
  speed: z.int().min(0).max(PORT_SPEED_MAX_MBPS),
  duplex: z.enum(['full', 'half']),
  /** Only on ports that can deliver PoE. */
  poe: z.object({ on: z.boolean(), watts: z.number().min(0).max(POE_WATTS_MAX) }).optional(),
  /**
   * The device seen on this port by LLDP (its serial number, its chassis MAC, or both): the proof a
   * newcomer that names this device as its uplink is really plugged in here (§6.2 "Uplink proof").
   */
  neighbour: z.object({ sn: serialNumber.optional(), mac: macAddress.optional() }).optional(),
});

/** A network a radio broadcasts now: its factory networks, or the SSIDs of its applied `wireless` section. */
export const radioSsidSchema = z.object({
  ssid: text(NAME_MAX_BYTES),
  /** Security mode by its §3 name (`WPA2-PSK`, `WPA3-SAE`…). */
  security: z.enum(SECURITY_MODES),
  /** VLAN tag of its traffic; absent = untagged. */
  vlan: z.int().min(VLAN_ANY_MIN).max(VLAN_ANY_MAX).optional(),
  hidden: z.boolean(),
  /** Clients associated on this network of this radio now. */
  clients: z.int().min(0).max(RADIO_MAX_CLIENTS).optional(),
});

export const radioStateSchema = z.object({
  band: radioBand,
  channel: z.int().min(1).max(WIFI_CHANNEL_MAX),
  /** Channel width in MHz. */
  width: z.literal([20, 40, 80, 160, 320]).optional(),
  /** Current transmit power in dBm (§5 range). */
  txPower: z.number().min(TX_POWER_MIN).max(TX_POWER_MAX),
  /** Clients associated on this radio now. */
  clients: z.int().min(0).max(RADIO_MAX_CLIENTS),
  /**
   * The networks the radio broadcasts now (issue 10: the console shows what a first policy
   * replaces). Optional: firmware that does not report them leaves it out.
   */
  ssids: z.array(radioSsidSchema).max(MAX_RADIO_SSIDS).optional(),
});

export const DISK_STATUSES = ['ok', 'unformatted', 'formatting', 'full', 'failed'] as const;
export const DISK_HEALTHS = ['good', 'warning', 'bad'] as const;
/** A WAN port of a router/gateway and the address it has now (learnt by DHCP/PPPoE, or static). */
export const wanStateSchema = z.object({
  port: portId,
  up: z.boolean(),
  ip: ipv4Address.optional(),
  mask: ipv4Address.optional(),
  gateway: ipv4Address.optional(),
  dns: z.array(ipv4Address).max(DNS_SERVERS_MAX).optional(),
});

/** NVR disk bay with a disk in it. */
export const diskStateSchema = z.object({
  id: z.int().min(1).max(MAX_DISKS),
  status: z.enum(DISK_STATUSES),
  capacityGb: z.number().min(0),
  usedGb: z.number().min(0),
  /** The drive's own self-test (S.M.A.R.T.): `good`, `warning` (replace it soon) or `bad`. */
  health: z.enum(DISK_HEALTHS).optional(),
});
/** NVR camera channel. */
export const channelStateSchema = z.object({
  channel: z.int().min(1).max(MAX_CHANNELS),
  online: z.boolean(),
  /** The camera's own serial number when it is a Netloom camera. */
  sn: serialNumber.optional(),
  ip: ipv4Address.optional(),
  model: z.string().max(MODEL_MAX_LENGTH).optional(),
  /** The stream the recorder records, width×height in pixels, e.g. `1920x1080`. */
  resolution: z
    .string()
    .regex(/^[1-9][0-9]{2,4}x[1-9][0-9]{2,4}$/)
    .optional(),
  /** Whether the recorder is writing this channel to a disk now (false: no disk to write to, or the camera is offline). */
  recording: z.boolean().optional(),
});

const statusCode = z.literal(DEVICE_STATUS_CODES);

/** Full state of a running device. */
export const fullStateSchema = z.object({
  ...envelope,
  /** Detailed status code of §4 (1 online, 3 upgrading, 8 rebooting, …). */
  status: statusCode,
  /** CPU use in percent. */
  cpu: percent,
  /** Memory use in percent. */
  memory: percent,
  /** Seconds since boot. */
  uptime: z.int().min(0),
  /** The device's LAN/management IPv4 address. */
  ip: ipv4Address,
  /** Version of the configuration applied now (as in `hello`). */
  configVersion: z.int().min(0),
  /** null when the device's uplink is the internet or unknown. */
  uplink: uplinkSchema.nullable(),
  ports: z.array(portStateSchema).max(MAX_PORTS),
  radios: z.array(radioStateSchema).max(MAX_RADIOS),
  /** CPE bridges: work mode and the bridge link. */
  cpe: z
    .object({
      mode: z.enum(['ap', 'client']),
      /** `connected`: a peer is linked; `none`: no bridge detected. */
      bridge: z.enum(['connected', 'none']),
      peerSn: serialNumber.optional(),
      ssid: text(NAME_MAX_BYTES).optional(),
      rssi: rssiDbm.optional(),
    })
    .optional(),
  /** Routers and gateways: each WAN port's link and current address. */
  wan: z.array(wanStateSchema).max(DEVICE_MAX_WAN_PORTS).optional(),
  /** Mesh units only: primary 0, secondary 1. */
  meshRole: z.literal([MESH_NODE_TYPES.PRIMARY, MESH_NODE_TYPES.SECONDARY]).optional(),
  /** Cloud 1 (default when absent) or local 2 (§3). */
  managementMode: z.literal([MANAGEMENT_MODES.CLOUD, MANAGEMENT_MODES.LOCAL]).optional(),
  /** NVRs only. */
  disks: z.array(diskStateSchema).max(MAX_DISKS).optional(),
  channels: z.array(channelStateSchema).max(MAX_CHANNELS).optional(),
  /**
   * Managed devices linked to this one over the air now (mesh nodes, CPE clients associated to it):
   * their serial numbers, the uplink proof of wireless and mesh newcomers (§6.2 "Uplink proof").
   */
  peers: z.array(serialNumber).max(MAX_WIRELESS_PEERS).optional(),
  /** Optional human note for odd states (e.g. why status is 6), not shown as an error. */
  note: text(TEXT_MAX_LENGTH).optional(),
});

/** The offline form: the last will, or a device announcing a clean shutdown. */
export const offlineStateSchema = z.object({
  ...envelope,
  status: z.literal([0, 9]),
});

export const stateSchema = z.union([fullStateSchema, offlineStateSchema]);
export type FullStateMessage = z.output<typeof fullStateSchema>;
export type OfflineStateMessage = z.output<typeof offlineStateSchema>;
export type StateMessage = z.output<typeof stateSchema>;
export type PortState = z.output<typeof portStateSchema>;
export type RadioState = z.output<typeof radioStateSchema>;
export type RadioSsid = z.output<typeof radioSsidSchema>;
export type Uplink = z.output<typeof uplinkSchema>;
export type WanState = z.output<typeof wanStateSchema>;

/** Whether a state is the full form (a running device) rather than the offline form. */
export function isFullState(s: StateMessage): s is FullStateMessage {
  return 'cpu' in s;
}
