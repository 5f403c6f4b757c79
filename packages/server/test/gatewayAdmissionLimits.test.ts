import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { SERIAL_CONNECT_LIMIT } from '../src/gateway/admission';
import { ConnectRate } from '../src/gateway/connectRate';
import { ThrottledLog } from '../src/gateway/throttledLog';

/** The defaults of config.ts (MQTT_CONNECTS_PER_ADDRESS) and admission.ts, on a clock of our own. */
function addressLimit(perSecond = 1000) {
  const clock = { t: 0 };
  return { rate: new ConnectRate(perSecond, perSecond * 20, () => clock.t), clock };
}
function serialLimit() {
  const clock = { t: 0 };
  const rate = new ConnectRate(
    SERIAL_CONNECT_LIMIT.perMinute / 60,
    SERIAL_CONNECT_LIMIT.burst,
    () => clock.t,
  );
  return { rate, clock };
}

describe('connect rate: what must pass', () => {
  it('lets 18,000 devices behind one address (the bench, a NAT) connect at 1,000/s, all at once, and again', () => {
    const { rate, clock } = addressLimit();
    let refused = 0;
    for (let i = 0; i < 18_000; i++) {
      clock.t = i; // one a millisecond: 1,000/s
      if (!rate.take('127.0.0.1')) refused++;
    }
    // A reconnect storm 30 s later: all 18,000 in the same millisecond.
    clock.t += 30_000;
    for (let i = 0; i < 18_000; i++) if (!rate.take('127.0.0.1')) refused++;
    expect(refused).toBe(0);
  });

  it('never refuses a device reconnecting with the back-off of protocol §1, even at its fastest', () => {
    const { rate, clock } = serialLimit();
    // First delay 1–10 s, doubling to 60 s, ±25 % jitter: always the shortest possible, for a day.
    let delay = 1000;
    let refused = 0;
    let attempts = 0;
    while (clock.t < 24 * 3600_000) {
      clock.t += delay * 0.75;
      attempts++;
      if (!rate.take('NLT0000000000000001')) refused++;
      delay = Math.min(60_000, delay * 2);
    }
    expect(attempts).toBeGreaterThan(1000);
    expect(refused).toBe(0);
  });

  it('lets a device whose connection keeps being lost reconnect 20 times in a row at the shortest delay', () => {
    const { rate, clock } = serialLimit();
    const codes = Array.from({ length: 20 }, () => {
      clock.t += 750;
      return rate.take('NLT0000000000000001');
    });
    expect(codes.every(Boolean)).toBe(true);
  });
});

describe('connect rate: what must not', () => {
  it('refuses all but the burst of 200 cycles of one serial number in 1 s', () => {
    const { rate, clock } = serialLimit();
    let accepted = 0;
    for (let i = 0; i < 200; i++) {
      clock.t = i * 5;
      if (rate.take('NLT0000000000000001')) accepted++;
    }
    expect(accepted).toBe(SERIAL_CONNECT_LIMIT.burst);
    // Then 20 a minute: one every 3 s.
    clock.t += 3000;
    expect(rate.take('NLT0000000000000001')).toBe(true);
    expect(rate.take('NLT0000000000000001')).toBe(false);
  });

  it('refuses an address beyond its burst, and forgets buckets that are full again', () => {
    const { rate, clock } = addressLimit(5);
    let accepted = 0;
    for (let i = 0; i < 150; i++) if (rate.take('203.0.113.7')) accepted++;
    expect(accepted).toBe(100);
    expect(rate.take('198.51.100.1')).toBe(true); // another address has its own
    expect(rate.size).toBe(2);
    clock.t += 19_000; // 203.0.113.7 has refilled 95 of 100
    rate.sweep();
    expect(rate.size).toBe(1);
    clock.t += 1000;
    rate.sweep();
    expect(rate.size).toBe(0);
  });
});

describe('ThrottledLog', () => {
  function logger() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString('utf8')));
        done();
      },
    });
    return { log: pino({ level: 'info' }, stream), lines };
  }

  it('writes one line per key per interval, then the count of those left out', () => {
    const { log, lines } = logger();
    const clock = { t: 0 };
    const throttled = new ThrottledLog(log, 60_000, 10_000, () => clock.t);
    for (let i = 0; i < 500; i++) throttled.warn('A', { sn: 'A', i }, 'refused');
    throttled.warn('B', { sn: 'B' }, 'refused');
    expect(lines.map((l) => [l.sn, l.i, l.suppressed])).toEqual([
      ['A', 0, undefined],
      ['B', undefined, undefined],
    ]);
    clock.t = 60_000;
    expect(throttled.warn('A', { sn: 'A', i: 500 }, 'refused')).toBe(true);
    expect(lines.at(-1)).toMatchObject({ sn: 'A', i: 500, suppressed: 499 });
    throttled.warn('A', { sn: 'A' }, 'refused');
    throttled.flush('A', { sn: 'A' }, 'left');
    expect(lines.at(-1)).toMatchObject({ msg: 'left', suppressed: 1 });
    throttled.flush('B', { sn: 'B' }, 'left'); // nothing left out: no line
    expect(lines).toHaveLength(4);
  });

  it('bounds its memory: past `memory` keys it starts over', () => {
    const { log, lines } = logger();
    const throttled = new ThrottledLog(log, 60_000, 100, () => 0);
    for (let i = 0; i < 250; i++) throttled.warn(`k${i}`, {}, 'x');
    throttled.warn('k0', {}, 'x'); // forgotten at the 100th key: logs again
    expect(lines).toHaveLength(251);
  });
});
