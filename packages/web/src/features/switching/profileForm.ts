/**
 * The port profiles page, pure: a new profile's starting values, the form's messages from the
 * domain's profile rules (before submit), and the "followed by" wording used in the table and in
 * the confirmations.
 */
import {
  DEFAULT_VLAN_ID,
  PORT_TYPES,
  type PortProfile,
  type PortProfilesView,
  profileFormIssues,
} from '@netloom/domain';

/** A profile as the form edits it (the id is given when it is created). */
export type ProfileDraft = Omit<PortProfile, 'id'>;

export function newProfileDraft(): ProfileDraft {
  return {
    name: '',
    enabled: true,
    type: PORT_TYPES.ACCESS,
    untagged: DEFAULT_VLAN_ID,
    tagged: [],
    poe: true,
    loopGuard: false,
  };
}

/** The form's message per field (`name`, `untagged`, `tagged`): the first broken rule of each. */
export function profileFormMessages(
  draft: ProfileDraft,
  others: readonly Pick<PortProfile, 'name'>[],
  projectVlans: readonly number[],
): Map<string, string> {
  const messages = new Map<string, string>();
  for (const i of profileFormIssues({ ...draft, id: 'draft' }, others, projectVlans)) {
    const field = i.path.slice('profile.'.length);
    if (!messages.has(field)) messages.set(field, i.message);
  }
  return messages;
}

/** Ports following a profile, grouped by switch (names from the view). */
export function followersOf(view: PortProfilesView, profileId: string) {
  const ports = view.usage.find((u) => u.profileId === profileId)?.ports ?? [];
  const bySwitch = new Map<number, number[]>();
  for (const p of ports) bySwitch.set(p.deviceId, [...(bySwitch.get(p.deviceId) ?? []), p.portId]);
  return [...bySwitch].map(([deviceId, ids]) => {
    const sw = view.switches.find((s) => s.id === deviceId);
    const labels = ids.map((id) => sw?.ports.find((p) => p.id === id)?.label ?? String(id));
    return { deviceId, name: sw?.name ?? `Device ${deviceId}`, labels };
  });
}

/** "6 ports on 2 switches", "1 port on Core-1", or "No ports". */
export function followersText(view: PortProfilesView, profileId: string): string {
  const groups = followersOf(view, profileId);
  const count = groups.reduce((n, g) => n + g.labels.length, 0);
  if (count === 0) return 'No ports';
  const ports = `${count} ${count === 1 ? 'port' : 'ports'}`;
  return groups.length === 1 ? `${ports} on ${groups[0]?.name}` : `${ports} on ${groups.length} switches`;
}

/** A new profile id (stable across renames). */
export function newProfileId(): string {
  return crypto.randomUUID();
}
