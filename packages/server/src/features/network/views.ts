/** The network page's view: the settings (factory settings at version 0), the gateway, delivery state. */
import {
  defaultNetworkSettings,
  factoryWanPorts,
  type GatewayInfo,
  type NetworkConfigView,
  type NetworkSettings,
  secondRouters,
  switchVlanPortsOf,
  takesNetwork,
  VLAN_DEFAULT_MAX,
  VLAN_DEFAULT_MIN,
} from '@netloom/domain';
import type { ConfigApi, DeviceFacts } from '../config';

export async function networkView(config: ConfigApi, projectId: number): Promise<NetworkConfigView> {
  const devices = await config.devices(projectId);
  const gw = devices.find((d) => takesNetwork(d, devices));
  // The page lists delivery to the devices the document reaches: the gateway and every switch.
  const { meta, saved } = await config.view<NetworkSettings>(projectId, 'network', 'reach', devices);
  return {
    ...meta,
    settings: saved ?? defaultNetworkSettings(factoryWanPorts(gw?.model)),
    gateway: gw ? gatewayInfo(gw) : null,
    secondRouters: secondRouters(devices).map((d) => ({
      deviceId: d.deviceId,
      sn: d.sn,
      name: d.name,
      model: d.model?.model ?? d.modelName ?? '',
    })),
    switchPorts: switchVlanPortsOf(await config.documents(projectId), devices),
  };
}

function gatewayInfo(gw: DeviceFacts): GatewayInfo {
  const model = gw.model;
  const wan = (model?.ports ?? []).filter((p) => p.role !== 'lan');
  return {
    deviceId: gw.deviceId,
    sn: gw.sn,
    name: gw.name,
    model: model?.model ?? gw.modelName ?? '',
    online: gw.online,
    rules: model?.rules ?? { vlans: 0, dhcpPools: 0, staticRoutes: 0, portMappings: 0 },
    vlanRange: model?.vlans ?? { min: VLAN_DEFAULT_MIN, max: VLAN_DEFAULT_MAX },
    wanPorts: wan.map((p) => ({ id: p.id, label: p.label })),
    // `state.wan` carries the address each WAN port holds now (DHCP/PPPoE ones only the device knows).
    liveWan: wan.map((p) => {
      const reported = gw.online ? gw.wan.find((w) => w.port === p.id) : undefined;
      const link = gw.online ? gw.ports.find((s) => s.id === p.id) : undefined;
      return {
        port: p.id,
        up: reported?.up ?? link?.link === 'up',
        ip: reported?.ip ?? null,
        mask: reported?.mask ?? null,
      };
    }),
  };
}
