/**
 * Which device of a project takes the `network` document: its gateway (wired router, v7 gateway or
 * wireless router), or — in a project without one — its primary mesh node, which then routes. The
 * network rules read that device's model and what it reports live.
 */
import { GATEWAY_KINDS, isGatewayKind } from '../api/devices';
import { deviceKindOf, type KindDevice, type ProjectDeviceType, type RenderDevice } from '../config/kind';
import { MESH_NODE_TYPES, type MeshNodeType } from '../enums/devices';
import type { DeviceModel, ModelKind } from '../models/types';

/** Whether a device takes the project's `network` settings (it is the project's router). */
export function takesNetworkSettings(input: {
  kind: ModelKind | 'unknown';
  meshRole?: MeshNodeType | null | undefined;
  /** Whether the project has a gateway (router, v7, wrouter) other than this device. */
  projectHasGateway: boolean;
}): boolean {
  if ((GATEWAY_KINDS as readonly string[]).includes(input.kind)) return true;
  return input.kind === 'mesh' && input.meshRole === MESH_NODE_TYPES.PRIMARY && !input.projectHasGateway;
}

/** Whether the project has a gateway other than `self` (a primary mesh node then routes nothing). */
export function hasGatewayBesides(devices: readonly ProjectDeviceType[], self: number): boolean {
  return devices.some((d) => d.deviceId !== self && isGatewayKind(d.type));
}

/**
 * Whether a device of a project takes the project's network settings. One device routes a project
 * (67): when a second routing device turns up anyway (added by SN before its first hello said what it
 * is), the one added first keeps routing and the later one receives no network document — never the
 * first one's WAN layout, which it could not take. The conflict is raised as an alarm and shown by
 * `secondRouters` until someone removes or moves it.
 */
export function takesNetwork(device: RenderDevice, devices: readonly ProjectDeviceType[]): boolean {
  if (secondRouter(device, devices)) return false;
  return takesNetworkSettings({
    kind: deviceKindOf(device),
    meshRole: device.meshRole,
    projectHasGateway: hasGatewayBesides(devices, device.deviceId),
  });
}

/** A routing device of a project that already has an earlier one (a smaller device id). */
function secondRouter(device: RenderDevice, devices: readonly ProjectDeviceType[]): boolean {
  if (!isGatewayKind(deviceKindOf(device))) return false;
  return devices.some((d) => d.deviceId < device.deviceId && isGatewayKind(d.type));
}

/** The routing devices beyond the project's one router: they take no network settings (67). */
export function secondRouters<D extends KindDevice>(devices: readonly D[]): D[] {
  return devices.filter((d) => secondRouter(d, devices));
}

/**
 * The device the network rules check against: the one that takes the network settings, else a
 * device whose type is a gateway kind (its model may not be known yet).
 */
export function networkGateway<D extends KindDevice>(devices: readonly D[]): D | undefined {
  return devices.find((d) => takesNetwork(d, devices)) ?? devices.find((d) => isGatewayKind(d.type));
}

/** The WAN-capable port ids of a gateway model (port 1 when unknown): the factory WAN list. */
export function factoryWanPorts(model: DeviceModel | null | undefined): number[] {
  const ports = (model?.ports ?? []).filter((p) => p.role !== 'lan').map((p) => p.id);
  return ports.length > 0 ? ports : [1];
}

/** Addresses the gateway holds now on its WAN ports (learnt by DHCP/PPPoE: only it knows them). */
export function liveWanOf(gateway: KindDevice | undefined): { port: number; ip: string; mask: string }[] {
  if (!gateway?.online) return [];
  return gateway.wan.flatMap((w) =>
    w.up && w.ip && w.mask ? [{ port: w.port, ip: w.ip, mask: w.mask }] : [],
  );
}
