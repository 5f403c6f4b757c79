/**
 * The project's network settings (§2 "network config": internet, VLAN, DHCP, static route, port
 * mapping): one versioned desired document per project, delivered to the project's gateway (and the
 * VLAN list to its switches) by the desired-state engine. These schemas check shape only (types,
 * lengths, enumerations); every §5 rule with its §8 code is in `issues.ts`, so a form can show a
 * rule before submit and the server refuses the same rule with its code.
 */
import { z } from 'zod';
import type { ProjectDocuments } from '../config/kind';
import { WAN_CONNECTION_TYPES } from '../enums/network';
import {
  DEVICE_MAX_PORTS,
  DEVICE_MAX_WAN_PORTS,
  DNS_SERVERS_MAX,
  IPV4_TEXT_MAX_LENGTH,
  MULTI_DIAL_MAX,
  NEXT_HOP_TEXT_MAX_LENGTH,
  PORT_LIST_TEXT_MAX_LENGTH,
  PPPOE_FIELD_MAX_LENGTH,
  SETTINGS_LEASE_MAX_MINUTES,
  SETTINGS_LIST_MAX_ITEMS,
  SETTINGS_MAX_POOL_DNS,
  SETTINGS_TEXT_MAX_LENGTH,
  VLAN_ANY_MAX,
  VLAN_ANY_MIN,
  WAN_VLAN_UNTAGGED,
} from '../limits';

const ipText = z.string().trim().max(IPV4_TEXT_MAX_LENGTH);
const shortText = (max: number) => z.string().max(max);

/** A segment another gateway service uses (guest network, PPPoE server pool, PPTP/L2TP VPN pool). */
export const segmentSchema = z.object({ ip: ipText, mask: ipText });
export type Segment = z.infer<typeof segmentSchema>;

/** The LAN interface of the gateway: its own address and mask (the default VLAN 1). */
export const lanSettingsSchema = segmentSchema;
export type LanSettings = z.infer<typeof lanSettingsSchema>;

/** Per physical WAN port (§3 network config). Fields a mode does not use are kept but ignored. */
export const wanPortSettingsSchema = z.object({
  /** The model's port id (a `wan` or `wan_lan` port of the catalogue). */
  port: z.int().min(1).max(DEVICE_MAX_PORTS),
  enabled: z.boolean(),
  mode: z.enum(WAN_CONNECTION_TYPES),
  /** Static IP (mode static). */
  ip: ipText.default(''),
  mask: ipText.default(''),
  gateway: ipText.default(''),
  /** Primary and secondary DNS; empty = from the ISP (dhcp/pppoe). At most two, different. */
  dns: z.array(ipText).max(DNS_SERVERS_MAX).default([]),
  /** PPPoE account (modes pppoe and multi_pppoe). */
  pppoeUsername: shortText(PPPOE_FIELD_MAX_LENGTH).default(''),
  pppoePassword: shortText(PPPOE_FIELD_MAX_LENGTH).default(''),
  /** Multi-dial PPPoE: how many sessions are dialled on this port, 2–4. */
  dialCount: z.int().min(1).max(MULTI_DIAL_MAX).default(1),
  /** Optional ISP VLAN tag for the WAN (0 = untagged). */
  vlanId: z.int().min(WAN_VLAN_UNTAGGED).max(VLAN_ANY_MAX).default(WAN_VLAN_UNTAGGED),
});
export type WanPortSettings = z.infer<typeof wanPortSettingsSchema>;

/** Segments of other gateway services that LAN/WAN/VLAN addresses must not overlap (103–127). */
export const serviceSegmentsSchema = z.object({
  guest: segmentSchema.nullable().default(null),
  pppoeServer: segmentSchema.nullable().default(null),
  pptp: segmentSchema.nullable().default(null),
  l2tp: segmentSchema.nullable().default(null),
});
export type ServiceSegments = z.infer<typeof serviceSegmentsSchema>;

/** A VLAN interface (§3 VLAN: id, name, IP, mask, DHCP). */
export const vlanSettingsSchema = z.object({
  id: z.int().min(VLAN_ANY_MIN).max(VLAN_ANY_MAX),
  name: shortText(SETTINGS_TEXT_MAX_LENGTH),
  ip: ipText,
  mask: ipText,
  /** Whether the gateway runs a DHCP server on this VLAN (its pool is on the DHCP page). */
  dhcp: z.boolean(),
});
export type VlanSettings = z.infer<typeof vlanSettingsSchema>;

/** The interface a DHCP pool serves: the LAN, or a VLAN by id. */
export const dhcpInterfaceSchema = z.union([z.literal('lan'), z.int().min(VLAN_ANY_MIN).max(VLAN_ANY_MAX)]);
export type DhcpInterface = z.infer<typeof dhcpInterfaceSchema>;

/** A DHCP pool (§3 DHCP policy/pool). */
export const dhcpPoolSettingsSchema = z.object({
  name: shortText(SETTINGS_TEXT_MAX_LENGTH),
  interface: dhcpInterfaceSchema,
  start: ipText,
  end: ipText,
  mask: ipText,
  gateway: ipText,
  dns: z.array(ipText).max(SETTINGS_MAX_POOL_DNS).default([]),
  leaseMinutes: z.int().min(0).max(SETTINGS_LEASE_MAX_MINUTES),
});
export type DhcpPoolSettings = z.infer<typeof dhcpPoolSettingsSchema>;

/** A static route (§3). `nextHop` is one IP or `{ip}-{ip}` (§5). */
export const staticRouteSettingsSchema = z.object({
  name: shortText(SETTINGS_TEXT_MAX_LENGTH),
  destination: ipText,
  mask: ipText,
  nextHop: shortText(NEXT_HOP_TEXT_MAX_LENGTH),
});
export type StaticRouteSettings = z.infer<typeof staticRouteSettingsSchema>;

export const PORT_MAPPING_PROTOCOLS = ['tcp', 'udp', 'tcp_udp'] as const;
export type PortMappingProtocol = (typeof PORT_MAPPING_PROTOCOLS)[number];
export const PORT_MAPPING_PROTOCOL_LABELS: Record<PortMappingProtocol, string> = {
  tcp: 'TCP',
  udp: 'UDP',
  tcp_udp: 'TCP + UDP',
};

/** A port mapping (virtual server) rule (§3). Ports in the §5 port-list syntax. */
export const portMappingSettingsSchema = z.object({
  name: shortText(SETTINGS_TEXT_MAX_LENGTH),
  internalIp: ipText,
  internalPorts: shortText(PORT_LIST_TEXT_MAX_LENGTH),
  externalPorts: shortText(PORT_LIST_TEXT_MAX_LENGTH),
  protocol: z.enum(PORT_MAPPING_PROTOCOLS),
  /** The gateway's WAN port id the external ports are opened on. */
  wanPort: z.int().min(1).max(DEVICE_MAX_PORTS),
  enabled: z.boolean().default(true),
});
export type PortMappingSettings = z.infer<typeof portMappingSettingsSchema>;

/** The whole `network` document of a project. */
export const networkSettingsSchema = z.object({
  lan: lanSettingsSchema,
  wan: z.array(wanPortSettingsSchema).max(DEVICE_MAX_WAN_PORTS),
  segments: serviceSegmentsSchema.default({ guest: null, pppoeServer: null, pptp: null, l2tp: null }),
  vlans: z.array(vlanSettingsSchema).max(VLAN_ANY_MAX),
  dhcpPools: z.array(dhcpPoolSettingsSchema).max(SETTINGS_LIST_MAX_ITEMS),
  staticRoutes: z.array(staticRouteSettingsSchema).max(SETTINGS_LIST_MAX_ITEMS),
  portMappings: z.array(portMappingSettingsSchema).max(SETTINGS_LIST_MAX_ITEMS),
});
export type NetworkSettings = z.infer<typeof networkSettingsSchema>;

/** The LAN every gateway ships with (and the simulator's factory default). */
export const DEFAULT_LAN: LanSettings = { ip: '192.168.10.1', mask: '255.255.255.0' };

/**
 * The settings of a project nobody has configured yet (document version 0, never delivered): the
 * factory configuration. `wanPorts` are the gateway model's WAN-capable port ids (dynamic IP on the
 * first, the others disabled).
 */
export function defaultNetworkSettings(wanPorts: readonly number[] = [1]): NetworkSettings {
  return {
    lan: { ...DEFAULT_LAN },
    wan: wanPorts.map((port, i) => ({
      port,
      enabled: i === 0,
      mode: 'dhcp',
      ip: '',
      mask: '',
      gateway: '',
      dns: [],
      pppoeUsername: '',
      pppoePassword: '',
      dialCount: 1,
      vlanId: 0,
    })),
    segments: { guest: null, pppoeServer: null, pptp: null, l2tp: null },
    vlans: [],
    dhcpPools: [
      {
        name: 'lan_pool',
        interface: 'lan',
        start: '192.168.10.100',
        end: '192.168.10.250',
        mask: '255.255.255.0',
        gateway: '192.168.10.1',
        dns: [],
        leaseMinutes: 1440,
      },
    ],
    staticRoutes: [],
    portMappings: [],
  };
}

/** The project's saved `network` document, if any. */
export function savedNetwork(docs: ProjectDocuments): NetworkSettings | undefined {
  return docs.project.network as NetworkSettings | undefined;
}
