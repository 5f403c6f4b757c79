import { describe, expect, it } from 'vitest';
import {
  dhcpLeaseIssue,
  dhcpLeaseSchema,
  dhcpLeaseWideIssue,
  dhcpPoolConflictIssues,
  dhcpPoolNameIssue,
  dhcpPoolSchema,
  dhcpRangeIssues,
} from './dhcp';

describe('DHCP pool name: 1–32 digits, letters, underscores', () => {
  const msg = 'Pool name must be 1–32 letters, digits or underscores.';
  it.each([
    ['a', null],
    ['Pool_1', null],
    ['_', null],
    ['x'.repeat(32), null],
    ['', 'Pool name is required.'],
    ['x'.repeat(33), msg],
    ['pool-1', msg],
    ['pool 1', msg],
    ['池1', msg],
    ['pool😀', msg],
  ])('%j → %j', (name, expected) => {
    expect(dhcpPoolNameIssue(name)).toBe(expected);
  });
});

describe('DHCP lease in minutes: 30–10080 (alternative 1–525600)', () => {
  it.each([
    [30, null],
    [10080, null],
    ['720', null],
    [29, 'Lease time must be from 30 to 10080 minutes.'],
    [10081, 'Lease time must be from 30 to 10080 minutes.'],
    [60.5, 'Lease time must be a whole number.'],
    ['', 'Lease time is required.'],
  ])('%j → %j', (v, expected) => {
    expect(dhcpLeaseIssue(v)).toBe(expected);
  });
  it.each([
    [1, null],
    [525600, null],
    [0, 'Lease time must be from 1 to 525600 minutes.'],
    [525601, 'Lease time must be from 1 to 525600 minutes.'],
  ])('alternative %j → %j', (v, expected) => {
    expect(dhcpLeaseWideIssue(v)).toBe(expected);
  });
  it('schema takes numbers', () => {
    expect(dhcpLeaseSchema.safeParse(1440).success).toBe(true);
    expect(dhcpLeaseSchema.safeParse(20).success).toBe(false);
  });
});

describe('pool start and end', () => {
  const base = { interfaceIp: '192.168.1.1', mask: '255.255.255.0' };
  it.each([
    ['192.168.1.100', '192.168.1.200', []],
    ['192.168.1.1', '192.168.1.254', []],
    ['192.168.1.2', '192.168.1.3', []],
    ['192.168.1.100', '192.168.1.100', [['end', 'End address must be after the start address.']]],
    ['192.168.1.200', '192.168.1.100', [['end', 'End address must be after the start address.']]],
    ['192.168.2.100', '192.168.2.200', [['start', 'Start address must be in the segment 192.168.1.0/24.']]],
    ['192.168.1.100', '192.168.2.200', [['end', 'End address must be in the segment 192.168.1.0/24.']]],
    ['192.168.1.0', '192.168.1.100', [['start', 'Start address must be within 192.168.1.1–192.168.1.254.']]],
    ['192.168.1.100', '192.168.1.255', [['end', 'End address must be within 192.168.1.1–192.168.1.254.']]],
    [
      '192.168.1',
      'x',
      [
        ['start', 'Start address must be a valid IPv4 address, like 192.168.1.1.'],
        ['end', 'End address must be a valid IPv4 address, like 192.168.1.1.'],
      ],
    ],
  ])('%s – %s → %j', (start, end, expected) => {
    expect(dhcpRangeIssues({ ...base, start, end })).toEqual(expected);
  });
  it('keeps inside a narrower allowed range when the device gives one', () => {
    const allowed = { start: 0xc0a80164, end: 0xc0a801c8 }; // 192.168.1.100–200
    expect(dhcpRangeIssues({ ...base, start: '192.168.1.100', end: '192.168.1.200', allowed })).toEqual([]);
    expect(dhcpRangeIssues({ ...base, start: '192.168.1.50', end: '192.168.1.200', allowed })).toEqual([
      ['start', 'Start address must be within 192.168.1.100–192.168.1.200.'],
    ]);
  });
});

describe('pool conflicts', () => {
  it('refuses overlapping ranges and repeated names', () => {
    const issues = dhcpPoolConflictIssues([
      { name: 'lan', start: '192.168.1.100', end: '192.168.1.200' },
      { name: 'guest', start: '192.168.1.150', end: '192.168.1.160' },
      { name: 'LAN', start: '10.0.0.10', end: '10.0.0.20' },
    ]);
    expect(issues).toEqual([
      { index: 1, field: 'start', message: 'The range overlaps pool "lan" (192.168.1.100–192.168.1.200).' },
      { index: 2, field: 'name', message: 'Pool name "LAN" is already used.' },
    ]);
  });
  it('accepts disjoint pools', () => {
    expect(
      dhcpPoolConflictIssues([
        { name: 'a', start: '192.168.1.100', end: '192.168.1.149' },
        { name: 'b', start: '192.168.1.150', end: '192.168.1.200' },
      ]),
    ).toEqual([]);
  });
});

describe('DHCP pool schema', () => {
  const pool = {
    name: 'office',
    start: '192.168.10.100',
    end: '192.168.10.200',
    mask: '255.255.255.0',
    gateway: '192.168.10.1',
    dns: ['8.8.8.8', '114.114.114.114'],
    leaseMinutes: 1440,
  };
  it('accepts a valid pool and defaults DNS to none', () => {
    expect(dhcpPoolSchema.safeParse(pool).success).toBe(true);
    expect(dhcpPoolSchema.parse({ ...pool, dns: undefined }).dns).toEqual([]);
  });
  it.each([
    [{ dns: ['8.8.8.8', '8.8.8.8'] }, 'dns', 'The primary and secondary DNS must differ.'],
    [{ dns: ['1.1.1.1', '8.8.8.8', '9.9.9.9'] }, 'dns', 'Enter at most two DNS servers.'],
    [{ end: '192.168.11.5' }, 'end', 'End address must be in the segment 192.168.10.0/24.'],
    [{ leaseMinutes: 20 }, 'leaseMinutes', 'Lease time must be from 30 to 10080 minutes.'],
    [{ name: 'my pool' }, 'name', 'Pool name must be 1–32 letters, digits or underscores.'],
    [{ gateway: '127.0.0.1' }, 'gateway', 'Gateway must start with a number from 1 to 223, other than 127.'],
  ])('refuses %j', (change, path, message) => {
    const r = dhcpPoolSchema.safeParse({ ...pool, ...change });
    expect(r.error?.issues.find((i) => i.path[0] === path)?.message).toBe(message);
  });
});
