/**
 * Issue 10 points 3, 4 and 12 in the domain: the 6 GHz security rule (420), the policy VLAN as one
 * of the project's VLANs (1108), what a policy change does on the air (`wirelessChangeImpact`) and
 * whether a policy's VLAN reaches its APs (`vlanCarriageGaps`, `withVlanTagged`).
 */
import { describe, expect, it } from 'vitest';
import { PORT_TYPES } from '../enums/ports';
import { isSecurityAllowedOnBand } from '../enums/wifi';
import { ERR } from '../errors/catalogue';
import { findModel } from '../models/catalogue';
import type { DeviceModel } from '../models/types';
import { defaultSwitchSettings } from '../switching/settings';
import { buildWirelessPolicy as policy } from '../testing';
import { type ImpactDevice, impactHeadline, wirelessChangeImpact } from './impact';
import { wirelessSettingsIssues } from './issues';
import { renderSsids } from './render';
import type { WirelessPolicy } from './settings';
import { type CarriedDevice, type CarrierSwitch, vlanCarriageGaps, withVlanTagged } from './vlanCarriage';

const TRI = [{ id: 1, kind: 'ap', bands: ['2.4G', '5G', '6G'], name: 'AP-Lab' }];

function codes(p: WirelessPolicy, projectVlans?: number[]): string[] {
  return wirelessSettingsIssues(
    { policies: [p] },
    { devices: TRI, previous: null, ...(projectVlans ? { projectVlans } : {}) },
  ).map((i) => `${i.code} ${i.path}`);
}

describe('6 GHz needs WPA3-SAE (Wi-Fi 6E)', () => {
  const six = (o: Partial<WirelessPolicy>) =>
    policy({ bands: ['2.4G', '5G', '6G'], maxClients: { '2.4G': 64, '5G': 64, '6G': 64 }, ...o });
  it.each([
    ['WPA2-PSK', {}],
    ['WPA3-SAE/WPA2-PSK', { security: 'WPA3-SAE/WPA2-PSK' as const }],
    ['open', { security: 'none' as const, cipher: null, password: '' }],
    [
      'WPA2 Enterprise',
      { security: 'WPA2' as const, password: '', radius: { ip: '10.0.0.2', port: 1812, secret: 'x' } },
    ],
  ])('refuses %s on 6 GHz with 420 on the security mode', (_, o) => {
    expect(codes(six(o))).toContain(`${ERR.SIX_GHZ_NEEDS_WPA3} policies.0.security`);
  });
  it('accepts WPA3-SAE on 6 GHz, and any mode without 6 GHz', () => {
    expect(codes(six({ security: 'WPA3-SAE' }))).toEqual([]);
    expect(codes(policy({ security: 'WPA2-PSK' }))).toEqual([]);
  });
  it('asks a client limit for 6 GHz when the policy is on it', () => {
    expect(codes(six({ security: 'WPA3-SAE', maxClients: { '2.4G': 64, '5G': 64 } }))).toEqual([
      `${ERR.INVALID_PARAMETERS} policies.0.maxClients.6G`,
    ]);
  });
  it('renders 6 GHz with the policy SSID for a tri-band AP only', () => {
    const p = six({ security: 'WPA3-SAE', ssid: 'Lab', ssid5: 'Lab-5' });
    expect(renderSsids({ policies: [p] }, 1, ['2.4G', '5G', '6G']).map((s) => `${s.band} ${s.ssid}`)).toEqual(
      ['2.4G Lab', '5G Lab-5', '6G Lab'],
    );
    expect(renderSsids({ policies: [p] }, 1, ['2.4G', '5G']).map((s) => s.band)).toEqual(['2.4G', '5G']);
  });
  it('knows which modes a band allows', () => {
    expect(isSecurityAllowedOnBand('WPA2-PSK', '5G')).toBe(true);
    expect(isSecurityAllowedOnBand('WPA2-PSK', '6G')).toBe(false);
    expect(isSecurityAllowedOnBand('WPA3-SAE', '6G')).toBe(true);
  });
});

describe('the policy VLAN is one of the project VLANs', () => {
  it.each([
    [20, [20, 30], []],
    [40, [20, 30], [`${ERR.VLAN_NOT_FOUND} policies.0.vlanId`]],
    [20, [], [`${ERR.VLAN_NOT_FOUND} policies.0.vlanId`]],
    [4095, [20], [`${ERR.VLAN_POLICY_ID_OUT_OF_RANGE} policies.0.vlanId`]],
  ])('VLAN %i with project VLANs %j', (vlanId, vlans, expected) => {
    expect(codes(policy({ vlanId }), vlans)).toEqual(expected);
  });
  it('leaves untagged alone, and does not check without the project VLANs', () => {
    expect(codes(policy({ vlanId: null }), [])).toEqual([]);
    expect(codes(policy({ vlanId: 40 }))).toEqual([]);
  });
});

describe('wirelessChangeImpact', () => {
  const factory = (clients: [number, number, number]) => [
    { ssid: 'Hotel-Staff', security: 'WPA2' as const, vlanId: 30, hidden: false, clients: clients[0] },
    { ssid: 'Hotel-Guest', security: 'none' as const, vlanId: 20, hidden: false, clients: clients[1] },
    { ssid: 'Hotel-IoT', security: 'WPA-PSK' as const, vlanId: 40, hidden: false, clients: clients[2] },
  ];
  const ap = (id: number, c24: [number, number, number], c5: [number, number, number]): ImpactDevice => ({
    id,
    name: `AP-${id}`,
    bands: ['2.4G', '5G'],
    radios: [
      { band: '2.4G', clients: c24[0] + c24[1] + c24[2], ssids: factory(c24) },
      { band: '5G', clients: c5[0] + c5[1] + c5[2], ssids: factory(c5) },
    ],
  });
  const devices = [ap(1, [3, 4, 5], [6, 0, 0]), ap(2, [1, 1, 1], [2, 2, 0])];
  const guest = policy({ ssid: 'Hotel-Guest', security: 'none', cipher: null, password: '', vlanId: 20 });

  it('a first policy replaces the factory networks: every AP, every client on a lost network', () => {
    const impact = wirelessChangeImpact(devices, { policies: [policy({ ssid: 'Lobby' })] });
    expect(impact.devices).toBe(2);
    expect(impact.clients).toBe(25);
    expect(impact.changes.map((c) => `${c.op} ${c.ssid} ${c.devices} ${c.clients}`)).toEqual([
      'removed Hotel-Guest 2 7',
      'removed Hotel-IoT 2 6',
      'removed Hotel-Staff 2 12',
      'added Lobby 2 0',
    ]);
    expect(impact.now.map((n) => `${n.ssid} ${n.devices} ${n.clients}`)).toEqual([
      'Hotel-Staff 2 12',
      'Hotel-Guest 2 7',
      'Hotel-IoT 2 6',
    ]);
    expect(impactHeadline(impact)).toBe(
      'Replaces Hotel-Guest, Hotel-IoT and Hotel-Staff, adds Lobby on 2 APs — 25 clients will reconnect',
    );
  });

  it('keeps a network that stays the same; a changed one reconnects its clients', () => {
    const keep = wirelessChangeImpact(
      [
        {
          ...ap(1, [0, 4, 0], [0, 3, 0]),
          radios: ap(1, [0, 4, 0], [0, 3, 0]).radios.map((r) => ({
            ...r,
            ssids: (r.ssids ?? []).slice(1, 2),
          })),
        },
      ],
      { policies: [guest] },
    );
    expect(keep.devices).toBe(0);
    expect(impactHeadline(keep)).toBeNull();
    const hidden = wirelessChangeImpact([ap(1, [0, 4, 0], [0, 3, 0])], {
      policies: [{ ...guest, vlanId: 21 }],
    });
    const changed = hidden.changes.find((c) => c.op === 'changed');
    expect(changed).toMatchObject({
      ssid: 'Hotel-Guest',
      clients: 7,
      before: { vlanId: 20 },
      after: { vlanId: 21 },
    });
  });

  it('counts a device that never said what it broadcasts as unknown, and uses radio counts when SSIDs have none', () => {
    const silent: ImpactDevice = { id: 3, name: 'AP-3', bands: ['2.4G'], radios: [] };
    const noCounts: ImpactDevice = {
      id: 4,
      name: 'AP-4',
      bands: ['2.4G'],
      radios: [
        {
          band: '2.4G',
          clients: 9,
          ssids: [{ ssid: 'Old', security: 'WPA2-PSK', vlanId: null, hidden: false }],
        },
      ],
    };
    const impact = wirelessChangeImpact([silent, noCounts], { policies: [policy({ ssid: 'New' })] });
    expect(impact).toMatchObject({ unknown: 1, devices: 1, clients: 9 });
  });
});

describe('vlanCarriageGaps', () => {
  const model = findModel('NL-S108P') as DeviceModel;
  const sw = (over: Partial<CarrierSwitch> = {}): CarrierSwitch => ({
    deviceId: 10,
    sn: 'SW1',
    name: 'Switch-01',
    uplink: { sn: 'GW', port: 2 },
    uplinkPort: 1,
    ports: defaultSwitchSettings(model).ports.map((p) => ({
      id: p.id,
      label: String(p.id),
      type: p.type,
      untagged: p.untagged,
      tagged: p.tagged,
    })),
    ...over,
  });
  const aps: CarriedDevice[] = [
    { id: 1, name: 'AP-01', bands: ['2.4G', '5G'], uplink: { sn: 'SW1', port: 5 } },
    { id: 2, name: 'AP-02', bands: ['2.4G', '5G'], uplink: { sn: 'SW1', port: 6 } },
    { id: 3, name: 'AP-03', bands: ['2.4G', '5G'], uplink: { sn: 'GW', port: 3 } },
  ];
  const guest = policy({ name: 'Guest', vlanId: 20 });

  it('names every AP uplink port and the switch uplink that miss the VLAN', () => {
    const gaps = vlanCarriageGaps([guest], aps, [sw()]);
    expect(
      gaps.map((g) => `${g.vlanId} ${g.switchName} ${g.port} ${g.aps.join('+')} ${g.policies.join()}`),
    ).toEqual([
      '20 Switch-01 1 AP-01+AP-02 Guest',
      '20 Switch-01 5 AP-01 Guest',
      '20 Switch-01 6 AP-02 Guest',
    ]);
  });

  it('has no gap once the fix tagged the VLAN, for untagged policies, disabled ones, or unmanaged uplinks', () => {
    const model8 = defaultSwitchSettings(model);
    const fixed = withVlanTagged(model8, [1, 5, 6], 20);
    expect(fixed.ports.find((p) => p.id === 5)).toMatchObject({
      type: PORT_TYPES.TRUNK,
      untagged: 1,
      tagged: [20],
    });
    expect(fixed.ports.find((p) => p.id === 2)).toMatchObject({ type: PORT_TYPES.ACCESS, tagged: [] });
    const fixedSwitch = sw({ ports: fixed.ports.map((p) => ({ ...p, label: String(p.id) })) });
    expect(vlanCarriageGaps([guest], aps, [fixedSwitch])).toEqual([]);
    expect(vlanCarriageGaps([{ ...guest, vlanId: null }], aps, [sw()])).toEqual([]);
    expect(vlanCarriageGaps([{ ...guest, enabled: false }], aps, [sw()])).toEqual([]);
    expect(vlanCarriageGaps([guest], [aps[2] as CarriedDevice], [sw()])).toEqual([]);
  });

  it('counts an untagged (PVID) port as carrying, and follows only APs the policy reaches', () => {
    const pvid = sw({ uplinkPort: null });
    const port5 = pvid.ports.find((p) => p.id === 5);
    if (port5) port5.untagged = 20;
    const onlyAp1 = { ...guest, scope: 'devices' as const, deviceIds: [1] };
    expect(vlanCarriageGaps([onlyAp1], aps, [pvid])).toEqual([]);
    expect(vlanCarriageGaps([{ ...guest, bands: ['6G'] as WirelessPolicy['bands'] }], aps, [pvid])).toEqual(
      [],
    );
  });

  it('walks switch to switch up to the gateway', () => {
    const edge = sw({
      deviceId: 11,
      sn: 'SW2',
      name: 'Switch-02',
      uplink: { sn: 'SW1', port: 8 },
      uplinkPort: 1,
    });
    const core = sw({ uplinkPort: null });
    const gaps = vlanCarriageGaps(
      [guest],
      [{ id: 1, name: 'AP-01', bands: ['2.4G'], uplink: { sn: 'SW2', port: 4 } }],
      [core, edge],
    );
    expect(gaps.map((g) => `${g.switchName}:${g.port}`)).toEqual([
      'Switch-01:8',
      'Switch-02:1',
      'Switch-02:4',
    ]);
  });
});
