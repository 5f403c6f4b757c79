/**
 * The channels and widths a radio may be set to (the `radio` document's rules), per band and Wi-Fi
 * standard. The server's RF planner keeps its own channel plans for interference arithmetic
 * (`server/src/features/rf/channels.ts`); these are the lists a person or the API may choose from.
 *
 * Bonding follows the planner's model: a 40/80/160 MHz block is a standard bonding group (5 GHz
 * groups aligned on 36, 100 and 149; 6 GHz groups aligned on channel 1), and in 2.4 GHz a 40 MHz
 * radio takes its second channel four above the primary (HT40+), so the primary is 1–9.
 */
import type { RadioBand, WifiStandard } from '../models/types';
import type { RadioWidth } from './settings';

/** 2.4 GHz 20 MHz channels 1–13 (14 is Japan-only 802.11b and never offered). */
export const WIFI_CHANNELS_24 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;
/** 5 GHz 20 MHz channels: UNII-1, UNII-2 (DFS), UNII-2e (DFS), UNII-3. */
export const WIFI_CHANNELS_5G = [
  36, 40, 44, 48, 52, 56, 60, 64, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144, 149, 153, 157,
  161, 165,
] as const;
/** 5 GHz channels that need radar detection (DFS). */
export const WIFI_DFS_CHANNELS_5G: readonly number[] = [
  52, 56, 60, 64, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144,
];
/** 6 GHz 20 MHz channels 1, 5, … 233. */
export const WIFI_CHANNELS_6G: readonly number[] = Array.from({ length: 59 }, (_, i) => 1 + 4 * i);

/** Highest 2.4 GHz primary channel at 40 MHz: the secondary channel (+4) must still exist. */
const HT40_PLUS_MAX_PRIMARY = 9;

export const RADIO_BAND_LABELS: Record<RadioBand, string> = {
  '2.4G': '2.4 GHz',
  '5G': '5 GHz',
  '6G': '6 GHz',
};

/** 20 MHz channels of a band. */
export function bandChannels(band: RadioBand): readonly number[] {
  if (band === '2.4G') return WIFI_CHANNELS_24;
  return band === '5G' ? WIFI_CHANNELS_5G : WIFI_CHANNELS_6G;
}

/** The lowest 20 MHz channel of the bonding group a 5/6 GHz channel belongs to at a width. */
function groupStart(band: RadioBand, channel: number, width: RadioWidth): number {
  const span = width / 20;
  if (band === '6G') return channel - (((channel - 1) / 4) % span) * 4;
  const base = [149, 100, 36].find((b) => channel >= b) ?? 36;
  const index = (channel - base) / 4;
  return base + (index - (index % span)) * 4;
}

/**
 * The primary channels a radio may use at a width: every 20 MHz channel of the band whose whole
 * bonding group exists (e.g. 5 GHz 165 only at 20 MHz; 2.4 GHz 1–9 at 40 MHz).
 */
export function channelsFor(band: RadioBand, width: RadioWidth): number[] {
  const all = bandChannels(band);
  if (band === '2.4G') return all.filter((c) => width === 20 || c <= HT40_PLUS_MAX_PRIMARY);
  const span = width / 20;
  return all.filter((c) => {
    const start = groupStart(band, c, width);
    return Array.from({ length: span }, (_, i) => start + 4 * i).every((m) => all.includes(m));
  });
}

/**
 * Channel widths a radio supports: 2.4 GHz 20/40 MHz; 5 GHz up to 40 MHz for 802.11n, 80 MHz for
 * 802.11ac (the Wave 1 radios of this catalogue class have no 160 MHz), 160 MHz for 802.11ax/be;
 * 6 GHz (802.11ax/be only) up to 160 MHz.
 */
export function widthsFor(band: RadioBand, standard: WifiStandard): RadioWidth[] {
  if (band === '2.4G') return [20, 40];
  if (band === '6G') return standard === 'ax' || standard === 'be' ? [20, 40, 80, 160] : [];
  if (standard === 'n') return [20, 40];
  return standard === 'ac' ? [20, 40, 80] : [20, 40, 80, 160];
}
