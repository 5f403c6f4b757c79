/** A CPE's bridge page view: its settings, its bridge as it reports it, and its latest Wi-Fi search. */
import {
  type BridgeConfigView,
  type BridgeSettings,
  type CpeStatus,
  defaultBridgeSettings,
  ERR,
} from '@netloom/domain';
import { AppError } from '../../lib/errors';
import type { ConfigApi, DeviceFacts } from '../config';
import type { CpeActions } from './actions';

export async function bridgeView(
  deps: { config: ConfigApi; cpe: CpeActions },
  projectId: number,
  deviceId: number,
): Promise<BridgeConfigView> {
  const devices = await deps.config.devices(projectId);
  const device = devices.find((d) => d.deviceId === deviceId);
  if (!device) throw new AppError(ERR.DEVICE_NOT_FOUND);
  if (device.model?.kind !== 'cpe') throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
  const { meta, saved } = await deps.config.view<BridgeSettings>(projectId, 'bridge', { deviceId }, devices);
  return {
    ...meta,
    settings: saved ?? defaultBridgeSettings(device.name),
    device: {
      id: device.deviceId,
      sn: device.sn,
      name: device.name,
      model: device.model?.model ?? device.modelName ?? '',
      type: device.type,
      online: device.online,
    },
    status: cpeStatusOf(device),
    lastSearch: deps.cpe.lastSearch(deviceId),
  };
}

/** A CPE's bridge as it reports it; `offline` when it is not connected. */
export function cpeStatusOf(d: DeviceFacts): CpeStatus {
  if (!d.online)
    return { mode: d.cpe?.mode ?? null, bridge: 'offline', peerSn: null, ssid: null, rssi: null };
  return {
    mode: d.cpe?.mode ?? null,
    bridge: d.cpe?.bridge ?? 'none',
    peerSn: d.cpe?.peerSn ?? null,
    ssid: d.cpe?.ssid ?? null,
    rssi: d.cpe?.rssi ?? null,
  };
}
