/**
 * Built-in port profiles offered as a one-click create on the port profiles page (issue 10 §4):
 * plain suggestions the user sees and adds, never profiles that appear by themselves. A camera
 * profile is offered only when the project has a VLAN named for cameras.
 */
import { PORT_TYPES } from '../enums/ports';
import { DEFAULT_VLAN_ID } from '../limits';
import { type PortProfile, PROFILE_ALL_VLANS } from './profiles';

/** A suggested profile: a key (stable, for tests and the page), its name and its settings. */
export interface ProfileSuggestion {
  key: string;
  profile: Omit<PortProfile, 'id'>;
}

/** VLAN names that read as a camera network. */
const CAMERA_VLAN = /cam|cctv|video|surveil|ipc/i;

/** The suggestions not yet created (by name), for a project with these VLANs. */
export function profileSuggestions(
  vlans: readonly { id: number; name: string }[],
  existing: readonly Pick<PortProfile, 'name'>[],
): ProfileSuggestion[] {
  const base = { enabled: true, untagged: DEFAULT_VLAN_ID, loopGuard: false } as const;
  const all: ProfileSuggestion[] = [
    {
      key: 'ap-uplink',
      profile: { ...base, name: 'AP uplink', type: PORT_TYPES.TRUNK, tagged: PROFILE_ALL_VLANS, poe: true },
    },
    {
      key: 'switch-uplink',
      profile: {
        ...base,
        name: 'Switch uplink',
        type: PORT_TYPES.TRUNK,
        tagged: PROFILE_ALL_VLANS,
        poe: false,
      },
    },
  ];
  const camera = vlans.find((v) => v.id !== DEFAULT_VLAN_ID && CAMERA_VLAN.test(v.name));
  if (camera)
    all.push({
      key: 'camera',
      profile: {
        ...base,
        name: 'Camera',
        type: PORT_TYPES.ACCESS,
        untagged: camera.id,
        tagged: [],
        poe: true,
      },
    });
  all.push({
    key: 'disabled',
    profile: { ...base, name: 'Disabled', enabled: false, type: PORT_TYPES.ACCESS, tagged: [], poe: false },
  });
  const taken = new Set(existing.map((p) => p.name.toLowerCase()));
  return all.filter((s) => !taken.has(s.profile.name.toLowerCase()));
}
