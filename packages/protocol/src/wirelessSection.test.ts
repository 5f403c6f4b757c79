import {
  renderSsids,
  SECURITY_MODE_TO_CODE,
  SECURITY_MODES,
  type WirelessPolicy,
  type WirelessSettings,
} from '@netloom/domain';
import { buildWirelessPolicy } from '@netloom/domain/testing';
import { describe, expect, it } from 'vitest';
import { configSchema } from './messages/down';

/** A WPA3/WPA2 policy with a weekday-night shutdown (the fields this section renders specially). */
const policy = (over: Partial<WirelessPolicy> = {}): WirelessPolicy =>
  buildWirelessPolicy({
    key: 'corp',
    name: 'Corp',
    ssid: 'Corp',
    security: 'WPA3-SAE/WPA2-PSK',
    schedule: 'Mon-Fri 00:00-06:00',
    ...over,
  });

const message = (settings: WirelessSettings) => ({
  v: 1,
  ts: 1_000,
  version: 3,
  document: { wireless: { ssids: renderSsids(settings, 1, ['2.4G', '5G']) } },
});

describe('config `wireless` section: security codes and the schedule date range', () => {
  it('carries the §3 numeric code of every security mode next to its name', () => {
    for (const security of SECURITY_MODES) {
      const [ssid] = renderSsids({ policies: [policy({ security })] }, 1, ['2.4G']);
      expect(ssid).toMatchObject({ security, securityCode: SECURITY_MODE_TO_CODE[security] });
    }
    expect(configSchema.safeParse(message({ policies: [policy()] })).success).toBe(true);
  });

  it('refuses an entry without a code or with one outside 0–8', () => {
    const m = message({ policies: [policy()] });
    const [first, ...rest] = m.document.wireless.ssids;
    if (!first) throw new Error('nothing rendered');
    const { securityCode: _code, ...noCode } = first;
    const without = { ...m, document: { wireless: { ssids: [noCode, ...rest] } } };
    expect(configSchema.safeParse(without).success).toBe(false);
    const nine = { ...m, document: { wireless: { ssids: [{ ...first, securityCode: 9 }, ...rest] } } };
    expect(configSchema.safeParse(nine).success).toBe(false);
  });

  it('renders a date range only when the policy has one (either side may be open)', () => {
    const [plain] = renderSsids({ policies: [policy()] }, 1, ['2.4G']);
    expect(plain).not.toHaveProperty('scheduleDates');
    const [dated] = renderSsids({ policies: [policy({ scheduleUntil: '2026-12-31' })] }, 1, ['2.4G']);
    expect(dated?.scheduleDates).toEqual({ from: null, until: '2026-12-31' });
    expect(
      configSchema.safeParse(message({ policies: [policy({ scheduleFrom: '2026-12-01' })] })).success,
    ).toBe(true);
  });
});
