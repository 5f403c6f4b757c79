/**
 * What is plugged into each port of a switch (issue 10 §4 "which device is plugged into each
 * port"): the project's managed devices whose live uplink (LLDP, `state.uplink.sn` and `port`)
 * names this switch, and the wired clients the switch reports on its ports.
 */
import type { PortNeighbour } from '@netloom/domain';
import type { WiredClient } from '../clients';
import type { DeviceFacts } from '../config';

export function portNeighbours(
  sw: Pick<DeviceFacts, 'deviceId' | 'sn'>,
  devices: readonly DeviceFacts[],
  clients: readonly WiredClient[],
): PortNeighbour[] {
  const out: PortNeighbour[] = devices
    .filter((d) => d.deviceId !== sw.deviceId && d.uplinkParent?.sn === sw.sn)
    .map((d) => ({
      portId: d.uplinkParent?.port ?? 0,
      kind: 'device' as const,
      deviceId: d.deviceId,
      name: d.name,
      mac: null,
      model: d.model?.model ?? d.modelName,
    }));
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
