/**
 * RF settings (issue 5): each AP's radios (`radio`, device-level: channel, width, power — what RF
 * optimisation writes) and the project's RF optimisation and roaming settings (`rf`,
 * project-level). Shape and factory settings only; the §5 rules with §8 codes are in `issues.ts`.
 */
import { z } from 'zod';
import { type ProjectDocuments, savedByDevice } from '../config/kind';
import { DEVICE_MAX_RADIOS, TX_POWER_MAX, WIFI_CHANNEL_MAX } from '../limits';
import type { DeviceModel } from '../models/types';

export const RADIO_WIDTHS = [20, 40, 80, 160] as const;
export type RadioWidth = (typeof RADIO_WIDTHS)[number];

/** One radio of a device: channel 0 = automatic, power 0 = automatic (else 8–29 dBm). */
export const radioSettingsSchema = z.object({
  band: z.enum(['2.4G', '5G', '6G']),
  enabled: z.boolean(),
  channel: z.int().min(0).max(WIFI_CHANNEL_MAX),
  width: z.literal(RADIO_WIDTHS),
  txPower: z.int().min(0).max(TX_POWER_MAX),
});
export type RadioSettings = z.infer<typeof radioSettingsSchema>;
/** The `radio` document of one AP / router / mesh unit. */
export const deviceRadioSettingsSchema = z.object({
  radios: z.array(radioSettingsSchema).max(DEVICE_MAX_RADIOS),
});
export type DeviceRadioSettings = z.infer<typeof deviceRadioSettingsSchema>;

/** RF optimisation and roaming (§2 "RF optimisation: settings, records, roaming tuner"). */
export const rfSettingsSchema = z.object({
  /** Automatic optimisation on a schedule. */
  auto: z.boolean(),
  /** Days (0 = Monday) and local time "HH:MM" of the automatic run. */
  autoDays: z.array(z.int().min(0).max(6)).max(7), // not a rule: the days of a week
  autoTime: z.string().regex(/^\d{2}:\d{2}$/),
  /** Plan DFS channels in 5 GHz. */
  useDfs: z.boolean(),
  /** Clients weaker than this (dBm, −90 to −60) are refused association. */
  accessThreshold: z.int(),
  roaming: z.object({
    enabled: z.boolean(),
    /** Below this signal (dBm) an AP nudges a client to roam, per band (−90 to −60). */
    signalThreshold24: z.int(),
    signalThreshold5: z.int(),
    /** A client roams only to an AP at least this many dB stronger (integer, 0–30). */
    roamThreshold: z.int(),
  }),
});
export type RfSettings = z.infer<typeof rfSettingsSchema>;

export function defaultRfSettings(): RfSettings {
  return {
    auto: false,
    autoDays: [0, 1, 2, 3, 4, 5, 6],
    autoTime: '03:00',
    useDfs: true,
    accessThreshold: -90,
    roaming: { enabled: false, signalThreshold24: -75, signalThreshold5: -72, roamThreshold: 8 },
  };
}

/** Factory width of a band: 20 MHz in 2.4 GHz (crowded), 80 MHz in 5/6 GHz. */
export function factoryWidth(band: string): RadioWidth {
  return band === '2.4G' ? 20 : 80;
}

/** A device's radios before anyone set them: every radio on, automatic channel and power. */
export function defaultRadioSettings(model: Pick<DeviceModel, 'radios'> | null): DeviceRadioSettings {
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

/** The project's saved `rf` document, if any. */
export function savedRf(docs: ProjectDocuments): RfSettings | undefined {
  return docs.project.rf as RfSettings | undefined;
}

/** The saved `radio` documents of the project's devices, by device id. */
export function savedRadios(docs: ProjectDocuments): Map<number, DeviceRadioSettings> {
  return savedByDevice(docs, 'radio') as Map<number, DeviceRadioSettings>;
}
