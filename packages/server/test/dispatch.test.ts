import { PROTOCOL_EXAMPLES, upTopic } from '@netloom/protocol';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db';
import { Dispatcher } from '../src/gateway/dispatch';
import { DeviceRegistry } from '../src/gateway/registry';
import { systemClock } from '../src/lib/clock';

// The dispatcher runs a device's handlers synchronously while nothing of the device is pending, and
// in arrival order per device once a handler returns a promise.

const telemetry = (n: number) =>
  new TextEncoder().encode(JSON.stringify({ ...PROTOCOL_EXAMPLES.telemetry, clients: n }));

function dispatcher(): Dispatcher {
  // The registry reads the database only in `load`, which no test here calls.
  const registry = new DeviceRegistry(undefined as unknown as Db);
  return new Dispatcher(registry, systemClock, pino({ level: 'silent' }));
}

/** A promise the test settles. */
function gate(): { promise: Promise<void>; open: () => void; fail: (e: Error) => void } {
  let open = () => {};
  let fail: (e: Error) => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('dispatcher', () => {
  it('runs synchronous handlers within dispatch, in registration order, with nothing left queued', () => {
    const d = dispatcher();
    const seen: string[] = [];
    d.onMessage('telemetry', (ctx, data) => {
      seen.push(`a:${ctx.sn}:${data.clients}`);
    });
    d.onMessage('telemetry', (ctx, data) => {
      seen.push(`b:${ctx.sn}:${data.clients}`);
    });
    expect(d.dispatch(upTopic('NLSYNC0000000001', 'telemetry'), telemetry(3))).toBe('ok');
    expect(seen).toEqual(['a:NLSYNC0000000001:3', 'b:NLSYNC0000000001:3']);
    expect(d.counters.queue).toBe(0);
    expect(d.counters.queueHigh).toBe(0);
  });

  it('holds a device behind a pending handler, in arrival order, while other devices go on', async () => {
    const d = dispatcher();
    const seen: string[] = [];
    const first = gate();
    let calls = 0;
    d.onMessage('telemetry', (ctx, data) => {
      seen.push(`a:${ctx.sn}:${data.clients}`);
      calls++;
      return calls === 1 ? first.promise : undefined;
    });
    d.onMessage('telemetry', (ctx, data) => {
      seen.push(`b:${ctx.sn}:${data.clients}`);
    });
    d.onConnectionChange((sn, connected) => seen.push(`conn:${sn}:${connected}`));

    d.dispatch(upTopic('NLSLOW0000000001', 'telemetry'), telemetry(1));
    d.dispatch(upTopic('NLSLOW0000000001', 'telemetry'), telemetry(2));
    d.connectionChanged('NLSLOW0000000001', false);
    d.dispatch(upTopic('NLFAST0000000001', 'telemetry'), telemetry(7));
    // The first message's second handler waits for its first; the device's later jobs wait too.
    expect(seen).toEqual(['a:NLSLOW0000000001:1', 'a:NLFAST0000000001:7', 'b:NLFAST0000000001:7']);
    expect(d.counters.queue).toBe(3);

    first.open();
    await d.drain();
    expect(seen).toEqual([
      'a:NLSLOW0000000001:1',
      'a:NLFAST0000000001:7',
      'b:NLFAST0000000001:7',
      'b:NLSLOW0000000001:1',
      'a:NLSLOW0000000001:2',
      'b:NLSLOW0000000001:2',
      'conn:NLSLOW0000000001:false',
    ]);
    expect(d.counters.queue).toBe(0);
    expect(d.counters.queueHigh).toBe(3);

    // Once drained, the device is handled synchronously again.
    d.dispatch(upTopic('NLSLOW0000000001', 'telemetry'), telemetry(4));
    expect(seen.slice(-2)).toEqual(['a:NLSLOW0000000001:4', 'b:NLSLOW0000000001:4']);
  });

  it("a device's job that arrives from within its own handler runs after that message's handlers", async () => {
    const d = dispatcher();
    const seen: string[] = [];
    const pending = gate();
    d.onMessage('telemetry', (ctx, data) => {
      seen.push(`a:${data.clients}`);
      // As a handler that closes the device's connection would: the broker reports it at once.
      if (data.clients === 1 || data.clients === 2) d.connectionChanged(ctx.sn, false);
      return data.clients === 2 ? pending.promise : undefined;
    });
    d.onMessage('telemetry', (_ctx, data) => {
      seen.push(`b:${data.clients}`);
    });
    d.onConnectionChange((_sn, connected) => seen.push(`conn:${connected}`));

    d.dispatch(upTopic('NLNEST0000000001', 'telemetry'), telemetry(1));
    expect(seen).toEqual(['a:1', 'b:1', 'conn:false']);

    // The same when the handler then waits: the connection change waits for the rest of the message.
    d.dispatch(upTopic('NLNEST0000000001', 'telemetry'), telemetry(2));
    expect(seen.slice(3)).toEqual(['a:2']);
    pending.open();
    await d.drain();
    expect(seen.slice(3)).toEqual(['a:2', 'b:2', 'conn:false']);
  });

  it('counts a handler that throws or rejects, and runs the next one', async () => {
    const d = dispatcher();
    const seen: number[] = [];
    const pending = gate();
    d.onMessage('telemetry', (_ctx, data) => {
      if (data.clients === 1) throw new Error('sync failure');
      if (data.clients === 2) return pending.promise;
      return undefined;
    });
    d.onMessage('telemetry', (_ctx, data) => {
      seen.push(data.clients);
    });
    d.dispatch(upTopic('NLFAIL0000000001', 'telemetry'), telemetry(1));
    expect(seen).toEqual([1]);
    expect(d.counters.handlerErrors).toBe(1);

    d.dispatch(upTopic('NLFAIL0000000001', 'telemetry'), telemetry(2));
    expect(seen).toEqual([1]);
    pending.fail(new Error('async failure'));
    await d.drain();
    expect(seen).toEqual([1, 2]);
    expect(d.counters.handlerErrors).toBe(2);
  });
});
