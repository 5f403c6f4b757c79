import { DEVICE_RATE_LIMIT, FLOOD_DISCONNECT_SECONDS } from '@netloom/protocol';
import { describe, expect, it } from 'vitest';
import { DeviceRateLimiter } from '../src/gateway/rateLimit';

function limiter() {
  const clock = { t: 0 };
  const l = new DeviceRateLimiter(undefined, undefined, undefined, () => clock.t);
  return { l, clock };
}

describe('per-device rate limit (protocol §9)', () => {
  it('allows the burst, then the average rate, and drops the rest', () => {
    const { l, clock } = limiter();
    const verdicts = Array.from({ length: DEVICE_RATE_LIMIT.burst + 5 }, () => l.take('A'));
    expect(verdicts.filter((v) => v === 'ok')).toHaveLength(DEVICE_RATE_LIMIT.burst);
    expect(verdicts.slice(-5)).toEqual(['drop', 'drop', 'drop', 'drop', 'drop']);
    clock.t += 1000; // one second refills 10
    const next = Array.from({ length: 12 }, () => l.take('A'));
    expect(next.filter((v) => v === 'ok')).toHaveLength(DEVICE_RATE_LIMIT.messagesPerSecond);
    // Other devices have their own bucket.
    expect(l.take('B')).toBe('ok');
  });

  it('calls it flooding only after staying over the limit for 60 s', () => {
    const { l, clock } = limiter();
    let verdict = l.take('A');
    // 20 messages/s, twice the allowed rate, for up to 75 s (the burst allowance lasts the first ~6 s).
    for (let ms = 0; ms <= (FLOOD_DISCONNECT_SECONDS + 15) * 1000; ms += 50) {
      clock.t = ms;
      verdict = l.take('A');
      if (verdict === 'flood') break;
    }
    expect(verdict).toBe('flood');
    expect(clock.t).toBeGreaterThanOrEqual(FLOOD_DISCONNECT_SECONDS * 1000);
  });

  it('forgives a burst followed by a pause', () => {
    const { l, clock } = limiter();
    for (let i = 0; i < 100; i++) l.take('A');
    clock.t += 10_000;
    for (let i = 0; i < 50; i++) expect(l.take('A')).toBe('ok');
    clock.t += FLOOD_DISCONNECT_SECONDS * 1000;
    for (let i = 0; i < 60; i++) expect(l.take('A')).not.toBe('flood');
  });
});
