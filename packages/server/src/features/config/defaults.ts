import {
  type BridgeSettings,
  type ConfigKind,
  type DeviceModel,
  type DeviceRadioSettings,
  defaultRfSettings,
  type RadioWidth,
  type WirelessSettings,
} from '@netloom/domain';
import type { DeviceFacts } from './facts';

/** Factory width of a band: 20 MHz in 2.4 GHz (crowded), 80 MHz in 5/6 GHz. */
export function factoryWidth(band: string): RadioWidth {
  return band === '2.4G' ? 20 : 80;
}

/** A device's radios before anyone set them: every radio on, automatic channel and power. */
export function defaultRadioSettings(model: DeviceModel | null): DeviceRadioSettings {
  return {
    radios: (model?.radios ?? []).map((r) => ({
      band: r.band,
      enabled: true,
      channel: 0,
      width: factoryWidth(r.band),
      txPower: 0,
    })),
  };
}

/** A CPE bridge before anyone set it: named after the device, no management Wi-Fi, no uplink. */
export function defaultBridgeSettings(name: string): BridgeSettings {
  return { bridgeName: name.slice(0, 64), mgmtSsid: '', mgmtPassword: '', uplink: null };
}

export function defaultWirelessSettings(): WirelessSettings {
  return { policies: [] };
}

/** What the form of a wireless kind shows at version 0 (the first save is compared with it). */
export function factorySettings(kind: ConfigKind, target: DeviceFacts | undefined): unknown {
  switch (kind) {
    case 'wireless':
      return defaultWirelessSettings();
    case 'rf':
      return defaultRfSettings();
    case 'radio':
      return defaultRadioSettings(target?.model ?? null);
    case 'bridge':
      return defaultBridgeSettings(target?.name ?? '');
    default:
      return undefined;
  }
}
