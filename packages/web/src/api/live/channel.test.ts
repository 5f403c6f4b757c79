import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** A WebSocket stand-in: records what the channel opens, sends and closes. */
class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: string | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  send(s: string): void {
    this.sent.push(s);
  }
  close(code: number, reason: string): void {
    this.closedWith = reason;
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const noop = () => undefined;
let channel: typeof import('./channel');

beforeAll(async () => {
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { location: { protocol: 'http:', host: 'console.test' }, addEventListener: noop });
  vi.stubGlobal('document', { addEventListener: noop, visibilityState: 'visible' });
  channel = await import('./channel');
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('the live channel paused while the person is away (issue 15 §3)', () => {
  it('closes the socket without reconnecting, and reconnects and resubscribes on resume', () => {
    const release = channel.subscribeProject(7);
    const first = FakeSocket.all.at(-1) as FakeSocket;
    first.open();
    expect(first.sent).toContain(JSON.stringify({ op: 'subscribe', projectId: 7 }));

    channel.pauseLive();
    expect(first.closedWith).toBe('paused');
    expect(channel.getLiveStatus()).toBe('idle');
    // A new subscriber while paused opens nothing.
    const count = FakeSocket.all.length;
    const other = channel.subscribeProject(8);
    expect(FakeSocket.all.length).toBe(count);

    channel.resumeLive();
    const second = FakeSocket.all.at(-1) as FakeSocket;
    expect(second).not.toBe(first);
    second.open();
    expect(second.sent).toContain(JSON.stringify({ op: 'subscribe', projectId: 8 }));
    other();
    release();
    channel.stopLive();
  });
});

describe('the server refusing the subscribed project', () => {
  it('tells the refusal handlers the project and the code; an error about another project does not', () => {
    const seen: [number, number][] = [];
    const off = channel.onProjectRefused((projectId, code) => seen.push([projectId, code]));
    const release = channel.subscribeProject(9);
    const socket = FakeSocket.all.at(-1) as FakeSocket;
    socket.open();
    expect(socket.sent).toContain(JSON.stringify({ op: 'subscribe', projectId: 9 }));
    socket.onmessage?.({ data: JSON.stringify({ op: 'error', code: 74, projectId: 5 }) });
    expect(seen).toEqual([]);
    socket.onmessage?.({ data: JSON.stringify({ op: 'error', code: 74, projectId: 9 }) });
    expect(seen).toEqual([[9, 74]]);
    off();
    release();
    channel.stopLive();
  });
});
