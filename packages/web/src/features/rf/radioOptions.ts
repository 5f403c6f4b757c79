/**
 * Choices of the per-device radio editor, from the domain's channel and width rules: which
 * channels a radio may use at a width (DFS ones marked), which widths its standard supports, and
 * the power steps up to the model's maximum.
 */
import {
  channelsFor,
  RADIO_BAND_LABELS,
  type RadioSettings,
  type RadioWidth,
  TX_POWER_MIN,
  WIFI_DFS_CHANNELS_5G,
  WIFI_STANDARDS,
  type WifiStandard,
  widthsFor,
} from '@netloom/domain';

export interface Option<V> {
  value: V;
  label: string;
}

export function channelOptions(band: RadioSettings['band'], width: RadioWidth): Option<number>[] {
  return [
    { value: 0, label: 'Auto' },
    ...channelsFor(band, width).map((c) => ({
      value: c,
      label: band === '5G' && WIFI_DFS_CHANNELS_5G.includes(c) ? `${c} (DFS)` : String(c),
    })),
  ];
}

/** Widths of a radio; an unknown standard (a newer firmware's) offers 20 MHz only. */
export function widthOptions(band: RadioSettings['band'], standard: string): Option<RadioWidth>[] {
  const known = (WIFI_STANDARDS as readonly string[]).includes(standard);
  const widths: RadioWidth[] = known ? widthsFor(band, standard as WifiStandard) : [20];
  return widths.map((w) => ({ value: w, label: `${w} MHz` }));
}

export function powerOptions(maxTxPowerDbm: number): Option<number>[] {
  const out: Option<number>[] = [{ value: 0, label: 'Auto' }];
  for (let p = Math.floor(maxTxPowerDbm); p >= TX_POWER_MIN; p--) out.push({ value: p, label: `${p} dBm` });
  return out;
}

export function bandLabel(band: string): string {
  return RADIO_BAND_LABELS[band as RadioSettings['band']] ?? band;
}
