import { describe, expect, it } from 'vitest';
import { TIME_RANGE_KEYS } from '../enums/misc';
import { clientListQuerySchema, clientMacParamSchema } from './clients';
import { bucketMsOfRange, monitoringRangeQuerySchema, pointsOfRange } from './monitoring';

describe('monitoring time ranges', () => {
  it('uses 5-minute buckets up to 24 h and hourly beyond, with a bounded number of points', () => {
    expect(TIME_RANGE_KEYS.map((r) => [r, bucketMsOfRange(r) / 60_000, pointsOfRange(r)])).toEqual([
      ['12h', 5, 144],
      ['24h', 5, 288],
      ['72h', 60, 72],
      ['7d', 60, 168],
      ['30d', 60, 720],
    ]);
  });
  it('accepts only the five ranges and defaults to 24 h', () => {
    expect(monitoringRangeQuerySchema.parse({})).toEqual({ range: '24h' });
    expect(monitoringRangeQuerySchema.safeParse({ range: '7d' }).success).toBe(true);
    for (const bad of ['1y', '48h', '', '30D'])
      expect(monitoringRangeQuerySchema.safeParse({ range: bad }).success).toBe(false);
  });
});

describe('client list query', () => {
  it('coerces paging, defaults the sort and bounds the page size', () => {
    expect(clientListQuerySchema.parse({ page: '2', pageSize: '50' })).toMatchObject({
      page: 2,
      pageSize: 50,
      sort: 'uptime',
      order: 'desc',
    });
    expect(clientListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(clientListQuerySchema.safeParse({ sort: 'password' }).success).toBe(false);
  });
  it('reads a MAC in either case and refuses anything else', () => {
    expect(clientMacParamSchema.parse('a4:83:e7:10:22:31')).toBe('A4:83:E7:10:22:31');
    for (const bad of ['A4-83-E7-10-22-31', 'A4:83:E7:10:22', 'zz:83:e7:10:22:31'])
      expect(clientMacParamSchema.safeParse(bad).success).toBe(false);
  });
});
