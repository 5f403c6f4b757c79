/**
 * The rules of the project's port profiles (issue 10 §4), with their §8 codes: names (1–32
 * printable ASCII, unique: 411), VLANs that exist in the project (1108) with the same rules as a
 * port's, a profile still followed by ports is not removed (131, detach them first), and every
 * switch whose ports follow a changed profile must still pass its own port rules (same codes).
 */
import { type CodedIssue, IssueList } from '../config/ruleKit';
import { PORT_TYPES } from '../enums/ports';
import { ERR } from '../errors/catalogue';
import { DEFAULT_VLAN_ID, PORT_PROFILE_NAME_MAX_LENGTH } from '../limits';
import type { DeviceModel } from '../models/types';
import { asciiNameIssue } from '../validation/text';
import { portVlanIssues, switchSettingsIssues } from './issues';
import {
  type PortProfile,
  type PortProfilesSettings,
  PROFILE_ALL_VLANS,
  type ProfilePortUse,
  resolveProfiles,
} from './profiles';
import type { SwitchSettings } from './settings';

/** The name rule of a profile (the form's inline check and the server's). */
export function profileNameIssue(name: string): string | null {
  return asciiNameIssue(name, 'Profile name', PORT_PROFILE_NAME_MAX_LENGTH);
}

/** 411: another profile has the same name (case-insensitive). */
export function duplicateProfileNameIssue(
  name: string,
  others: readonly Pick<PortProfile, 'name'>[],
): string | null {
  const key = name.toLowerCase();
  return others.some((o) => o.name.toLowerCase() === key)
    ? `A port profile named "${name}" already exists.`
    : null;
}

/** A switch whose ports may follow profiles, as the profile rules check it. */
export interface ProfileRuleSwitch {
  deviceId: number;
  name: string;
  model: DeviceModel;
  /** Its saved `switching` document. */
  settings: SwitchSettings;
  portsInUse: readonly number[];
  uplinkPort: number | null;
}

export interface ProfileRuleContext {
  /** VLAN ids of the project (VLAN 1 included). */
  projectVlans: readonly number[];
  previous: PortProfilesSettings | null;
  /** Which ports follow each profile now, by profile id. */
  usage: ReadonlyMap<string, readonly ProfilePortUse[]>;
  /** The switches with ports that follow a profile. */
  switches: readonly ProfileRuleSwitch[];
}

/** One profile's own rules: name, VLANs (the rules of a port's VLANs), trunk-only "all VLANs". */
export function profileIssues(
  profile: PortProfile,
  path: string,
  projectVlans: readonly number[],
  out: IssueList,
): void {
  out.invalid(`${path}.name`, profileNameIssue(profile.name));
  const known = new Set([DEFAULT_VLAN_ID, ...projectVlans]);
  if (profile.tagged === PROFILE_ALL_VLANS) {
    if (profile.type === PORT_TYPES.ACCESS)
      out.add(
        `${path}.tagged`,
        ERR.VLAN_ACCESS_PORT_MULTIPLE,
        'An access port carries one VLAN: make the profile a trunk to tag all VLANs.',
      );
    portVlanIssues({ ...profile, tagged: [] }, path, known, out);
  } else {
    portVlanIssues({ ...profile, tagged: profile.tagged }, path, known, out);
  }
}

/** Every broken rule of a `portProfiles` document. */
export function portProfilesIssues(s: PortProfilesSettings, ctx: ProfileRuleContext): CodedIssue[] {
  const out = new IssueList();
  const ids = new Set<string>();
  for (const [i, profile] of s.profiles.entries()) {
    const path = `profiles.${i}`;
    if (ids.has(profile.id)) out.invalid(`${path}.id`, 'Two port profiles have the same id.');
    ids.add(profile.id);
    profileIssues(profile, path, ctx.projectVlans, out);
    out.add(`${path}.name`, ERR.DATA_EXISTS, duplicateProfileNameIssue(profile.name, s.profiles.slice(0, i)));
  }
  for (const old of ctx.previous?.profiles ?? []) {
    const users = ctx.usage.get(old.id) ?? [];
    if (ids.has(old.id) || users.length === 0) continue;
    out.add(
      'profiles',
      ERR.RULE_REFERENCED,
      `"${old.name}" is followed by ${users.length} ${users.length === 1 ? 'port' : 'ports'}: detach ${users.length === 1 ? 'it' : 'them'} before deleting the profile.`,
    );
  }
  if (out.items.length === 0) followerIssues(s, ctx, out);
  return out.items;
}

/**
 * The port rules of every switch whose ports follow a profile, resolved with the new profiles: an
 * issue the switch did not have with the profiles before is the change's (a "Disabled" profile on
 * the uplink, PoE limits, a trunk that no longer carries a VLAN).
 */
function followerIssues(s: PortProfilesSettings, ctx: ProfileRuleContext, out: IssueList): void {
  const before = ctx.previous?.profiles ?? [];
  for (const sw of ctx.switches) {
    const check = (profiles: readonly PortProfile[]) =>
      switchSettingsIssues(resolveProfiles(sw.settings, profiles, sw.model, ctx.projectVlans), {
        model: sw.model,
        projectVlans: ctx.projectVlans,
        portsInUse: sw.portsInUse,
        previous: resolveProfiles(sw.settings, before, sw.model, ctx.projectVlans),
        uplinkPort: sw.uplinkPort,
      });
    const known = new Set(check(before).map((i) => `${i.path}|${i.code}|${i.message}`));
    for (const issue of check(s.profiles)) {
      if (known.has(`${issue.path}|${issue.code}|${issue.message}`)) continue;
      out.add('profiles', issue.code, `${sw.name}: ${issue.message}`);
    }
  }
}

/** 412: ports that name a profile the project no longer has (a switch save checks its own). */
export function profileReferenceIssues(s: SwitchSettings, profiles: readonly PortProfile[]): CodedIssue[] {
  const out = new IssueList();
  const ids = new Set(profiles.map((p) => p.id));
  for (const [i, port] of s.ports.entries()) {
    if (port.profile !== undefined && !ids.has(port.profile))
      out.add(
        `ports.${i}.profile`,
        ERR.NOT_EXIST,
        `Port ${port.id} follows a port profile that no longer exists.`,
      );
  }
  return out.items;
}

/** The rules of one profile being edited, among the others (the form checks these before submit). */
export function profileFormIssues(
  profile: PortProfile,
  others: readonly Pick<PortProfile, 'name'>[],
  projectVlans: readonly number[],
): CodedIssue[] {
  const out = new IssueList();
  profileIssues(profile, 'profile', projectVlans, out);
  out.add('profile.name', ERR.DATA_EXISTS, duplicateProfileNameIssue(profile.name, others));
  return out.items;
}
