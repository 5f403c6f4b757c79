import { WIFI_BAND_LABELS, type WifiBand, type WifiDevice } from '@netloom/domain';

/** "2.4 + 5 GHz" for a device's radios as the view lists them. */
export function deviceBandsText(bands: readonly string[]): string {
  const known = bands.filter((b): b is WifiBand => b in WIFI_BAND_LABELS);
  if (known.length === 0) return 'No Wi-Fi band';
  return `${known.map((b) => b.replace('G', '')).join(' + ')} GHz`;
}

/** Devices that have none of the policy's bands (they would not broadcast it). */
export function devicesMissingBands(
  devices: readonly WifiDevice[],
  bands: readonly WifiBand[],
): WifiDevice[] {
  if (bands.length === 0) return [];
  return devices.filter((d) => !bands.some((b) => d.bands.includes(b)));
}

/** How many of the project's Wi-Fi devices a policy reaches (all-device scope counts band fit). */
export function reachedDevices(
  policy: { scope: 'all' | 'devices'; deviceIds: readonly number[]; bands: readonly WifiBand[] },
  devices: readonly WifiDevice[],
): WifiDevice[] {
  const candidates =
    policy.scope === 'all' ? devices : devices.filter((d) => policy.deviceIds.includes(d.id));
  return candidates.filter((d) => policy.bands.some((b) => d.bands.includes(b)));
}
