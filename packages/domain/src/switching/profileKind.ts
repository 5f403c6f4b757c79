/**
 * The `portProfiles` settings kind: the project's port profiles, one document per project. It
 * renders no section of its own: a switch's `switching` section resolves the profiles its ports
 * follow, so a profile save reaches exactly the switches with following ports, and the engine
 * re-renders them (those whose document does not change get no new version).
 */
import { defineKind, type KindContext, type KindDevice } from '../config/kind';
import { savedNetwork } from '../network/settings';
import { projectVlanIds } from './kind';
import { PORTS_PROFILE_DIFF } from './profileDiff';
import { type ProfileRuleSwitch, portProfilesIssues } from './profileIssues';
import {
  defaultPortProfiles,
  type PortProfilesSettings,
  portProfilesSettingsSchema,
  profileUsage,
} from './profiles';
import { savedSwitching } from './settings';

/** The project's switches whose saved ports follow a profile, as the profile rules check them. */
export function followingSwitches(ctx: Pick<KindContext, 'devices' | 'docs'>): ProfileRuleSwitch[] {
  const saved = savedSwitching(ctx.docs);
  const out: ProfileRuleSwitch[] = [];
  for (const d of ctx.devices) {
    const settings = saved.get(d.deviceId);
    if (!d.model || !settings?.ports.some((p) => p.profile !== undefined)) continue;
    out.push({
      deviceId: d.deviceId,
      name: d.name,
      model: d.model,
      settings,
      portsInUse: d.ports.filter((p) => p.link === 'up').map((p) => p.id),
      uplinkPort: d.uplinkPort,
    });
  }
  return out;
}

function followers(ctx: Pick<KindContext, 'devices' | 'docs'>): KindDevice[] {
  const ids = new Set(followingSwitches(ctx).map((s) => s.deviceId));
  return ctx.devices.filter((d) => ids.has(d.deviceId));
}

/** The `portProfiles` kind's definition (registered by the server's switching feature). */
export const portProfilesKind = defineKind<PortProfilesSettings, Record<string, never>>('portProfiles', {
  schema: portProfilesSettingsSchema,
  support: { kinds: ['switch'], capability: 'vlan' },
  sections: {},
  diff: PORTS_PROFILE_DIFF,
  factory: () => defaultPortProfiles(),
  reach: followers,
  render: () => ({}),
  issues: (settings, ctx) =>
    portProfilesIssues(settings, {
      projectVlans: projectVlanIds(savedNetwork(ctx.docs)),
      previous: ctx.previous,
      usage: profileUsage(savedSwitching(ctx.docs)),
      switches: followingSwitches(ctx),
    }),
});
