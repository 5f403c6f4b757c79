import { describe, expect, it } from 'vitest';
import { PORT_TYPES } from '../enums/ports';
import { ERR } from '../errors/catalogue';
import { findModel } from '../models/catalogue';
import type { DeviceModel } from '../models/types';
import { type SwitchRuleContext, switchSettingsIssues } from './issues';
import { defaultSwitchSettings, type PortSettings, type SwitchSettings } from './settings';

const S108P = findModel('NL-S108P') as DeviceModel;
const G500 = findModel('NL-G500') as DeviceModel;
const INVALID = ERR.INVALID_PARAMETERS;

/** A valid switch: port 8 is a trunk uplink carrying VLAN 20, port 2 an access port in VLAN 20. */
function base(): SwitchSettings {
  const s = defaultSwitchSettings(S108P);
  const p8 = s.ports[7] as PortSettings;
  Object.assign(p8, { type: PORT_TYPES.TRUNK, tagged: [20] });
  (s.ports[1] as PortSettings).untagged = 20;
  return s;
}
function ctx(over: Partial<SwitchRuleContext> = {}): SwitchRuleContext {
  return {
    model: S108P,
    projectVlans: [1, 20, 30],
    portsInUse: [1],
    previous: base(),
    uplinkPort: 8,
    ...over,
  };
}
function port(s: SwitchSettings, i: number): PortSettings {
  const p = s.ports[i];
  if (!p) throw new Error(`no port ${i}`);
  return p;
}

type Case = [string, (s: SwitchSettings) => void, number, string, Partial<SwitchRuleContext>?];

const CASES: Case[] = [
  [
    'port not on the model',
    (s) => {
      port(s, 0).id = 30;
    },
    INVALID,
    'ports.0.id',
  ],
  [
    'port listed twice',
    (s) => {
      port(s, 1).id = 1;
    },
    INVALID,
    'ports.1.id',
  ],
  [
    'fixed speed above the port maximum',
    (s) => {
      port(s, 0).speed = 2500;
    },
    INVALID,
    'ports.0.speed',
  ],
  [
    'half duplex at 1000',
    (s) => Object.assign(port(s, 0), { speed: 1000, duplex: 'half' }),
    INVALID,
    'ports.0.duplex',
  ],
  [
    'half duplex with auto speed',
    (s) => {
      port(s, 0).duplex = 'half';
    },
    INVALID,
    'ports.0.duplex',
  ],
  [
    'access port with tagged VLANs',
    (s) => {
      port(s, 2).tagged = [30];
    },
    1137,
    'ports.2.tagged',
  ],
  [
    'tagged VLAN equals untagged',
    (s) => {
      port(s, 7).tagged = [20, 1];
    },
    1123,
    'ports.7.tagged',
  ],
  [
    'tagged VLAN listed twice',
    (s) => {
      port(s, 7).tagged = [20, 20];
    },
    1130,
    'ports.7.tagged',
  ],
  [
    'tagged VLAN out of range',
    (s) => {
      port(s, 7).tagged = [20, 4095];
    },
    1126,
    'ports.7.tagged',
  ],
  [
    'untagged VLAN out of range',
    (s) => {
      port(s, 0).untagged = 0;
    },
    1126,
    'ports.0.untagged',
  ],
  [
    'untagged VLAN not in the project',
    (s) => {
      port(s, 0).untagged = 99;
    },
    1108,
    'ports.0.untagged',
  ],
  [
    'tagged VLAN not in the project',
    (s) => {
      port(s, 7).tagged = [20, 99];
    },
    1108,
    'ports.7.tagged',
  ],
  [
    'VLAN used but no trunk port',
    (s) => Object.assign(port(s, 7), { type: PORT_TYPES.ACCESS, tagged: [] }),
    1125,
    'ports',
  ],
  [
    'VLAN used but no trunk carries it',
    (s) => {
      port(s, 2).untagged = 30;
    },
    1125,
    'ports',
  ],
  [
    'uplink does not carry a used VLAN',
    (s) => {
      port(s, 2).untagged = 30;
      Object.assign(port(s, 6), { type: PORT_TYPES.TRUNK, tagged: [30] });
    },
    1134,
    'ports.7.tagged',
  ],
  [
    'PoE limit above the port class',
    (s) => {
      port(s, 0).poeLimitWatts = 60;
    },
    INVALID,
    'ports.0.poeLimitWatts',
  ],
  [
    'remark too long',
    (s) => {
      port(s, 0).remark = 'x'.repeat(33);
    },
    INVALID,
    'ports.0.remark',
  ],
  [
    'remark not printable',
    (s) => {
      port(s, 0).remark = 'café';
    },
    INVALID,
    'ports.0.remark',
  ],
  [
    'EEE turned on for a port in use',
    (s) => {
      port(s, 0).eee = true;
    },
    ERR.EEE_PORT_IN_USE,
    'ports.0.eee',
  ],
  [
    'DHCP trust without snooping',
    (s) => {
      port(s, 3).dhcpTrust = true;
    },
    ERR.DHCP_SNOOPING_REQUIRED,
    'ports.3.dhcpTrust',
  ],
  [
    'disabling the uplink port',
    (s) => {
      port(s, 7).enabled = false;
    },
    INVALID,
    'ports.7.enabled',
  ],
];

describe('switchSettingsIssues', () => {
  it('accepts factory settings and a valid VLAN layout', () => {
    expect(switchSettingsIssues(defaultSwitchSettings(S108P), ctx({ previous: null }))).toEqual([]);
    expect(switchSettingsIssues(base(), ctx())).toEqual([]);
  });

  it.each(CASES)('%s', (_name, mutate, code, path, over) => {
    const s = base();
    mutate(s);
    const issues = switchSettingsIssues(s, ctx(over));
    expect(issues.map((i) => `${i.code} ${i.path}`)).toContain(`${code} ${path}`);
  });

  it('refuses PoE on a port without PoE (913)', () => {
    const s = defaultSwitchSettings(G500);
    const lan = s.ports.find((p) => p.id === 5) as PortSettings;
    lan.poe = true;
    const issues = switchSettingsIssues(s, {
      model: G500,
      projectVlans: [1],
      portsInUse: [],
      previous: null,
    });
    expect(issues.map((i) => `${i.code} ${i.path}`)).toContain(`913 ports.${s.ports.indexOf(lan)}.poe`);
  });

  it('refuses WAN ports and SFP speeds below 1 Gbit/s', () => {
    const s = defaultSwitchSettings(G500);
    const sfp = s.ports.find((p) => p.id === 9) as PortSettings;
    sfp.speed = 100;
    s.ports.push({ ...sfp, id: 1, speed: 'auto' });
    const paths = switchSettingsIssues(s, {
      model: G500,
      projectVlans: [1],
      portsInUse: [],
      previous: null,
    }).map((i) => i.path);
    expect(paths).toContain(`ports.${s.ports.indexOf(sfp)}.speed`);
    expect(paths).toContain(`ports.${s.ports.length - 1}.id`);
  });

  it('keeps EEE that was already on, and allows it on idle ports', () => {
    const before = base();
    port(before, 0).eee = true;
    const s = base();
    port(s, 0).eee = true;
    port(s, 4).eee = true;
    expect(switchSettingsIssues(s, ctx({ previous: before }))).toEqual([]);
  });

  it('allows trust ports when snooping is on', () => {
    const s = base();
    s.dhcpSnooping = true;
    port(s, 3).dhcpTrust = true;
    expect(switchSettingsIssues(s, ctx())).toEqual([]);
  });
});
