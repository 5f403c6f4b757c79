/**
 * Wi-Fi channel plans and spectral overlap, the physical half of the interference model.
 *
 * A radio occupies a block of spectrum: its primary 20 MHz channel widened to 40/80/160 MHz by the
 * standard channel bonding groups. Two radios interfere in proportion to how much their blocks
 * overlap. In 2.4 GHz, 20 MHz channels sit 5 MHz apart and the 802.11 transmit mask leaks into its
 * neighbours, so channels 1 and 3 interfere a lot and 1 and 6 not at all: that partial overlap is
 * the "near-channel" interference of the RF records; full overlap is "same-channel".
 */
import {
  type RadioBand,
  type RadioWidth,
  WIFI_CHANNELS_5G,
  WIFI_CHANNELS_6G,
  WIFI_DFS_CHANNELS_5G,
} from '@netloom/domain';

/** A width the planner plans (a radio's settable widths, domain `RADIO_WIDTHS`). */
export type ChannelWidth = RadioWidth;

/** Centre frequency in MHz of a 20 MHz channel number of a band. */
export function centreMhz(band: RadioBand, channel: number): number {
  if (band === '2.4G') return channel === 14 ? 2484 : 2407 + 5 * channel;
  if (band === '5G') return 5000 + 5 * channel;
  return 5950 + 5 * channel;
}

/** 2.4 GHz overlap by channel distance (20 MHz masks 5 MHz apart): 0 → 1, 1 → 0.8 … ≥ 5 → 0. */
const OVERLAP_24 = [1, 0.8, 0.5, 0.2, 0.05];

// The channel plans are the domain's: the radio form offers the channels the planner plans.
const DFS_CHANNELS_5G = new Set<number>(WIFI_DFS_CHANNELS_5G);

/** The lowest 20 MHz channel of the bonding group `channel` belongs to at `width` (5/6 GHz). */
function groupStart(band: RadioBand, channel: number, width: ChannelWidth): number {
  const span = width / 20;
  if (span === 1) return channel;
  if (band === '6G') return channel - (((channel - 1) / 4) % span) * 4;
  // 5 GHz groups are aligned on 36, 52, 100, 116, 132, 149 (40/80 MHz) and 36, 100 (160 MHz).
  const bases = [36, 100, 149];
  const base = [...bases].reverse().find((b) => channel >= b) ?? 36;
  const index = (channel - base) / 4;
  return base + (index - (index % span)) * 4;
}

/** The spectrum block [low, high] MHz a radio on `channel` at `width` occupies. */
export function block(band: RadioBand, channel: number, width: ChannelWidth): [number, number] {
  if (band === '2.4G') {
    const c = centreMhz(band, channel);
    return width >= 40 ? [c - 10, c + 30] : [c - 10, c + 10];
  }
  const start = centreMhz(band, groupStart(band, channel, width)) - 10;
  return [start, start + width];
}

/**
 * How much a transmitter on (ca, wa) disturbs a listener on (cb, wb), 0–1. 2.4 GHz at 20 MHz uses the
 * transmit-mask table; otherwise the shared part of the two blocks over the narrower block.
 */
export function overlap(band: RadioBand, ca: number, wa: ChannelWidth, cb: number, wb: ChannelWidth): number {
  if (band === '2.4G' && wa === 20 && wb === 20) return OVERLAP_24[Math.abs(ca - cb)] ?? 0;
  const [a0, a1] = block(band, ca, wa);
  const [b0, b1] = block(band, cb, wb);
  const shared = Math.min(a1, b1) - Math.max(a0, b0);
  if (shared <= 0) return 0;
  return Math.min(1, shared / Math.min(a1 - a0, b1 - b0));
}

/** Whether two radios' blocks coincide on their primary channel: co-channel (same-channel) interference. */
export function sameChannel(
  band: RadioBand,
  ca: number,
  wa: ChannelWidth,
  cb: number,
  wb: ChannelWidth,
): boolean {
  return overlap(band, ca, wa, cb, wb) >= 0.999;
}

export interface ChannelOptions {
  /** Plan DFS channels in 5 GHz (radar detection makes them slower to start). Default true. */
  useDfs?: boolean;
  /**
   * Restrict 2.4 GHz to the three non-overlapping channels 1/6/11 (default true, the industry
   * practice: a partially overlapping channel trades co-channel contention for adjacent-channel
   * noise that radios cannot even decode to defer to). False plans all of 1–11.
   */
  only1611?: boolean;
}

/**
 * The primary channels a radio may be given at its width: one per bonding group (the group's lowest
 * channel) for 40/80/160 MHz in 5/6 GHz, so two choices never describe the same block.
 */
export function candidateChannels(band: RadioBand, width: ChannelWidth, opts: ChannelOptions = {}): number[] {
  if (band === '2.4G') return opts.only1611 === false ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] : [1, 6, 11];
  const all = band === '5G' ? [...WIFI_CHANNELS_5G] : WIFI_CHANNELS_6G;
  const allowed = all.filter((c) => band !== '5G' || opts.useDfs !== false || !DFS_CHANNELS_5G.has(c));
  const starts = new Set<number>();
  for (const c of allowed) {
    const s = groupStart(band, c, width);
    const span = width / 20;
    const members = Array.from({ length: span }, (_, i) => s + 4 * i);
    // A bonded block is usable only if every 20 MHz channel in it is allowed.
    if (members.every((m) => allowed.includes(m))) starts.add(s);
  }
  return [...starts].sort((a, b) => a - b);
}
