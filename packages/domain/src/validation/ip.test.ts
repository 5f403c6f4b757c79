import { describe, expect, it } from 'vitest';
import {
  dnsListIssue,
  formatIpv4,
  formatSegment,
  gatewayIssue,
  hostIdIssue,
  hostRange,
  ipv4Issue,
  managementIpIssue,
  maskIssue,
  maskToPrefix,
  parseIpv4,
  prefixLengthIssue,
  prefixToMask,
  sameSegment,
  sameSegmentIssue,
  segmentRange,
  segmentsOverlap,
  staticIpConfigSchema,
} from './ip';

describe('IPv4 address', () => {
  it.each(['0.0.0.0', '1.2.3.4', '192.168.1.1', '255.255.255.255', '10.0.0.10'])('accepts %s', (s) => {
    expect(ipv4Issue(s)).toBeNull();
  });
  it.each([
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.-4',
    'a.b.c.d',
    '1.2.3.4 ',
    '1..2.3',
    '1.2.3.4/24',
  ])('refuses %j', (s) => {
    expect(ipv4Issue(s)).toBe('IP address must be a valid IPv4 address, like 192.168.1.1.');
  });
  it('requires a value', () => {
    expect(ipv4Issue('', 'LAN IP')).toBe('LAN IP is required.');
  });
  it('round-trips through numbers', () => {
    expect(parseIpv4('192.168.1.1')).toBe(0xc0a80101);
    expect(formatIpv4(0xc0a80101)).toBe('192.168.1.1');
    expect(formatIpv4(parseIpv4('255.255.255.255') ?? 0)).toBe('255.255.255.255');
  });
});

describe('subnet mask: dotted with contiguous ones, or prefix 0–32', () => {
  it.each([
    ['255.255.255.0', 24],
    ['255.255.255.255', 32],
    ['0.0.0.0', 0],
    ['255.255.254.0', 23],
    ['128.0.0.0', 1],
    ['255.255.255.252', 30],
    [16, 16],
    ['8', 8],
  ])('%j → /%i', (mask, prefix) => {
    expect(maskToPrefix(mask)).toBe(prefix);
  });
  it.each(['255.0.255.0', '255.255.255.1', '0.255.255.255', '255.255.253.0', '300.0.0.0', ''])(
    'refuses %j',
    (s) => {
      expect(maskIssue(s)).not.toBeNull();
    },
  );
  it('names the expected form', () => {
    expect(maskIssue('255.0.255.0')).toBe(
      'Subnet mask must be a valid mask with contiguous ones, like 255.255.255.0.',
    );
  });
  it.each([
    [0, null],
    [32, null],
    ['24', null],
    [33, 'Mask length must be from 0 to 32.'],
    [-1, 'Mask length must be from 0 to 32.'],
    ['24.5', 'Mask length must be a whole number.'],
  ])('prefix %j → %j', (v, expected) => {
    expect(prefixLengthIssue(v)).toBe(expected);
  });
  it('prefix back to dotted', () => {
    expect(prefixToMask(24)).toBe('255.255.255.0');
    expect(prefixToMask(0)).toBe('0.0.0.0');
    expect(prefixToMask(32)).toBe('255.255.255.255');
  });
});

describe('gateway: first octet 1–223, not 127', () => {
  const msg = 'Gateway must start with a number from 1 to 223, other than 127.';
  it.each([
    ['1.0.0.1', null],
    ['192.168.1.1', null],
    ['223.255.255.254', null],
    ['126.0.0.1', null],
    ['128.0.0.1', null],
    ['0.1.2.3', msg],
    ['127.0.0.1', msg],
    ['224.0.0.1', msg],
    ['255.255.255.255', msg],
    ['192.168.1', 'Gateway must be a valid IPv4 address, like 192.168.1.1.'],
  ])('%s → %j', (s, expected) => {
    expect(gatewayIssue(s)).toBe(expected);
  });
});

describe('host ID not all 0s or all 1s', () => {
  it.each([
    ['192.168.1.1', '255.255.255.0', null],
    ['192.168.1.254', 24, null],
    ['192.168.1.0', 24, 'IP address cannot be the network address of its segment (host part all 0s).'],
    ['192.168.1.255', 24, 'IP address cannot be the broadcast address of its segment (host part all 1s).'],
    ['192.168.0.255', 23, null], // inside 192.168.0.0/23
    ['192.168.1.0', 23, null],
    ['192.168.1.255', 23, 'IP address cannot be the broadcast address of its segment (host part all 1s).'],
    ['10.0.0.3', 30, 'IP address cannot be the broadcast address of its segment (host part all 1s).'],
    ['10.0.0.0', 31, null], // /31 point-to-point: both addresses are hosts
    ['10.0.0.0', 32, null],
  ])('%s/%s → %j', (ip, mask, expected) => {
    expect(hostIdIssue(ip, mask)).toBe(expected);
  });
});

describe('segments', () => {
  it('computes network, broadcast and host range', () => {
    const r = segmentRange('192.168.1.77', '255.255.255.0');
    expect(r && [formatIpv4(r.start), formatIpv4(r.end)]).toEqual(['192.168.1.0', '192.168.1.255']);
    const h = hostRange('192.168.1.77', 24);
    expect(h && [formatIpv4(h.start), formatIpv4(h.end)]).toEqual(['192.168.1.1', '192.168.1.254']);
    expect(formatSegment('10.1.2.3', 8)).toBe('10.0.0.0/8');
    expect(segmentRange('nope', 24)).toBeNull();
  });
  it.each([
    ['192.168.1.10', '192.168.1.200', 24, true],
    ['192.168.1.10', '192.168.2.10', 24, false],
    ['192.168.1.10', '192.168.2.10', 16, true],
    ['192.168.1.10', '192.168.1.130', 25, false],
  ])('%s and %s in /%i: same=%s', (a, b, mask, same) => {
    expect(sameSegment(a, b, mask)).toBe(same);
  });
  it('says which segment is expected', () => {
    expect(sameSegmentIssue('192.168.2.1', '192.168.1.1', 24, 'Gateway')).toBe(
      'Gateway must be in the segment 192.168.1.0/24.',
    );
  });
  it.each([
    [{ ip: '10.0.0.1', mask: 8 }, { ip: '10.1.0.1', mask: 16 }, true],
    [{ ip: '192.168.1.1', mask: 24 }, { ip: '192.168.2.1', mask: 24 }, false],
    [{ ip: '192.168.1.1', mask: 24 }, { ip: '192.168.1.129', mask: 25 }, true],
    [{ ip: '172.16.0.1', mask: '255.255.0.0' }, { ip: '172.17.0.1', mask: '255.255.0.0' }, false],
  ])('overlap %j %j = %s', (a, b, overlap) => {
    expect(segmentsOverlap(a, b)).toBe(overlap);
  });
});

describe('management IP: private ranges, not the LAN IP', () => {
  const range = 'Management IP must be in 10.x.x.x, 172.16–31.x.x or 192.168.x.x.';
  it.each([
    ['10.0.0.1', undefined, null],
    ['10.255.255.254', undefined, null],
    ['172.16.0.1', undefined, null],
    ['172.31.255.1', undefined, null],
    ['192.168.0.1', undefined, null],
    ['172.15.0.1', undefined, range],
    ['172.32.0.1', undefined, range],
    ['192.169.0.1', undefined, range],
    ['11.0.0.1', undefined, range],
    ['8.8.8.8', undefined, range],
    ['192.168.1.1', '192.168.1.1', 'Management IP must differ from the LAN IP.'],
    ['192.168.1.2', '192.168.1.1', null],
  ])('%s (LAN %s) → %j', (ip, lan, expected) => {
    expect(managementIpIssue(ip, lan)).toBe(expected);
  });
});

describe('DNS: at most two, different', () => {
  it.each([
    [[], null],
    [['8.8.8.8'], null],
    [['8.8.8.8', '1.1.1.1'], null],
    [['8.8.8.8', ''], null],
    [['8.8.8.8', '8.8.8.8'], 'The primary and secondary DNS must differ.'],
    [['8.8.8.8', '1.1.1.1', '9.9.9.9'], 'Enter at most two DNS servers.'],
    [['8.8.8'], 'Primary DNS must be a valid IPv4 address, like 192.168.1.1.'],
    [['8.8.8.8', '127.0.0.1'], 'Secondary DNS must start with a number from 1 to 223, other than 127.'],
  ])('%j → %j', (list, expected) => {
    expect(dnsListIssue(list)).toBe(expected);
  });
});

describe('static IP config schema', () => {
  const ok = { ip: '192.168.1.10', mask: '255.255.255.0', gateway: '192.168.1.1', dns: ['8.8.8.8'] };
  it('accepts a consistent config', () => {
    expect(staticIpConfigSchema.safeParse(ok).success).toBe(true);
    expect(staticIpConfigSchema.safeParse({ ip: '10.0.0.2', mask: '255.0.0.0' }).success).toBe(true);
  });
  it.each([
    [
      { ip: '192.168.1.255' },
      'ip',
      'IP address cannot be the broadcast address of its segment (host part all 1s).',
    ],
    [{ gateway: '192.168.2.1' }, 'gateway', 'Gateway must be in the segment 192.168.1.0/24.'],
    [{ gateway: '192.168.1.10' }, 'gateway', 'Gateway must differ from the IP address.'],
    [
      { mask: '255.255.0.255' },
      'mask',
      'Subnet mask must be a valid mask with contiguous ones, like 255.255.255.0.',
    ],
    [{ dns: ['1.1.1.1', '1.1.1.1'] }, 'dns', 'The primary and secondary DNS must differ.'],
  ])('refuses %j on %s', (change, path, message) => {
    const r = staticIpConfigSchema.safeParse({ ...ok, ...change });
    expect(r.success).toBe(false);
    expect(r.error?.issues.find((i) => i.path[0] === path)?.message).toBe(message);
  });
  it('reports an invalid field once, without cross-field noise', () => {
    const r = staticIpConfigSchema.safeParse({ ip: '1.2.3', mask: '255.255.255.0', gateway: '192.168.1.1' });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['ip', 'IP address must be a valid IPv4 address, like 192.168.1.1.'],
    ]);
  });
});
