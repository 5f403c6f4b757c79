/**
 * The gateway side of a virtual device: whether it routes (takes the project's `network` section),
 * the WAN port cabled to its ISP, and the address that port learnt by DHCP. The lease is
 * deterministic per plan — a third of the sites sit behind an ISP modem handing out
 * 192.168.1.x/24, the others on a carrier-grade NAT segment 100.64.x.x/24 — so a test can name the
 * segment a VLAN must not overlap, which the cloud cannot know.
 */
import {
  type DeviceModel,
  MESH_NODE_TYPES,
  type NetworkSettings,
  type WanPortSettings,
} from '@netloom/domain';
import { uplinkPort } from '../plan/site';
import type { PlannedDevice } from '../plan/types';

export interface WanAddress {
  /** The model's port id. */
  port: number;
  ip: string;
  mask: string;
  gateway: string;
}

const ROUTING_KINDS = new Set(['router', 'v7', 'wrouter']);
/** Modes in which the ISP assigns the address at run time (the device alone knows it). */
const DYNAMIC_MODES = new Set<WanPortSettings['mode']>(['dhcp', 'pppoe', 'multi_pppoe']);

/** Whether the unit routes for its network: routers, gateways, wireless routers, the mesh primary. */
export function isGateway(plan: Pick<PlannedDevice, 'kind' | 'meshRole'>): boolean {
  return ROUTING_KINDS.has(plan.kind) || (plan.kind === 'mesh' && plan.meshRole === MESH_NODE_TYPES.PRIMARY);
}

/** WAN-capable port ids of a model, in port order (`WAN1`, `WAN2`… on the route table). */
export function wanPorts(model: DeviceModel): number[] {
  return model.ports.filter((p) => p.role !== 'lan').map((p) => p.id);
}

/** Interface name of a WAN port: `WAN1` for the first WAN-capable port, and so on. */
export function wanName(model: DeviceModel, port: number): string {
  return `WAN${Math.max(1, wanPorts(model).indexOf(port) + 1)}`;
}

/**
 * The address the gateway's cabled WAN port got by DHCP, or null for units that do not route.
 * A site's root gets it from the ISP; a router further down from its parent's LAN.
 */
export function dhcpLease(plan: PlannedDevice): WanAddress | null {
  if (!isGateway(plan)) return null;
  const port = uplinkPort(plan.model);
  if (plan.uplink !== null) {
    const [a, b, c] = plan.ip.split('.');
    return { port, ip: plan.ip, mask: '255.255.255.0', gateway: `${a}.${b}.${c}.1` };
  }
  const host = 100 + ((plan.site * 37 + plan.index) % 150);
  if (plan.site % 3 === 0)
    return { port, ip: `192.168.1.${host}`, mask: '255.255.255.0', gateway: '192.168.1.1' };
  const segment = (plan.site * 7 + 3) % 256;
  return { port, ip: `100.64.${segment}.${host}`, mask: '255.255.255.0', gateway: `100.64.${segment}.1` };
}

/**
 * The WAN address in use under `network` settings (null when that port is disabled): the DHCP
 * lease while the port is in a dynamic mode (PPPoE included: the ISP hands out the same address),
 * the configured address in static mode. Without settings, the factory default (DHCP).
 */
export function wanAddress(lease: WanAddress | null, network: NetworkSettings | null): WanAddress | null {
  if (!lease) return null;
  const wan = network?.wan.find((w) => w.port === lease.port);
  if (!wan) return lease;
  if (!wan.enabled) return null;
  if (DYNAMIC_MODES.has(wan.mode)) return lease;
  return { port: lease.port, ip: wan.ip, mask: wan.mask, gateway: wan.gateway };
}

/** The run-time WAN addresses of the rules' context: only ports whose address came from the ISP. */
export function liveWan(lease: WanAddress | null, network: NetworkSettings | null): WanAddress[] {
  const wan = network?.wan.find((w) => w.port === lease?.port);
  if (!lease || (wan && (!wan.enabled || !DYNAMIC_MODES.has(wan.mode)))) return [];
  return [lease];
}
