/**
 * Port profiles (issue 10 §4): a named set of port settings kept per project ("AP uplink: all VLANs
 * tagged, PoE on") that switch ports follow. A port follows a profile by naming it in its saved
 * `switching` document (`profile`); the profile's settings are resolved onto the port whenever the
 * switch's document is rendered or checked, so editing a profile reaches every port that follows it
 * in one save, and "all VLANs" follows the project's VLAN list as it grows.
 */
import { z } from 'zod';
import type { ProjectDocuments } from '../config/kind';
import { PORT_TYPES } from '../enums/ports';
import {
  DEFAULT_VLAN_ID,
  MAX_PORT_PROFILES,
  PORT_PROFILE_ID_MAX_LENGTH,
  SETTINGS_TEXT_MAX_LENGTH,
  VLAN_ANY_MAX,
  VLAN_ANY_MIN,
} from '../limits';
import type { PortSettings, SwitchSettings } from './settings';

const vlanId = z.int().min(VLAN_ANY_MIN).max(VLAN_ANY_MAX);

/** Tagged VLANs of a profile: every VLAN of the project (as it changes), or a fixed list. */
export const PROFILE_ALL_VLANS = 'all';
export const profileTaggedSchema = z.union([z.literal(PROFILE_ALL_VLANS), z.array(vlanId).max(VLAN_ANY_MAX)]);
export type ProfileTagged = z.infer<typeof profileTaggedSchema>;

export const portProfileIdSchema = z.string().min(1).max(PORT_PROFILE_ID_MAX_LENGTH);

/** One port profile: the port settings it governs. The rest (speed, remark, EEE…) stays the port's own. */
export const portProfileSchema = z.object({
  /** Stable across renames: ports name their profile by id. */
  id: portProfileIdSchema,
  /**
   * 1–32 printable ASCII characters (`PORT_PROFILE_NAME_MAX_LENGTH`), unique in the project
   * (case-insensitive): the rules say so with their message; the shape only caps the text.
   */
  name: z.string().max(SETTINGS_TEXT_MAX_LENGTH),
  enabled: z.boolean(),
  type: z.literal([PORT_TYPES.ACCESS, PORT_TYPES.TRUNK]),
  untagged: vlanId,
  /** Trunk profiles only; "all" = every VLAN of the project but the untagged one. */
  tagged: profileTaggedSchema,
  /** PoE output; skipped (left off) on ports that cannot supply PoE. */
  poe: z.boolean(),
  loopGuard: z.boolean(),
});
export type PortProfile = z.infer<typeof portProfileSchema>;

/** The `portProfiles` document of a project. */
export const portProfilesSettingsSchema = z.object({
  profiles: z.array(portProfileSchema).max(MAX_PORT_PROFILES),
});
export type PortProfilesSettings = z.infer<typeof portProfilesSettingsSchema>;

export function defaultPortProfiles(): PortProfilesSettings {
  return { profiles: [] };
}

/** The project's saved port profiles (none before the first save). */
export function savedPortProfiles(docs: ProjectDocuments): PortProfile[] {
  return (docs.project.portProfiles as PortProfilesSettings | undefined)?.profiles ?? [];
}

/** What resolving reads besides the port: the model's port, and the VLANs of the project. */
export interface ProfileScope {
  /** The model's port (its PoE mode: `out` supplies power). */
  spec: { poe: string } | undefined;
  /** VLAN ids of the project (VLAN 1 included). */
  projectVlans: readonly number[];
}

/** The tagged VLANs a profile puts on a port. */
export function profileTaggedVlans(profile: PortProfile, projectVlans: readonly number[]): number[] {
  if (profile.type === PORT_TYPES.ACCESS) return [];
  if (profile.tagged !== PROFILE_ALL_VLANS) return [...profile.tagged];
  return projectVlans.filter((v) => v !== profile.untagged && v !== DEFAULT_VLAN_ID);
}

/** Whether a port can take the profile's PoE (a port without PoE output keeps PoE off). */
export function poeSkipped(profile: Pick<PortProfile, 'poe'>, spec: { poe: string } | undefined): boolean {
  return profile.poe && spec?.poe !== 'out';
}

/** A port with a profile's settings applied (it keeps its own speed, duplex, remark, EEE, trust). */
export function applyProfile(port: PortSettings, profile: PortProfile, scope: ProfileScope): PortSettings {
  return {
    ...port,
    profile: profile.id,
    enabled: profile.enabled,
    type: profile.type,
    untagged: profile.untagged,
    tagged: profileTaggedVlans(profile, scope.projectVlans),
    poe: profile.poe && !poeSkipped(profile, scope.spec),
    loopGuard: profile.loopGuard,
  };
}

/**
 * A switch's settings as its ports follow their profiles: each following port gets its profile's
 * settings; a port naming a profile that is gone keeps its saved settings (the rules flag it).
 */
export function resolveProfiles(
  settings: SwitchSettings,
  profiles: readonly PortProfile[],
  model: { ports: readonly { id: number; poe: string }[] },
  projectVlans: readonly number[],
): SwitchSettings {
  if (!settings.ports.some((p) => p.profile !== undefined)) return settings;
  const byId = new Map(profiles.map((p) => [p.id, p]));
  return {
    ...settings,
    ports: settings.ports.map((port) => {
      const profile = port.profile === undefined ? undefined : byId.get(port.profile);
      if (!profile) return port;
      const spec = model.ports.find((s) => s.id === port.id);
      return applyProfile(port, profile, { spec, projectVlans });
    }),
  };
}

/** A port as the device receives it: the profile it follows is the console's business. */
export function withoutProfile(port: PortSettings): Omit<PortSettings, 'profile'> {
  const { profile: _profile, ...rest } = port;
  return rest;
}

/** One port following a profile, as the profile's usage lists it. */
export interface ProfilePortUse {
  deviceId: number;
  portId: number;
}

/** Which ports follow each profile, by profile id (from the saved `switching` documents). */
export function profileUsage(switches: ReadonlyMap<number, SwitchSettings>): Map<string, ProfilePortUse[]> {
  const out = new Map<string, ProfilePortUse[]>();
  for (const [deviceId, sw] of switches) {
    for (const port of sw.ports) {
      if (port.profile === undefined) continue;
      const list = out.get(port.profile) ?? [];
      list.push({ deviceId, portId: port.id });
      out.set(port.profile, list);
    }
  }
  return out;
}

/** "All VLANs tagged, PoE on": what a profile sets, as the profile list and the suggestions say it. */
export function describeProfile(p: Omit<PortProfile, 'id' | 'name'>): string {
  if (!p.enabled) return 'Port disabled';
  const vlans =
    p.type === PORT_TYPES.ACCESS
      ? `VLAN ${p.untagged} untagged`
      : p.tagged === PROFILE_ALL_VLANS
        ? `All VLANs tagged${p.untagged === DEFAULT_VLAN_ID ? '' : `, VLAN ${p.untagged} untagged`}`
        : p.tagged.length === 0
          ? `Trunk, VLAN ${p.untagged} untagged`
          : `VLAN ${p.tagged.join(', ')} tagged, VLAN ${p.untagged} untagged`;
  return `${vlans}, PoE ${p.poe ? 'on' : 'off'}${p.loopGuard ? ', loop guard' : ''}`;
}
