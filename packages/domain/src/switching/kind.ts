/**
 * The `switching` settings kind: one document per switch (its ports, DHCP snooping, LEDs). A switch
 * receives it with the project's VLAN list, so a switch whose ports nobody set still gets a
 * document once the project's network is saved (its factory ports, the VLANs it may carry).
 */
import { z } from 'zod';
import { defineKind, deviceKindOf, reachTarget } from '../config/kind';
import {
  DEFAULT_VLAN_ID,
  DEVICE_MAX_PORTS,
  SETTINGS_TEXT_MAX_LENGTH,
  VLAN_ANY_MAX,
  VLAN_ANY_MIN,
} from '../limits';
import { type NetworkSettings, savedNetwork } from '../network/settings';
import { SWITCHING_DIFF } from './diff';
import { switchSettingsIssues } from './issues';
import { profileReferenceIssues } from './profileIssues';
import { resolveProfiles, savedPortProfiles, withoutProfile } from './profiles';
import {
  defaultSwitchSettings,
  portSettingsSchema,
  type SwitchSettings,
  switchSettingsSchema,
} from './settings';

/** The VLAN list a switch learns from the project (ids and names only: switches do not route). */
export const switchVlanSchema = z.object({
  id: z.int().min(VLAN_ANY_MIN).max(VLAN_ANY_MAX),
  name: z.string().max(SETTINGS_TEXT_MAX_LENGTH),
});

/** A port as a switch receives it: the profile it follows is resolved, not named. */
const devicePortSchema = portSettingsSchema.omit({ profile: true });

/** Switches: port settings (profiles resolved) plus the project's VLAN list. */
const switchingSection = switchSettingsSchema.extend({
  ports: z.array(devicePortSchema).max(DEVICE_MAX_PORTS),
  vlans: z.array(switchVlanSchema).max(VLAN_ANY_MAX),
});

/** VLAN ids a switch port may carry: VLAN 1 and the project's VLANs. */
export function projectVlanIds(network: NetworkSettings | undefined): number[] {
  return [DEFAULT_VLAN_ID, ...(network?.vlans ?? []).map((v) => v.id)];
}

/** The `switching` kind's definition (registered by the server's switching feature). */
export const switchingKind = defineKind<SwitchSettings, { switching: typeof switchingSection }>('switching', {
  schema: switchSettingsSchema,
  support: { kinds: ['switch'], capability: 'vlan' },
  sections: { switching: switchingSection },
  diff: SWITCHING_DIFF,
  // An unknown model has no factory ports: a first save then lists everything it sets.
  factory: ({ target }) => (target?.model ? defaultSwitchSettings(target.model) : undefined),
  reach: reachTarget,
  render: (settings, { device, docs }) => {
    const network = savedNetwork(docs);
    if (deviceKindOf(device) !== 'switch' || !device.model || (!settings && !network)) return {};
    const vlans = (network?.vlans ?? []).map((v) => ({ id: v.id, name: v.name }));
    const own = settings ?? defaultSwitchSettings(device.model);
    const resolved = resolveProfiles(own, savedPortProfiles(docs), device.model, projectVlanIds(network));
    return { switching: { ...resolved, ports: resolved.ports.map(withoutProfile), vlans } };
  },
  issues: (settings, { target, docs, previous }) => {
    if (!target?.model) return [];
    const profiles = savedPortProfiles(docs);
    const projectVlans = projectVlanIds(savedNetwork(docs));
    const resolve = (s: SwitchSettings) =>
      resolveProfiles(s, profiles, target.model ?? { ports: [] }, projectVlans);
    return [
      ...profileReferenceIssues(settings, profiles),
      ...switchSettingsIssues(resolve(settings), {
        model: target.model,
        projectVlans,
        portsInUse: target.ports.filter((p) => p.link === 'up').map((p) => p.id),
        previous: previous && resolve(previous),
        ...(target.uplinkPort !== null ? { uplinkPort: target.uplinkPort } : {}),
      }),
    ];
  },
});
