import { describe, expect, it } from 'vitest';
import { PORT_TYPES } from '../enums/ports';
import { ERR } from '../errors/catalogue';
import { findModel } from '../models/catalogue';
import type { DeviceModel } from '../models/types';
import {
  type ProfileRuleContext,
  type ProfileRuleSwitch,
  portProfilesIssues,
  profileReferenceIssues,
} from './profileIssues';
import { profileSuggestions } from './profileSuggestions';
import { type PortProfile, PROFILE_ALL_VLANS, resolveProfiles } from './profiles';
import { defaultSwitchSettings, type SwitchSettings } from './settings';

const S108P = findModel('NL-S108P') as DeviceModel;
const VLANS = [1, 20, 30];

function profile(over: Partial<PortProfile> = {}): PortProfile {
  return {
    id: 'ap',
    name: 'AP uplink',
    enabled: true,
    type: PORT_TYPES.TRUNK,
    untagged: 1,
    tagged: PROFILE_ALL_VLANS,
    poe: true,
    loopGuard: false,
    ...over,
  };
}

/** Port 8 is the switch's uplink (trunk carrying every VLAN); ports 3 and 9 follow "ap". */
function following(): SwitchSettings {
  const s = defaultSwitchSettings(S108P);
  for (const p of s.ports) {
    if (p.id === 8) Object.assign(p, { type: PORT_TYPES.TRUNK, tagged: [20, 30] });
    if (p.id === 3 || p.id === 9) p.profile = 'ap';
  }
  return s;
}

function sw(settings = following()): ProfileRuleSwitch {
  return { deviceId: 7, name: 'Core', model: S108P, settings, portsInUse: [8], uplinkPort: 8 };
}

function ctx(over: Partial<ProfileRuleContext> = {}): ProfileRuleContext {
  return {
    projectVlans: VLANS,
    previous: { profiles: [profile()] },
    usage: new Map([
      [
        'ap',
        [
          { deviceId: 7, portId: 3 },
          { deviceId: 7, portId: 9 },
        ],
      ],
    ]),
    switches: [sw()],
    ...over,
  };
}

describe('resolving port profiles', () => {
  it('puts every project VLAN but the untagged one on an "all VLANs" trunk, and PoE only where the port has it', () => {
    const r = resolveProfiles(following(), [profile()], S108P, VLANS);
    const p3 = r.ports.find((p) => p.id === 3);
    const p9 = r.ports.find((p) => p.id === 9);
    expect(p3).toMatchObject({
      type: PORT_TYPES.TRUNK,
      untagged: 1,
      tagged: [20, 30],
      poe: true,
      profile: 'ap',
    });
    // Port 9 is the SFP port: PoE is skipped, the VLANs still apply.
    expect(p9).toMatchObject({ type: PORT_TYPES.TRUNK, tagged: [20, 30], poe: false });
  });

  it('follows the VLAN list as it grows, and keeps the port its own remark and speed', () => {
    const s = following();
    Object.assign(s.ports[2] ?? {}, { remark: 'Lobby AP', speed: 100 });
    const r = resolveProfiles(s, [profile()], S108P, [...VLANS, 40]);
    expect(r.ports[2]).toMatchObject({ tagged: [20, 30, 40], remark: 'Lobby AP', speed: 100 });
  });

  it('leaves a port whose profile is gone as saved, and the switch rules say so (412)', () => {
    const s = following();
    expect(resolveProfiles(s, [], S108P, VLANS).ports[2]).toEqual(s.ports[2]);
    expect(profileReferenceIssues(s, []).map((i) => [i.path, i.code])).toEqual([
      ['ports.2.profile', ERR.NOT_EXIST],
      ['ports.8.profile', ERR.NOT_EXIST],
    ]);
  });
});

type Case = [string, PortProfile[], number, string, Partial<ProfileRuleContext>?];

const FAILING: Case[] = [
  ['empty name', [profile({ name: '' })], ERR.INVALID_PARAMETERS, 'profiles.0.name'],
  ['name over 32 characters', [profile({ name: 'x'.repeat(33) })], ERR.INVALID_PARAMETERS, 'profiles.0.name'],
  ['name with outer spaces', [profile({ name: ' AP' })], ERR.INVALID_PARAMETERS, 'profiles.0.name'],
  [
    'name taken (case-insensitive)',
    [profile(), profile({ id: 'b', name: 'ap UPLINK' })],
    ERR.DATA_EXISTS,
    'profiles.1.name',
  ],
  [
    'untagged VLAN not in the project',
    [profile({ untagged: 99 })],
    ERR.VLAN_NOT_FOUND,
    'profiles.0.untagged',
  ],
  [
    'tagged VLAN not in the project',
    [profile({ tagged: [20, 77] })],
    ERR.VLAN_NOT_FOUND,
    'profiles.0.tagged',
  ],
  [
    'tagged equals untagged',
    [profile({ untagged: 20, tagged: [20] })],
    ERR.VLAN_TAGGED_EQUALS_UNTAGGED,
    'profiles.0.tagged',
  ],
  [
    'access profile with all VLANs',
    [profile({ type: PORT_TYPES.ACCESS })],
    ERR.VLAN_ACCESS_PORT_MULTIPLE,
    'profiles.0.tagged',
  ],
  ['removing a profile ports follow', [], ERR.RULE_REFERENCED, 'profiles'],
  [
    'a profile that disables the uplink of a following switch',
    [profile({ enabled: false })],
    ERR.INVALID_PARAMETERS,
    'profiles',
    {
      switches: [
        sw(
          (() => {
            const s = following();
            (s.ports[7] ?? { profile: '' }).profile = 'ap';
            return s;
          })(),
        ),
      ],
    },
  ],
];

describe('port profile rules', () => {
  it.each(FAILING)('refuses %s', (_name, profiles, code, path, over) => {
    const issues = portProfilesIssues({ profiles }, ctx(over));
    expect(issues.map((i) => [i.code, i.path])).toContainEqual([code, path]);
  });

  it('names the switch when a profile change breaks a following switch', () => {
    const s = following();
    (s.ports[7] ?? { profile: '' }).profile = 'ap';
    const issues = portProfilesIssues(
      { profiles: [profile({ enabled: false })] },
      ctx({ switches: [sw(s)] }),
    );
    expect(issues[0]?.message).toMatch(/^Core: Port 8 is the uplink/);
  });

  it.each<[string, PortProfile[]]>([
    ['the AP uplink profile', [profile()]],
    [
      'a camera access profile',
      [profile(), profile({ id: 'c', name: 'Camera', type: PORT_TYPES.ACCESS, untagged: 30, tagged: [] })],
    ],
    ['a fixed tagged list', [profile({ tagged: [20] })]],
    [
      'a disabled profile no port follows',
      [profile(), profile({ id: 'd', name: 'Disabled', enabled: false })],
    ],
  ])('accepts %s', (_name, profiles) => {
    expect(portProfilesIssues({ profiles }, ctx())).toEqual([]);
  });
});

describe('suggested profiles', () => {
  it('offers AP uplink, switch uplink and disabled, a camera profile only with a camera VLAN', () => {
    expect(profileSuggestions([{ id: 20, name: 'Staff' }], []).map((s) => s.key)).toEqual([
      'ap-uplink',
      'switch-uplink',
      'disabled',
    ]);
    const withCamera = profileSuggestions([{ id: 30, name: 'Cameras' }], []);
    expect(withCamera.find((s) => s.key === 'camera')?.profile).toMatchObject({ untagged: 30, poe: true });
  });

  it('hides a suggestion once a profile has its name, and every suggestion passes the rules', () => {
    expect(profileSuggestions([], [{ name: 'ap uplink' }]).map((s) => s.key)).not.toContain('ap-uplink');
    const profiles = profileSuggestions([{ id: 30, name: 'CCTV' }], []).map((s, i) => ({
      ...s.profile,
      id: String(i),
    }));
    expect(portProfilesIssues({ profiles }, ctx({ previous: null, usage: new Map(), switches: [] }))).toEqual(
      [],
    );
  });
});
