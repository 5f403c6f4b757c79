/**
 * The RF settings kinds: `rf` (the project's RF optimisation schedule, DFS, access threshold and
 * roaming, rendered into every Wi-Fi device's `roaming` section) and `radio` (one device's radio
 * channel, width and power — what RF optimisation writes — rendered into its `radio` section).
 * Neither may change while an optimisation runs (27, a guard the server declares for both).
 */
import { z } from 'zod';
import { defineKind, deviceKindOf, type RenderDevice, reachTarget } from '../config/kind';
import { SETTINGS_ROAM_THRESHOLD_MAX_DB, SIGNAL_THRESHOLD_WIDE_MIN } from '../limits';
import { takesWifiPolicies, WIFI_POLICY_KINDS } from '../wireless/settings';
import { RADIO_DIFF, RF_DIFF } from './diff';
import { radioSettingsIssues, rfSettingsIssues } from './issues';
import {
  type DeviceRadioSettings,
  defaultRadioSettings,
  defaultRfSettings,
  deviceRadioSettingsSchema,
  type RfSettings,
  rfSettingsSchema,
} from './settings';

/**
 * The roaming section: association floor and roaming nudges (RF settings of the project). It takes
 * the widest signal range of §5 (down to −100 dBm); the `rf` rules judge the values before a save.
 */
const signalDbm = z.int().min(SIGNAL_THRESHOLD_WIDE_MIN).max(0); // not a rule: a signal is at most 0 dBm
export const deviceRoamingSchema = z.object({
  accessThreshold: signalDbm,
  enabled: z.boolean(),
  signalThreshold24: signalDbm,
  signalThreshold5: signalDbm,
  roamThreshold: z.int().min(0).max(SETTINGS_ROAM_THRESHOLD_MAX_DB),
});

/** A device that broadcasts the project's Wi-Fi (the RF settings tune it): policy kinds with radios. */
function broadcastsWifi(device: RenderDevice): boolean {
  return takesWifiPolicies(device) && (device.model?.radios.length ?? 0) > 0;
}

/** The `rf` kind's definition (registered by the server's RF feature, with the 27 guard). */
export const rfKind = defineKind<RfSettings, { roaming: typeof deviceRoamingSchema }>('rf', {
  schema: rfSettingsSchema,
  support: { kinds: WIFI_POLICY_KINDS, capability: 'wifi' },
  /** Association floor and roaming thresholds. */
  sections: { roaming: deviceRoamingSchema },
  diff: RF_DIFF,
  factory: () => defaultRfSettings(),
  reach: ({ devices }) => devices.filter(takesWifiPolicies),
  render: (settings, { device }) => {
    if (!settings || !broadcastsWifi(device)) return {};
    const { accessThreshold, roaming } = settings;
    return { roaming: { accessThreshold, ...roaming } };
  },
  issues: (settings) => rfSettingsIssues(settings),
});

/** The `radio` kind's definition (registered by the server's RF feature, with the 27 guard). */
export const radioKind = defineKind<DeviceRadioSettings, { radio: typeof deviceRadioSettingsSchema }>(
  'radio',
  {
    schema: deviceRadioSettingsSchema,
    support: { kinds: [...WIFI_POLICY_KINDS, 'cpe'], capability: 'wifi' },
    /** Radio channel, width and power (0 = automatic), as RF optimisation or the user set them. */
    sections: { radio: deviceRadioSettingsSchema },
    diff: RADIO_DIFF,
    factory: ({ target }) => defaultRadioSettings(target?.model ?? null),
    reach: reachTarget,
    // A CPE's radio is its bridge link: it takes its radios whatever its model lists.
    render: (settings, { device }) =>
      settings && (broadcastsWifi(device) || deviceKindOf(device) === 'cpe') ? { radio: settings } : {},
    issues: (settings, { target }) =>
      target?.model ? radioSettingsIssues(settings, { model: target.model }) : [],
  },
);
