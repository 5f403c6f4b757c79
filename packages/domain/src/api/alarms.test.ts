import { describe, expect, it } from 'vitest';
import { alarmListQuerySchema, alarmMarkReadSchema } from './alarms';
import { alarmsChangedEventSchema, liveEventSchema } from './live';

describe('alarm schemas', () => {
  it('read the list query from strings with the alarm list defaults', () => {
    expect(alarmListQuerySchema.parse({})).toEqual({ kind: 'alarm', page: 1, pageSize: 20 });
    expect(
      alarmListQuerySchema.parse({ read: '0', severity: 'critical', from: '10', to: '20', deviceId: '7' }),
    ).toMatchObject({ read: 0, severity: 'critical', from: 10, to: 20, deviceId: 7 });
    expect(alarmListQuerySchema.safeParse({ from: '20', to: '10' }).success).toBe(false);
    expect(alarmListQuerySchema.safeParse({ read: '2' }).success).toBe(false);
    expect(alarmListQuerySchema.safeParse({ kind: 'debug' }).success).toBe(false);
    expect(alarmListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
  });

  it('mark read takes ids or all, never both or neither', () => {
    expect(alarmMarkReadSchema.safeParse({ ids: [1, 2] }).success).toBe(true);
    expect(alarmMarkReadSchema.safeParse({ all: true, deviceId: 3 }).success).toBe(true);
    expect(alarmMarkReadSchema.safeParse({}).success).toBe(false);
    expect(alarmMarkReadSchema.safeParse({ ids: [1], all: true }).success).toBe(false);
    expect(alarmMarkReadSchema.safeParse({ ids: [] }).success).toBe(false);
    expect(alarmMarkReadSchema.safeParse({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }).success).toBe(
      false,
    );
  });

  it('alarms.changed is a live event', () => {
    const e = { type: 'alarms.changed', projectId: 1, reason: 'raised', alarms: 2, severity: 'critical' };
    expect(alarmsChangedEventSchema.parse(e)).toEqual(e);
    expect(liveEventSchema.parse(e)).toEqual(e);
  });
});
