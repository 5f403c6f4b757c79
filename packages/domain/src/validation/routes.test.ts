import { describe, expect, it } from 'vitest';
import {
  nextHopIssue,
  parseNextHop,
  portMappingIssues,
  portMappingSchema,
  portMappingTableIssues,
  routeDestinationIssue,
  staticRouteIssues,
  staticRouteSchema,
  staticRouteTableIssues,
} from './routes';

describe('static route destination: first octet 1–223 except 127', () => {
  const msg = 'Destination network must start with a number from 1 to 223, other than 127.';
  it.each([
    ['1.0.0.0', null],
    ['10.0.0.0', null],
    ['223.1.1.0', null],
    ['0.0.0.0', msg],
    ['127.0.0.0', msg],
    ['224.0.0.0', msg],
    ['240.0.0.0', msg],
    ['10.0.0', 'Destination network must be a valid IPv4 address, like 192.168.1.1.'],
    ['', 'Destination network is required.'],
  ])('%j → %j', (s, expected) => {
    expect(routeDestinationIssue(s)).toBe(expected);
  });
});

describe('next hop: one address or {ip}-{ip}', () => {
  it.each([
    ['192.168.1.254', null],
    ['10.0.0.1-10.0.0.2', null],
    ['', 'Next hop is required.'],
    ['10.0.0.1-', 'Next hop must be an IPv4 address, or two written {ip}-{ip} like 10.0.0.1-10.0.0.2.'],
    [
      '10.0.0.1 - 10.0.0.2',
      'Next hop must be an IPv4 address, or two written {ip}-{ip} like 10.0.0.1-10.0.0.2.',
    ],
    [
      '10.0.0.1-10.0.0.2-10.0.0.3',
      'Next hop must be an IPv4 address, or two written {ip}-{ip} like 10.0.0.1-10.0.0.2.',
    ],
    [
      '10.0.0.1,10.0.0.2',
      'Next hop must be an IPv4 address, or two written {ip}-{ip} like 10.0.0.1-10.0.0.2.',
    ],
    ['10.0.0.1-10.0.0.1', 'The two next-hop addresses must differ.'],
    ['127.0.0.1', 'Next hop must start with a number from 1 to 223, other than 127.'],
    ['10.0.0.1-224.0.0.1', 'Next hop must start with a number from 1 to 223, other than 127.'],
  ])('%j → %j', (s, expected) => {
    expect(nextHopIssue(s)).toBe(expected);
  });
  it('parses into addresses', () => {
    expect(parseNextHop('10.0.0.1-10.0.0.2')).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(parseNextHop('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(parseNextHop('x')).toBeNull();
  });
});

describe('static route', () => {
  const route = { name: 'to_branch', destination: '10.1.0.0', mask: '255.255.0.0', nextHop: '192.168.1.254' };
  it('accepts a valid route', () => {
    expect(staticRouteIssues(route)).toEqual([]);
    expect(staticRouteSchema.safeParse(route).success).toBe(true);
  });
  it.each([
    [
      { destination: '10.1.2.3' },
      'destination',
      'Destination network must be a network address for this mask, like 10.1.0.0.',
    ],
    [
      { mask: '255.0.255.0' },
      'mask',
      'Subnet mask must be a valid mask with contiguous ones, like 255.255.255.0.',
    ],
    [{ name: 'to branch' }, 'name', 'Rule name cannot contain spaces.'],
    [{ name: '' }, 'name', 'Rule name is required.'],
    [{ nextHop: '' }, 'nextHop', 'Next hop is required.'],
  ])('refuses %j', (change, field, message) => {
    expect(staticRouteIssues({ ...route, ...change })).toEqual([{ index: 0, field, message }]);
    const r = staticRouteSchema.safeParse({ ...route, ...change });
    expect(r.error?.issues[0]?.path).toEqual([field]);
  });
  it('names and destinations are unique in a table', () => {
    const routes = [
      route,
      { ...route, name: 'TO_BRANCH', destination: '10.2.0.0' },
      { ...route, name: 'other', destination: '10.1.0.0' },
      { ...route, name: 'wider', destination: '10.0.0.0', mask: '255.0.0.0' }, // other prefix: allowed
    ];
    expect(staticRouteTableIssues(routes)).toEqual([
      { index: 1, field: 'name', message: 'Rule name "TO_BRANCH" is already used.' },
      { index: 2, field: 'destination', message: 'A route to 10.1.0.0/16 already exists.' },
    ]);
  });
});

describe('port mapping', () => {
  const rule = {
    name: 'web',
    internalIp: '192.168.1.10',
    internalPorts: '80',
    externalPorts: '8080',
    wanPort: 'WAN1',
  };
  it('accepts a valid rule', () => {
    expect(portMappingIssues(rule)).toEqual([]);
    expect(portMappingSchema.safeParse(rule).success).toBe(true);
  });
  it.each([
    [
      { internalIp: '127.0.0.1' },
      'internalIp',
      'Internal server IP must start with a number from 1 to 223, other than 127.',
    ],
    [{ internalPorts: '80;80' }, 'internalPorts', 'Internal ports: 80 appears more than once.'],
    [{ externalPorts: '0' }, 'externalPorts', 'External ports: 0 is outside 1–65535.'],
    [
      { externalPorts: '80;9000-9010' },
      'externalPorts',
      'External ports: use either single ports separated by ; (like 80;443) or ranges (like 8000-8010), not both.',
    ],
  ])('refuses %j', (change, field, message) => {
    expect(portMappingIssues({ ...rule, ...change })).toEqual([{ index: 0, field, message }]);
  });
  it('names unique, external ports not overlapping on one WAN port, internal ports differ per server', () => {
    const rules = [
      rule,
      { ...rule, name: 'WEB', internalIp: '192.168.1.11', externalPorts: '9090' },
      { ...rule, name: 'cam', internalIp: '192.168.1.12', externalPorts: '8000-8100' },
      { ...rule, name: 'ssh', internalPorts: '80', externalPorts: '2222' },
      { ...rule, name: 'wan2', internalIp: '192.168.1.13', externalPorts: '8080', wanPort: 'WAN2' },
    ];
    expect(portMappingTableIssues(rules)).toEqual([
      { index: 1, field: 'name', message: 'Rule name "WEB" is already used.' },
      { index: 2, field: 'externalPorts', message: 'External port 8080 is already used by rule "web".' },
      {
        index: 3,
        field: 'internalPorts',
        message: 'Internal port 80 of 192.168.1.10 is already used by rule "web".',
      },
    ]);
  });
});
