/** The wireless policies page's view: the policies, the project's Wi-Fi devices, the CPEs' uplinks. */
import {
  bridgeUplinkUses,
  defaultWirelessSettings,
  deviceKindOf,
  isWifiDevice,
  type WirelessConfigView,
  type WirelessSettings,
} from '@netloom/domain';
import type { ConfigApi } from '../config';

export async function wirelessView(config: ConfigApi, projectId: number): Promise<WirelessConfigView> {
  const devices = await config.devices(projectId);
  const wifi = devices.filter(isWifiDevice);
  const { meta, saved } = await config.view<WirelessSettings>(projectId, 'wireless', 'reach', devices);
  return {
    ...meta,
    settings: saved ?? defaultWirelessSettings(),
    devices: wifi.map((d) => ({
      id: d.deviceId,
      sn: d.sn,
      name: d.name,
      model: d.model?.model ?? d.modelName ?? '',
      kind: deviceKindOf(d),
      bands: (d.model?.radios ?? []).map((r) => r.band),
      online: d.online,
    })),
    // 26: the form says before saving which policies a CPE bridges to.
    bridgeUplinks: bridgeUplinkUses(await config.documents(projectId), devices),
  };
}
