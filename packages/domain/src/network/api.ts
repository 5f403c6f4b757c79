/** The network page's view (`GET …/config/network`) and the gateway's live route table. */
import { z } from 'zod';
import { configDocumentMeta } from '../config/api';
import { networkSettingsSchema } from './settings';

const id = z.number().int();

export const gatewayInfoSchema = z.object({
  deviceId: id,
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  online: z.boolean(),
  /** Rule counts of the model (§9: counts come from the server). */
  rules: z.object({
    vlans: z.number().int(),
    dhcpPools: z.number().int(),
    staticRoutes: z.number().int(),
    portMappings: z.number().int(),
  }),
  vlanRange: z.object({ min: z.number().int(), max: z.number().int() }),
  /** WAN-capable physical ports of the model. */
  wanPorts: z.array(z.object({ id: z.number().int(), label: z.string() })),
  /** What the gateway reports now per WAN port (dynamic/PPPoE addresses). */
  liveWan: z.array(
    z.object({
      port: z.number().int(),
      up: z.boolean(),
      ip: z.string().nullable(),
      mask: z.string().nullable(),
    }),
  ),
});
export type GatewayInfo = z.infer<typeof gatewayInfoSchema>;

export const networkConfigViewSchema = z.object({
  ...configDocumentMeta,
  settings: networkSettingsSchema,
  /** The device that receives these settings; null when the project has none yet. */
  gateway: gatewayInfoSchema.nullable(),
  /**
   * Routing devices beyond the project's one gateway (67; found at their first hello): they receive
   * none of these settings until they are removed or moved, and the page says so.
   */
  secondRouters: z.array(z.object({ deviceId: id, sn: z.string(), name: z.string(), model: z.string() })),
  /**
   * The VLAN membership of the project's switch ports (their saved port settings): a VLAN they
   * carry cannot be deleted or renumbered (1110), and the VLAN page lists them under "Used by".
   */
  switchPorts: z.array(
    z.object({
      deviceId: id,
      name: z.string(),
      ports: z.array(
        z.object({ id: z.number().int(), untagged: z.number().int(), tagged: z.array(z.number().int()) }),
      ),
    }),
  ),
});
export type NetworkConfigView = z.infer<typeof networkConfigViewSchema>;

export const ROUTE_TYPES = ['connected', 'static', 'default'] as const;
export const routeTableEntrySchema = z.object({
  destination: z.string(),
  mask: z.string(),
  gateway: z.string(),
  interface: z.string(),
  metric: z.number().int(),
  type: z.enum(ROUTE_TYPES),
});
export type RouteTableEntry = z.infer<typeof routeTableEntrySchema>;
export const routeTableSchema = z.object({
  deviceId: id,
  readAt: z.number(),
  entries: z.array(routeTableEntrySchema),
});
export type RouteTable = z.infer<typeof routeTableSchema>;
