/**
 * The wireless policies page's view: the policies, the project's Wi-Fi devices (with what they
 * broadcast now and their uplink), the CPEs' uplinks, the project's VLANs and its switch ports.
 */
import {
  bridgeUplinkUses,
  defaultWirelessSettings,
  deviceKindOf,
  isWifiDevice,
  savedNetwork,
  type WirelessConfigView,
  type WirelessSettings,
} from '@netloom/domain';
import type { ConfigApi } from '../config';
import { carrierSwitches, radioBroadcasts } from './carriers';

export async function wirelessView(config: ConfigApi, projectId: number): Promise<WirelessConfigView> {
  const devices = await config.devices(projectId);
  const wifi = devices.filter(isWifiDevice);
  const docs = await config.documents(projectId);
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
      // Issue 10: what it broadcasts now (the save confirmation) and where it is plugged in (VLANs).
      radios: radioBroadcasts(d),
      uplink: d.uplinkParent,
    })),
    // 26: the form says before saving which policies a CPE bridges to.
    bridgeUplinks: bridgeUplinkUses(docs, devices),
    // The VLANs a policy may pick (1108 for another), and the switch ports that carry them.
    vlans: (savedNetwork(docs)?.vlans ?? []).map((v) => ({ id: v.id, name: v.name })),
    switches: carrierSwitches(devices, docs),
  };
}
