/**
 * What is plugged into each port of a switch (issue 10 §4 "which device is plugged into each
 * port"): the device above it on its uplink port, the project's managed devices whose live uplink
 * (LLDP, `state.uplink.sn` and `port`) names this switch, and the wired clients it reports.
 */
import type { PortNeighbour } from '@netloom/domain';
import type { WiredClient } from '../clients';
import type { DeviceFacts } from '../config';

export function portNeighbours(
  sw: Pick<DeviceFacts, 'deviceId' | 'sn' | 'uplinkPort' | 'uplinkParent'>,
  devices: readonly DeviceFacts[],
  clients: readonly WiredClient[],
): PortNeighbour[] {
  const out: PortNeighbour[] = [];
  // The switch's own uplink: the device above it, on the port the uplink leaves from.
  const parent = sw.uplinkParent ? devices.find((d) => d.sn === sw.uplinkParent?.sn) : undefined;
  if (parent && sw.uplinkPort !== null)
    out.push({
      portId: sw.uplinkPort,
      kind: 'device',
      deviceId: parent.deviceId,
      name: parent.name,
      mac: null,
      model: parent.model?.model ?? parent.modelName,
    });
  const below = devices
    .filter((d) => d.deviceId !== sw.deviceId && d.uplinkParent?.sn === sw.sn)
    .map((d) => ({
      portId: d.uplinkParent?.port ?? 0,
      kind: 'device' as const,
      deviceId: d.deviceId,
      name: d.name,
      mac: null,
      model: d.model?.model ?? d.modelName,
    }));
  out.push(...below);
  for (const c of clients)
    out.push({
      portId: c.port,
      kind: 'client',
      deviceId: null,
      name: c.name || c.mac,
      mac: c.mac,
      model: null,
    });
  return out.sort((a, b) => a.portId - b.portId);
}
