import { describe, expect, it } from 'vitest';
import { PORT_TYPES } from '../enums/ports';
import {
  expandVlanList,
  parseVlanList,
  portVlansIssue,
  vlanIdIssue,
  vlanIdSchema,
  vlanListIssue,
  vlanMembershipIssues,
  vlanNameIssue,
  vlanSegmentIssue,
  vlanTableIssues,
  wirelessVlanIdIssue,
} from './vlan';

describe('VLAN ID within the device range (default 10–4094)', () => {
  it.each([
    [10, undefined, null],
    [4094, undefined, null],
    ['100', undefined, null],
    [9, undefined, 'VLAN ID must be from 10 to 4094.'],
    [4095, undefined, 'VLAN ID must be from 10 to 4094.'],
    [1, undefined, 'VLAN ID must be from 10 to 4094.'],
    [10.5, undefined, 'VLAN ID must be a whole number.'],
    ['', undefined, 'VLAN ID is required.'],
    [2, { min: 2, max: 4000 }, null], // a model's own range from deviceVlans
    [4001, { min: 2, max: 4000 }, 'VLAN ID must be from 2 to 4000.'],
  ])('%j in %j → %j', (v, range, expected) => {
    expect(vlanIdIssue(v, range)).toBe(expected);
  });
  it('schema for a given range', () => {
    expect(vlanIdSchema({ min: 1, max: 100 }).safeParse(100).success).toBe(true);
    expect(vlanIdSchema({ min: 1, max: 100 }).safeParse(101).success).toBe(false);
  });
  it.each([
    [1, null],
    [4094, null],
    [0, 'VLAN ID must be from 1 to 4094.'],
    [4095, 'VLAN ID must be from 1 to 4094.'],
  ])('wireless policy VLAN %j → %j', (v, expected) => {
    expect(wirelessVlanIdIssue(v)).toBe(expected);
  });
});

describe('VLAN lists: 2–4094, ranges like 10-13, comma lists, at most 100', () => {
  it.each([
    ['2', [2]],
    ['4094', [4094]],
    ['10-13', [10, 11, 12, 13]],
    ['10,20,30-31', [10, 20, 30, 31]],
    [' 10 , 20 ', [10, 20]],
    ['100-199', Array.from({ length: 100 }, (_, i) => 100 + i)],
  ])('%j → %j', (text, ids) => {
    const r = parseVlanList(text);
    expect(r.ok && expandVlanList(r.ranges)).toEqual(ids);
  });
  it.each([
    ['', 'VLAN IDs: enter at least one VLAN ID.'],
    ['1', 'VLAN IDs: 1 is outside 2–4094.'],
    ['4095', 'VLAN IDs: 4095 is outside 2–4094.'],
    ['13-10', 'VLAN IDs: in "13-10" the end must not be less than the start.'],
    ['10;20', 'VLAN IDs: "10;20" is not valid; write entries like 10,20,30-33.'],
    ['10~13', 'VLAN IDs: "10~13" is not valid; write entries like 10,20,30-33.'],
    ['10,,20', 'VLAN IDs has an empty entry: separate entries with a single ",".'],
    ['10,10', 'VLAN IDs: 10 appears more than once.'],
    ['10-20,15', 'VLAN IDs: 15 appears more than once.'],
    ['100-200', 'VLAN IDs: at most 100 VLANs can be added at once (101 given).'],
  ])('%j → %j', (text, expected) => {
    expect(vlanListIssue(text)).toBe(expected);
  });
  it('a tagged field lifts the batch limit and takes 1–4094', () => {
    expect(
      vlanListIssue('1-4094', { range: { min: 1, max: 4094 }, max: Number.POSITIVE_INFINITY }),
    ).toBeNull();
  });
});

describe('VLAN names: short name, not br0 or IPTV, unique', () => {
  it.each([
    ['office', null],
    ['br1', null],
    ['br0', '"br0" is reserved and cannot be used as a VLAN name.'],
    ['BR0', '"br0" is reserved and cannot be used as a VLAN name.'],
    ['iptv', '"IPTV" is reserved and cannot be used as a VLAN name.'],
    ['', 'VLAN name is required.'],
    ['guest wifi', 'VLAN name cannot contain spaces.'],
    ['a'.repeat(17), 'VLAN name must be 1–16 characters.'],
  ])('%j → %j', (name, expected) => {
    expect(vlanNameIssue(name)).toBe(expected);
  });
  it('reports repeated IDs and names on the later entry', () => {
    const issues = vlanTableIssues([
      { id: 10, name: 'office' },
      { id: 20, name: 'guest' },
      { id: 10, name: 'lab' },
      { id: 30, name: 'Office' },
    ]);
    expect(issues).toEqual([
      { index: 2, field: 'id', message: 'VLAN ID 10 is already used.' },
      { index: 3, field: 'name', message: 'VLAN name "Office" is already used.' },
    ]);
    expect(
      vlanTableIssues([
        { id: 10, name: 'a' },
        { id: 20, name: 'b' },
      ]),
    ).toEqual([]);
  });
});

describe('port VLAN settings: tagged 1–4094, tagged ≠ untagged, tags on trunk only', () => {
  it.each([
    [{ type: PORT_TYPES.ACCESS, untagged: 1, tagged: [] }, null],
    [{ type: PORT_TYPES.TRUNK, untagged: 1, tagged: [10, 20] }, null],
    [
      { type: PORT_TYPES.TRUNK, untagged: 10, tagged: [10, 20] },
      'VLAN 10 cannot be both tagged and untagged on the same port.',
    ],
    [{ type: PORT_TYPES.ACCESS, untagged: 1, tagged: [10] }, 'Only a trunk port can carry tagged VLANs.'],
    [{ type: PORT_TYPES.TRUNK, untagged: 1, tagged: [0] }, 'Tagged VLAN must be from 1 to 4094.'],
    [{ type: PORT_TYPES.TRUNK, untagged: 1, tagged: [4095] }, 'Tagged VLAN must be from 1 to 4094.'],
    [{ type: PORT_TYPES.TRUNK, untagged: 0, tagged: [] }, 'Untagged VLAN must be from 1 to 4094.'],
    [{ type: PORT_TYPES.TRUNK, untagged: 1, tagged: [10, 10] }, 'Tagged VLAN 10 is listed twice.'],
  ])('%j → %j', (port, expected) => {
    expect(portVlansIssue(port)).toBe(expected);
  });
});

describe('VLAN membership table', () => {
  it('accepts one untagged VLAN per port and tags on trunk ports', () => {
    const vlans = [
      { id: 10, taggedPorts: [1], untaggedPorts: [2, 3] },
      { id: 20, taggedPorts: [1], untaggedPorts: [4] },
    ];
    expect(vlanMembershipIssues(vlans, [1])).toEqual([]);
  });
  it('refuses a port untagged in two VLANs', () => {
    const vlans = [
      { id: 10, taggedPorts: [], untaggedPorts: [2] },
      { id: 20, taggedPorts: [], untaggedPorts: [2] },
    ];
    expect(vlanMembershipIssues(vlans, [])).toEqual([
      {
        index: 1,
        field: 'untaggedPorts',
        message: 'Port 2 is already untagged in VLAN 10: a LAN port has one untagged VLAN.',
      },
    ]);
  });
  it('requires a trunk LAN port for tagged VLANs', () => {
    const issues = vlanMembershipIssues([{ id: 10, taggedPorts: [1], untaggedPorts: [] }], []);
    expect(issues.map((i) => i.message)).toEqual([
      'Tagged VLANs need a trunk LAN port: set a LAN port to trunk.',
    ]);
  });
  it('refuses tagging on a non-trunk port and tagged+untagged on one port', () => {
    const issues = vlanMembershipIssues([{ id: 10, taggedPorts: [2], untaggedPorts: [2] }], [1]);
    expect(issues.map((i) => i.message)).toEqual([
      'Port 2 cannot be both tagged and untagged in VLAN 10.',
      'Port 2 must be a trunk port to carry VLAN 10 tagged.',
    ]);
  });
});

describe('VLAN segments must not overlap other interfaces', () => {
  const others = [
    { label: 'LAN', ip: '192.168.1.1', mask: '255.255.255.0' },
    { label: 'WAN', ip: '100.64.0.2', mask: 10 },
    { label: 'VLAN 20', ip: '10.20.0.1', mask: 16 },
  ];
  it.each([
    [{ ip: '192.168.2.1', mask: 24 }, null],
    [{ ip: '10.30.0.1', mask: 16 }, null],
    [{ ip: '192.168.1.129', mask: 25 }, 'The VLAN network 192.168.1.128/25 overlaps LAN (192.168.1.0/24).'],
    [{ ip: '10.0.0.1', mask: 8 }, 'The VLAN network 10.0.0.0/8 overlaps VLAN 20 (10.20.0.0/16).'],
    [{ ip: '100.100.0.1', mask: 16 }, 'The VLAN network 100.100.0.0/16 overlaps WAN (100.64.0.0/10).'],
  ])('%j → %j', (vlan, expected) => {
    expect(vlanSegmentIssue(vlan, others)).toBe(expected);
  });
});
