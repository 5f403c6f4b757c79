import { describe, expect, it } from 'vitest';
import { ERR, errorMessage } from '../errors/catalogue';
import { requestedTimeZone, timeZoneSchema } from './timeZone';

describe("a project's time zone", () => {
  it('time zone is a known IANA zone, with the catalogue message (436) otherwise', () => {
    expect(timeZoneSchema.safeParse('Europe/Lisbon').success).toBe(true);
    const r = timeZoneSchema.safeParse('Lisbon');
    expect(r.success ? null : r.error.issues[0]?.message).toBe(errorMessage(ERR.UNKNOWN_TIME_ZONE));
    expect(timeZoneSchema.safeParse(8).success).toBe(false);
  });
  it('an old offset in a request is read as its zone; an unknown one as none', () => {
    expect(requestedTimeZone(8)).toBe('Asia/Shanghai');
    expect(requestedTimeZone(-5)).toBe('Etc/GMT+5');
    expect(requestedTimeZone(7.5)).toBeNull();
    expect(requestedTimeZone('America/New_York')).toBe('America/New_York');
    expect(requestedTimeZone('Mars/Base')).toBeNull();
  });
});
