import { describe, expect, it } from 'vitest';
import type { CodedIssue } from '../config/ruleKit';
import { ERR } from '../errors/catalogue';
import { buildWirelessPolicy } from '../testing';
import { wirelessSettingsIssues } from './issues';
import type { WirelessPolicy, WirelessSettings } from './settings';
import type { WirelessRuleContext } from './ssidRules';

const I = ERR.INVALID_PARAMETERS;

const policy = buildWirelessPolicy;

/** Staff (WPA2, both bands, own 5 GHz name), Guest (open, guest, VLAN 20) and Lab on AP 2 only. */
function base(): WirelessSettings {
  return {
    policies: [
      policy({
        key: 'staff',
        name: 'Staff',
        ssid: 'Staff',
        ssid5: 'Staff-5G',
        schedule: 'Mon-Fri 00:00-06:00',
      }),
      policy({ key: 'guest', name: 'Guest', ssid: 'Guest', security: 'none', cipher: null, password: '' }),
      policy({ key: 'lab1', name: 'Lab', ssid: 'Lab', scope: 'devices', deviceIds: [2], vlanId: 30 }),
    ].map((p, i) => (i === 1 ? { ...p, guest: true, vlanId: 20 } : p)),
  };
}

const DEVICES: WirelessRuleContext['devices'] = [
  { id: 1, kind: 'ap', bands: ['2.4G', '5G'], name: 'AP-Lobby' },
  { id: 2, kind: 'ap', bands: ['2.4G', '5G', '6G'], name: 'AP-Lab' },
  { id: 3, kind: 'switch', bands: [], name: 'Core switch' },
  { id: 4, kind: 'cpe', bands: ['5G'], name: 'Roof CPE' },
  { id: 5, kind: 'ap', bands: ['2.4G'], name: 'AP-Old' },
];

function ctx(over: Partial<WirelessRuleContext> = {}): WirelessRuleContext {
  return { devices: DEVICES, previous: base(), ...over };
}

function p(s: WirelessSettings, i: number): WirelessPolicy {
  const x = s.policies[i];
  if (!x) throw new Error(`no policy ${i}`);
  return x;
}

const codes = (issues: readonly CodedIssue[]) => issues.map((i) => `${i.code} ${i.path}`);

/** Adds `n` enabled policies built by `over`. */
function addPolicies(s: WirelessSettings, n: number, over: (k: number) => Partial<WirelessPolicy>) {
  for (let k = 0; k < n; k++) s.policies.push(policy(over(k)));
}

type Case = [
  name: string,
  mutate: (s: WirelessSettings) => void,
  expected: string[],
  over?: Partial<WirelessRuleContext>,
];

const CASES: Case[] = [
  // Policy list and names
  ['33 policies (40)', (s) => addPolicies(s, 30, () => ({ enabled: false })), ['40 policies']],
  ['policy key used twice', (s) => Object.assign(p(s, 2), { key: 'staff' }), [`${I} policies.2.key`]],
  [
    'policy name used twice, any case (24)',
    (s) => Object.assign(p(s, 2), { name: 'staff' }),
    ['24 policies.2.name'],
  ],
  [
    'reserved policy name (72)',
    (s) => Object.assign(p(s, 0), { name: 'app_default_2' }),
    ['72 policies.0.name'],
  ],
  ['empty policy name', (s) => Object.assign(p(s, 0), { name: '' }), [`${I} policies.0.name`]],
  [
    'policy name of 33 bytes',
    (s) => Object.assign(p(s, 0), { name: 'x'.repeat(33) }),
    [`${I} policies.0.name`],
  ],
  ['policy name with non-ASCII', (s) => Object.assign(p(s, 0), { name: 'Café' }), [`${I} policies.0.name`]],
  // SSID format and the 5 GHz name
  ['empty SSID', (s) => Object.assign(p(s, 0), { ssid: '' }), [`${I} policies.0.ssid`]],
  ['SSID of 33 bytes', (s) => Object.assign(p(s, 0), { ssid: 'S'.repeat(33) }), [`${I} policies.0.ssid`]],
  ['SSID with an emoticon', (s) => Object.assign(p(s, 0), { ssid: 'Staff 😀' }), [`${I} policies.0.ssid`]],
  ['SSID with a trailing space', (s) => Object.assign(p(s, 0), { ssid: 'Staff ' }), [`${I} policies.0.ssid`]],
  ['5 GHz SSID with non-ASCII', (s) => Object.assign(p(s, 0), { ssid5: 'Stäff' }), [`${I} policies.0.ssid5`]],
  [
    '5 GHz SSID equal to the 2.4 GHz one (92)',
    (s) => Object.assign(p(s, 0), { ssid5: 'Staff' }),
    ['92 policies.0.ssid5'],
  ],
  // SSID duplicates across the project
  [
    'a changed policy takes a saved SSID (135)',
    (s) => Object.assign(p(s, 2), { ssid: 'Guest' }),
    ['135 policies.2.ssid'],
  ],
  [
    'a new policy earlier in the list takes a saved SSID (135 on the newcomer)',
    (s) => s.policies.unshift(policy({ ssid: 'Lab' })),
    ['135 policies.0.ssid'],
  ],
  [
    'a new policy takes the saved 5 GHz name (135)',
    (s) => s.policies.push(policy({ ssid: 'Staff-5G' })),
    ['135 policies.3.ssid'],
  ],
  [
    'two new policies with one SSID (2008)',
    (s) => s.policies.push(policy({ ssid: 'Event' }), policy({ ssid: 'Event', bands: ['5G'] })),
    ['2008 policies.4.ssid'],
  ],
  [
    'the first save repeats an SSID (2008)',
    (s) => Object.assign(p(s, 2), { ssid: 'Guest' }),
    ['2008 policies.2.ssid'],
    { previous: null },
  ],
  [
    'an SSID that is a CPE management Wi-Fi (89)',
    (s) => Object.assign(p(s, 2), { ssid: 'roof-mgmt' }),
    ['89 policies.2.ssid'],
    { otherSsids: [{ ssid: 'roof-mgmt', owner: 'the management Wi-Fi of CPE "Roof CPE"' }] },
  ],
  // Bands and devices
  ['no band', (s) => Object.assign(p(s, 0), { bands: [] }), [`${I} policies.0.bands`]],
  [
    'specified devices, none chosen',
    (s) => Object.assign(p(s, 2), { deviceIds: [] }),
    [`${I} policies.2.deviceIds`],
  ],
  [
    'device chosen twice',
    (s) => Object.assign(p(s, 2), { deviceIds: [2, 2] }),
    [`${I} policies.2.deviceIds`],
  ],
  [
    'device not in the project (901)',
    (s) => Object.assign(p(s, 2), { deviceIds: [99] }),
    ['901 policies.2.deviceIds'],
  ],
  ['a switch chosen (913)', (s) => Object.assign(p(s, 2), { deviceIds: [3] }), ['913 policies.2.deviceIds']],
  ['a CPE chosen (913)', (s) => Object.assign(p(s, 2), { deviceIds: [4] }), ['913 policies.2.deviceIds']],
  [
    'a secondary mesh node chosen (912)',
    (s) => Object.assign(p(s, 2), { deviceIds: [7] }),
    ['912 policies.2.deviceIds'],
    {
      devices: [
        ...DEVICES,
        { id: 6, kind: 'mesh', bands: ['2.4G', '5G'], name: 'Mesh-Hall' },
        { id: 7, kind: 'mesh', bands: ['2.4G', '5G'], name: 'Mesh-Attic', secondary: true },
      ],
    },
  ],
  [
    'a primary mesh node chosen is fine',
    (s) => Object.assign(p(s, 2), { deviceIds: [6] }),
    [],
    { devices: [...DEVICES, { id: 6, kind: 'mesh', bands: ['2.4G', '5G'], name: 'Mesh-Hall' }] },
  ],
  [
    'a 5 GHz network on a 2.4 GHz-only AP',
    (s) => Object.assign(p(s, 2), { deviceIds: [5], bands: ['5G'] }),
    [`${I} policies.2.deviceIds`],
  ],
  // Counts (enabled networks)
  [
    '8 enabled all-device networks (2003)',
    (s) => {
      p(s, 2).enabled = false;
      addPolicies(s, 6, () => ({}));
    },
    ['2003 policies.8.scope'],
  ],
  [
    '31 enabled specified-device networks (2005)',
    (s) => addPolicies(s, 30, (k) => ({ scope: 'devices', deviceIds: [10 + (k % 10)] })),
    ['2005 policies.32.scope', '40 policies'],
    {
      devices: [
        ...DEVICES,
        ...Array.from({ length: 10 }, (_, k) => ({
          id: 10 + k,
          kind: 'ap',
          bands: ['2.4G', '5G'],
          name: `AP-${k}`,
        })),
      ],
    },
  ],
  [
    '2 enabled guest networks (2006)',
    (s) => Object.assign(p(s, 2), { guest: true }),
    ['2006 policies.2.guest'],
  ],
  [
    '9 networks on one radio (2007)',
    (s) => addPolicies(s, 6, () => ({ scope: 'devices', deviceIds: [2], bands: ['5G'] })),
    ['2007 policies.8.deviceIds'],
  ],
  // Security
  [
    'open network with a cipher',
    (s) => Object.assign(p(s, 1), { cipher: 'AES' }),
    [`${I} policies.1.cipher`],
  ],
  ['WPA2-PSK without a cipher', (s) => Object.assign(p(s, 0), { cipher: null }), [`${I} policies.0.cipher`]],
  [
    'WPA-PSK with TKIP+AES',
    (s) => Object.assign(p(s, 0), { security: 'WPA-PSK', cipher: 'TKIP+AES' }),
    [`${I} policies.0.cipher`],
  ],
  ['PSK password of 7', (s) => Object.assign(p(s, 0), { password: '1234567' }), [`${I} policies.0.password`]],
  [
    '64-character password not hex',
    (s) => Object.assign(p(s, 0), { password: 'g'.repeat(64) }),
    [`${I} policies.0.password`],
  ],
  [
    'WPA3-SAE without a password',
    (s) => Object.assign(p(s, 0), { security: 'WPA3-SAE', password: '' }),
    [`${I} policies.0.password`],
  ],
  [
    'WPA2 Enterprise without RADIUS',
    (s) => Object.assign(p(s, 0), { security: 'WPA2', radius: null }),
    [`${I} policies.0.radius`],
  ],
  [
    'RADIUS server 127.0.0.1, port 0, no secret',
    (s) => Object.assign(p(s, 0), { security: 'WPA', radius: { ip: '127.0.0.1', port: 0, secret: '' } }),
    [`${I} policies.0.radius.ip`, `${I} policies.0.radius.port`, `${I} policies.0.radius.secret`],
  ],
  // Other fields
  [
    'key update interval 59',
    (s) => Object.assign(p(s, 0), { keyUpdateInterval: 59 }),
    [`${I} policies.0.keyUpdateInterval`],
  ],
  [
    '2.4 GHz clients 129 (91)',
    (s) => Object.assign(p(s, 0), { maxClients: { '2.4G': 129, '5G': 10 } }),
    ['91 policies.0.maxClients.2.4G'],
  ],
  [
    '5 GHz clients 200 (2004)',
    (s) => Object.assign(p(s, 0), { maxClients: { '2.4G': 1, '5G': 200 } }),
    ['2004 policies.0.maxClients.5G'],
  ],
  [
    '0 clients',
    (s) => Object.assign(p(s, 0), { maxClients: { '2.4G': 0, '5G': 10 } }),
    [`${I} policies.0.maxClients.2.4G`],
  ],
  [
    '5 schedule periods',
    (s) =>
      Object.assign(p(s, 0), {
        schedule: 'Mon 01:00-02:00\nTue 01:00-02:00\nWed 01:00-02:00\nThu 01:00-02:00\nFri 01:00-02:00',
      }),
    [`${I} policies.0.schedule`],
  ],
  [
    'overlapping schedule',
    (s) => Object.assign(p(s, 0), { schedule: '01:00-03:00\nMon 02:00-04:00' }),
    [`${I} policies.0.schedule`],
  ],
  [
    'schedule end before start',
    (s) => Object.assign(p(s, 0), { schedule: '05:00-04:00' }),
    [`${I} policies.0.schedule`],
  ],
  [
    'schedule times off the granularity step',
    (s) => Object.assign(p(s, 0), { schedule: 'Mon-Fri 00:10-06:00', scheduleGranularity: 15 }),
    [`${I} policies.0.scheduleGranularity`],
  ],
  [
    'schedule on the granularity step with a date range',
    (s) =>
      Object.assign(p(s, 0), {
        scheduleGranularity: 30,
        scheduleFrom: '2026-12-20',
        scheduleUntil: '2027-01-02',
      }),
    [],
  ],
  [
    'schedule date range ending before it starts',
    (s) => Object.assign(p(s, 0), { scheduleFrom: '2026-12-20', scheduleUntil: '2026-12-19' }),
    [`${I} policies.0.scheduleUntil`],
  ],
  [
    'schedule date that is not a date',
    (s) => Object.assign(p(s, 0), { scheduleFrom: '2026-02-30' }),
    [`${I} policies.0.scheduleFrom`],
  ],
  [
    'a date range without periods',
    (s) => Object.assign(p(s, 1), { scheduleUntil: '2026-12-19' }),
    [`${I} policies.1.scheduleFrom`],
  ],
  [
    'schedule with an empty line',
    (s) => Object.assign(p(s, 0), { schedule: '01:00-02:00\n\n03:00-04:00' }),
    [`${I} policies.0.schedule`],
  ],
  ['VLAN 0 (1127)', (s) => Object.assign(p(s, 0), { vlanId: 0 }), ['1127 policies.0.vlanId']],
  ['VLAN 4095 (1127)', (s) => Object.assign(p(s, 0), { vlanId: 4095 }), ['1127 policies.0.vlanId']],
  [
    'rate limit on without a rate',
    (s) => Object.assign(p(s, 0), { rateLimit: { enabled: true, downKbps: null, upKbps: null } }),
    [`${I} policies.0.rateLimit.downKbps`],
  ],
  [
    'rate limit of 0',
    (s) => Object.assign(p(s, 0), { rateLimit: { enabled: true, downKbps: 2000, upKbps: 0 } }),
    [`${I} policies.0.rateLimit.upKbps`],
  ],
];

describe('wirelessSettingsIssues', () => {
  it('accepts an empty document and a full valid one, saved or not', () => {
    expect(wirelessSettingsIssues({ policies: [] }, ctx({ previous: null }))).toEqual([]);
    expect(wirelessSettingsIssues(base(), ctx())).toEqual([]);
    expect(wirelessSettingsIssues(base(), ctx({ previous: null }))).toEqual([]);
  });

  it.each(CASES)('%s', (_name, mutate, expected, over) => {
    const s = base();
    mutate(s);
    const issues = wirelessSettingsIssues(s, ctx(over));
    expect(codes(issues).sort()).toEqual([...expected].sort());
    for (const i of issues) expect(i.message.length).toBeGreaterThan(10);
  });

  it('accepts the edges of every range', () => {
    const s = base();
    Object.assign(p(s, 0), {
      name: 'n'.repeat(32),
      ssid: 'S'.repeat(32),
      password: 'a'.repeat(63),
      keyUpdateInterval: 0,
      maxClients: { '2.4G': 1, '5G': 128 },
      vlanId: 4094,
      schedule: 'Mon 01:00-02:00\nTue 01:00-02:00\nWed 01:00-02:00\nThu 01:00-02:00',
      rateLimit: { enabled: true, downKbps: 1, upKbps: null },
    });
    Object.assign(p(s, 2), {
      vlanId: 1,
      keyUpdateInterval: 99999,
      password: 'ABCDEF0123'.repeat(6).slice(0, 64).padEnd(64, 'a'),
    });
    expect(wirelessSettingsIssues(s, ctx())).toEqual([]);
  });

  it('allows the cipher rule of §3 exactly', () => {
    const s = base();
    Object.assign(p(s, 0), { security: 'WPA-PSK', cipher: 'TKIP' });
    Object.assign(p(s, 2), { security: 'WPA3-SAE/WPA2-PSK', cipher: 'TKIP+AES' });
    expect(wirelessSettingsIssues(s, ctx())).toEqual([]);
  });

  it('accepts an enterprise policy with a RADIUS server and ignores its empty password', () => {
    const s = base();
    Object.assign(p(s, 0), {
      security: 'WPA2',
      password: '',
      radius: { ip: '10.0.0.5', port: 1812, secret: 's3cret' },
    });
    expect(wirelessSettingsIssues(s, ctx())).toEqual([]);
  });

  it('counts only enabled networks against the network limits', () => {
    const s = base();
    addPolicies(s, 10, () => ({ enabled: false, guest: true, bands: ['2.4G'] }));
    addPolicies(s, 4, () => ({ bands: ['2.4G'] }));
    expect(wirelessSettingsIssues(s, ctx())).toEqual([]);
  });

  it('lets a disabled policy keep its SSID reserved (135)', () => {
    const s = base();
    p(s, 1).enabled = false;
    const prev = structuredClone(s);
    s.policies.push(policy({ ssid: 'Guest' }));
    expect(codes(wirelessSettingsIssues(s, ctx({ previous: prev })))).toEqual(['135 policies.3.ssid']);
  });

  it('does not count a 5 GHz name of a 2.4 GHz-only policy', () => {
    const s = base();
    Object.assign(p(s, 0), { bands: ['2.4G'] });
    s.policies.push(policy({ ssid: 'Staff-5G' }));
    expect(wirelessSettingsIssues(s, ctx())).toEqual([]);
  });

  it('fills a radio with exactly 8 networks', () => {
    const s = base();
    addPolicies(s, 5, () => ({ scope: 'devices', deviceIds: [2], bands: ['5G'] }));
    expect(wirelessSettingsIssues(s, ctx())).toEqual([]);
  });
});
